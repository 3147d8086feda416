package io.schedkit.plugins.noderesources;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

final class NodeResourcesBalancedAllocationArgsTest {

  @Test
  void defaults_cpuAndMemory() {
    assertThat(NodeResourcesBalancedAllocationArgs.defaults().resources())
        .containsExactly(new ResourceSpec("cpu", 1), new ResourceSpec("memory", 1));
    assertThat(new NodeResourcesBalancedAllocationArgs(List.of()))
        .isEqualTo(NodeResourcesBalancedAllocationArgs.defaults());
    assertThat(NodeResourcesBalancedAllocationArgs.defaults().validate()).isEmpty();
  }

  @Test
  void validate_acceptsUnsetWeights() {
    NodeResourcesBalancedAllocationArgs args =
        new NodeResourcesBalancedAllocationArgs(
            List.of(new ResourceSpec("cpu", 0), new ResourceSpec("nvidia.com/gpu", 0)));

    assertThat(args.resources()).extracting(ResourceSpec::weight).containsExactly(1L, 1L);
    assertThat(args.validate()).isEmpty();
  }

  @Test
  void validate_duplicateNamesAndWeightsOtherThanOne() {
    NodeResourcesBalancedAllocationArgs args =
        new NodeResourcesBalancedAllocationArgs(
            List.of(
                new ResourceSpec("cpu", 1),
                new ResourceSpec("memory", 2),
                new ResourceSpec("cpu", -1)));

    assertThat(args.validate())
        .extracting(e -> e.render(""))
        .containsExactly(
            "resources[1].weight: Invalid value: 2: must be 1",
            "resources[2].name: Duplicate value: \"cpu\"",
            "resources[2].weight: Invalid value: -1: must be 1");
  }
}
