package io.schedkit.framework;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The filter verdict of every node in a failed cycle: explicit statuses for the nodes that were
 * evaluated and rejected, and one shared status for the nodes that were not evaluated at all (for
 * example because a PreFilter result or a PreFilter rejection ruled them out).
 *
 * <p>Passed to {@link PostFilterPlugin}s, which use it to pick preemption candidates: only nodes
 * whose status code is exactly {@link Code#UNSCHEDULABLE} can be helped. Not thread-safe; the
 * framework fills it before PostFilter runs.
 */
public final class NodeToStatus {
  private Map<String, Status> explicit;
  private Status absentStatus;

  /** An empty map whose absent nodes are UnschedulableAndUnresolvable with no reason. */
  public NodeToStatus() {
    this(new HashMap<>(), Status.unresolvable());
  }

  /**
   * A map with the given explicit statuses and absent-node status.
   *
   * @param explicit the status of each evaluated node, by node name; copied
   * @param absentStatus the status of every other node; not null
   */
  public NodeToStatus(Map<String, Status> explicit, Status absentStatus) {
    this.explicit = new HashMap<>(explicit);
    this.absentStatus = Objects.requireNonNull(absentStatus, "absentStatus");
  }

  /**
   * Makes room for {@code count} statuses about to be set, so that recording the verdicts of a
   * large cluster's nodes does not rehash the map again and again. Changes nothing visible.
   *
   * @param count how many explicit statuses the caller is about to set
   */
  public void reserve(int count) {
    if (explicit.isEmpty() && count > 12) {
      explicit = new HashMap<>(count * 4 / 3 + 1);
    }
  }

  /**
   * The status of {@code nodeName}: its explicit status, or the absent-node status.
   *
   * @param nodeName the node's name
   * @return the node's status, never null
   */
  public Status get(String nodeName) {
    Status s = explicit.get(nodeName);
    return s == null ? absentStatus : s;
  }

  /**
   * Records the status of one node.
   *
   * @param nodeName the node's name
   * @param status the node's status; not null
   */
  public void set(String nodeName, Status status) {
    explicit.put(nodeName, Objects.requireNonNull(status, "status"));
  }

  /**
   * The status shared by every node without an explicit one.
   *
   * @return the absent-node status, never null
   */
  public Status absentStatus() {
    return absentStatus;
  }

  /**
   * Changes the status of nodes without an explicit one.
   *
   * @param status the new absent-node status; not null
   */
  public void setAbsentStatus(Status status) {
    this.absentStatus = Objects.requireNonNull(status, "status");
  }

  /**
   * The explicit statuses, read-only.
   *
   * @return a read-only view of the statuses by node name
   */
  public Map<String, Status> explicit() {
    return Collections.unmodifiableMap(explicit);
  }

  /**
   * The number of explicit statuses.
   *
   * @return the number of nodes with an explicit status
   */
  public int size() {
    return explicit.size();
  }

  /**
   * The nodes of {@code lister}, in its order, whose status (explicit or absent) has {@code code}.
   *
   * @param lister the nodes to look at
   * @param code the status code to select
   * @return the matching nodes, a new list
   */
  public List<NodeInfo> nodesWithCode(NodeInfoLister lister, Code code) {
    List<NodeInfo> out = new ArrayList<>();
    for (NodeInfo n : lister.list()) {
      if (get(n.name()).code() == code) {
        out.add(n);
      }
    }
    return out;
  }
}
