package io.schedkit.examples.samples;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * A sample host: the state of a tiny in-house orchestrator — machines, and jobs that run on them —
 * with no Kubernetes in sight. {@link OrchestratorClusterView} lets schedkit schedule its jobs.
 *
 * <p>The orchestrator reports every change to its {@link Listener}s in the order the changes happen
 * (under its lock), then, outside the lock, tells them the change is {@linkplain Listener#settled
 * settled}. Thread-safe.
 */
public final class Orchestrator {
  /**
   * A machine.
   *
   * @param name its unique name
   * @param rack the rack it sits in
   * @param cores its CPU cores
   * @param memoryGib its memory, in GiB
   */
  public record Machine(String name, String rack, int cores, int memoryGib) {
    /** Validates the components. */
    public Machine {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(rack, "rack");
    }
  }

  /** Where a job is. */
  public enum JobState {
    /** Waiting for a machine. */
    QUEUED,
    /** Placed on a machine. */
    RUNNING,
    /** Killed (for example to make room for a more important job). */
    KILLED
  }

  /**
   * A job.
   *
   * @param id its unique id
   * @param team the team that owns it
   * @param cores the CPU cores it needs
   * @param memoryGib the memory it needs, in GiB
   * @param priority its importance: a job may displace jobs of lower priority
   * @param state where it is
   * @param machine the machine it runs on, {@code ""} unless running
   * @param hint the machine the scheduler set aside for it after displacing jobs, or {@code ""}
   * @param note why it is waiting, or why it was killed; {@code ""} when nothing to say
   */
  public record Job(
      String id,
      String team,
      int cores,
      int memoryGib,
      int priority,
      JobState state,
      String machine,
      String hint,
      String note) {
    /** Validates the components. */
    public Job {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(team, "team");
      Objects.requireNonNull(state, "state");
      machine = machine == null ? "" : machine;
      hint = hint == null ? "" : hint;
      note = note == null ? "" : note;
    }

    /**
     * A new, queued job.
     *
     * @param id its unique id
     * @param team the team that owns it
     * @param cores the CPU cores it needs
     * @param memoryGib the memory it needs, in GiB
     * @param priority its importance
     * @return the job
     */
    public static Job queued(String id, String team, int cores, int memoryGib, int priority) {
      return new Job(id, team, cores, memoryGib, priority, JobState.QUEUED, "", "", "");
    }

    Job with(JobState state, String machine, String hint, String note) {
      return new Job(id, team, cores, memoryGib, priority, state, machine, hint, note);
    }
  }

  /** Receives the orchestrator's changes. */
  public interface Listener {
    /**
     * One change, called under the orchestrator's lock in the order of the changes: it must be
     * quick and must not call the orchestrator.
     *
     * @param before the machine or job before the change; null when it was added
     * @param after the machine or job after the change
     */
    void changed(Object before, Object after);

    /** Called after one or more changes, outside the lock, on the thread that made them. */
    default void settled() {}
  }

