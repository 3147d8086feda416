package io.schedkit.framework;

import io.schedkit.framework.fastpath.IndexedNodeLister;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiConsumer;

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
  // Statuses recorded by setAll and not yet in the map.
  private NodeInfo[] pendingNodes;
  private Status[] pendingStatuses;
  private int pendingCount;
  // Where the recorded nodes sit in a lister's list, when the recorder knew (else null).
  private List<NodeInfo> pendingList;
  private int[] pendingPositions;

  /** An empty map whose absent nodes are UnschedulableAndUnresolvable with no reason. */
  public NodeToStatus() {
    // Not through the copying constructor: every cycle makes one of these.
    this.explicit = new HashMap<>();
    this.absentStatus = Status.unresolvable();
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
   * the lookup map is built only when a status is first read by name, so a cycle that succeeds does
   * not pay for it, and {@link #nodesWithCode} can answer by list position. The arrays are taken
   * over: the caller must not change them afterwards.
   *
   * @param nodes the nodes, the first {@code count} used, no name twice
   * @param statuses their statuses, none of the first {@code count} null
   * @param count how many entries to take
   */
  public void setAll(NodeInfo[] nodes, Status[] statuses, int count) {
    setAll(nodes, statuses, count, null, null);
  }

  /**
   * {@link #setAll(NodeInfo[], Status[], int)} for nodes of a lister's list whose positions the
   * caller knows: {@code list.get(positions[i])} is {@code nodes[i]}. {@link #nodesWithCode} then
   * selects by those positions, without reading the nodes, when asked about that list object.
   *
   * @param nodes the nodes, the first {@code count} used, no name twice
   * @param statuses their statuses, none of the first {@code count} null
   * @param count how many entries to take
   * @param list the lister's list the positions refer to; null if none
   * @param positions each node's position in {@code list}; null if none; taken over
   */
  public void setAll(
      NodeInfo[] nodes, Status[] statuses, int count, List<NodeInfo> list, int[] positions) {
    if (count <= 0) {
      return;
    }
    materialize();
    pendingNodes = nodes;
    pendingStatuses = statuses;
    pendingCount = count;
    pendingList = list == null || positions == null ? null : list;
    pendingPositions = pendingList == null ? null : positions;
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
      explicit.put(pendingNodes[i].name(), Objects.requireNonNull(pendingStatuses[i], "status"));
    }
    pendingNodes = null;
    pendingStatuses = null;
    pendingCount = 0;
    pendingList = null;
    pendingPositions = null;
  }

  /**
   * Calls {@code action} with every explicit status and its node's name, in no particular order.
   * Unlike {@link #explicit()}, statuses recorded by {@link #setAll} into an otherwise empty map
   * are visited where they are, without building the map.
   *
   * @param action called once per node with an explicit status
   */
  public void forEach(BiConsumer<String, Status> action) {
    if (pendingCount > 0 && explicit.isEmpty()) {
      for (int i = 0; i < pendingCount; i++) {
        action.accept(pendingNodes[i].name(), pendingStatuses[i]);
      }
      return;
    }
    materialize();
    explicit.forEach(action);
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
   * kube-scheduler's histogram of rejection reasons over {@code numAllNodes} nodes, as its failure
   * message lists it: one {@code "<count> <reason>"} entry per distinct reason, each explicit
   * status counting once per node and the absent status once per node without an explicit one,
   * entries sorted as strings.
   *
   * @param numAllNodes the number of nodes in the cluster
   * @return the entries, a new list
   */
  public List<String> reasonHistogram(int numAllNodes) {
    // Most nodes share a few reason lists: plugins reject with constants, and the copies that name
    // the rejecting plugin keep the constant's list. Count the lists first, then their reasons.
    // Recorded statuses are counted from their array, in runs of the same list, without reading
    // the nodes (their names do not matter here).
    Map<List<String>, int[]> perReasons = new IdentityHashMap<>();
    if (pendingCount > 0 && explicit.isEmpty()) {
      int i = 0;
      while (i < pendingCount) {
        Status s = pendingStatuses[i];
        List<String> reasons = s.reasons();
        int end = i + 1;
        while (end < pendingCount
            && (pendingStatuses[end] == s || pendingStatuses[end].reasons() == reasons)) {
          end++;
        }
        perReasons.computeIfAbsent(reasons, k -> new int[1])[0] += end - i;
        i = end;
      }
    } else {
      forEach((node, s) -> perReasons.computeIfAbsent(s.reasons(), k -> new int[1])[0]++);
    }
    Map<String, Integer> counts = new HashMap<>();
    perReasons.forEach(
        (reasons, n) -> {
          for (String reason : reasons) {
            counts.merge(reason, n[0], Integer::sum);
          }
        });
    int absent = numAllNodes - size();
    if (absent > 0) {
      for (String reason : absentStatus.reasons()) {
        counts.merge(reason, absent, Integer::sum);
      }
    }
    List<String> entries = new ArrayList<>(counts.size());
    counts.forEach((reason, n) -> entries.add(n + " " + reason));
    Collections.sort(entries);
    return entries;
  }

  /**
   * The nodes of {@code lister}, in its order, whose status (explicit or absent) has {@code code}.
   *
   * @param lister the nodes to look at
   * @param code the status code to select
   * @return the matching nodes, a new unmodifiable list
   */
  public List<NodeInfo> nodesWithCode(NodeInfoLister lister, Code code) {
    List<NodeInfo> byPosition = byPosition(lister, code);
    if (byPosition != null) {
      return byPosition;
    }
    List<NodeInfo> out = new ArrayList<>();
    for (NodeInfo n : lister.list()) {
      if (get(n.name()).code() == code) {
        out.add(n);
      }
    }
    return Collections.unmodifiableList(out);
  }

  /**
   * The positions in {@code lister.list()} of the nodes {@link #nodesWithCode} selects, ascending,
   * when they can be told without looking every node up by name: every status was recorded by
   * {@link #setAll} (or none was), every such node is the lister's own (it knows the position;
   * positions recorded with the nodes for that very list spare reading them), and the absent status
   * has another code, so only recorded nodes can match. Null otherwise.
   *
   * @param lister the nodes to look at
   * @param code the status code to select
   * @return the matching nodes' positions, a new array, or null when not known by position
   */
  public int[] positionsWithCode(NodeInfoLister lister, Code code) {
    if (!explicit.isEmpty() || absentStatus.code() == code) {
      return null;
    }
    if (pendingCount == 0) {
      return new int[0]; // nothing recorded: every node has the absent status
    }
    List<NodeInfo> all = lister.list();
    int[] known = pendingList == all ? pendingPositions : null;
    if (known != null && pendingCount == all.size() && allHave(code)) {
      // Every node of the list recorded (no name twice), each with the code: all positions.
      int[] every = new int[pendingCount];
      for (int p = 0; p < every.length; p++) {
        every[p] = p;
      }
      return every;
    }
    boolean[] matching = new boolean[all.size()];
    int count = 0;
    for (int i = 0; i < pendingCount; i++) {
      if (pendingStatuses[i].code() != code) {
        continue;
      }
      int position =
          known != null ? known[i] : IndexedNodeLister.positionIn(lister, pendingNodes[i]);
      if (position < 0) {
        return null;
      }
      if (!matching[position]) {
        matching[position] = true;
        count++;
      }
    }
    int[] positions = new int[count];
    for (int p = 0, k = 0; k < count; p++) {
      if (matching[p]) {
        positions[k++] = p;
      }
    }
    return positions;
  }

  /** Whether every status recorded by {@link #setAll} has {@code code}. */
  private boolean allHave(Code code) {
    for (int i = 0; i < pendingCount; i++) {
      if (pendingStatuses[i].code() != code) {
        return false;
      }
    }
    return true;
  }

  /** {@link #nodesWithCode} from {@link #positionsWithCode}; null when that is. */
  private List<NodeInfo> byPosition(NodeInfoLister lister, Code code) {
    int[] positions = positionsWithCode(lister, code);
    if (positions == null) {
      return null;
    }
    List<NodeInfo> all = lister.list();
    if (positions.length == all.size()) {
      // Every node (a preemptor that fits nowhere): one array copy, the nodes unread.
      @SuppressWarnings("unchecked")
      List<NodeInfo> copy = (List<NodeInfo>) (List<?>) Arrays.asList(all.toArray());
      return Collections.unmodifiableList(copy);
    }
    NodeInfo[] out = new NodeInfo[positions.length];
    for (int k = 0; k < out.length; k++) {
      out[k] = all.get(positions[k]);
    }
    return Collections.unmodifiableList(Arrays.asList(out));
  }
}
