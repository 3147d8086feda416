package io.schedkit.core.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.schedkit.framework.model.Affinity;
import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.IntOrString;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.LabelSelectorRequirement;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.NodeAffinity;
import io.schedkit.framework.model.NodeSelector;
import io.schedkit.framework.model.NodeSelectorOperator;
import io.schedkit.framework.model.NodeSelectorRequirement;
import io.schedkit.framework.model.NodeSelectorTerm;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodAffinityTerm;
import io.schedkit.framework.model.PodAntiAffinity;
import io.schedkit.framework.model.PodDisruptionBudget;
import io.schedkit.framework.model.PodGroup;
import io.schedkit.framework.model.PriorityClass;
import io.schedkit.framework.model.ResourceList;
import io.schedkit.framework.model.Taint;
import io.schedkit.framework.model.TaintEffect;
import io.schedkit.framework.model.Toleration;
import io.schedkit.framework.model.TolerationOperator;
import io.schedkit.framework.model.TopologySpreadConstraint;
import io.schedkit.framework.model.UnsatisfiableConstraintAction;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

final class ObjectValidatorTest {
  private final ObjectValidator validator = new ObjectValidator();

  private static TopologySpreadConstraint.Builder spread() {
    return TopologySpreadConstraint.builder()
        .maxSkew(1)
        .topologyKey("zone")
        .whenUnsatisfiable(UnsatisfiableConstraintAction.DO_NOT_SCHEDULE)
        .labelSelector(LabelSelector.everything());
  }

