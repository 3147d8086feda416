package io.schedkit.preemption;

import static io.schedkit.testing.Wrappers.makePod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.schedkit.framework.PodInfo;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.PodDisruptionBudget;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Upstream's {@code filterPodsWithPDBViolation} rules, one case each. */
final class PdbViolationsTest {

  private static PodInfo pod(String name, String namespace, Map<String, String> labels) {
    return makePod().name(name).namespace(namespace).labels(labels).podInfo();
  }

  private static PodDisruptionBudget pdb(
      String namespace, LabelSelector selector, int allowed, Map<String, Instant> disrupted) {
    PodDisruptionBudget p =
        PodDisruptionBudget.builder()
            .name("pdb")
            .namespace(namespace)
            .selector(selector)
            .disruptionsAllowed(allowed)
            .build();
    return p.toBuilder().status(p.status().toBuilder().disruptedPods(disrupted).build()).build();
  }

  private static final Map<String, String> APP = Map.of("app", "foo");
  private static final LabelSelector APP_SELECTOR = LabelSelector.of(APP);

  static Stream<Arguments> cases() {
    Instant t = Instant.EPOCH;
    return Stream.of(
        arguments(
            "budget of one: the first (most important) pod uses it up",
            List.of(pod("a", "default", APP), pod("b", "default", APP), pod("c", "default", APP)),
            List.of(pdb("default", APP_SELECTOR, 1, Map.of())),
            List.of("b", "c"),
            List.of("a")),
        arguments(
            "a budget of another namespace does not apply",
            List.of(pod("a", "other", APP)),
            List.of(pdb("default", APP_SELECTOR, 0, Map.of())),
            List.of(),
            List.of("a")),
        arguments(
            "a pod without labels matches no budget",
            List.of(pod("a", "default", Map.of())),
            List.of(pdb("default", LabelSelector.of(Map.of()), 0, Map.of())),
            List.of(),
            List.of("a")),
        arguments(
            "an empty selector matches nothing",
            List.of(pod("a", "default", APP)),
            List.of(pdb("default", LabelSelector.of(Map.of()), 0, Map.of())),
            List.of(),
            List.of("a")),
        arguments(
            "a pod already disrupted does not count against the budget",
            List.of(pod("a", "default", APP), pod("b", "default", APP)),
            List.of(pdb("default", APP_SELECTOR, 0, Map.of("a", t))),
            List.of("b"),
            List.of("a")),
        arguments(
            "one violated budget among several is enough",
            List.of(pod("a", "default", Map.of("app", "foo", "tier", "web"))),
            List.of(
                pdb("default", APP_SELECTOR, 5, Map.of()),
                pdb("default", LabelSelector.of(Map.of("tier", "web")), 0, Map.of())),
            List.of("a"),
            List.of()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void split_upstreamRules(
      String name,
      List<PodInfo> pods,
      List<PodDisruptionBudget> pdbs,
      List<String> violating,
      List<String> nonViolating) {
    PdbViolations.Split s = PdbViolations.split(pods, pdbs);

    assertThat(s.violating()).extracting(PodInfo::name).containsExactlyElementsOf(violating);
    assertThat(s.nonViolating()).extracting(PodInfo::name).containsExactlyElementsOf(nonViolating);
  }
}
