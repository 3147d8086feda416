package io.schedkit.plugins.podtopologyspread;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.TopologySpreadConstraint;
import io.schedkit.framework.model.UnsatisfiableConstraintAction;
import io.schedkit.plugins.podtopologyspread.PodTopologySpreadArgs.DefaultingType;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Facts of upstream's TestValidatePodTopologySpreadArgs. */
final class PodTopologySpreadArgsTest {

  private static TopologySpreadConstraint c(
      int maxSkew, String key, UnsatisfiableConstraintAction when) {
    return TopologySpreadConstraint.builder()
        .maxSkew(maxSkew)
        .topologyKey(key)
        .whenUnsatisfiable(when)
        .build();
  }

  private static final UnsatisfiableConstraintAction DNS =
      UnsatisfiableConstraintAction.DO_NOT_SCHEDULE;
  private static final UnsatisfiableConstraintAction SA =
      UnsatisfiableConstraintAction.SCHEDULE_ANYWAY;

  @Test
  void defaults_systemWithoutConstraints() {
    PodTopologySpreadArgs args = PodTopologySpreadArgs.defaults();

    assertThat(args.defaultingType()).isEqualTo(DefaultingType.SYSTEM);
    assertThat(args.defaultConstraints()).isEmpty();
    assertThat(args.validate()).isEmpty();
    assertThat(new PodTopologySpreadArgs(null, null)).isEqualTo(args);
    assertThat(DefaultingType.LIST).hasToString("List");
  }

  static Stream<Arguments> cases() {
    return Stream.of(
        arguments(
            "list with valid constraints",
            new PodTopologySpreadArgs(
                List.of(
                    c(3, "kubernetes.io/hostname", SA), c(5, "topology.kubernetes.io/zone", DNS)),
                DefaultingType.LIST),
            List.of()),
        arguments(
            "list without constraints",
            new PodTopologySpreadArgs(List.of(), DefaultingType.LIST),
            List.of()),
        arguments(
            "system with constraints",
            new PodTopologySpreadArgs(List.of(c(3, "zone", SA)), DefaultingType.SYSTEM),
            List.of(
                "defaultingType: Invalid value: \"System\": when .defaultConstraints are not"
                    + " empty")),
        arguments(
            "maxSkew not positive",
            new PodTopologySpreadArgs(List.of(c(0, "zone", DNS)), DefaultingType.LIST),
            List.of(
                "defaultConstraints[0].maxSkew: Invalid value: 0: not in valid range (0, inf)")),
        arguments(
            "empty topology key",
            new PodTopologySpreadArgs(List.of(c(1, "", DNS)), DefaultingType.LIST),
            List.of("defaultConstraints[0].topologyKey: Required value: can not be empty")),
        arguments(
            "invalid topology key",
            new PodTopologySpreadArgs(List.of(c(1, "zone/a/b", DNS)), DefaultingType.LIST),
            List.of(
                "defaultConstraints[0].topologyKey: Invalid value: \"zone/a/b\": a qualified name"
                    + " must consist of alphanumeric characters, '-', '_' or '.', and must start"
                    + " and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or"
                    + " '123-abc', regex used for validation is"
                    + " '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain"
                    + " prefix and '/' (e.g. 'example.com/MyName')")),
        arguments(
            "label selector",
            new PodTopologySpreadArgs(
                List.of(
                    c(1, "zone", DNS).toBuilder()
                        .labelSelector(LabelSelector.everything())
                        .build()),
                DefaultingType.LIST),
            List.of(
                "defaultConstraints[0].labelSelector: Forbidden: constraint must not define a"
                    + " selector, as they deduced for each pod")),
        arguments(
            "repeated key and action",
            new PodTopologySpreadArgs(
                List.of(c(1, "zone", DNS), c(2, "zone", SA), c(3, "zone", DNS)),
                DefaultingType.LIST),
            List.of("defaultConstraints[2]: Duplicate value: \"{zone, DoNotSchedule}\"")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void validate_upstreamMessages(String name, PodTopologySpreadArgs args, List<String> expected) {
    assertThat(args.validate()).extracting(e -> e.render("")).containsExactlyElementsOf(expected);
  }
}
