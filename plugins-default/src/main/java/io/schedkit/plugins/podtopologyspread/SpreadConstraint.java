package io.schedkit.plugins.podtopologyspread;

import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PodMatcher;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.LabelSelectorRequirement;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.NodeInclusionPolicy;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.Taint;
import io.schedkit.framework.model.TaintEffect;
import io.schedkit.framework.model.Toleration;
import io.schedkit.framework.model.TopologySpreadConstraint;
import io.schedkit.framework.model.UnsatisfiableConstraintAction;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * A topology spread constraint as the plugin evaluates it (upstream's internal {@code
 * topologySpreadConstraint}): the pod's {@code matchLabelKeys} merged into the selector and every
 * unset field defaulted ({@code minDomains} 1, node affinity {@code Honor}, taints {@code Ignore}).
 *
 * <p>The selector keeps upstream's three cases apart: null matches nothing (an unset {@code
 * labelSelector}); an empty selector matches every pod when testing the incoming pod or an added
 * pod, but counts no existing pod (upstream's {@code countPodsMatchSelector} returns 0 for an empty
 * selector); any other selector matches by labels.
 *
 * @param maxSkew the largest allowed skew
 * @param topologyKey the node label that defines the domains
 * @param selector the selector of counted pods; null matches nothing
 * @param minDomains the minimum number of eligible domains
 * @param nodeAffinityPolicy whether the pod's node affinity limits the counted nodes
 * @param nodeTaintsPolicy whether untolerated taints limit the counted nodes
 */
