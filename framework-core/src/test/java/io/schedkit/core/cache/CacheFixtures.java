package io.schedkit.core.cache;

import io.schedkit.framework.HostPort;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Resource;
import io.schedkit.framework.model.Affinity;
import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.ContainerPort;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.LabelSelectorOperator;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodAffinity;
import io.schedkit.framework.model.PodAffinityTerm;
import io.schedkit.framework.model.ResourceList;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** Pods, nodes and NodeInfo summaries shared by the cache tests. */
final class CacheFixtures {
  private CacheFixtures() {}

  /**
   * Upstream's {@code makeBasePod}: one container requesting {@code cpu} and {@code mem} (nothing
   * when {@code cpu} is empty) and {@code extended} ({@code name:quantity}, or empty), with {@code
   * ports}; namespace {@code node_info_cache_test}, UID = name.
   */
  static Pod basePod(
      String nodeName,
      String name,
      String cpu,
      String mem,
      String extended,
      ContainerPort... ports) {
    Container.Builder c = Container.builder().name("container").image("pause");
    if (!cpu.isEmpty()) {
      c.request("cpu", cpu).request("memory", mem);
      if (!extended.isEmpty()) {
        String[] parts = extended.split(":");
        c.request(parts[0], parts[1]);
      }
    }
    for (ContainerPort p : ports) {
      c.port(p);
    }
    return Pod.builder()
        .name(name)
        .namespace("node_info_cache_test")
        .uid(name)
        .nodeName(nodeName)
        .container(c.build())
        .build();
  }

  /** A container port with host port {@code hostPort} (0 for none). */
  static ContainerPort port(String hostIp, int hostPort, String protocol) {
    return ContainerPort.builder()
        .containerPort(hostPort)
        .hostPort(hostPort)
        .hostIP(hostIp)
        .protocol(protocol)
        .build();
  }

  /** A pod without requests in namespace {@code test-ns}. */
  static Pod pod(String name, String uid, String nodeName) {
    return Pod.builder().name(name).namespace("test-ns").uid(uid).nodeName(nodeName).build();
  }

  /** Upstream's {@code PodAffinityExists(key, topologyKey, required)}. */
  static Affinity requiredAffinityExists(String key, String topologyKey) {
    LabelSelector selector =
        LabelSelector.builder().matchExpression(key, LabelSelectorOperator.EXISTS).build();
    return Affinity.builder()
        .podAffinity(
            PodAffinity.builder()
                .required(
                    PodAffinityTerm.builder()
                        .labelSelector(selector)
                        .topologyKey(topologyKey)
                        .build())
                .build())
        .build();
  }

  /** A node labelled with {@code topology.kubernetes.io/region} and {@code zone}. */
  static Node zonedNode(String name, String region, String zone) {
    return Node.builder()
        .name(name)
        .label(NodeTree.LABEL_REGION, region)
        .label(NodeTree.LABEL_ZONE, zone)
        .build();
  }

  /** The resource vector of {@code name, quantity, ...}. */
  static Resource res(String... namesAndQuantities) {
    if (namesAndQuantities.length == 0) {
      return new Resource();
    }
    String[] more = new String[namesAndQuantities.length - 2];
    System.arraycopy(namesAndQuantities, 2, more, 0, more.length);
    return Resource.of(ResourceList.of(namesAndQuantities[0], namesAndQuantities[1], more));
  }

  /** A host port held on a node. */
  static HostPort hostPort(String ip, String protocol, int port) {
    return new HostPort(ip, protocol, port);
  }

  /** The UIDs of {@code pods}, sorted. */
  static Set<String> uids(List<PodInfo> pods) {
    Set<String> out = new TreeSet<>();
    for (PodInfo p : pods) {
      out.add(p.uid());
    }
    return out;
  }

