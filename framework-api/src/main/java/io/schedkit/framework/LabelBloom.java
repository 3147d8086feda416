package io.schedkit.framework;

import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.LabelSelectorOperator;
import io.schedkit.framework.model.LabelSelectorRequirement;
import java.util.List;
import java.util.Map;

/**
 * A 64-bit summary of a pod's namespace and labels: one bit per label pair (and one for the
 * namespace), so that the summary of a node's pods, their bits OR-ed, tells for sure that no pod on
 * the node carries a label pair when that pair's bit is clear. {@link NodeInfo#countMatching}
 * answers 0 without looking at a node's pods when a matcher's required pairs are not all there.
 *
 * <p>The bits say "maybe" when set, never "yes": a set bit may come from another pair with the same
 * bit. Only the absence of a bit is acted on, which keeps every count exact.
 */
final class LabelBloom {
  private LabelBloom() {}

  /**
   * The bits of {@code namespace} (skipped when null) and every pair of {@code labels}.
   *
   * @param namespace a namespace, or null
   * @param labels label pairs; not null
   * @return the summary
   */
  static long of(String namespace, Map<String, String> labels) {
    long bits = namespace == null ? 0 : bit("", namespace);
    if (!labels.isEmpty()) {
      for (Map.Entry<String, String> e : labels.entrySet()) {
        bits |= bit(e.getKey(), e.getValue());
      }
    }
    return bits;
  }

  /**
   * The bits every object in {@code namespace} (skipped when null) that satisfies all of {@code
   * selectors} has: those of each selector's {@code matchLabels} and single-value {@code In}
   * expressions.
   *
   * @param namespace a namespace, or null
   * @param selectors selectors; null elements are skipped
   * @return the required bits
   */
  static long required(String namespace, List<LabelSelector> selectors) {
    long bits = namespace == null ? 0 : bit("", namespace);
    for (LabelSelector s : selectors) {
      if (s == null) {
        continue;
      }
      for (Map.Entry<String, String> e : s.matchLabels().entrySet()) {
        bits |= bit(e.getKey(), e.getValue());
      }
      for (LabelSelectorRequirement r : s.matchExpressions()) {
        if (r.operator() == LabelSelectorOperator.IN && r.values().size() == 1) {
          bits |= bit(r.key(), r.values().get(0));
        }
      }
    }
    return bits;
  }

  /** The bit of one pair; the namespace is the pair with the key "", which no label has. */
  private static long bit(String key, String value) {
    long h = (key.hashCode() * 0x9E3779B1L) ^ value.hashCode();
    return 1L << ((h * 0x9E3779B97F4A7C15L) >>> 58);
  }
}
