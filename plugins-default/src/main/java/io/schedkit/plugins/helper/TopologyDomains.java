package io.schedkit.plugins.helper;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeInfoLister;
import io.schedkit.framework.fastpath.IndexedNodeLister;
import io.schedkit.framework.model.Node;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Dense ids for the values of one node label key (a topology key, each value a domain), and the
 * domain of the node at each position of a snapshot's node list, kept from cycle to cycle. A plugin
 * that keeps its per-domain totals in arrays indexed by these ids reads a node's total with two
 * array reads, given the node's position ({@link
 * io.schedkit.framework.fastpath.IndexedNodeLister#positionOf}), instead of looking the node's
 * label up and then the value in a map.
 *
 * <p>Ids are stable until the values seen outgrow the nodes by far (nodes come and go with new
 * names, in a simulation that runs long): {@link #refresh} then numbers the current values afresh
 * and bumps {@link #epoch()}, and holders of per-id arrays rebuild them.
 *
 * <p>Design note (threads): {@link #refresh} and {@link #idOf} write and belong to the sequential
 * points of a cycle (PreFilter, PreScore); {@link #at} only reads and may be called by concurrent
 * Filter and Score workers once the refresh of the cycle is done.
 */
public final class TopologyDomains {
  /** What {@link #at} answers for a position whose NodeInfo has no node. */
  public static final int NO_NODE = -2;

  private final String key;
  private final Map<String, Integer> ids = new HashMap<>();
  private final List<String> values = new ArrayList<>();
  private int[] atPosition = new int[0];
  // The node each position's domain was read from.
  private Node[] nodeAt = new Node[0];
  private int epoch;
  private final NodeListChanges changes = new NodeListChanges();

  /**
   * Domains of the values of {@code key}, with no nodes seen yet.
   *
   * @param key the node label key
   */
  public TopologyDomains(String key) {
    this.key = key;
  }

  /**
   * The label key.
   *
   * @return the key whose values are numbered
   */
  public String key() {
    return key;
  }

  /**
   * The numbering's epoch: ids given in one epoch mean nothing in another.
   *
   * @return the epoch
   */
  public int epoch() {
    return epoch;
  }

  /**
   * The id of {@code value}, given on first use.
   *
   * @param value a value of the key
   * @return its id, at least 0
   */
  public int idOf(String value) {
    Integer id = ids.get(value);
    if (id == null) {
      id = ids.size();
      ids.put(value, id);
      values.add(value);
    }
    return id;
  }

  /**
   * The value numbered {@code id} in this epoch.
   *
   * @param id an id {@link #idOf} gave in this epoch
   * @return the value
   */
  public String valueOf(int id) {
    return values.get(id);
  }

  /**
   * The number of ids given in this epoch; every id is below it.
   *
   * @return the number of values numbered
   */
  public int size() {
    return ids.size();
  }

  /**
   * The domain of the node at {@code position} of the node list last {@linkplain #refresh
   * refreshed}.
   *
   * @param position a position of that list
   * @return the id of the node's value of the key, or -1 when the node lacks the key ({@link
   *     #NO_NODE}, also negative, when the NodeInfo there has no node)
   */
  public int at(int position) {
    return atPosition[position];
  }

  /**
   * Brings the positions up to date with {@code lister}'s node list, re-reading only the positions
   * replaced since the last refresh when the lister can tell.
   *
   * @param lister the snapshot whose positions {@link #at} is asked about next
   */
  public void refresh(NodeInfoLister lister) {
    List<NodeInfo> nodes = lister.list();
    int n = nodes.size();
    if (ids.size() > 2 * n + 64) {
      ids.clear();
      values.clear();
      epoch++;
      changes.reset();
    }
    changes.update(
        lister,
        nodes,
        IndexedNodeLister.replacesChangedNodes(lister),
        atPosition.length == n,
        p -> {
          // Another state of the same node object has the same labels, so the same domain.
          Node node = nodes.get(p).node();
          if (node == null || node != nodeAt[p]) {
            atPosition[p] = domainOf(nodes.get(p));
            nodeAt[p] = node;
          }
        },
        () -> {
          int[] fresh = new int[n];
          Node[] freshNodes = new Node[n];
          for (int p = 0; p < n; p++) {
            fresh[p] = domainOf(nodes.get(p));
            freshNodes[p] = nodes.get(p).node();
          }
          atPosition = fresh;
          nodeAt = freshNodes;
        });
  }

  private int domainOf(NodeInfo info) {
    if (info.node() == null) {
      return NO_NODE;
    }
    String value = info.labels().get(key);
    return value == null ? -1 : idOf(value);
  }
}
