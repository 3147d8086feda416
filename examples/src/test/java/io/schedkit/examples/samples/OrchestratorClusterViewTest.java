package io.schedkit.examples.samples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.schedkit.core.Scheduler;
import io.schedkit.core.clock.VirtualClock;
import io.schedkit.examples.samples.Orchestrator.Job;
import io.schedkit.examples.samples.Orchestrator.JobState;
import io.schedkit.examples.samples.Orchestrator.Machine;
import io.schedkit.framework.cluster.ClusterWriteException;
import io.schedkit.framework.model.Pod;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/** schedkit scheduling the jobs of a host that is not Kubernetes, through its ClusterView. */
final class OrchestratorClusterViewTest {
  private final Orchestrator orchestrator = new Orchestrator();
  private final OrchestratorClusterView view = new OrchestratorClusterView(orchestrator);
  private final VirtualClock clock = new VirtualClock();

  private Scheduler scheduler() {
    return Scheduler.builder().cluster(view).clock(clock).parallelism(1).seed(1).build();
  }

  private Job job(String id) {
    return orchestrator.job(id).orElseThrow();
  }

  private int coresOn(String machine) {
    return orchestrator.jobs().stream()
        .filter(j -> j.state() == JobState.RUNNING && j.machine().equals(machine))
        .mapToInt(Job::cores)
        .sum();
  }

  @Test
  void scheduler_placesJobsOnMachines_andNotesWhyOthersWait() {
    orchestrator.addMachine(new Machine("m1", "rack-a", 8, 32));
    orchestrator.addMachine(new Machine("m2", "rack-b", 4, 16));
    orchestrator.submit(Job.queued("etl", "data", 6, 8, 0));
    orchestrator.submit(Job.queued("api", "web", 4, 4, 0));
    orchestrator.submit(Job.queued("render", "media", 16, 8, 0));

    try (Scheduler scheduler = scheduler()) {
      scheduler.runUntilIdle();

      assertThat(job("etl").state()).isEqualTo(JobState.RUNNING);
      assertThat(job("api").state()).isEqualTo(JobState.RUNNING);
      assertThat(job("etl").machine()).isNotEqualTo(job("api").machine());
      assertThat(coresOn("m1")).isLessThanOrEqualTo(8);
      assertThat(coresOn("m2")).isLessThanOrEqualTo(4);
      assertThat(job("render").state()).isEqualTo(JobState.QUEUED);
      assertThat(job("render").note())
          .isEqualTo(
              "0/2 nodes are available: 2 Insufficient cpu. preemption: 0/2 nodes are available:"
                  + " 2 Preemption is not helpful for scheduling.");

      // A big machine joins: the waiting job gets it.
      orchestrator.addMachine(new Machine("m3", "rack-a", 32, 128));
      scheduler.runUntilIdle();
      assertThat(job("render").state()).isEqualTo(JobState.RUNNING);
      assertThat(job("render").machine()).isEqualTo("m3");
    }
  }

  @Test
  void scheduler_preemption_killsTheLowerPriorityJob() {
    orchestrator.addMachine(new Machine("m1", "rack-a", 8, 32));
    orchestrator.submit(Job.queued("batch", "data", 6, 8, 10));

    try (Scheduler scheduler = scheduler()) {
      scheduler.runUntilIdle();
      assertThat(job("batch").machine()).isEqualTo("m1");

      orchestrator.submit(Job.queued("checkout", "shop", 6, 8, 1000));
      scheduler.runUntilIdle();

      assertThat(job("batch").state()).isEqualTo(JobState.KILLED);
      assertThat(job("batch").note()).isEqualTo("preempted by job checkout");
      assertThat(job("checkout").state()).isEqualTo(JobState.RUNNING);
      assertThat(job("checkout").machine()).isEqualTo("m1");
    }
  }

  @Test
  void watch_replaysTheStateThenDeliversChangesInOrder() throws Exception {
    orchestrator.addMachine(new Machine("m1", "rack-a", 8, 32));
    orchestrator.submit(Job.queued("a", "t", 1, 1, 0));
    List<String> seen = new ArrayList<>();
    AutoCloseable watch =
        view.watch(e -> seen.add(e.type() + " " + e.object().kind() + " " + e.object().key()));
    assertThat(seen).containsExactly("ADDED Node m1", "ADDED Pod t/a");

    orchestrator.submit(Job.queued("b", "t", 1, 1, 0));
    view.bind(OrchestratorClusterView.pod(job("a")), "m1").toCompletableFuture().get();
    view.evict(OrchestratorClusterView.pod(job("a")), OrchestratorClusterView.pod(job("b")));
    orchestrator.note("b", "waiting"); // not part of the pod: no event
    watch.close();
    orchestrator.submit(Job.queued("c", "t", 1, 1, 0));

    assertThat(seen)
        .containsExactly(
            "ADDED Node m1",
            "ADDED Pod t/a",
            "ADDED Pod t/b",
            "MODIFIED Pod t/a",
            "DELETED Pod t/a");
  }

  @Test
  void bind_ofAJobNoLongerQueued_isAConflict() throws Exception {
    orchestrator.addMachine(new Machine("m1", "rack-a", 8, 32));
    orchestrator.submit(Job.queued("a", "t", 1, 1, 0));
    Pod pod = OrchestratorClusterView.pod(job("a"));
    view.bind(pod, "m1").toCompletableFuture().get();

    assertThatThrownBy(() -> view.bind(pod, "m1").toCompletableFuture().get())
        .isInstanceOf(ExecutionException.class)
        .cause()
        .isInstanceOf(ClusterWriteException.class)
        .hasMessage("job a is RUNNING, not QUEUED")
        .matches(e -> ((ClusterWriteException) e).isConflict(), "is a conflict");
  }

  @Test
  void translation_machineIsANode_jobIsAPod() {
    var node = OrchestratorClusterView.node(new Machine("m1", "rack-a", 8, 32));
    assertThat(node.labels())
        .containsEntry(OrchestratorClusterView.RACK_LABEL, "rack-a")
        .containsEntry("kubernetes.io/hostname", "m1");
    assertThat(node.allocatable().getOrZero("cpu").toString()).isEqualTo("8");
    assertThat(node.allocatable().getOrZero("memory").toString()).isEqualTo("32Gi");

    Pod pod = OrchestratorClusterView.pod(Job.queued("etl", "data", 6, 8, 50));
    assertThat(pod.key()).isEqualTo("data/etl");
    assertThat(pod.priority()).isEqualTo(50);
    assertThat(pod.isAssigned()).isFalse();
    assertThat(pod.spec().containers().get(0).resources().requests().getOrZero("cpu").toString())
        .isEqualTo("6");
    assertThat(view.list().nodes()).isEmpty();
  }
}