record SpreadConstraint(
    int maxSkew,
    String topologyKey,
    LabelSelector selector,
    int minDomains,
    NodeInclusionPolicy nodeAffinityPolicy,
    NodeInclusionPolicy nodeTaintsPolicy) {

  /** The well-known hostname label: constraints on it are counted per node while scoring. */
  static final String HOSTNAME_LABEL = "kubernetes.io/hostname";

  /**
   * Compiles the constraints of {@code constraints} whose {@code whenUnsatisfiable} is {@code
   * action}, in order, merging {@code matchLabelKeys} with the values of {@code podLabels} ({@code
   * key In [value]}; keys the pod lacks are ignored, and a null selector stays null).
   */
  static List<SpreadConstraint> compile(
      List<TopologySpreadConstraint> constraints,
      Map<String, String> podLabels,
      UnsatisfiableConstraintAction action) {
    List<SpreadConstraint> out = new ArrayList<>(constraints.size());
    for (TopologySpreadConstraint c : constraints) {
      if (c.whenUnsatisfiable() != action) {
        continue;
      }
      out.add(
          new SpreadConstraint(
              c.maxSkew(),
              c.topologyKey(),
              mergeMatchLabelKeys(c.labelSelector(), c.matchLabelKeys(), podLabels),
              c.minDomains() == null ? 1 : c.minDomains(),
              c.nodeAffinityPolicy() == null ? NodeInclusionPolicy.HONOR : c.nodeAffinityPolicy(),
              c.nodeTaintsPolicy() == null ? NodeInclusionPolicy.IGNORE : c.nodeTaintsPolicy()));
    }
    return out;
  }

  private static LabelSelector mergeMatchLabelKeys(
      LabelSelector selector, List<String> keys, Map<String, String> podLabels) {
    if (selector == null || keys.isEmpty()) {
      return selector;
    }
    List<LabelSelectorRequirement> exprs = new ArrayList<>(selector.matchExpressions());
    boolean added = false;
    for (String key : keys) {
      String value = podLabels.get(key);
      if (value != null) {
        exprs.add(LabelSelectorRequirement.in(key, value));
        added = true;
      }
    }
    return added ? new LabelSelector(selector.matchLabels(), exprs) : selector;
  }

  /** A copy with {@code selector} (the default constraints take the pod's derived selector). */
  SpreadConstraint withSelector(LabelSelector selector) {
    return new SpreadConstraint(
        maxSkew, topologyKey, selector, minDomains, nodeAffinityPolicy, nodeTaintsPolicy);
  }

  /** Whether the constraint is on the hostname label. */
  boolean isHostname() {
    return HOSTNAME_LABEL.equals(topologyKey);
  }

  /** Whether {@code labels} match the selector (null matches nothing, empty matches all). */
  boolean matches(Map<String, String> labels) {
    return selector != null && selector.matches(labels);
  }

  /** Whether existing pods can count at all (null and empty selectors count none). */
  boolean countsExistingPods() {
    return selector != null && !selector.isEmpty();
  }

  /**
   * The memoizable question "is this existing pod a matching pod of a pod in {@code namespace}":
   * same namespace, not terminating, labels matched. Only valid when {@link #countsExistingPods()}.
   */
  PodMatcher matcher(String namespace) {
    LabelSelector s = selector;
    return PodMatcher.of(
        new MatchKey(namespace, s),
        p -> isMatchingPod(p, namespace, s),
        namespace,
        Collections.singletonList(s));
  }

  /** The naive form of {@link #matcher}: the number of the node's pods that count. */
  int countMatching(List<PodInfo> pods, String namespace) {
    if (!countsExistingPods()) {
      return 0;
    }
    int count = 0;
    for (int i = 0, n = pods.size(); i < n; i++) {
      if (isMatchingPod(pods.get(i), namespace, selector)) {
        count++;
      }
    }
    return count;
  }

  private static boolean isMatchingPod(PodInfo p, String namespace, LabelSelector selector) {
    Pod pod = p.pod();
    return !pod.isTerminating()
        && pod.namespace().equals(namespace)
        && selector.matches(pod.labels());
  }

  /**
   * Whether {@code node} takes part in the spreading of {@code pod} under this constraint's node
   * inclusion policies: {@code Honor} affinity needs the pod's node selector and required node
   * affinity to match, {@code Honor} taints needs every NoSchedule/NoExecute taint tolerated.
   */
  boolean includes(Pod pod, Node node, RequiredNodeAffinity affinity) {
    if (nodeAffinityPolicy == NodeInclusionPolicy.HONOR && !affinity.matches(node)) {
      return false;
    }
    return nodeTaintsPolicy != NodeInclusionPolicy.HONOR
        || !hasUntoleratedDoNotScheduleTaint(node, pod.spec().tolerations());
  }

  /** Whether {@code node} has a NoSchedule or NoExecute taint {@code tolerations} do not meet. */
  static boolean hasUntoleratedDoNotScheduleTaint(Node node, List<Toleration> tolerations) {
    for (Taint taint : node.taints()) {
      if ((taint.effect() == TaintEffect.NO_SCHEDULE || taint.effect() == TaintEffect.NO_EXECUTE)
          && !Toleration.tolerationsTolerateTaint(tolerations, taint)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a node's eligibility under every constraint of {@code constraints} is the presence of
   * their keys alone: no constraint honours taints, and those honouring node affinity have nothing
   * to honour ({@code affinity} matches all). Then {@link DomainTotals} can count for them.
   */
  static boolean keysAloneDecide(
      List<SpreadConstraint> constraints, RequiredNodeAffinity affinity) {
    for (int i = 0, n = constraints.size(); i < n; i++) {
      SpreadConstraint c = constraints.get(i);
      if (c.nodeTaintsPolicy == NodeInclusionPolicy.HONOR
          || (c.nodeAffinityPolicy == NodeInclusionPolicy.HONOR && !affinity.matchesAll())) {
        return false;
      }
    }
    return true;
  }

  /**
   * What, beyond the topology keys, decides whether this constraint counts a node for {@code pod}
   * (as {@link #includes}); null when nothing does (see {@link #keysAloneDecide}).
   */
  NodeInclusion inclusion(Pod pod, RequiredNodeAffinity affinity) {
    RequiredNodeAffinity honoured =
        nodeAffinityPolicy == NodeInclusionPolicy.HONOR && !affinity.matchesAll() ? affinity : null;
    List<Toleration> tolerations =
        nodeTaintsPolicy == NodeInclusionPolicy.HONOR ? pod.spec().tolerations() : null;
    return honoured == null && tolerations == null
        ? null
        : new NodeInclusion(honoured, tolerations);
  }

  /** The topology keys of {@code constraints}, in order. */
  static List<String> keysOf(List<SpreadConstraint> constraints) {
    List<String> keys = new ArrayList<>(constraints.size());
    for (SpreadConstraint c : constraints) {
      keys.add(c.topologyKey());
    }
    return List.copyOf(keys);
  }

  /** Whether {@code labels} hold the topology key of every constraint. */
  static boolean hasAllKeys(Map<String, String> labels, List<SpreadConstraint> constraints) {
    for (int i = 0, n = constraints.size(); i < n; i++) {
      if (!labels.containsKey(constraints.get(i).topologyKey())) {
        return false;
      }
    }
    return true;
  }

  /** The interning key of a matcher: what its predicate computes. */
  private record MatchKey(String namespace, LabelSelector selector) {}
}
