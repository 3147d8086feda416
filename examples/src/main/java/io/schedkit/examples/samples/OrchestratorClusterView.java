package io.schedkit.examples.samples;

import io.schedkit.framework.cluster.ClusterObjects;
import io.schedkit.framework.cluster.ClusterView;
import io.schedkit.framework.cluster.ClusterWriteException;
import io.schedkit.framework.cluster.WatchEvent;
import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

/**
 * A sample {@link ClusterView}: schedkit scheduling the jobs of a host that knows nothing of
 * Kubernetes ({@link Orchestrator}). What a host writes to embed schedkit: translate its state to
 * Kubernetes objects, report every change in order, and carry out the scheduler's decisions on its
 * own state.
 *
 * <ul>
 *   <li><b>Reading.</b> A {@link Orchestrator.Machine} is a {@link Node} (cores as {@code cpu}, GiB
 *       as {@code memory}, its rack as the {@value #RACK_LABEL} and zone labels). A job that is not
 *       killed is a {@link Pod} in the namespace of its team, named by its id, with one container
 *       requesting its cores and memory, its priority, {@code spec.nodeName} when running and
 *       {@code status.nominatedNodeName} from its hint. Killed jobs are deleted pods.
 *   <li><b>Watching.</b> The orchestrator's changes become {@link WatchEvent}s, queued under its
 *       lock (so in the order the changes happened) and delivered outside it, one at a time, by the
 *       thread that made the change (or by the thread already delivering); a new watcher first gets
 *       an {@code ADDED} event for every machine and live job, taken under the same lock, so
 *       nothing is missed or repeated.
 *   <li><b>Writing.</b> {@link #bind} places the job (refused if it is no longer queued: a
 *       conflict), {@link #evict} kills it, {@link #nominate} records the hint, {@link
 *       #reportUnschedulable} the job's note. The scheduler learns that a bind or an eviction
 *       happened from the events, as it would from an API server.
 * </ul>
 *
 * <p>Design note (threads): the orchestrator's lock orders the changes; this class's own lock
 * guards the event queue and the "someone is delivering" flag. Each watcher has its own
 * orchestrator listener and each queued event names its watcher, so a watcher added later never
 * receives an older change that its initial snapshot already reflects.
 */
public final class OrchestratorClusterView implements ClusterView {
  /** The node label carrying the machine's rack. */
  public static final String RACK_LABEL = "example.com/rack";

  private final Orchestrator orchestrator;
  private final Object queueLock = new Object();
  private final ArrayDeque<Delivery> queue = new ArrayDeque<>();
  private boolean delivering;

  /** One event and the watcher it goes to. */
  private record Delivery(WatchEvent event, Consumer<WatchEvent> to) {}

  /**
   * Attaches to an orchestrator.
   *
   * @param orchestrator the host's state
   */
  public OrchestratorClusterView(Orchestrator orchestrator) {
    this.orchestrator = Objects.requireNonNull(orchestrator, "orchestrator");
  }

  // ------------------------------------------------------------------ translation

  /**
   * Returns the node of a machine.
   *
   * @param m the machine
   * @return its node
   */
  public static Node node(Orchestrator.Machine m) {
    return Node.builder()
        .name(m.name())
        .uid("machine-" + m.name())
        .label("kubernetes.io/hostname", m.name())
        .label(RACK_LABEL, m.rack())
        .label("topology.kubernetes.io/zone", m.rack())
        .capacity("cpu", Integer.toString(m.cores()))
        .capacity("memory", m.memoryGib() + "Gi")
        .capacity("pods", "110")
        .build();
  }

  /**
   * Returns the pod of a job.
   *
   * @param j the job
   * @return its pod
   */
  public static Pod pod(Orchestrator.Job j) {
    return Pod.builder()
        .namespace(j.team())
        .name(j.id())
        .uid("job-" + j.id())
        .label("team", j.team())
        .priority(j.priority())
        .container(
            Container.builder()
                .name("job")
                .request("cpu", Integer.toString(j.cores()))
                .request("memory", j.memoryGib() + "Gi")
                .build())
        .nodeName(j.state() == Orchestrator.JobState.RUNNING ? j.machine() : "")
        .nominatedNodeName(j.hint())
        .build();
  }

