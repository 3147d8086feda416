package io.schedkit.core.leaderelection.failover;

import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.framework.cluster.ClusterObjects;
import io.schedkit.framework.cluster.ClusterView;
import io.schedkit.framework.cluster.ClusterWriteException;
import io.schedkit.framework.cluster.FencingToken;
import io.schedkit.framework.cluster.WatchEvent;
import io.schedkit.framework.model.Pod;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * One replica's path to the shared {@link InMemoryCluster}: its writes are logged in a {@link
 * WriteLog} in the order the cluster applied them, and can be held back (as the outgoing requests
 * of a paused process are) and let go later.
 */
final class ProbedCluster implements ClusterView {
  private final InMemoryCluster cluster;
  private final WriteLog log;
  private final String replica;
  private final Object order;
  private final List<Runnable> held = new ArrayList<>();
  private boolean holding;

  ProbedCluster(InMemoryCluster cluster, WriteLog log, String replica, Object order) {
    this.cluster = cluster;
    this.log = log;
    this.replica = replica;
    this.order = order;
  }

  @Override
  public ClusterObjects list() {
    return cluster.list();
  }

  @Override
  public AutoCloseable watch(Consumer<WatchEvent> listener) {
    return cluster.watch(listener);
  }

  @Override
  public CompletionStage<Void> bind(Pod pod, String nodeName) {
    return failed("bind without a token");
  }

  @Override
  public CompletionStage<Void> evict(Pod victim, Pod preemptor) {
    return failed("evict without a token");
  }

  @Override
  public CompletionStage<Void> nominate(Pod pod, String nodeName) {
    return failed("nominate without a token");
  }

  @Override
  public CompletionStage<Void> reportUnschedulable(Pod pod, String message) {
    return failed("report without a token");
  }

  @Override
  public CompletionStage<Void> bind(Pod pod, String nodeName, FencingToken token) {
    return send("bind", pod, token, () -> cluster.bind(pod, nodeName, token));
  }

  @Override
  public CompletionStage<Void> evict(Pod victim, Pod preemptor, FencingToken token) {
    return send("evict", victim, token, () -> cluster.evict(victim, preemptor, token));
  }

  @Override
  public CompletionStage<Void> nominate(Pod pod, String nodeName, FencingToken token) {
    return send("nominate", pod, token, () -> cluster.nominate(pod, nodeName, token));
  }

  @Override
  public CompletionStage<Void> reportUnschedulable(Pod pod, String message, FencingToken token) {
    return send("report", pod, token, () -> cluster.reportUnschedulable(pod, message, token));
  }

  @Override
  public CompletionStage<Void> fence(FencingToken token) {
    return send("fence", null, token, () -> cluster.fence(token));
  }

  /** Holds every write from now on until {@link #release()}. */
  synchronized void hold() {
    holding = true;
  }

  /** Sends the held writes, in order, and stops holding. */
  void release() {
    List<Runnable> out;
    synchronized (this) {
      holding = false;
      out = new ArrayList<>(held);
      held.clear();
    }
    out.forEach(Runnable::run);
  }

  private CompletionStage<Void> send(
      String kind, Pod pod, FencingToken token, Supplier<CompletionStage<Void>> write) {
    CompletableFuture<Void> result = new CompletableFuture<>();
    Runnable apply =
        () -> {
          synchronized (order) {
            CompletableFuture<Void> f = write.get().toCompletableFuture();
            boolean ok = f.isDone() && !f.isCompletedExceptionally();
            log.add(replica, kind, pod == null ? "" : pod.key(), token, ok);
            f.whenComplete(
                (v, t) -> {
                  if (t == null) {
                    result.complete(null);
                  } else {
                    result.completeExceptionally(t);
                  }
                });
          }
        };
    synchronized (this) {
      if (holding) {
        held.add(apply);
        return result;
      }
    }
    apply.run();
    return result;
  }

  private static CompletionStage<Void> failed(String what) {
    return CompletableFuture.failedFuture(
        new ClusterWriteException(what + ": every write of a leader must carry its token"));
  }
}
