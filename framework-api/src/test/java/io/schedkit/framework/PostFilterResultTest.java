package io.schedkit.framework;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

final class PostFilterResultTest {
  @Test
  void candidates_iterateInNameOrder_areLookedUpByName_andAreACopy() {
    Random random = new Random(3);
    Map<String, Victims> source = new HashMap<>();
    for (int i = 0; i < 300; i++) {
      source.put(
          "scheduler-perf-" + Integer.toString(random.nextInt(1 << 20), 36),
          new Victims(List.of(), i % 3));
    }
    TreeMap<String, Victims> expected = new TreeMap<>(source);
    PostFilterResult r =
        new PostFilterResult(Status.success(), NominatingInfo.override("n"), source);
    source.clear();
    assertThat(new ArrayList<>(r.candidates().keySet()))
        .containsExactlyElementsOf(expected.keySet());
    assertThat(r.candidates()).isEqualTo(expected).hasSameHashCodeAs(expected);
    String some = expected.firstKey();
    assertThat(r.candidates().get(some)).isSameAs(expected.get(some));
    assertThat(r.candidates().containsKey("absent")).isFalse();
    assertThatThrownBy(() -> r.candidates().put("x", new Victims(List.of(), 0)))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> r.candidates().entrySet().clear())
        .isInstanceOf(UnsupportedOperationException.class);
  }
}
