package io.schedkit.preemption;

import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Status;
import io.schedkit.framework.WaitingPod;
import io.schedkit.framework.model.Pod;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Carries out a chosen candidate (upstream's preemption {@code Executor}): rejects the victims
 * waiting at Permit, evicts the others through the host, and clears the nominations of
 * lower-priority pods on the node.
 *
 * <p>Design note (threads and invariants): {@link #prepare} runs on the scheduling thread. In
 * asynchronous mode it records the preemptor in {@link #running} before the first eviction starts
 * and removes it once the last one finished, from whichever thread completes the host's stage
 * (possibly inside {@code evict} itself, before {@link #prepare} returns). The last victim is
 * recorded before its eviction starts, so that {@link #isPodRunningPreemption} can tell from the
 * host's objects that it is gone even before its stage completes.
 */
final class Actuator {
  private static final Logger LOG = LoggerFactory.getLogger(Actuator.class);

  private final String pluginName;
  private final FrameworkHandle handle;
  private final boolean async;
  private final ConcurrentMap<String, Running> running = new ConcurrentHashMap<>();

  /** One asynchronous preemption in flight. */
  private static final class Running {
    volatile Pod lastVictim;
  }

  Actuator(String pluginName, FrameworkHandle handle, boolean async) {
    this.pluginName = pluginName;
    this.handle = handle;
    this.async = async;
  }

  /** Actuates {@code c} for {@code preemptor}: Success, or the Error of a failed eviction. */
  Status prepare(Candidate c, Pod preemptor) {
    if (async) {
      prepareAsync(c, preemptor);
      return Status.success();
    }
    List<CompletableFuture<Void>> evictions = new ArrayList<>();
    for (Pod victim : c.victims().pods()) {
      if (!victim.isTerminating()) {
        evictions.add(preemptPod(victim, preemptor));
      }
    }
    try {
      CompletableFuture.allOf(evictions.toArray(new CompletableFuture<?>[0])).join();
    } catch (CompletionException e) {
      return Status.error(e.getCause() == null ? e : e.getCause());
    }
    clearLowerPriorityNominations(preemptor, c.nodeName());
    return Status.success();
  }

  /**
   * Starts the evictions without waiting: all victims but the last together, then the last one if
   * they all succeeded; when done (or failed), forgets the preemption and activates the preemptor.
   */
  private void prepareAsync(Candidate c, Pod preemptor) {
    List<Pod> victims = new ArrayList<>();
    for (Pod v : c.victims().pods()) {
      if (!v.isTerminating()) {
        victims.add(v);
      }
    }
    if (victims.isEmpty()) {
      return;
    }
    String uid = preemptor.uid();
    Running r = new Running();
    running.put(uid, r);
    clearLowerPriorityNominations(preemptor, c.nodeName());
    List<CompletableFuture<Void>> first = new ArrayList<>();
    for (Pod v : victims.subList(0, victims.size() - 1)) {
      first.add(preemptPod(v, preemptor));
    }
    Pod last = victims.get(victims.size() - 1);
    CompletableFuture.allOf(first.toArray(new CompletableFuture<?>[0]))
        .thenCompose(
            ignored -> {
              r.lastVictim = last;
              return preemptPod(last, preemptor);
            })
        .whenComplete(
            (ignored, failure) -> {
              if (failure != null) {
                LOG.debug(
                    "preemption for {} on node {} failed: {}",
                    preemptor.key(),
                    c.nodeName(),
                    failure.toString());
              }
              running.remove(uid, r);
              handle.activate(List.of(preemptor));
            });
  }

  /** Rejects {@code victim} if it waits at Permit, else asks the host to evict it. */
  private CompletableFuture<Void> preemptPod(Pod victim, Pod preemptor) {
    Optional<WaitingPod> waiting = handle.waitingPod(victim.uid());
    if (waiting.isPresent()) {
      waiting.get().reject(pluginName, Evaluator.PREEMPTED);
      return CompletableFuture.completedFuture(null);
    }
    try {
      return handle.cluster().evict(victim, preemptor).toCompletableFuture();
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  /**
   * Lower-priority pods nominated to {@code nodeName} may no longer fit there: their nominations
   * are cleared (in the nominator and at the host) so they look for another node soon. Failures are
   * not critical and only logged.
   */
  private void clearLowerPriorityNominations(Pod preemptor, String nodeName) {
    for (PodInfo p : handle.nominator().nominatedPodsForNode(nodeName)) {
      if (p.priority() >= preemptor.priority()) {
        continue;
      }
      handle.nominator().deleteNominatedPodIfExists(p.pod());
      try {
        handle
            .cluster()
            .nominate(p.pod(), "")
            .whenComplete(
                (ignored, failure) -> {
                  if (failure != null) {
                    LOG.debug(
                        "cannot clear the nomination of {}: {}", p.pod().key(), failure.toString());
                  }
                });
      } catch (RuntimeException e) {
        LOG.debug("cannot clear the nomination of {}: {}", p.pod().key(), e.toString());
      }
    }
  }

  boolean isPodRunningPreemption(String podUid) {
    Running r = running.get(podUid);
    if (r == null) {
      return false;
    }
    Pod last = r.lastVictim;
    if (last == null) {
      return true;
    }
    Optional<Pod> current = handle.objects().pod(last.namespace(), last.name());
    return current.isPresent()
        && (last.uid().isEmpty() || last.uid().equals(current.get().uid()))
        && !current.get().isTerminating();
  }
}
