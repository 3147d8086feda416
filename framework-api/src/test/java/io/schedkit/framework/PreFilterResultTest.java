package io.schedkit.framework;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

final class PreFilterResultTest {
  @Test
  void merge_intersects_andAllNodesIsNeutral() {
    PreFilterResult a = PreFilterResult.nodes(List.of("n1", "n2", "n3"));
    PreFilterResult b = PreFilterResult.nodes(List.of("n2", "n3", "n4"));
    assertThat(a.merge(b).nodeNames()).containsExactlyInAnyOrder("n2", "n3");
    assertThat(PreFilterResult.success().merge(a).nodeNames())
        .containsExactlyInAnyOrder("n1", "n2", "n3");
    assertThat(a.merge(PreFilterResult.success()).nodeNames()).hasSize(3);
    assertThat(PreFilterResult.success().merge(PreFilterResult.success()).allNodes()).isTrue();
    assertThat(a.merge(PreFilterResult.nodes(List.of("x"))).nodeNames()).isEmpty();
  }
}
