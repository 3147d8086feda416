package io.schedkit.framework;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.ObjectMeta;
import io.schedkit.framework.model.Pod;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A full table gives the slot of the matcher asked for least recently to a new one; the others keep
 * their identity, and counts stay right for matchers that shared a slot.
 */
final class PodMatcherTest {
  @Test
  void fullTable_recyclesTheLeastRecentlyUsedSlot_only() {
    List<PodMatcher> made = new ArrayList<>();
    for (int i = 0; i < PodMatcher.MAX_SLOTS; i++) {
      made.add(matcher("fill-" + i));
    }
    // Asked again: the first is now the most recently used, the second the least.
    assertThat(matcher("fill-0")).isSameAs(made.get(0));

    PodMatcher fresh = matcher("new");

    assertThat(fresh.slot()).isEqualTo(made.get(1).slot());
    assertThat(matcher("fill-0")).isSameAs(made.get(0));
    for (int i = 2; i < PodMatcher.MAX_SLOTS; i++) {
      assertThat(PodMatcher.of(key("fill-" + i), p -> false)).isSameAs(made.get(i));
    }
    // The recycled key gives a new matcher, with an epoch of its own, equal to the old one: both
    // answer the same question.
    PodMatcher again = matcher("fill-1");
    assertThat(again).isNotSameAs(made.get(1));
    assertThat(again.epoch()).isNotEqualTo(made.get(1).epoch());
    assertThat(again).isEqualTo(made.get(1)).hasSameHashCodeAs(made.get(1));
    assertThat(again).isNotEqualTo(made.get(2));
  }

  @Test
  void matchersSharingASlot_keepCountingRight() {
    for (int i = 0; i < PodMatcher.MAX_SLOTS; i++) {
      matcher("share-" + i);
    }
    PodMatcher web = PodMatcher.of(key("share-web"), p -> "web".equals(app(p)));
    // Fill the table with newer ones until one takes web's slot.
    PodMatcher db = null;
    for (int i = 0; db == null; i++) {
      PodMatcher m = PodMatcher.of(key("share-db-" + i), p -> "db".equals(app(p)));
      if (m.slot() == web.slot()) {
        db = m;
      }
    }
    NodeInfo n = NodeInfo.of(Node.builder().name("n").build());
    n.addPod(PodInfo.of(pod("a", "web")));
    n.addPod(PodInfo.of(pod("b", "db")));
    n.addPod(PodInfo.of(pod("c", "web")));
    for (int round = 0; round < 3; round++) {
      assertThat(n.countMatching(web)).isEqualTo(2 + round);
      assertThat(n.countMatching(db)).isEqualTo(1);
      n.addPod(PodInfo.of(pod("w" + round, "web")));
    }
  }

  private static PodMatcher matcher(String name) {
    return PodMatcher.of(key(name), p -> name.equals(app(p)));
  }

  private static List<String> key(String name) {
    return List.of("PodMatcherTest", name);
  }

  private static String app(PodInfo p) {
    return p.pod().labels().get("app");
  }

  private static Pod pod(String name, String app) {
    return Pod.builder()
        .metadata(
            ObjectMeta.builder()
                .namespace("default")
                .name(name)
                .uid(name)
                .labels(Map.of("app", app))
                .build())
        .nodeName("n")
        .build();
  }
}
