package io.schedkit.core;

import io.schedkit.core.leaderelection.LeaderElector;
import io.schedkit.framework.cluster.ClusterObjects;
import io.schedkit.framework.cluster.ClusterView;
import io.schedkit.framework.cluster.ClusterWriteException;
import io.schedkit.framework.cluster.FencingToken;
import io.schedkit.framework.cluster.WatchEvent;
import io.schedkit.framework.model.Pod;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

/**
 * The host's {@link ClusterView} as a leader-elected scheduler writes to it: every write checks,
 * just before it is handed to the host, that the elector still leads ({@link
 * LeaderElector#isLeader()}, which turns false when the renew deadline passes), and goes out with
 * the elector's {@link FencingToken} through the token-taking methods. A write attempted without
 * leadership fails at once with a {@link ClusterWriteException} and reaches nobody. Plugins (the
 * DefaultBinder, preemption's evictions) get this view from their handle, so their writes are
 * fenced too. Reads pass through.
 */
final class FencedCluster implements ClusterView {
  private final ClusterView host;
  private final LeaderElector elector;

  FencedCluster(ClusterView host, LeaderElector elector) {
    this.host = host;
    this.elector = elector;
  }

  @Override
  public ClusterObjects list() {
    return host.list();
  }

  @Override
  public AutoCloseable watch(Consumer<WatchEvent> listener) {
    return host.watch(listener);
  }

  @Override
  public CompletionStage<Void> bind(Pod pod, String nodeName) {
    FencingToken token = token();
    return token == null ? refused("bind", pod) : host.bind(pod, nodeName, token);
  }

  @Override
  public CompletionStage<Void> evict(Pod victim, Pod preemptor) {
    FencingToken token = token();
    return token == null ? refused("evict", victim) : host.evict(victim, preemptor, token);
  }

  @Override
  public CompletionStage<Void> nominate(Pod pod, String nodeName) {
    FencingToken token = token();
    return token == null ? refused("nominate", pod) : host.nominate(pod, nodeName, token);
  }

  @Override
  public CompletionStage<Void> reportUnschedulable(Pod pod, String message) {
    FencingToken token = token();
    return token == null
        ? refused("report unschedulable", pod)
        : host.reportUnschedulable(pod, message, token);
  }

  @Override
  public CompletionStage<Void> fence(FencingToken token) {
    return host.fence(token);
  }

  @Override
  public CompletionStage<Void> bind(Pod pod, String nodeName, FencingToken token) {
    return bind(pod, nodeName);
  }

  @Override
  public CompletionStage<Void> evict(Pod victim, Pod preemptor, FencingToken token) {
    return evict(victim, preemptor);
  }

  @Override
  public CompletionStage<Void> nominate(Pod pod, String nodeName, FencingToken token) {
    return nominate(pod, nodeName);
  }

  @Override
  public CompletionStage<Void> reportUnschedulable(Pod pod, String message, FencingToken token) {
    return reportUnschedulable(pod, message);
  }

  /** The elector's token if it leads now, else null. */
  private FencingToken token() {
    return elector.isLeader() ? elector.fencingToken().orElse(null) : null;
  }

  private CompletionStage<Void> refused(String write, Pod pod) {
    return CompletableFuture.failedFuture(
        new ClusterWriteException(
            "not the leader of lease "
                + elector.name()
                + ": "
                + write
                + " of pod "
                + pod.key()
                + " not sent (lease held by \""
                + elector.leader()
                + "\")"));
  }
}
