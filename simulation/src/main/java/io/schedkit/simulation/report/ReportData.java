package io.schedkit.simulation.report;

import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.OwnerReference;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodGroup;
import io.schedkit.framework.model.Workload;
import io.schedkit.simulation.SimulationResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/** One rendering's data: what the report recorded, arranged by node group and by workload. */
final class ReportData {
  /** The label grouping nodes by zone when every node has it. */
  static final String ZONE_LABEL = "topology.kubernetes.io/zone";

  /** The intervals the run is averaged over in the charts. */
  static final int BUCKETS = 120;

  private static final Pattern GENERATED_SUFFIX = Pattern.compile("-([0-9]+|[a-z0-9]{5})$");

  final Map<String, Node> nodesByName;
  final Map<String, Pod> podsByKey;
  final Map<String, PodGroup> podGroups;

  /** The workload controllers by {@link #controllerKey}. */
  final Map<String, Workload> controllers;

  final Timeline timeline;
  final UtilisationHistory history;

  /** The node label grouping nodes; null when they are not grouped. */
  final String groupLabel;

  final SimulationResult result;

  /** The end of the charts' time axis: the last event or the run's virtual time, at least 0. */
  final double end;

  final List<Timeline.PodLife> pods;
  final Map<String, Timeline.PodLife> lifeByPod = new HashMap<>();

  /** Every node, by group then name. */
  final List<String> nodeOrder;

  final Map<String, String> groupOf = new HashMap<>();
  final List<String> groups;

  /** The pods' lives of each workload, in order of first appearance. */
  final Map<String, List<Timeline.PodLife>> workloads = new LinkedHashMap<>();

  final Map<String, String> workloadColour = new HashMap<>();

  ReportData(
      Map<String, Node> nodesByName,
      Map<String, Pod> podsByKey,
      Map<String, PodGroup> podGroups,
      Map<String, Workload> controllers,
      Timeline timeline,
      UtilisationHistory history,
      String groupLabel,
      SimulationResult result) {
    this.nodesByName = nodesByName;
    this.podsByKey = podsByKey;
    this.podGroups = podGroups;
    this.controllers = controllers;
    this.timeline = timeline;
    this.history = history;
    this.groupLabel = groupLabel;
    this.result = result;
    double e = Math.max(timeline.end(), result.stats().virtualSeconds());
    this.end = e > 0 ? e : 1;
    this.pods = timeline.pods();
    for (Timeline.PodLife p : pods) {
      lifeByPod.put(p.pod(), p);
      workloads.computeIfAbsent(workload(p.pod()), w -> new ArrayList<>()).add(p);
    }
    int i = 0;
    for (String w : workloads.keySet()) {
      workloadColour.put(w, Charts.colour(i++));
    }
    Set<String> names = new LinkedHashSet<>(nodesByName.keySet());
    names.addAll(history.nodes());
    TreeSet<String> groupNames = new TreeSet<>();
    for (String n : names) {
      String g = group(n);
      groupOf.put(n, g);
      groupNames.add(g);
    }
    this.groups = List.copyOf(groupNames);
    List<String> order = new ArrayList<>(names);
    order.sort(Comparator.comparing((String n) -> groupOf.get(n)).thenComparing(n -> n));
    this.nodeOrder = order;
  }

  private String group(String node) {
    Node n = nodesByName.get(node);
    if (groupLabel == null) {
      return "nodes";
    }
    String g = n == null ? null : n.labels().get(groupLabel);
    return g == null ? "(no " + groupLabel + ")" : g;
  }

  /** How the report names a controller: {@code <kind> <namespace>/<name>}. */
  static String controllerKey(String kind, String namespace, String name) {
    return kind + " " + namespace + "/" + name;
  }

  /**
   * The workload of a pod: its controller ({@code <kind> <namespace>/<name>}, a Deployment's
   * through its ReplicaSet), so that a controller's pods are never merged with bare pods of the
   * same name; for a pod without a controller, its namespace and {@code app} label, or its name
   * without a generated suffix.
   */
  String workload(String pod) {
    Pod p = podsByKey.get(pod);
    Optional<OwnerReference> ref = p == null ? Optional.empty() : p.controllerRef();
    if (ref.isPresent()) {
      String kind = ref.get().kind();
      String name = ref.get().name();
      if (kind.equals(Workload.REPLICA_SET)) {
        Workload rs = controllers.get(controllerKey(kind, p.namespace(), name));
        Optional<OwnerReference> owner =
            rs == null
                ? Optional.empty()
                : rs.metadata().ownerReferences().stream()
                    .filter(OwnerReference::isController)
                    .findFirst();
        if (owner.isPresent() && owner.get().kind().equals(Workload.DEPLOYMENT)) {
          kind = Workload.DEPLOYMENT;
          name = owner.get().name();
        }
      }
      return controllerKey(kind, p.namespace(), name);
    }
    int slash = pod.indexOf('/');
    String namespace = slash < 0 ? "" : pod.substring(0, slash);
    String name = slash < 0 ? pod : pod.substring(slash + 1);
    String app = p == null ? null : p.labels().get("app");
    if (app == null && p != null) {
      app = p.labels().get("app.kubernetes.io/name");
    }
    if (app == null) {
      app = GENERATED_SUFFIX.matcher(name).replaceFirst("");
    }
    return namespace.isEmpty() ? app : namespace + "/" + app;
  }

  /** The pod group of a pod ({@code namespace/name}), or null when it belongs to none. */
  String groupOfPod(String pod) {
    Pod p = podsByKey.get(pod);
    String g = p == null ? null : p.labels().get(PodGroup.POD_GROUP_LABEL);
    return g == null ? null : p.namespace() + "/" + g;
  }

  /** The nodes of a group, in {@link #nodeOrder}. */
  List<String> membersOf(String group) {
    List<String> out = new ArrayList<>();
    for (String n : nodeOrder) {
      if (groupOf.get(n).equals(group)) {
        out.add(n);
      }
    }
    return out;
  }

  /** The resources charted: CPU, memory and the extended resources some node offers. */
  List<String> chartedResources() {
    List<String> out = new ArrayList<>();
    for (String r : history.resources()) {
      if (r.equals("cpu") || r.equals("memory") || (r.contains("/") && history.offered(r))) {
        out.add(r);
      }
    }
    return out;
  }

  /** Whether the nodes of {@code step} offered or used the resource at all. */
  boolean allocatableSomewhere(UtilisationHistory.Step step) {
    return step.allocatableAt(end) > 0 || step.peak(0, end) > 0;
  }

  /** Adds the time-weighted overlap of {@code [from, to)} with each interval. */
  void addInterval(double[] buckets, double from, double to) {
    if (!(to > from)) {
      return;
    }
    double width = end / buckets.length;
    int first = Math.max(0, (int) Math.floor(from / width));
    int last = Math.min(buckets.length - 1, (int) Math.floor(to / width));
    for (int b = first; b <= last; b++) {
      double lo = Math.max(from, b * width);
      double hi = Math.min(to, (b + 1) * width);
      if (hi > lo) {
        buckets[b] += (hi - lo) / width;
      }
    }
  }
}
