package io.schedkit.core.runtime;

import io.schedkit.framework.PodNominator;
import java.util.List;
import java.util.Map;

/**
 * A {@link PodNominator} that versions its changes, so the framework can keep the nominations of
 * the snapshot's nodes by list position and update only the nodes whose nominations changed. The
 * scheduling queue's nominator is one; the runtime depends on this interface only.
 */
public interface VersionedNominator extends PodNominator {
  /**
   * A node's nominations.
   *
   * @param nodeName the node's name
   * @return its nominations, or null if it has none
   */
  NodeNominations nominationsOf(String nodeName);

  /**
   * A number that grows each time a node's nominations change (see {@link #changesSince}).
   *
   * @return the version
   */
  long version();

  /**
   * The nodes whose nominations changed since {@code since} (a value of {@link #version()}); read
   * their nominations with {@link #nominationsOf}, which may already be newer than the returned
   * version. A node may appear more than once.
   *
   * @param since an earlier version
   * @return the changes, or null when the log no longer reaches back that far
   */
  Changes changesSince(long since);

  /**
   * Every node's nominations, as of one version.
   *
   * @return the nominations and their version
   */
  AllNominations allNominations();

  /**
   * The nodes whose nominations changed after one version, up to {@code version}.
   *
   * @param version the version the changes reach
   * @param nodes the nodes that changed, possibly repeated
   */
  record Changes(long version, List<String> nodes) {}

  /**
   * Every node's nominations at one version.
   *
   * @param version the version
   * @param byNode each nominated node's nominations
   */
  record AllNominations(long version, Map<String, NodeNominations> byNode) {}
}
