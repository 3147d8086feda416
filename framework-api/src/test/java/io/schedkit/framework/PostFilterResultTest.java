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

  /**
   * Candidates given as lists are looked up by the very key objects listed (as the nominated node's
   * name is) without hashing them first: whether a name is listed again later as the same object or
   * as an equal copy, the last listing wins, as in a map.
   */
  @Test
  void withCandidates_lookupByAListedKeyObject_findsTheLastListingOfItsName() {
    for (long seed = 0; seed < 200; seed++) {
      Random random = new Random(seed);
      List<String> distinct = new ArrayList<>();
      for (int i = 0; i < 1 + random.nextInt(8); i++) {
        distinct.add("node-" + i);
      }
      List<String> names = new ArrayList<>();
      List<Victims> victims = new ArrayList<>();
      Map<String, Victims> expected = new HashMap<>();
      for (int i = random.nextInt(20); i >= 0; i--) {
        String name = distinct.get(random.nextInt(distinct.size()));
        // The same object, or an equal copy of it.
        String listed = random.nextBoolean() ? name : new String(name);
        Victims v = new Victims(List.of(), i);
        names.add(listed);
        victims.add(v);
        expected.put(listed, v);
      }
      List<String> asked = new ArrayList<>(names);
      PostFilterResult r = PostFilterResult.withCandidates(Status.success(), null, names, victims);
      assertThat(r.candidates().isEmpty()).as("seed %d", seed).isFalse();
      for (int i = 0; i < 5; i++) {
        String key = asked.get(random.nextInt(asked.size()));
        assertThat(r.candidates().get(key))
            .as("seed %d, %s", seed, key)
            .isSameAs(expected.get(key));
        assertThat(r.candidates().containsKey(key)).as("seed %d, %s", seed, key).isTrue();
      }
      assertThat(r.candidates().get("absent")).isNull();
      assertThat(r.candidates().containsKey("absent")).isFalse();
      assertThat(r.candidates()).as("seed %d", seed).isEqualTo(expected);
    }
    assertThat(
            PostFilterResult.withCandidates(Status.success(), null, List.of(), List.of())
                .candidates())
        .isEmpty();
  }

  @Test
  void withCandidates_isTheResultOfTheEquivalentMap_theLastVictimsOfANameWinning() {
    for (long seed = 0; seed < 50; seed++) {
      Random random = new Random(seed);
      List<String> names = new ArrayList<>();
      List<Victims> victims = new ArrayList<>();
      Map<String, Victims> expected = new HashMap<>();
      for (int i = random.nextInt(40); i > 0; i--) {
        // Few distinct names, so some are listed twice.
        String name = "node-" + random.nextInt(25);
        Victims v = new Victims(List.of(), random.nextInt(3));
        names.add(name);
        victims.add(v);
        expected.put(name, v);
      }
      NominatingInfo nomination = NominatingInfo.override("node-1");
      PostFilterResult got =
          PostFilterResult.withCandidates(Status.success(), nomination, names, victims);
      PostFilterResult want = new PostFilterResult(Status.success(), nomination, expected);
      assertThat(got).as("seed %d", seed).isEqualTo(want);
      assertThat(new ArrayList<>(got.candidates().keySet()))
          .as("seed %d", seed)
          .containsExactlyElementsOf(new TreeMap<>(expected).keySet());
      assertThat(got.nominatedVictims()).as("seed %d", seed).isEqualTo(want.nominatedVictims());
      names.clear();
      assertThat(got.candidates()).as("seed %d: a copy", seed).hasSize(expected.size());
    }
    assertThatThrownBy(
            () ->
                PostFilterResult.withCandidates(
                    Status.success(), null, List.of("a", "b"), List.of(new Victims(List.of(), 0))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("2 keys but 1 values");
  }
}
