package io.schedkit.plugins.interpodaffinity;

import io.schedkit.framework.AffinityTerm;
import io.schedkit.framework.ObjectLister;
import io.schedkit.framework.PodMatcher;
import io.schedkit.framework.WeightedAffinityTerm;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.Namespace;
import io.schedkit.framework.model.Pod;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Affinity-term helpers shared by filtering, scoring and the queueing hints: resolving the incoming
 * pod's namespace selectors, matching, and the keys of the memoized {@link PodMatcher}s.
 *
 * <p>Design note: the incoming pod's terms are resolved once per cycle, as upstream does — a
 * non-empty {@code namespaceSelector} is replaced by the names of the namespaces it selects now, an
 * empty one ({@code {}}) stays and matches every namespace. A resolved term is then a pure function
 * of an existing pod (namespace name and labels), which is what lets {@link
 * io.schedkit.framework.NodeInfo#countMatching} memoize its counts across cycles: the matcher key
 * holds the resolved term, so a namespace relabelling yields a new key, not a stale count. Existing
 * pods' terms are never resolved; they are matched against the incoming pod with its namespace's
 * labels.
 */
final class Terms {
  private Terms() {}

  /** Key of the matcher counting existing pods that match every term of {@code terms}. */
  private record MatchesAll(List<AffinityTerm> terms) {}

  /** Key of the matcher counting existing pods that match {@code term}. */
  private record MatchesTerm(AffinityTerm term) {}

  /** The labels of namespace {@code name}, empty when the namespace is unknown. */
  static Map<String, String> namespaceLabels(ObjectLister objects, String name) {
    return objects.namespace(name).map(Namespace::labels).orElse(Map.of());
  }

  /** Resolves the namespace selectors of an incoming pod's terms (see the class note). */
  static final class Resolver {
    private final ObjectLister objects;
    private List<Namespace> namespaces;

    Resolver(ObjectLister objects) {
      this.objects = objects;
    }

    /** {@code term} with a non-empty namespace selector replaced by the names it selects. */
    AffinityTerm resolve(AffinityTerm term) {
      LabelSelector selector = term.namespaceSelector();
      if (selector == null || selector.isEmpty()) {
        return term;
      }
      if (namespaces == null) {
        namespaces = objects.namespaces();
      }
      Set<String> names = new HashSet<>(term.namespaces());
      for (Namespace ns : namespaces) {
        if (selector.matches(ns.labels())) {
          names.add(ns.name());
        }
      }
      return new AffinityTerm(names, null, term.selector(), term.topologyKey());
    }

    List<AffinityTerm> resolveAll(List<AffinityTerm> terms) {
      if (terms.isEmpty()) {
        return List.of();
      }
      List<AffinityTerm> out = new ArrayList<>(terms.size());
      for (AffinityTerm t : terms) {
        out.add(resolve(t));
      }
      return List.copyOf(out);
    }

    List<WeightedAffinityTerm> resolveWeighted(List<WeightedAffinityTerm> terms) {
      if (terms.isEmpty()) {
        return List.of();
      }
      List<WeightedAffinityTerm> out = new ArrayList<>(terms.size());
      for (WeightedAffinityTerm t : terms) {
        out.add(new WeightedAffinityTerm(resolve(t.term()), t.weight()));
      }
      return List.copyOf(out);
    }
  }

  /**
   * Whether {@code pod} matches a resolved term of the incoming pod. Resolved terms need no
   * namespace labels: their selector is either gone or empty (upstream passes nil labels).
   */
  static boolean matchesResolved(AffinityTerm term, Pod pod) {
    return term.matches(pod, Map.of());
  }

  /** Whether {@code pod} matches every one of {@code terms}; false when there are none. */
  static boolean matchesAll(List<AffinityTerm> terms, Pod pod, Map<String, String> nsLabels) {
    if (terms.isEmpty()) {
      return false;
    }
    for (int i = 0, n = terms.size(); i < n; i++) {
      if (!terms.get(i).matches(pod, nsLabels)) {
        return false;
      }
    }
    return true;
  }

  /** The matcher counting existing pods that match all the resolved {@code terms}. */
  static PodMatcher allTermsMatcher(List<AffinityTerm> terms) {
    String namespace = null;
    List<LabelSelector> selectors = new ArrayList<>(terms.size());
    for (AffinityTerm t : terms) {
      namespace = namespace == null ? soleNamespace(t) : namespace;
      selectors.add(t.selector());
    }
    return PodMatcher.of(
        new MatchesAll(terms), p -> matchesAll(terms, p.pod(), Map.of()), namespace, selectors);
  }

  /** The matcher counting existing pods that match the resolved {@code term}. */
  static PodMatcher termMatcher(AffinityTerm term) {
    return PodMatcher.of(
        new MatchesTerm(term),
        p -> matchesResolved(term, p.pod()),
        soleNamespace(term),
        Collections.singletonList(term.selector()));
  }

  /** The one namespace a resolved term covers, or null when it may cover several. */
  private static String soleNamespace(AffinityTerm term) {
    return term.namespaceSelector() == null && term.namespaces().size() == 1
        ? term.namespaces().iterator().next()
        : null;
  }
}
