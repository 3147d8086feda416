package io.schedkit.simulation;

import static io.schedkit.testing.Wrappers.makeNode;
import static io.schedkit.testing.Wrappers.makePod;
import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.framework.Registry;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PreemptionPolicy;
import io.schedkit.framework.model.PriorityClass;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Pods as the API server stores them, with the PriorityClasses of the moment. */
final class PodAdmissionTest {
  private static final PriorityClass BATCH =
      PriorityClass.builder()
          .name("batch")
          .value(100)
          .globalDefault(true)
          .preemptionPolicy(PreemptionPolicy.NEVER)
          .build();
  private static final PriorityClass HIGH =
      PriorityClass.builder().name("high").value(1000).build();

  @Test
  void aPodWithoutSchedulerOrPriority_getsTheDefaultSchedulerAndTheGlobalDefaultClass() {
    Pod pod = new PodAdmission(List.of(BATCH, HIGH)).admit(makePod().name("p").obj());

    assertThat(pod.spec().schedulerName()).isEqualTo("default-scheduler");
    assertThat(pod.spec().priority()).isEqualTo(100);
    assertThat(pod.spec().priorityClassName()).isEqualTo("batch");
    assertThat(pod.spec().preemptionPolicy()).isEqualTo(PreemptionPolicy.NEVER);
  }

  @Test
  void aPodNamingAClass_getsItsValueAndDefaultPolicy_andKeepsItsScheduler() {
    Pod pod =
        new PodAdmission(List.of(BATCH, HIGH))
            .admit(makePod().name("p").schedulerName("other").priorityClassName("high").obj());

    assertThat(pod.spec().schedulerName()).isEqualTo("other");
    assertThat(pod.spec().priority()).isEqualTo(1000);
    assertThat(pod.spec().preemptionPolicy()).isEqualTo(PreemptionPolicy.PREEMPT_LOWER_PRIORITY);
  }

  @Test
  void aPodNamingAClassNotYetCreated_isStoredWithoutPriority_untilTheClassExists() {
    PodAdmission admission = new PodAdmission(List.of(BATCH));
    Pod early = admission.admit(makePod().name("p").priorityClassName("high").obj());

    assertThat(early.spec().schedulerName()).isEqualTo("default-scheduler");
    assertThat(early.spec().priority()).isNull();

    admission.classStored(HIGH);
    assertThat(
            admission.admit(makePod().name("q").priorityClassName("high").obj()).spec().priority())
        .isEqualTo(1000);
    admission.classDeleted(BATCH);
    assertThat(admission.admit(makePod().name("r").obj()).spec().priority()).isZero();
  }

  @Test
  void aPodOfADump_keepsItsPriority() {
    Pod dumped = makePod().name("p").schedulerName("default-scheduler").priority(7).obj();

    assertThat(new PodAdmission(List.of(BATCH)).admit(dumped)).isSameAs(dumped);
  }

  @Test
  void inARun_aPodNamingASystemClassThatNoInputDefines_preemptsAsInARealCluster() {
    Map<String, String> oneCpu = Map.of("cpu", "1");
    SimulationResult result =
        Simulation.builder()
            .cluster(
                List.of(
                    makeNode().name("n1").capacity(Map.of("cpu", "1", "pods", "10")).obj(),
                    makePod().name("low").node("n1").priority(0).req(oneCpu).obj()),
                "cluster.yaml")
            .workload(
                List.of(
                    makePod()
                        .name("critical")
                        .priorityClassName("system-cluster-critical")
                        .req(oneCpu)
                        .obj()),
                "workload.yaml")
            .registry(Registry.discover())
            .build()
            .run();

    assertThat(result.placements()).containsEntry("default/critical", "n1");
    assertThat(result.evicted()).containsExactly("default/low");
  }
}