  /** A request the orchestrator refused; the message says why. */
  public static final class RefusedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    RefusedException(String message) {
      super(message);
    }
  }

  private final Object lock = new Object();
  private final Map<String, Machine> machines = new LinkedHashMap<>();
  private final Map<String, Job> jobs = new LinkedHashMap<>();
  private final List<Listener> listeners = new ArrayList<>();

  /** An orchestrator with no machine and no job. */
  public Orchestrator() {}

  /**
   * Adds a listener. Under the lock, it first receives every current machine and job as added
   * ({@code before} null), then every later change.
   *
   * @param listener the listener
   */
  public void listen(Listener listener) {
    synchronized (lock) {
      machines.values().forEach(m -> listener.changed(null, m));
      jobs.values().forEach(j -> listener.changed(null, j));
      listeners.add(listener);
    }
  }

  /**
   * Removes a listener.
   *
   * @param listener the listener
   */
  public void unlisten(Listener listener) {
    synchronized (lock) {
      listeners.remove(listener);
    }
  }

  /**
   * Adds a machine.
   *
   * @param machine the machine
   * @throws RefusedException if a machine has that name
   */
  public void addMachine(Machine machine) {
    change(
        () -> {
          if (machines.containsKey(machine.name())) {
            throw new RefusedException("machine " + machine.name() + " already exists");
          }
          machines.put(machine.name(), machine);
          return new Object[] {null, machine};
        });
  }

  /**
   * Submits a job.
   *
   * @param job a queued job
   * @throws RefusedException if a job has that id, or the job is not queued
   */
  public void submit(Job job) {
    change(
        () -> {
          if (jobs.containsKey(job.id()) || job.state() != JobState.QUEUED) {
            throw new RefusedException("job " + job.id() + " exists or is not queued");
          }
          jobs.put(job.id(), job);
          return new Object[] {null, job};
        });
  }

  /**
   * Runs a queued job on a machine.
   *
   * @param jobId the job
   * @param machine the machine
   * @throws RefusedException if the job is not queued or the machine is unknown
   */
  public void place(String jobId, String machine) {
    update(
        jobId,
        j -> {
          if (j.state() != JobState.QUEUED) {
            throw new RefusedException("job " + jobId + " is " + j.state() + ", not QUEUED");
          }
          if (!machines.containsKey(machine)) {
            throw new RefusedException("machine " + machine + " does not exist");
          }
          return j.with(JobState.RUNNING, machine, "", "");
        });
  }

  /**
   * Kills a job.
   *
   * @param jobId the job
   * @param why the reason, kept in the job's note
   * @throws RefusedException if the job is already killed
   */
  public void kill(String jobId, String why) {
    update(
        jobId,
        j -> {
          if (j.state() == JobState.KILLED) {
            throw new RefusedException("job " + jobId + " is already killed");
          }
          return j.with(JobState.KILLED, j.machine(), "", why);
        });
  }

  /**
   * Records the machine set aside for a queued job ({@code ""} clears it).
   *
   * @param jobId the job
   * @param machine the machine
   */
  public void hint(String jobId, String machine) {
    update(jobId, j -> j.with(j.state(), j.machine(), machine, j.note()));
  }

  /**
   * Records why a job waits.
   *
   * @param jobId the job
   * @param note the reason
   */
  public void note(String jobId, String note) {
    update(jobId, j -> j.with(j.state(), j.machine(), j.hint(), note));
  }

  /**
   * Returns a job.
   *
   * @param id the job's id
   * @return the job, empty when unknown
   */
  public Optional<Job> job(String id) {
    synchronized (lock) {
      return Optional.ofNullable(jobs.get(id));
    }
  }

  /**
   * Returns every job, in submission order.
   *
   * @return the jobs
   */
  public List<Job> jobs() {
    synchronized (lock) {
      return List.copyOf(jobs.values());
    }
  }

  /**
   * Returns every machine, in order of addition.
   *
   * @return the machines
   */
  public List<Machine> machines() {
    synchronized (lock) {
      return List.copyOf(machines.values());
    }
  }

  private void update(String jobId, UnaryOperator<Job> change) {
    change(
        () -> {
          Job before = jobs.get(jobId);
          if (before == null) {
            throw new RefusedException("job " + jobId + " does not exist");
          }
          Job after = change.apply(before);
          jobs.put(jobId, after);
          return new Object[] {before, after};
        });
  }

  /** Applies one change under the lock, reports it, then tells the listeners it settled. */
  private void change(Supplier<Object[]> change) {
    List<Listener> notify;
    synchronized (lock) {
      Object[] beforeAfter = change.get();
      if (!Objects.equals(beforeAfter[0], beforeAfter[1])) {
        listeners.forEach(l -> l.changed(beforeAfter[0], beforeAfter[1]));
      }
      notify = List.copyOf(listeners);
    }
    notify.forEach(Listener::settled);
  }
}
