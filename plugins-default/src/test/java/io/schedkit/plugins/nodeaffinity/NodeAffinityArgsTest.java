package io.schedkit.plugins.nodeaffinity;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.framework.model.NodeAffinity;
import io.schedkit.framework.model.NodeSelector;
import io.schedkit.framework.model.NodeSelectorOperator;
import io.schedkit.framework.model.NodeSelectorRequirement;
import io.schedkit.framework.model.NodeSelectorTerm;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Facts of upstream's TestValidateNodeAffinityArgs. */
final class NodeAffinityArgsTest {

  private static NodeSelectorRequirement req(
      String key, NodeSelectorOperator op, String... values) {
    return new NodeSelectorRequirement(key, op, List.of(values));
  }

  @Test
  void defaults_none() {
    assertThat(NodeAffinityArgs.defaults().addedAffinity()).isNull();
    assertThat(NodeAffinityArgs.defaults().validate()).isEmpty();
  }

  @Test
  void validate_acceptsValidAffinity() {
    NodeAffinity affinity =
        NodeAffinity.builder()
            .required(
                NodeSelector.of(
                    NodeSelectorTerm.builder()
                        .matchExpression(req("foo", NodeSelectorOperator.IN, "bar"))
                        .matchField(NodeSelectorRequirement.nodeNameIs("node-1"))
                        .build()))
            .preferred(
                3,
                NodeSelectorTerm.builder()
                    .matchExpression(req("gen", NodeSelectorOperator.GT, "2"))
                    .build())
            .build();

    assertThat(new NodeAffinityArgs(affinity).validate()).isEmpty();
  }

  @Test
  void validate_upstreamMessages() {
    NodeAffinity affinity =
        NodeAffinity.builder()
            .required(
                NodeSelector.of(
                    NodeSelectorTerm.builder()
                        .matchExpression(req("foo", NodeSelectorOperator.IN))
                        .matchExpression(req("-x", NodeSelectorOperator.EXISTS, "y"))
                        .matchField(req("metadata.name", NodeSelectorOperator.IN, "a", "b"))
                        .matchField(req("metadata.name", NodeSelectorOperator.EXISTS))
                        .build()))
            .preferred(
                0,
                NodeSelectorTerm.builder()
                    .matchExpression(req("skipped", NodeSelectorOperator.IN))
                    .build())
            .preferred(
                1,
                NodeSelectorTerm.builder()
                    .matchExpression(req("gen", NodeSelectorOperator.LT, "x", "-bad-"))
                    .build())
            .build();

    assertThat(new NodeAffinityArgs(affinity).validate())
        .extracting(e -> e.render("args"))
        .containsExactly(
            "args.addedAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]"
                + ".matchExpressions[0].values: Invalid value: []string{}: for 'in', 'notin'"
                + " operators, values set can't be empty",
            "args.addedAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]"
                + ".matchExpressions[1].key: Invalid value: \"-x\": name part must consist of"
                + " alphanumeric characters, '-', '_' or '.', and must start and end with an"
                + " alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex"
                + " used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
            "args.addedAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]"
                + ".matchExpressions[1].values: Invalid value: []string{\"y\"}: values set must be"
                + " empty for exists and does not exist",
            "args.addedAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]"
                + ".matchFields[0].values: Invalid value: []string{\"a\", \"b\"}: must have one"
                + " element",
            "args.addedAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]"
                + ".matchFields[1].operator: Unsupported value: \"Exists\": supported values:"
                + " \"In\", \"NotIn\"",
            "args.addedAffinity.preferredDuringSchedulingIgnoredDuringExecution[1]"
                + ".matchExpressions[0].values: Invalid value: []string{\"x\", \"-bad-\"}: for"
                + " 'Gt', 'Lt' operators, exactly one value is required",
            "args.addedAffinity.preferredDuringSchedulingIgnoredDuringExecution[1]"
                + ".matchExpressions[0].values[0]: Invalid value: \"x\": for 'Gt', 'Lt'"
                + " operators, the value must be an integer",
            "args.addedAffinity.preferredDuringSchedulingIgnoredDuringExecution[1]"
                + ".matchExpressions[0].values[1]: Invalid value: \"-bad-\": for 'Gt', 'Lt'"
                + " operators, the value must be an integer",
            "args.addedAffinity.preferredDuringSchedulingIgnoredDuringExecution[1]"
                + ".matchExpressions[0].values[1][gen]: Invalid value: \"-bad-\": a valid label"
                + " must be an empty string or consist of alphanumeric characters, '-', '_' or"
                + " '.', and must start and end with an alphanumeric character (e.g. 'MyValue', "
                + " or 'my_value',  or '12345', regex used for validation is"
                + " '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')");
  }
}