  /** The event of one orchestrator change; null when the scheduler's view does not change. */
  private static WatchEvent event(Object before, Object after) {
    if (after instanceof Orchestrator.Machine m) {
      return before == null
          ? WatchEvent.added(node(m))
          : WatchEvent.modified(node((Orchestrator.Machine) before), node(m));
    }
    Orchestrator.Job j = (Orchestrator.Job) after;
    Orchestrator.Job old = (Orchestrator.Job) before;
    if (j.state() == Orchestrator.JobState.KILLED) {
      return old == null || old.state() == Orchestrator.JobState.KILLED
          ? null
          : WatchEvent.deleted(pod(old));
    }
    if (old == null) {
      return WatchEvent.added(pod(j));
    }
    Pod was = pod(old);
    Pod is = pod(j);
    return was.equals(is) ? null : WatchEvent.modified(was, is);
  }

  // ------------------------------------------------------------------ reading

  @Override
  public ClusterObjects list() {
    List<KubeObject> objects = new ArrayList<>();
    orchestrator.machines().forEach(m -> objects.add(node(m)));
    for (Orchestrator.Job j : orchestrator.jobs()) {
      if (j.state() != Orchestrator.JobState.KILLED) {
        objects.add(pod(j));
      }
    }
    return ClusterObjects.of(objects);
  }

  /**
   * Subscribes {@code watcher}: one orchestrator listener per watcher, which queues an event per
   * change for this watcher only, starting with the snapshot that {@link Orchestrator#listen}
   * replays under the orchestrator's lock.
   */
  @Override
  public AutoCloseable watch(Consumer<WatchEvent> watcher) {
    Objects.requireNonNull(watcher, "watcher");
    Orchestrator.Listener listener =
        new Orchestrator.Listener() {
          @Override
          public void changed(Object before, Object after) {
            WatchEvent e = event(before, after);
            if (e != null) {
              enqueue(e, watcher);
            }
          }

          @Override
          public void settled() {
            deliver();
          }
        };
    orchestrator.listen(listener);
    deliver();
    return () -> {
      orchestrator.unlisten(listener);
      synchronized (queueLock) {
        queue.removeIf(d -> d.to() == watcher);
      }
    };
  }

  // ------------------------------------------------------------------ writing

  @Override
  public CompletionStage<Void> bind(Pod pod, String nodeName) {
    return write(() -> orchestrator.place(pod.name(), nodeName), true);
  }

  @Override
  public CompletionStage<Void> evict(Pod victim, Pod preemptor) {
    return write(
        () -> orchestrator.kill(victim.name(), "preempted by job " + preemptor.name()), false);
  }

  @Override
  public CompletionStage<Void> nominate(Pod pod, String nodeName) {
    return write(() -> orchestrator.hint(pod.name(), nodeName), false);
  }

  @Override
  public CompletionStage<Void> reportUnschedulable(Pod pod, String message) {
    return write(() -> orchestrator.note(pod.name(), message), false);
  }

  /** Applies a write; a refusal fails the stage (a conflict for a bind). */
  private static CompletionStage<Void> write(Runnable write, boolean conflictOnRefusal) {
    try {
      write.run();
      return CompletableFuture.completedFuture(null);
    } catch (Orchestrator.RefusedException e) {
      return CompletableFuture.failedFuture(
          new ClusterWriteException(e.getMessage(), conflictOnRefusal));
    }
  }

  // ------------------------------------------------------------------ delivery

  private void enqueue(WatchEvent event, Consumer<WatchEvent> to) {
    synchronized (queueLock) {
      queue.add(new Delivery(event, to));
    }
  }

  /**
   * Delivers the queued events in order, unless another thread is at it (it will deliver these too:
   * it stops only once the queue is empty).
   */
  private void deliver() {
    synchronized (queueLock) {
      if (delivering) {
        return;
      }
      delivering = true;
    }
    while (true) {
      Delivery d;
      synchronized (queueLock) {
        d = queue.poll();
        if (d == null) {
          delivering = false;
          return;
        }
      }
      try {
        d.to().accept(d.event());
      } catch (RuntimeException e) {
        synchronized (queueLock) {
          delivering = false;
        }
        throw e;
      }
    }
  }
}
