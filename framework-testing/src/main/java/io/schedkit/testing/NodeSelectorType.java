package io.schedkit.testing;

/**
 * Where {@link NodeSelectorWrapper#in} and {@link PodWrapper#nodeAffinityIn} put their requirement:
 * upstream's {@code NodeSelectorType}.
 */
public enum NodeSelectorType {
  /** In {@code matchExpressions}, matched against node labels. */
  MATCH_EXPRESSIONS,
  /** In {@code matchFields}, matched against node fields ({@code metadata.name}). */
  MATCH_FIELDS
}