  /**
   * Everything observable about a NodeInfo except its generation, as values (a later change to the
   * NodeInfo does not show here), with pod lists as UID sets (NodeInfo does not keep pods in a
   * meaningful order) and the used ports as a set.
   */
  record NodeSummary(
      String name,
      Node node,
      Set<String> pods,
      Resource requested,
      Resource nonZeroRequested,
      Resource allocatable,
      Set<HostPort> usedPorts,
      Set<String> podsWithAffinity,
      Set<String> podsWithRequiredAntiAffinity,
      Map<String, Long> imageSizes) {

    static NodeSummary of(NodeInfo info) {
      return new NodeSummary(
          info.name(),
          info.node(),
          uids(info.pods()),
          info.requested().copy(),
          info.nonZeroRequested().copy(),
          info.allocatable().copy(),
          Set.copyOf(info.usedPorts().ports()),
          uids(info.podsWithAffinity()),
          uids(info.podsWithRequiredAntiAffinity()),
          Map.copyOf(info.imageSizes()));
    }
  }

  /** Summaries of a list of NodeInfos, by name, in list order. */
  static Map<String, NodeSummary> summaries(List<NodeInfo> infos) {
    Map<String, NodeSummary> out = new LinkedHashMap<>();
    for (NodeInfo info : infos) {
      out.put(info.name(), NodeSummary.of(info));
    }
    return out;
  }

  /** The names of {@code infos}, in order. */
  static List<String> names(List<NodeInfo> infos) {
    List<String> out = new ArrayList<>();
    for (NodeInfo info : infos) {
      out.add(info.name());
    }
    return out;
  }

  /** The round-robin order of {@code zones} (zones in order, nodes in order within a zone). */
  static List<String> roundRobin(Map<String, List<String>> zones) {
    List<String> out = new ArrayList<>();
    int total = zones.values().stream().mapToInt(List::size).sum();
    for (int row = 0; out.size() < total; row++) {
      for (List<String> names : zones.values()) {
        if (row < names.size()) {
          out.add(names.get(row));
        }
      }
    }
    return out;
  }

  /**
   * Checks that {@code snapshot} is what the cache holds: its node list is the node tree's order,
   * each node's copy has the cache's aggregates, and the affinity lists hold, in list order, the
   * nodes with such pods (upstream's {@code compareCacheWithNodeInfoSnapshot}).
   *
   * @return a description of the first difference, or empty when they agree
   */
  static String compareWithCache(SchedulerCache cache, Snapshot snapshot) {
    SchedulerCache.Dump dump = cache.dump();
    List<String> order = roundRobin(cache.zones());
    if (!names(snapshot.list()).equals(order)) {
      return "node order " + names(snapshot.list()) + ", tree order " + order;
    }
    Map<String, NodeSummary> live = new HashMap<>();
    dump.nodes()
        .forEach(
            (name, info) -> {
              if (info.node() != null) {
                live.put(name, NodeSummary.of(info));
              }
            });
    Map<String, NodeSummary> got = summaries(snapshot.list());
    if (!new HashMap<>(got).equals(live)) {
      return "snapshot nodes " + got + ", cache nodes " + live;
    }
    List<String> affinity = new ArrayList<>();
    List<String> antiAffinity = new ArrayList<>();
    for (NodeInfo info : snapshot.list()) {
      if (!info.podsWithAffinity().isEmpty()) {
        affinity.add(info.name());
      }
      if (!info.podsWithRequiredAntiAffinity().isEmpty()) {
        antiAffinity.add(info.name());
      }
    }
    if (!names(snapshot.havePodsWithAffinity()).equals(affinity)) {
      return "havePodsWithAffinity "
          + names(snapshot.havePodsWithAffinity())
          + ", want "
          + affinity;
    }
    if (!names(snapshot.havePodsWithRequiredAntiAffinity()).equals(antiAffinity)) {
      return "havePodsWithRequiredAntiAffinity "
          + names(snapshot.havePodsWithRequiredAntiAffinity())
          + ", want "
          + antiAffinity;
    }
    for (String name : order) {
      if (snapshot.get(name).isEmpty()) {
        return "get(" + name + ") is empty";
      }
    }
    return "";
  }
}
