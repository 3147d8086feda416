package io.schedkit.plugins.nodeaffinity;

import io.schedkit.framework.ActionType;
import io.schedkit.framework.ClusterEvent;
import io.schedkit.framework.ClusterEventWithHint;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.EnqueueExtensions;
import io.schedkit.framework.EventResource;
import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeScores;
import io.schedkit.framework.PluginArgs.FieldError;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PreFilterPlugin;
import io.schedkit.framework.PreFilterResult;
import io.schedkit.framework.PreScorePlugin;
import io.schedkit.framework.QueueingHint;
import io.schedkit.framework.ScoreExtensions;
import io.schedkit.framework.ScorePlugin;
import io.schedkit.framework.StateData;
import io.schedkit.framework.StateKey;
import io.schedkit.framework.Status;
import io.schedkit.framework.fastpath.NodeLocalFilter;
import io.schedkit.framework.model.Affinity;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.NodeSelector;
import io.schedkit.framework.model.NodeSelectorOperator;
import io.schedkit.framework.model.NodeSelectorRequirement;
import io.schedkit.framework.model.NodeSelectorTerm;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PreferredSchedulingTerm;
import io.schedkit.plugins.helper.NormalizeScores;
import io.schedkit.plugins.helper.ObjectChange;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Places pods according to their node selector and node affinity, and the affinity the profile adds
 * to every pod (upstream {@code NodeAffinity}, PreFilter, Filter, PreScore, Score and
 * NormalizeScore; weight 2 in the default profile).
 *
 * <p>Required: {@code spec.nodeSelector} (each key present with exactly that value) AND the
 * required node selector terms (ORed; requirements within a term ANDed; empty or invalid terms
 * match nothing). The args' {@code addedAffinity} is checked first.
 *
 * <ul>
 *   <li>PreFilter: Skip without a node selector, required node affinity or added affinity.
 *       Otherwise compiles the requirements; when every required term has {@code metadata.name In}
 *       field requirements, narrows the nodes to the union over terms of the intersection of each
 *       term's names, UnschedulableAndUnresolvable {@code pod affinity terms conflict} when that is
 *       empty. O(terms).
 *   <li>Filter: UnschedulableAndUnresolvable {@code node(s) didn't match scheduler-enforced node
 *       affinity} when the added affinity does not match, {@code node(s) didn't match Pod's node
 *       affinity/selector} when the pod's requirements do not. O(selector + requirements) per node.
 *   <li>PreScore: Skip when neither the pod nor the args have preferred terms; Error when a pod's
 *       preferred term (weight ≠ 0) does not parse. O(terms).
 *   <li>Score: the sum of the weights of the matching preferred terms of the pod and of the added
 *       affinity (terms with weight 0 or no requirement are ignored). O(requirements) per node.
 *   <li>NormalizeScore: {@link NormalizeScores#defaultNormalizeScore} (the best node gets 100).
 *       O(N).
 * </ul>
 */
public final class NodeAffinity
    implements PreFilterPlugin,
        NodeLocalFilter,
        PreScorePlugin,
        ScorePlugin,
        ScoreExtensions,
        EnqueueExtensions {
  /** The plugin name. */
  public static final String NAME = "NodeAffinity";

  /** The Filter reason when the pod's node selector or required node affinity does not match. */
  public static final String ERR_REASON_POD = "node(s) didn't match Pod's node affinity/selector";

  /** The Filter reason when the profile's added affinity does not match. */
  public static final String ERR_REASON_ENFORCED =
      "node(s) didn't match scheduler-enforced node affinity";

  /** The PreFilter reason when the pod's {@code metadata.name} requirements exclude every node. */
  public static final String ERR_REASON_CONFLICT = "pod affinity terms conflict";

  private static final StateKey<PreFilterState> PRE_FILTER_KEY = StateKey.of("PreFilter" + NAME);
  private static final StateKey<PreScoreState> PRE_SCORE_KEY = StateKey.of("PreScore" + NAME);

  private static final String PREFERRED_PATH =
      "addedAffinity.preferredDuringSchedulingIgnoredDuringExecution";

  /** The pod's compiled requirements; not affected by other pods, so shared by copies. */
  private record PreFilterState(RequiredNodeAffinity required) implements StateData {}

  /** The pod's usable preferred terms; read-only. */
  private record PreScoreState(List<PreferredSchedulingTerm> preferred) implements StateData {}

  private final NodeSelector addedNodeSelector;
  private final List<PreferredSchedulingTerm> addedPreferred;

  /**
   * Creates the plugin.
   *
   * @param args the args; {@code addedAffinity} may be null
   * @param handle the profile's handle (unused)
   * @throws IllegalArgumentException if the added affinity does not parse
   */
  public NodeAffinity(NodeAffinityArgs args, FrameworkHandle handle) {
    List<FieldError> errors = args.validate();
    if (!errors.isEmpty()) {
      List<String> messages = new ArrayList<>();
      for (FieldError e : errors) {
        messages.add(e.render(""));
      }
      throw new IllegalArgumentException(String.join("; ", messages));
    }
    io.schedkit.framework.model.NodeAffinity added = args.addedAffinity();
    this.addedNodeSelector = added == null ? null : added.required();
    this.addedPreferred =
        added == null || added.preferred().isEmpty() ? null : usable(added.preferred());
  }

  @Override
  public String name() {
    return NAME;
  }

  // ------------------------------------------------------------------------------- filtering

  @Override
  public PreFilterResult preFilter(CycleState state, PodInfo pod, List<NodeInfo> nodes) {
    Pod p = pod.pod();
    NodeSelector required = RequiredNodeAffinity.requiredOf(p);
    if (required == null && addedNodeSelector == null && p.spec().nodeSelector().isEmpty()) {
      return PreFilterResult.skip();
    }
    state.write(PRE_FILTER_KEY, new PreFilterState(RequiredNodeAffinity.of(p)));
    if (required == null || required.nodeSelectorTerms().isEmpty()) {
      return PreFilterResult.success();
    }
    Set<String> nodeNames = null;
    for (NodeSelectorTerm term : required.nodeSelectorTerms()) {
      Set<String> termNames = null;
      for (NodeSelectorRequirement r : term.matchFields()) {
        if (NodeSelectorRequirement.OBJECT_NAME_FIELD.equals(r.key())
            && r.operator() == NodeSelectorOperator.IN) {
          // Requirements within a term are ANDed: intersect.
          Set<String> names = new HashSet<>(r.values());
          if (termNames == null) {
            termNames = names;
          } else {
            termNames.retainAll(names);
          }
        }
      }
      if (termNames == null) {
        // Terms are ORed, and this one does not pin node names: every node is eligible.
        return PreFilterResult.success();
      }
      if (nodeNames == null) {
        nodeNames = new HashSet<>();
      }
      nodeNames.addAll(termNames);
    }
    if (nodeNames.isEmpty()) {
      return PreFilterResult.of(Status.unresolvable(ERR_REASON_CONFLICT));
    }
    return PreFilterResult.nodes(nodeNames);
  }

  @Override
  public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
    Node n = node.node();
    if (addedNodeSelector != null && !addedNodeSelector.matches(n)) {
      return Status.unresolvable(ERR_REASON_ENFORCED);
    }
    RequiredNodeAffinity required =
        state
            .find(PRE_FILTER_KEY)
            .map(PreFilterState::required)
            .orElseGet(() -> RequiredNodeAffinity.of(pod.pod()));
    return required.matches(n) ? Status.success() : Status.unresolvable(ERR_REASON_POD);
  }

  // ------------------------------------------------------------------------------- scoring

  @Override
  public Status preScore(CycleState state, PodInfo pod, List<NodeInfo> nodes) {
    List<PreferredSchedulingTerm> preferred;
    try {
      preferred = podPreferred(pod.pod());
    } catch (IllegalArgumentException e) {
      return Status.error(e);
    }
    if (preferred == null && addedPreferred == null) {
      return Status.skip();
    }
    state.write(PRE_SCORE_KEY, new PreScoreState(preferred));
    return Status.success();
  }

  /**
   * Sums the weights of the matching preferred terms.
   *
   * @throws IllegalArgumentException if PreScore did not run and a pod's preferred term does not
   *     parse
   */
  @Override
  public long score(CycleState state, PodInfo pod, NodeInfo node) {
    Node n = node.node();
    long score = addedPreferred == null ? 0 : sumMatching(addedPreferred, n);
    var s = state.find(PRE_SCORE_KEY);
    List<PreferredSchedulingTerm> preferred =
        s.isPresent() ? s.get().preferred() : podPreferred(pod.pod());
    if (preferred != null) {
      score += sumMatching(preferred, n);
    }
    return score;
  }

  @Override
  public Status normalizeScore(CycleState state, PodInfo pod, NodeScores scores) {
    return NormalizeScores.defaultNormalizeScore(MAX_NODE_SCORE, false, scores);
  }

  private static long sumMatching(List<PreferredSchedulingTerm> terms, Node node) {
    long sum = 0;
    for (int i = 0, n = terms.size(); i < n; i++) {
      PreferredSchedulingTerm t = terms.get(i);
      if (t.preference().matches(node)) {
        sum += t.weight();
      }
    }
    return sum;
  }

  /**
   * The pod's usable preferred terms; null when the pod declares none.
   *
   * @throws IllegalArgumentException with upstream's parse errors if a term with a weight does not
   *     parse
   */
  private static List<PreferredSchedulingTerm> podPreferred(Pod pod) {
    Affinity affinity = pod.spec().affinity();
    if (affinity == null
        || affinity.nodeAffinity() == null
        || affinity.nodeAffinity().preferred().isEmpty()) {
      return null;
    }
    List<PreferredSchedulingTerm> terms = affinity.nodeAffinity().preferred();
    List<FieldError> errors =
        new NodeAffinityArgs(
                io.schedkit.framework.model.NodeAffinity.builder()
                    .preferredDuringSchedulingIgnoredDuringExecution(terms)
                    .build())
            .validate();
    if (!errors.isEmpty()) {
      // Upstream parses the pod's terms without a field path: "[0].matchExpressions[0]...".
      List<String> messages = new ArrayList<>();
      for (FieldError e : errors) {
        String field = e.field().substring(PREFERRED_PATH.length());
        messages.add(new FieldError(e.type(), field, e.value(), e.detail()).render(""));
      }
      throw new IllegalArgumentException(
          messages.size() == 1 ? messages.get(0) : "[" + String.join(", ", messages) + "]");
    }
    return usable(terms);
  }

  /** The terms that count: a non-zero weight and at least one requirement. */
  private static List<PreferredSchedulingTerm> usable(List<PreferredSchedulingTerm> terms) {
    List<PreferredSchedulingTerm> out = new ArrayList<>(terms.size());
    for (PreferredSchedulingTerm t : terms) {
      if (t.weight() != 0 && !t.preference().isEmpty()) {
        out.add(t);
      }
    }
    return List.copyOf(out);
  }

  // ------------------------------------------------------------------------------- queueing

  /**
   * Node Add | UpdateNodeLabel with a hint (with queueing hints upstream registers no node taint
   * update).
   */
  @Override
  public List<ClusterEventWithHint> eventsToRegister() {
    return List.of(
        ClusterEventWithHint.of(
            ClusterEvent.of(EventResource.NODE, ActionType.ADD.or(ActionType.UPDATE_NODE_LABEL)),
            this::isSchedulableAfterNodeChange));
  }

  /**
   * Queue when the added or updated node matches the added affinity and the pod's requirements,
   * and, for an update, did not match them before. A requirement that does not parse queues the
   * pod, as upstream's hint does with the parse error.
   *
   * @throws IllegalArgumentException if an object is not a node
   */
  QueueingHint isSchedulableAfterNodeChange(Pod pod, Object oldObject, Object newObject) {
    ObjectChange<Node> change = ObjectChange.of(Node.class, oldObject, newObject);
    Node modified = change.newObject();
    if (addedNodeSelector != null && !addedNodeSelector.matches(modified)) {
      return QueueingHint.QUEUE_SKIP;
    }
    RequiredNodeAffinity required = RequiredNodeAffinity.of(pod);
    RequiredNodeAffinity.Match now = required.match(modified);
    if (now == RequiredNodeAffinity.Match.PARSE_ERROR) {
      return QueueingHint.QUEUE;
    }
    if (now == RequiredNodeAffinity.Match.NO) {
      return QueueingHint.QUEUE_SKIP;
    }
    if (change.oldObject() == null) {
      return QueueingHint.QUEUE;
    }
    RequiredNodeAffinity.Match before = required.match(change.oldObject());
    return before == RequiredNodeAffinity.Match.YES ? QueueingHint.QUEUE_SKIP : QueueingHint.QUEUE;
  }
}
