package io.schedkit.cli.demo;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.framework.Registry;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.Pod;
import io.schedkit.simulation.demo.Demo;
import io.schedkit.simulation.demo.DemoScenario;
import io.schedkit.simulation.demo.DemoSummary;
import io.schedkit.simulation.report.Timeline;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The demo run in-process at a small scale (12 nodes, 100 pods): the facts it exists to show. */
final class DemoTest {
  private static DemoScenario scenario;
  private static Demo.Outcome outcome;
  private static String progress;

  @BeforeAll
  static void run() {
    scenario = DemoScenario.generate(12, 100, 0);
    StringWriter err = new StringWriter();
    ProgressBar bar = new ProgressBar(new PrintWriter(err, true), false, "demo");
    outcome = Demo.run(scenario, Registry.discover(), List.of(bar));
    progress = err.toString();
  }

  private static Map<String, Pod> workloadPods() {
    Map<String, Pod> pods = new HashMap<>();
    for (KubeObject o : scenario.workload()) {
      if (o instanceof Pod p) {
        pods.put(p.key(), p);
      }
    }
    for (KubeObject o : scenario.clusterObjects()) {
      if (o instanceof Pod p) {
        pods.put(p.key(), p);
      }
    }
    return pods;
  }

  @Test
  void run_priorityBurst_preemptsLowerPriorityPods() {
    DemoSummary s = outcome.summary();
    assertThat(s.evicted()).isPositive();
    assertThat(s.preemptors()).isPositive();
    Map<String, Pod> pods = workloadPods();
    List<Timeline.Preemption> preemptions = outcome.report().timeline().preemptions();
    assertThat(preemptions).hasSize(s.evicted());
    for (Timeline.Preemption p : preemptions) {
      assertThat(pods.get(p.preemptor()).priority())
          .as("%s evicted %s", p.preemptor(), p.victim())
          .isGreaterThan(pods.get(p.victim()).priority());
    }
    assertThat(preemptions).anyMatch(p -> p.preemptor().startsWith("payments/checkout-"));
  }

  @Test
  void run_gang_isBoundTogether() {
    DemoSummary.Gang gang = outcome.summary().gang();
    assertThat(gang.name()).isEqualTo("ml/train");
    assertThat(gang.bound()).isEqualTo(scenario.gangSize()).isEqualTo(gang.minMember());
    assertThat(gang.together()).isTrue();
    assertThat(gang.firstBound()).isEqualTo(150.0);
  }

  @Test
  void run_nothingIsLost() {
    DemoSummary s = outcome.summary();
    assertThat(s.lost()).isZero();
    assertThat(s.scheduled() + s.unschedulable() + evictedWorkloadPods()).isEqualTo(s.pods());
    assertThat(s.pods()).isEqualTo(100);
    assertThat(s.unschedulableReasons())
        .containsOnlyKeys("ml/llm-finetune", "shop/legacy-report")
        .allSatisfy((pod, reason) -> assertThat(reason).startsWith("0/12 nodes are available: "));
    assertThat(s.unschedulableReasons().get("ml/llm-finetune"))
        .contains("Insufficient nvidia.com/gpu");
    assertThat(s.unschedulableReasons().get("shop/legacy-report"))
        .contains("node(s) didn't match Pod's node affinity/selector")
        .contains("node(s) had untolerated taint {nvidia.com/gpu: present}")
        .contains("1 node(s) were unschedulable");
  }

  private long evictedWorkloadPods() {
    Map<String, Pod> workload = new HashMap<>();
    for (KubeObject o : scenario.workload()) {
      if (o instanceof Pod p) {
        workload.put(p.key(), p);
      }
    }
    return outcome.result().evicted().stream().filter(workload::containsKey).count();
  }

  @Test
  void run_poolUtilisation_gpuOnlyInTheGpuPool() {
    Map<String, DemoSummary.Pool> pools = outcome.summary().pools();
    assertThat(pools).containsOnlyKeys("cpu", "gpu");
    assertThat(pools.get("cpu").usage()).containsOnlyKeys("cpu", "memory");
    assertThat(pools.get("gpu").usage()).containsOnlyKeys("cpu", "memory", "nvidia.com/gpu");
    assertThat(pools.get("cpu").usage().get("cpu").peak()).isBetween(0.5, 1.0);
    assertThat(pools.get("gpu").usage().get("nvidia.com/gpu").peak()).isBetween(0.25, 1.0);
    DemoSummary.Usage cpu = pools.get("cpu").usage().get("cpu");
    assertThat(cpu.mean()).isPositive().isLessThanOrEqualTo(cpu.peak());
  }

  @Test
  void run_sameSeed_samePlacements() {
    Demo.Outcome again = Demo.run(scenario, Registry.discover(), List.of());
    assertThat(again.result().placements()).isEqualTo(outcome.result().placements());
    assertThat(again.result().evicted()).isEqualTo(outcome.result().evicted());
    assertThat(again.summary().attempts()).isEqualTo(outcome.summary().attempts());
  }

  @Test
  void progress_inALog_printsALinePerTenthAndAFinalLine() {
    List<String> lines = progress.lines().toList();
    assertThat(lines).hasSize(11);
    assertThat(lines.get(0)).startsWith("demo: t=").contains("10/100 pods created");
    assertThat(lines.get(9)).contains("100/100 pods created");
    assertThat(lines.get(10))
        .startsWith(
            "demo: done, t="
                + String.format(Locale.ROOT, "%.1f", outcome.summary().virtualSeconds()))
        .contains(outcome.summary().evicted() + " evicted");
    assertThat(progress).doesNotContain("\r");
  }

  @Test
  void describe_namesNodesZonesPoolsAndSeed() {
    assertThat(Demo.describe(scenario))
        .isEqualTo(
            "12 nodes in 3 zones (cpu 9, gpu 3; 1 cordoned), 100 pods, seed 0;"
                + " kube-scheduler's default profile plus Coscheduling");
  }
}
