package io.schedkit.plugins.podtopologyspread;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.Status;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.LabelSelectorRequirement;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.NodeInclusionPolicy;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.Taint;
import io.schedkit.framework.model.TaintEffect;
import io.schedkit.framework.model.TopologySpreadConstraint;
import io.schedkit.framework.model.UnsatisfiableConstraintAction;
import io.schedkit.plugins.podtopologyspread.PodTopologySpreadArgs.DefaultingType;
import io.schedkit.testing.FakeHandle;
import io.schedkit.testing.NodeWrapper;
import io.schedkit.testing.PodWrapper;
import io.schedkit.testing.Wrappers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The vocabulary of upstream's podtopologyspread tests, shared by this package's tests. */
final class PodTopologySpreadFixtures {
  static final LabelSelector FOO = Wrappers.makeLabelSelector().exists("foo").obj();
  static final LabelSelector BAR = Wrappers.makeLabelSelector().exists("bar").obj();
  static final NodeInclusionPolicy HONOR = NodeInclusionPolicy.HONOR;
  static final NodeInclusionPolicy IGNORE = NodeInclusionPolicy.IGNORE;
  static final UnsatisfiableConstraintAction DNS = UnsatisfiableConstraintAction.DO_NOT_SCHEDULE;
  static final UnsatisfiableConstraintAction SA = UnsatisfiableConstraintAction.SCHEDULE_ANYWAY;
  static final String HOSTNAME = "kubernetes.io/hostname";
  static final String ZONE = "topology.kubernetes.io/zone";
  static final String UNSCHEDULABLE_TAINT_KEY = "node.kubernetes.io/unschedulable";
  static final Taint UNSCHEDULABLE_TAINT =
      Taint.of(UNSCHEDULABLE_TAINT_KEY, "", TaintEffect.NO_SCHEDULE);

  private PodTopologySpreadFixtures() {}

  static PodWrapper pod(String name) {
    return Wrappers.makePod().name(name);
  }

  static NodeWrapper node(String name) {
    return Wrappers.makeNode().name(name);
  }

  /** A node labelled {@code zone=<zone>} and {@code node=<name>}, as most upstream cases. */
  static Node zoned(String name, String zone) {
    return node(name).label("zone", zone).label("node", name).obj();
  }

  /** A node labelled only {@code node=<name>}. */
  static Node named(String name) {
    return node(name).label("node", name).obj();
  }

  /** A node labelled only with its hostname. */
  static Node host(String name) {
    return node(name).label(HOSTNAME, name).obj();
  }

  /** A pod bound to {@code node} with the label pairs {@code labels} (key, value, ...). */
  static Pod on(String name, String node, String... labels) {
    PodWrapper p = pod(name).node(node);
    for (int i = 0; i < labels.length; i += 2) {
      p.label(labels[i], labels[i + 1]);
    }
    return p.obj();
  }

  /** A plain default constraint of the args. */
  static TopologySpreadConstraint defaultConstraint(
      int maxSkew, String key, UnsatisfiableConstraintAction action) {
    return TopologySpreadConstraint.builder()
        .maxSkew(maxSkew)
        .topologyKey(key)
        .whenUnsatisfiable(action)
        .build();
  }

  /** A compiled constraint with the default policies and minDomains. */
  static SpreadConstraint sc(int maxSkew, String key, LabelSelector selector) {
    return new SpreadConstraint(maxSkew, key, selector, 1, HONOR, IGNORE);
  }

  /** A compiled constraint with the given policies. */
  static SpreadConstraint sc(
      int maxSkew,
      String key,
      LabelSelector selector,
      NodeInclusionPolicy affinity,
      NodeInclusionPolicy taints) {
    return new SpreadConstraint(maxSkew, key, selector, 1, affinity, taints);
  }

  /** {@code selector} with {@code key In [value]} appended, as matchLabelKeys merge it. */
  static LabelSelector plusIn(LabelSelector selector, String key, String value) {
    List<LabelSelectorRequirement> exprs = new ArrayList<>(selector.matchExpressions());
    exprs.add(LabelSelectorRequirement.in(key, value));
    return new LabelSelector(selector.matchLabels(), exprs);
  }

  /** A selector of exactly these labels. */
  static LabelSelector labels(String... kv) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return LabelSelector.of(m);
  }

  /** Domain counts from pairs (domain, count, ...). */
  static Map<String, Integer> counts(Object... kv) {
    Map<String, Integer> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], (Integer) kv[i + 1]);
    }
    return m;
  }

  static PodTopologySpreadArgs listArgs(TopologySpreadConstraint... defaults) {
    return new PodTopologySpreadArgs(List.of(defaults), DefaultingType.LIST);
  }

  static FakeHandle handle(List<Node> nodes, List<Pod> pods, List<? extends KubeObject> objects) {
    return FakeHandle.builder().nodes(nodes).pods(pods).objects(objects).build();
  }

  static NodeInfo nodeInfo(FakeHandle handle, String name) {
    return handle.snapshot().get(name).orElseThrow();
  }

  /**
   * Expected Filter statuses from {@code "node-a:S node-b:U node-x:UU"}: S success, U
   * Unschedulable, UU UnschedulableAndUnresolvable, with the plugin's reasons.
   */
  static Map<String, Status> statuses(String spec) {
    Map<String, Status> out = new LinkedHashMap<>();
    for (String entry : spec.trim().split("\\s+")) {
      String[] parts = entry.split(":");
      Status s;
      switch (parts[1]) {
        case "S":
          s = Status.success();
          break;
        case "U":
          s = Status.unschedulable(PodTopologySpread.ERR_REASON_CONSTRAINTS_NOT_MATCH);
          break;
        case "UU":
          s = Status.unresolvable(PodTopologySpread.ERR_REASON_NODE_LABEL_NOT_MATCH);
          break;
        default:
          throw new IllegalArgumentException(entry);
      }
      out.put(parts[0], s);
    }
    return out;
  }
}
