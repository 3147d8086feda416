package io.schedkit.core.cache;

import io.schedkit.framework.model.Node;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The names of the known nodes grouped by zone, listed round-robin across zones so that consecutive
 * nodes of a scheduling cycle's list come from different failure domains.
 *
 * <p>Design note: zones keep their insertion order and so do the nodes inside a zone; a zone that
 * loses its last node is dropped and goes to the end if it comes back, and a node whose zone
 * changes goes to the end of its new zone (kube-scheduler's {@code nodeTree}). Unlike upstream, the
 * tree remembers each node's zone, so removal and update do not depend on the caller passing the
 * node with the labels it was added with, and adding a node that is already present behaves as an
 * update. {@link #version()} changes on every change of membership or order, which tells a snapshot
 * when its node list must be rebuilt. Not thread-safe: {@link SchedulerCache} guards it with its
 * lock.
 */
final class NodeTree {
  /** The zone label. */
  static final String LABEL_ZONE = "topology.kubernetes.io/zone";

  /** The region label. */
  static final String LABEL_REGION = "topology.kubernetes.io/region";

  /** The deprecated zone label, which wins over {@link #LABEL_ZONE} when present. */
  static final String LABEL_FAILURE_DOMAIN_ZONE = "failure-domain.beta.kubernetes.io/zone";

  /** The deprecated region label, which wins over {@link #LABEL_REGION} when present. */
  static final String LABEL_FAILURE_DOMAIN_REGION = "failure-domain.beta.kubernetes.io/region";

  private final Map<String, List<String>> zones = new LinkedHashMap<>();
  private final Map<String, String> zoneOfNode = new HashMap<>();
  private long version;

  /**
   * The zone key of {@code node} (upstream {@code GetZoneKey}): {@code region + ":\0:" + zone},
   * each read from the deprecated {@code failure-domain.beta.kubernetes.io} label when that label
   * is present (even empty) and from the {@code topology.kubernetes.io} label otherwise; {@code ""}
   * when both region and zone are empty.
   */
  static String zoneKey(Node node) {
    Map<String, String> labels = node.labels();
    String zone = labelOr(labels, LABEL_FAILURE_DOMAIN_ZONE, LABEL_ZONE);
    String region = labelOr(labels, LABEL_FAILURE_DOMAIN_REGION, LABEL_REGION);
    if (region.isEmpty() && zone.isEmpty()) {
      return "";
    }
    return region + ":\u0000:" + zone;
  }

  private static String labelOr(Map<String, String> labels, String preferred, String fallback) {
    String value = labels.get(preferred);
    if (value == null) {
      value = labels.get(fallback);
    }
    return value == null ? "" : value;
  }

  /**
   * Adds {@code node} at the end of its zone; a node already in the tree stays where it is unless
   * its zone changed, in which case it moves to the end of its new zone.
   */
  void put(Node node) {
    String name = node.name();
    String zone = zoneKey(node);
    String current = zoneOfNode.get(name);
    if (zone.equals(current)) {
      return;
    }
    if (current != null) {
      detach(name, current);
    }
    zones.computeIfAbsent(zone, z -> new ArrayList<>()).add(name);
    zoneOfNode.put(name, zone);
    version++;
  }

  /** Removes the node named {@code nodeName}; returns whether it was in the tree. */
  boolean remove(String nodeName) {
    String zone = zoneOfNode.remove(nodeName);
    if (zone == null) {
      return false;
    }
    detach(nodeName, zone);
    version++;
    return true;
  }

  private void detach(String nodeName, String zone) {
    List<String> names = zones.get(zone);
    names.remove(nodeName);
    if (names.isEmpty()) {
      zones.remove(zone);
    }
  }

  /** Whether the node named {@code nodeName} is in the tree. */
  boolean contains(String nodeName) {
    return zoneOfNode.containsKey(nodeName);
  }

  /** The number of nodes. */
  int size() {
    return zoneOfNode.size();
  }

  /** A number that changes whenever membership or order changes. */
  long version() {
    return version;
  }

  /**
   * The node names round-robin across zones: the first node of every zone in zone order, then the
   * second node of every zone that has one, and so on.
   */
  List<String> list() {
    List<String> out = new ArrayList<>(zoneOfNode.size());
    List<List<String>> columns = new ArrayList<>(zones.values());
    for (int row = 0; out.size() < zoneOfNode.size(); row++) {
      for (List<String> column : columns) {
        if (row < column.size()) {
          out.add(column.get(row));
        }
      }
    }
    return out;
  }

  /** The zones in order, each with its node names in order (a copy, for tests and debugging). */
  Map<String, List<String>> zones() {
    Map<String, List<String>> copy = new LinkedHashMap<>();
    zones.forEach((zone, names) -> copy.put(zone, List.copyOf(names)));
    return Collections.unmodifiableMap(copy);
  }
}
