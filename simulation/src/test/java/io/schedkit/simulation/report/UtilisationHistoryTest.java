package io.schedkit.simulation.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.schedkit.simulation.UtilisationSample;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Step functions of requested over allocatable resources, per node and per set of nodes. */
final class UtilisationHistoryTest {
  private static final Map<String, Long> SMALL = Map.of("cpu", 4000L, "memory", 8L << 30);
  private static final Map<String, Long> BIG = Map.of("cpu", 12000L, "memory", 8L << 30);

  private static UtilisationSample sample(
      double t, String node, long cpu, Map<String, Long> alloc) {
    return new UtilisationSample(t, node, cpu == 0 ? Map.of() : Map.of("cpu", cpu), alloc);
  }

  /** a (4 cpu): 0 until 10 s, 2 cpu until 30 s, 4 cpu after; b (12 cpu): 6 cpu from 20 s. */
  private static UtilisationHistory history() {
    UtilisationHistory h = new UtilisationHistory();
    h.onUtilisation(sample(0, "a", 0, SMALL));
    h.onUtilisation(sample(0, "b", 0, BIG));
    h.onUtilisation(sample(10, "a", 2000, SMALL));
    h.onUtilisation(sample(20, "b", 6000, BIG));
    h.onUtilisation(sample(30, "a", 1000, SMALL));
    h.onUtilisation(sample(30, "a", 4000, SMALL)); // same time: replaces the previous sample
    return h;
  }

  @Test
  void node_isAStepFunction() {
    UtilisationHistory.Step a = history().node("a", "cpu");
    assertThat(a.fractionAt(5)).isZero();
    assertThat(a.fractionAt(10)).isEqualTo(0.5);
    assertThat(a.fractionAt(29.9)).isEqualTo(0.5);
    assertThat(a.fractionAt(30)).isEqualTo(1.0);
    assertThat(a.requestedAt(40)).isEqualTo(4000);
    assertThat(a.allocatableAt(40)).isEqualTo(4000);
  }

  @Test
  void aggregate_sumsRequestsOverSumsOfAllocatable() {
    UtilisationHistory.Step ab = history().aggregate(List.of("a", "b"), "cpu");
    assertThat(ab.fractionAt(15)).isEqualTo(2000.0 / 16000);
    assertThat(ab.fractionAt(25)).isEqualTo(8000.0 / 16000);
    assertThat(ab.fractionAt(35)).isEqualTo(10000.0 / 16000);
    assertThat(ab.peak(0, 40)).isEqualTo(10000.0 / 16000);
    assertThat(ab.peak(0, 25)).isEqualTo(8000.0 / 16000);
  }

  @Test
  void mean_isTimeWeighted() {
    UtilisationHistory.Step a = history().node("a", "cpu");
    // 0 for 10 s, 0.5 for 20 s, 1.0 for 10 s
    assertThat(a.mean(0, 40)).isCloseTo((0.5 * 20 + 1.0 * 10) / 40, within(1e-9));
    assertThat(a.buckets(40, 4)).containsExactly(0.0, 0.5, 0.5, 1.0);
  }

  @Test
  void unknownNodesAndResources_areEmpty() {
    UtilisationHistory h = history();
    assertThat(h.node("zzz", "cpu").peak(0, 100)).isZero();
    assertThat(h.node("a", "nvidia.com/gpu").fractionAt(40)).isZero();
    assertThat(h.offered("nvidia.com/gpu")).isFalse();
    assertThat(h.resources()).containsExactly("cpu", "memory", "pods");
    assertThat(h.nodes()).containsExactly("a", "b");
  }

  @Test
  void extendedResources_areTrackedOnceANodeOffersThem() {
    UtilisationHistory h = history();
    h.onUtilisation(
        new UtilisationSample(
            50, "g", Map.of("nvidia.com/gpu", 3L), Map.of("cpu", 8000L, "nvidia.com/gpu", 4L)));
    assertThat(h.resources()).containsExactly("cpu", "memory", "pods", "nvidia.com/gpu");
    assertThat(h.offered("nvidia.com/gpu")).isTrue();
    assertThat(h.aggregate(List.of("a", "b", "g"), "nvidia.com/gpu").fractionAt(60))
        .isEqualTo(0.75);
  }
}
