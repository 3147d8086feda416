package io.schedkit.simulation.report;

import io.schedkit.simulation.SimulationEvent;
import io.schedkit.simulation.SimulationListener;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The life of every pod of a simulation — created, bound (where), completed or evicted (by whom) —
 * and the preemptions, recorded from the {@link SimulationEvent}s: what the report's placement
 * timeline and preemption table show, and what {@code schedkit demo} counts.
 *
 * <p>Pods appear in the order they are first seen: workload pods at their creation, pods of the
 * cluster file when first bound, reported unschedulable or evicted (those count as created at 0; a
 * running pod evicted also counts as bound at 0). Not thread-safe: a simulation calls its listeners
 * on one thread.
 */
public final class Timeline implements SimulationListener {
  /** Where a pod is at the end of the recording. */
  public enum Outcome {
    /** Never bound. */
    PENDING,
    /** Bound and still running. */
    RUNNING,
    /** Ran for its {@code schedkit.io/duration} and finished. */
    COMPLETED,
    /** Deleted by preemption. */
    EVICTED
  }

  /**
   * One pod's life. Times are virtual seconds; {@link Double#NaN} for what did not happen.
   *
   * @param pod {@code namespace/name}
   * @param created when it was created (0 for a pod of the cluster file)
   * @param bound when it was bound
   * @param node where it was bound; {@code ""} when never
   * @param ended when it completed or was evicted
   * @param outcome where it is at the end
   * @param firstUnschedulable when a scheduling attempt first failed
   * @param lastMessage kube-scheduler's last failure message; {@code ""} when none
   * @param evictedBy the preemptor that evicted it; {@code ""} when not evicted or unknown
   */
  public record PodLife(
      String pod,
      double created,
      double bound,
      String node,
      double ended,
      Outcome outcome,
      double firstUnschedulable,
      String lastMessage,
      String evictedBy) {

    /**
     * Returns how long the pod waited to be bound.
     *
     * @return {@code bound - created}; NaN when never bound
     */
    public double waited() {
      return bound - created;
    }
  }

  /**
   * One eviction by preemption.
   *
   * @param time when the victim was deleted
   * @param preemptor the pod it made room for; {@code ""} when unknown
   * @param victim the evicted pod
   * @param node the node it ran on
   */
  public record Preemption(double time, String preemptor, String victim, String node) {}

  private final Map<String, Entry> pods = new LinkedHashMap<>();

  /** Every life, in the order first seen: a pod created again under its name has two. */
  private final List<Map.Entry<String, Entry>> lives = new ArrayList<>();

  private final List<Preemption> preemptions = new ArrayList<>();
  private double end;
  private boolean finished;

  /** An empty timeline. */
  public Timeline() {}

  @Override
  public void onEvent(SimulationEvent event) {
    end = Math.max(end, event.time());
    if (event instanceof SimulationEvent.Created c) {
      if (c.kind().equals("Pod")) {
        Entry old = pods.get(c.name());
        if (old != null && !Double.isNaN(old.ended)) {
          // Created again under its name (a StatefulSet's evicted pod): a new life.
          Entry e = new Entry(c.time());
          pods.put(c.name(), e);
          lives.add(Map.entry(c.name(), e));
        } else {
          entry(c.name(), c.time());
        }
      }
    } else if (event instanceof SimulationEvent.Bound b) {
      Entry e = entry(b.pod(), 0);
      e.bound = b.time();
      e.node = b.node();
      e.outcome = Outcome.RUNNING;
    } else if (event instanceof SimulationEvent.Unschedulable u) {
      Entry e = entry(u.pod(), 0);
      if (Double.isNaN(e.firstUnschedulable)) {
        e.firstUnschedulable = u.time();
      }
      e.lastMessage = u.message();
    } else if (event instanceof SimulationEvent.Completed c) {
      Entry e = entry(c.pod(), 0);
      e.ended = c.time();
      e.outcome = Outcome.COMPLETED;
    } else if (event instanceof SimulationEvent.Evicted v) {
      Entry e = entry(v.pod(), 0);
      if (Double.isNaN(e.bound)) {
        e.bound = 0;
        e.node = v.node();
      }
      e.ended = v.time();
      e.outcome = Outcome.EVICTED;
      e.evictedBy = v.preemptor();
      preemptions.add(new Preemption(v.time(), v.preemptor(), v.pod(), v.node()));
    } else if (event instanceof SimulationEvent.Finished) {
      finished = true;
    }
  }

  private Entry entry(String pod, double created) {
    return pods.computeIfAbsent(
        pod,
        p -> {
          Entry e = new Entry(created);
          lives.add(Map.entry(p, e));
          return e;
        });
  }

  /**
   * Returns every pod seen, in the order first seen; a pod created again under its name after its
   * life ended (a StatefulSet's evicted pod) has a second life, listed when it is created.
   *
   * @return the pods' lives
   */
  public List<PodLife> pods() {
    List<PodLife> out = new ArrayList<>(lives.size());
    for (Map.Entry<String, Entry> e : lives) {
      Entry v = e.getValue();
      out.add(
          new PodLife(
              e.getKey(),
              v.created,
              v.bound,
              v.node,
              v.ended,
              v.outcome,
              v.firstUnschedulable,
              v.lastMessage,
              v.evictedBy));
    }
    return out;
  }

  /**
   * Returns every eviction, in order.
   *
   * @return the preemptions
   */
  public List<Preemption> preemptions() {
    return List.copyOf(preemptions);
  }

  /**
   * Returns the latest event time: the end of the simulation once it finished.
   *
   * @return virtual seconds
   */
  public double end() {
    return end;
  }

  /**
   * Returns whether the simulation's {@code Finished} event arrived.
   *
   * @return true once the run ended
   */
  public boolean finished() {
    return finished;
  }

  /** The mutable life of one pod. */
  private static final class Entry {
    final double created;
    double bound = Double.NaN;
    String node = "";
    double ended = Double.NaN;
    Outcome outcome = Outcome.PENDING;
    double firstUnschedulable = Double.NaN;
    String lastMessage = "";
    String evictedBy = "";

    Entry(double created) {
      this.created = created;
    }
  }
}
