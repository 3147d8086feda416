package io.schedkit.plugins.interpodaffinity;

import io.schedkit.framework.AffinityTerm;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.QueueingHint;
import io.schedkit.framework.model.Affinity;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodAffinityTerm;
import io.schedkit.plugins.helper.ObjectChange;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * InterPodAffinity's queueing hints (upstream's {@code isSchedulableAfterPodChange} and {@code
 * isSchedulableAfterNodeChange}), as pure functions of the rejected pod and the changed object.
 *
 * <p>As upstream, terms are matched without namespace labels (a {@code namespaceSelector} only
 * matches through its empty form), and several terms count as one: a pod must match all of them.
 * The pod hint includes upstream's late-2025 fixes: a label change of the rejected pod itself, and
 * the deletion of a pod whose required anti-affinity rejected it, both queue the pod.
 */
final class Hints {
  private Hints() {}

  /** Whether a pod add, label update or delete may make {@code pod} schedulable. */
  static QueueingHint afterPodChange(Pod pod, Object oldObj, Object newObj) {
    ObjectChange<Pod> change = ObjectChange.of(Pod.class, oldObj, newObj);
    Pod original = change.oldObject();
    Pod modified = change.newObject();
    if (original != null
        && modified != null
        && samePod(modified, pod)
        && !original.labels().equals(modified.labels())) {
      // The rejected pod's own labels decide whether it matches its own affinity terms and
      // existing pods' anti-affinity terms.
      return QueueingHint.QUEUE;
    }
    if ((modified != null && modified.nodeName().isEmpty())
        || (original != null && original.nodeName().isEmpty())) {
      return QueueingHint.QUEUE_SKIP;
    }
    List<AffinityTerm> terms = requiredTerms(pod, false);
    List<AffinityTerm> antiTerms = requiredTerms(pod, true);
    if (original != null && modified != null) {
      // Upstream's affinity looks for one pod matching every term, so the terms are checked
      // together.
      if (!matchesAll(terms, original) && matchesAll(terms, modified)) {
        return QueueingHint.QUEUE;
      }
      if (matchesAll(antiTerms, original) && !matchesAll(antiTerms, modified)) {
        return QueueingHint.QUEUE;
      }
      return QueueingHint.QUEUE_SKIP;
    }
    if (modified != null) {
      return matchesAll(terms, modified) ? QueueingHint.QUEUE : QueueingHint.QUEUE_SKIP;
    }
    if (original == null) {
      throw new IllegalArgumentException("pod event without old or new object");
    }
    if (matchesAll(antiTerms, original)) {
      return QueueingHint.QUEUE;
    }
    // The deleted pod's own anti-affinity may have been what kept the pod away.
    List<AffinityTerm> deletedAntiTerms = requiredTerms(original, true);
    return matchesAll(deletedAntiTerms, pod) ? QueueingHint.QUEUE : QueueingHint.QUEUE_SKIP;
  }

  /** Whether a node add or label update may make {@code pod} schedulable. */
  static QueueingHint afterNodeChange(Pod pod, Object oldObj, Object newObj) {
    ObjectChange<Node> change = ObjectChange.of(Node.class, oldObj, newObj);
    Node original = change.oldObject();
    Node modified = Objects.requireNonNull(change.newObject(), "node event without new node");
    Map<String, String> newLabels = modified.labels();
    for (AffinityTerm t : requiredTerms(pod, false)) {
      String key = t.topologyKey();
      if (original == null) {
        // A new node in some domain of the term.
        if (newLabels.containsKey(key)) {
          return QueueingHint.QUEUE;
        }
        continue;
      }
      String before = original.labels().get(key);
      String after = newLabels.get(key);
      // The node joined a domain, or moved to another one.
      if (after != null && !after.equals(before)) {
        return QueueingHint.QUEUE;
      }
    }
    for (AffinityTerm t : requiredTerms(pod, true)) {
      if (original == null) {
        // A node without the key always accepts the pod; one with it may be in a free domain.
        return QueueingHint.QUEUE;
      }
      String key = t.topologyKey();
      String before = original.labels().get(key);
      String after = newLabels.get(key);
      // The node left the term's domains (then it accepts the pod), or moved to another domain.
      // Gaining the key can only add conflicts.
      if (before != null && !before.equals(after)) {
        return QueueingHint.QUEUE;
      }
    }
    return QueueingHint.QUEUE_SKIP;
  }

  private static boolean matchesAll(List<AffinityTerm> terms, Pod pod) {
    return Terms.matchesAll(terms, pod, Map.of());
  }

  private static List<AffinityTerm> requiredTerms(Pod pod, boolean anti) {
    Affinity affinity = pod.spec().affinity();
    if (affinity == null) {
      return List.of();
    }
    List<PodAffinityTerm> specTerms;
    if (anti) {
      specTerms =
          affinity.podAntiAffinity() == null ? List.of() : affinity.podAntiAffinity().required();
    } else {
      specTerms = affinity.podAffinity() == null ? List.of() : affinity.podAffinity().required();
    }
    List<AffinityTerm> out = new ArrayList<>(specTerms.size());
    for (PodAffinityTerm t : specTerms) {
      out.add(PodInfo.compile(pod, t));
    }
    return out;
  }

  private static boolean samePod(Pod a, Pod b) {
    return a.uid().isEmpty() || b.uid().isEmpty()
        ? a.key().equals(b.key())
        : a.uid().equals(b.uid());
  }
}
