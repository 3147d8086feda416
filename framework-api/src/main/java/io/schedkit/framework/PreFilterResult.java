package io.schedkit.framework;

import java.util.Collection;
import java.util.HashSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What a {@link PreFilterPlugin} returns: a status and, optionally, the only nodes worth evaluating
 * for the pod.
 *
 * <p>An empty {@link #nodeNames()} means all nodes. Results of several plugins are merged by
 * intersection ({@link #merge}); a node outside the merged set is UnschedulableAndUnresolvable for
 * this cycle.
 *
 * @param status the plugin's status; never null
 * @param nodeNames the node subset, or null for all nodes
 */
public record PreFilterResult(Status status, Set<String> nodeNames) {
  private static final PreFilterResult SUCCESS = new PreFilterResult(Status.success(), null);
  private static final PreFilterResult SKIP = new PreFilterResult(Status.skip(), null);

  /**
   * Normalises the subset to an unmodifiable copy.
   *
   * @param status the plugin's status; not null
   * @param nodeNames the node subset, or null for all nodes
   */
  public PreFilterResult {
    Objects.requireNonNull(status, "status");
    nodeNames = nodeNames == null ? null : Set.copyOf(nodeNames);
  }

  /**
   * Success over all nodes.
   *
   * @return the shared Success result
   */
  public static PreFilterResult success() {
    return SUCCESS;
  }

  /**
   * Skip: the plugin's Filter and PreFilter extensions do not run this cycle.
   *
   * @return the shared Skip result
   */
  public static PreFilterResult skip() {
    return SKIP;
  }

  /**
   * Success restricted to {@code nodeNames}.
   *
   * @param nodeNames the names of the only nodes worth evaluating; empty means none
   * @return the result
   */
  public static PreFilterResult nodes(Collection<String> nodeNames) {
    return new PreFilterResult(Status.success(), new HashSet<>(nodeNames));
  }

  /**
   * A result with the given status over all nodes.
   *
   * @param status the plugin's status; not null
   * @return the result
   */
  public static PreFilterResult of(Status status) {
    return status.isSuccess() && status.reasons().isEmpty()
        ? SUCCESS
        : new PreFilterResult(status, null);
  }

  /**
   * The node subset, empty when all nodes qualify.
   *
   * @return the subset, or empty for all nodes
   */
  public Optional<Set<String>> subset() {
    return Optional.ofNullable(nodeNames);
  }

  /**
   * Whether every node qualifies.
   *
   * @return true if the result has no node subset
   */
  public boolean allNodes() {
    return nodeNames == null;
  }

  /**
   * The intersection of two node subsets (null meaning all nodes), keeping this result's status.
   *
   * @param other another plugin's result, or null
   * @return the merged result
   */
  public PreFilterResult merge(PreFilterResult other) {
    if (other == null || other.allNodes()) {
      return this;
    }
    if (allNodes()) {
      return new PreFilterResult(status, other.nodeNames);
    }
    Set<String> both = new HashSet<>(nodeNames);
    both.retainAll(other.nodeNames);
    return new PreFilterResult(status, both);
  }
}
