package io.schedkit.simulation;

import io.schedkit.framework.cluster.ClusterObjects;
import io.schedkit.framework.cluster.ClusterView;
import io.schedkit.framework.cluster.WatchEvent;
import io.schedkit.framework.model.Pod;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

/**
 * The cluster as the simulated scheduler sees it: every call goes to the simulation's cluster, and
 * each eviction first records which pod it makes room for, so that the simulation can name the
 * preemptor when the victim's deletion arrives.
 *
 * <p>Design note: the preemptor is recorded before the eviction is delegated because the cluster
 * may deliver the victim's {@code DELETED} event before {@code evict} returns.
 */
final class EvictionRecorder implements ClusterView {
  private final ClusterView delegate;
  private final Map<String, String> preemptorByVictimUid;

  /**
   * @param delegate the cluster
   * @param preemptorByVictimUid receives victim UID → preemptor {@code namespace/name}; thread-safe
   */
  EvictionRecorder(ClusterView delegate, Map<String, String> preemptorByVictimUid) {
    this.delegate = delegate;
    this.preemptorByVictimUid = preemptorByVictimUid;
  }

  @Override
  public ClusterObjects list() {
    return delegate.list();
  }

  @Override
  public AutoCloseable watch(Consumer<WatchEvent> listener) {
    return delegate.watch(listener);
  }

  @Override
  public CompletionStage<Void> bind(Pod pod, String nodeName) {
    return delegate.bind(pod, nodeName);
  }

  @Override
  public CompletionStage<Void> evict(Pod victim, Pod preemptor) {
    preemptorByVictimUid.put(victim.uid(), preemptor.key());
    return delegate.evict(victim, preemptor);
  }

  @Override
  public CompletionStage<Void> nominate(Pod pod, String nodeName) {
    return delegate.nominate(pod, nodeName);
  }

  @Override
  public CompletionStage<Void> reportUnschedulable(Pod pod, String message) {
    return delegate.reportUnschedulable(pod, message);
  }
}
