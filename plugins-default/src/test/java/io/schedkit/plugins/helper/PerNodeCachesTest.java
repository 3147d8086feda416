package io.schedkit.plugins.helper;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import org.junit.jupiter.api.Test;

/** The capacity follows the cluster's size within the budget; trimming drops the eldest. */
final class PerNodeCachesTest {
  @Test
  void capacity_isTheBudgetOverAnEntrysBytes_neverBelowTheMinimum() {
    // 25 bytes a node: 5,000 nodes make 125,000-byte entries, 268 of them in 32 MiB.
    assertThat(PerNodeCaches.capacity(5_000, 25)).isEqualTo((int) ((32L << 20) / 125_000));
    assertThat(PerNodeCaches.capacity(15_000, 25)).isEqualTo(89);
    assertThat(PerNodeCaches.capacity(1_000_000, 25)).isEqualTo(PerNodeCaches.MIN_ENTRIES);
    assertThat(PerNodeCaches.capacity(0, 25)).isEqualTo((int) ((32L << 20) / 25));
  }

  @Test
  void entry_makesANewKeysEntry_withinTheCapacity() {
    LinkedHashMap<Integer, String> m = new LinkedHashMap<>(16, 0.75f, true);
    int capacity = PerNodeCaches.capacity(1_000_000, 25); // the minimum, 16
    for (int i = 0; i < 40; i++) {
      assertThat(PerNodeCaches.entry(m, i, 1_000_000, 25, k -> "v" + k)).isEqualTo("v" + i);
      assertThat(m.size()).isLessThanOrEqualTo(capacity);
    }
    assertThat(PerNodeCaches.entry(m, 39, 1_000_000, 25, k -> "other")).isEqualTo("v39");
    assertThat(m).containsKey(24).doesNotContainKey(23);
  }

  @Test
  void trim_dropsTheLeastRecentlyUsedBeyondTheCapacity() {
    LinkedHashMap<String, Integer> m = new LinkedHashMap<>(16, 0.75f, true);
    for (int i = 0; i < 6; i++) {
      m.put("k" + i, i);
    }
    m.get("k0"); // k0 becomes the most recently used

    PerNodeCaches.trim(m, 3);

    assertThat(m.keySet()).containsExactly("k4", "k5", "k0");
    PerNodeCaches.trim(m, 5);
    assertThat(m).hasSize(3);
  }
}