  static Stream<Arguments> invalid() {
    return Stream.of(
        arguments(
            "pod without name",
            Pod.builder().build(),
            List.of("Pod default/: metadata.name: Required value")),
        arguments(
            "priority class without name",
            PriorityClass.builder().value(1).build(),
            List.of("PriorityClass : metadata.name: Required value")),
        arguments(
            "namespaced object without namespace",
            PodGroup.builder().name("g").namespace("").minMember(-1).build(),
            List.of(
                "PodGroup g: metadata.namespace: Required value",
                "PodGroup g: spec.minMember: Invalid value: -1: must be greater than or equal to"
                    + " 0")),
        arguments(
            "negative requests, limits and overhead",
            Pod.builder()
                .name("p")
                .container(Container.builder().name("a").request("cpu", "-100m").build())
                .initContainer(Container.builder().name("i").limit("memory", "-1").build())
                .overhead(ResourceList.of("cpu", "-1m"))
                .build(),
            List.of(
                "Pod default/p: spec.initContainers[0].resources.limits.memory: Invalid value:"
                    + " \"-1\": must be greater than or equal to 0",
                "Pod default/p: spec.containers[0].resources.requests.cpu: Invalid value:"
                    + " \"-100m\": must be greater than or equal to 0",
                "Pod default/p: spec.overhead.cpu: Invalid value: \"-1m\": must be greater than"
                    + " or equal to 0")),
        arguments(
            "node with negative capacity and a taint without key",
            Node.builder()
                .name("n")
                .capacity("nvidia.com/gpu", "-1")
                .allocatable("cpu", "1")
                .taint("", "x", TaintEffect.NO_SCHEDULE)
                .build(),
            List.of(
                "Node n: spec.taints[0].key: Required value",
                "Node n: status.capacity.nvidia.com/gpu: Invalid value: \"-1\": must be greater"
                    + " than or equal to 0")),
        arguments(
            "toleration Exists with a value",
            Pod.builder()
                .name("p")
                .toleration(
                    Toleration.builder()
                        .key("k")
                        .operator(TolerationOperator.EXISTS)
                        .value("v")
                        .build())
                .build(),
            List.of(
                "Pod default/p: spec.tolerations[0].operator: Invalid value: \"Exists\": value"
                    + " must be empty when `operator` is 'Exists'")),
        arguments(
            "node selector requirements",
            Pod.builder()
                .name("p")
                .affinity(
                    Affinity.builder()
                        .nodeAffinity(
                            NodeAffinity.builder()
                                .required(
                                    NodeSelector.of(
                                        NodeSelectorTerm.builder()
                                            .matchExpression(
                                                new NodeSelectorRequirement(
                                                    "zone", NodeSelectorOperator.IN, List.of()))
                                            .matchExpression(
                                                new NodeSelectorRequirement(
                                                    "gen",
                                                    NodeSelectorOperator.GT,
                                                    List.of("1", "2")))
                                            .matchExpression(
                                                NodeSelectorRequirement.exists("a/b/c"))
                                            .build()))
                                .build())
                        .build())
                .build(),
            List.of(
                "Pod default/p: spec.affinity.nodeAffinity."
                    + "requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]."
                    + "matchExpressions[0].values: Required value: must be specified when"
                    + " `operator` is 'In' or 'NotIn'",
                "Pod default/p: spec.affinity.nodeAffinity."
                    + "requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]."
                    + "matchExpressions[1].values: Required value: must be specified single"
                    + " value when `operator` is 'Lt' or 'Gt'",
                "Pod default/p: spec.affinity.nodeAffinity."
                    + "requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]."
                    + "matchExpressions[2].key: Invalid value: \"a/b/c\": a qualified name must"
                    + " consist of alphanumeric characters, '-', '_' or '.', and must start and"
                    + " end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or"
                    + " '123-abc', regex used for validation is"
                    + " '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS"
                    + " subdomain prefix and '/' (e.g. 'example.com/MyName')")),
        arguments(
            "pod anti-affinity term without topology key, bad selector key",
            Pod.builder()
                .name("p")
                .affinity(
                    Affinity.builder()
                        .podAntiAffinity(
                            PodAntiAffinity.builder()
                                .required(
                                    PodAffinityTerm.builder()
                                        .labelSelector(
                                            LabelSelector.builder()
                                                .matchExpression(
                                                    LabelSelectorRequirement.exists("-bad"))
                                                .build())
                                        .build())
                                .build())
                        .build())
                .build(),
            List.of(
                "Pod default/p: spec.affinity.podAntiAffinity."
                    + "requiredDuringSchedulingIgnoredDuringExecution[0].labelSelector."
                    + "matchExpressions[0].key: Invalid value: \"-bad\": name part must consist"
                    + " of alphanumeric characters, '-', '_' or '.', and must start and end with"
                    + " an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc',"
                    + " regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
                "Pod default/p: spec.affinity.podAntiAffinity."
                    + "requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: Required"
                    + " value: can not be empty")),
        arguments(
            "topology spread constraints",
            Pod.builder()
                .name("p")
                .topologySpreadConstraint(spread().maxSkew(0).topologyKey("").build())
                .topologySpreadConstraint(
                    spread()
                        .minDomains(2)
                        .whenUnsatisfiable(UnsatisfiableConstraintAction.SCHEDULE_ANYWAY)
                        .build())
                .topologySpreadConstraint(spread().minDomains(0).build())
                .build(),
            List.of(
                "Pod default/p: spec.topologySpreadConstraints[0].maxSkew: Invalid value: 0:"
                    + " must be greater than zero",
                "Pod default/p: spec.topologySpreadConstraints[0].topologyKey: Required value:"
                    + " can not be empty",
                "Pod default/p: spec.topologySpreadConstraints[1].minDomains: Invalid value: 2:"
                    + " can only use minDomains if whenUnsatisfiable=DoNotSchedule, not"
                    + " ScheduleAnyway",
                "Pod default/p: spec.topologySpreadConstraints[2].minDomains: Invalid value: 0:"
                    + " must be greater than zero")),
        arguments(
            "budget with both minAvailable and maxUnavailable",
            PodDisruptionBudget.builder()
                .name("b")
                .minAvailable(IntOrString.of(1))
                .maxUnavailable(IntOrString.of("10%"))
                .build(),
            List.of(
                "PodDisruptionBudget default/b: spec.maxUnavailable: Forbidden: minAvailable and"
                    + " maxUnavailable cannot be both set")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalid")
  void validate_reportsEveryProblem(String name, KubeObject object, List<String> expected) {
    assertThat(validator.validate(object)).containsExactlyElementsOf(expected);
  }

  @Test
  void validate_acceptsValidObjects() {
    Pod pod =
        Pod.builder()
            .name("ok")
            .container(Container.builder().name("c").request("cpu", "1").build())
            .toleration(Toleration.builder().key("k").operator(TolerationOperator.EXISTS).build())
            .topologySpreadConstraint(spread().minDomains(3).build())
            .build();
    Node node =
        Node.builder()
            .name("n")
            .capacity("cpu", "4")
            .taint(Taint.of("k", "", TaintEffect.NO_EXECUTE))
            .build();

    assertThat(validator.validate(pod)).isEmpty();
    assertThat(validator.validate(node)).isEmpty();
  }

  @Test
  void validate_acceptsEveryDecodedTestDocument() {
    KubeCodec codec = new KubeCodec();
    for (String file :
        List.of("pod-deployment.yaml", "node-gpu.yaml", "policy.yaml", "owners.yaml")) {
      for (KubeObject o : codec.decode(KubeCodecTest.resource(file), file).objects()) {
        assertThat(validator.validate(o)).as(o.key()).isEmpty();
      }
    }
  }
}
