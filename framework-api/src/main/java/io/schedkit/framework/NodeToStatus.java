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
  private String[] pendingNames;
  private Status[] pendingStatuses;
  private int pendingCount;

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
   * Records the statuses of {@code count} distinct nodes at once, as {@link #set} one by one would;
   * the lookup map is built only when a status is first read, so a cycle that succeeds, and reads
   * at most their number, does not pay for it. The arrays are taken over: the caller must not
   * change them afterwards.
   *
   * @param nodeNames the nodes' names, the first {@code count} used, no name twice
   * @param statuses their statuses, none of the first {@code count} null
   * @param count how many entries to take
   */
  public void setAll(String[] nodeNames, Status[] statuses, int count) {
    if (count <= 0) {
      return;
    }
    materialize();
    pendingNames = nodeNames;
    pendingStatuses = statuses;
    pendingCount = count;
  }

  /** Moves the statuses {@link #setAll} recorded into the map. */
  private void materialize() {
    if (pendingCount == 0) {
      return;
    }
    if (explicit.isEmpty()) {
      explicit = new HashMap<>(pendingCount * 4 / 3 + 1);
    }
    for (int i = 0; i < pendingCount; i++) {
      explicit.put(pendingNames[i], Objects.requireNonNull(pendingStatuses[i], "status"));
    }
    pendingNames = null;
    pendingStatuses = null;
    pendingCount = 0;
  }

  /**
   * The status of {@code nodeName}: its explicit status, or the absent-node status.
   *
   * @param nodeName the node's name
   * @return the node's status, never null
   */
  public Status get(String nodeName) {
    materialize();
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
    materialize();
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
    materialize();
    return Collections.unmodifiableMap(explicit);
  }

  /**
   * The number of explicit statuses.
   *
   * @return the number of nodes with an explicit status
   */
  public int size() {
    if (pendingCount > 0 && explicit.isEmpty()) {
      return pendingCount; // distinct names, nothing else yet: no need to build the map
    }
    materialize();
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
