package io.schedkit.preemption.defaultpreemption;

import io.schedkit.framework.Code;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeInfoLister;
import io.schedkit.framework.NodeScore;
import io.schedkit.framework.NodeToStatus;
import io.schedkit.framework.Status;
import io.schedkit.framework.Victims;
import io.schedkit.framework.extender.Extender;
import io.schedkit.framework.extender.ExtenderFilterResult;
import io.schedkit.framework.model.IntOrString;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodDisruptionBudget;
import io.schedkit.testing.PodWrapper;
import io.schedkit.testing.Wrappers;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/** Shared values of the ported upstream tables ({@code default_preemption_test.go}). */
final class PreemptionFixtures {
  private PreemptionFixtures() {}

  static final int NEG = -100;
  static final int LOW = 0;
  static final int MID = 100;
  static final int HIGH = 1000;
  static final int VERY_HIGH = 10000;

  static final Map<String, String> SMALL = Map.of("cpu", "100m", "memory", "100");
  static final Map<String, String> MEDIUM = Map.of("cpu", "200m", "memory", "200");
  static final Map<String, String> LARGE = Map.of("cpu", "300m", "memory", "300");
  static final Map<String, String> VERY_LARGE = Map.of("cpu", "500m", "memory", "500");
  static final Map<String, String> ONE_POD = Map.of("pods", "1");

  static final Instant EPOCH = Instant.EPOCH;

  /** {@code metav1.NewTime(time.Unix(0, n))}. */
  static Instant epoch(int nanos) {
    return Instant.ofEpochSecond(0, nanos);
  }

  /** {@code st.MakePod().Name(name).UID(name)}. */
  static PodWrapper pod(String name) {
    return Wrappers.makePod().name(name).uid(name);
  }

  /** A budget in {@code default} matching {@code key=value}. */
  static PodDisruptionBudget pdb(String name, String key, String value, int disruptionsAllowed) {
    return PodDisruptionBudget.builder()
        .name(name)
        .namespace("default")
        .selector(LabelSelector.of(Map.of(key, value)))
        .disruptionsAllowed(disruptionsAllowed)
        .build();
  }

  /** A budget as {@link #pdb} with {@code minAvailable}. */
  static PodDisruptionBudget pdb(
      String name, String key, String value, String minAvailable, int disruptionsAllowed) {
    return pdb(name, key, value, disruptionsAllowed).toBuilder()
        .minAvailable(IntOrString.of(minAvailable))
        .build();
  }

  /** {@code framework.NewNodeToStatus(explicit, absent)}. */
  static NodeToStatus statuses(Map<String, Code> explicit, Code absent) {
    Map<String, Status> m = new LinkedHashMap<>();
    explicit.forEach((node, code) -> m.put(node, Status.of(code)));
    return new NodeToStatus(m, Status.of(absent));
  }

  /** Every node of {@code names} Unschedulable, absent nodes UnschedulableAndUnresolvable. */
  static NodeToStatus unschedulable(String... names) {
    Map<String, Code> m = new LinkedHashMap<>();
    for (String n : names) {
      m.put(n, Code.UNSCHEDULABLE);
    }
    return statuses(m, Code.UNSCHEDULABLE_AND_UNRESOLVABLE);
  }

  /** The names of pods, in order. */
  static List<String> names(List<Pod> pods) {
    return pods.stream().map(Pod::name).toList();
  }

  /**
   * Upstream's {@code tf.FakeExtender} in its default (not node-cache-capable) preemption mode: it
   * keeps the candidate nodes its predicate accepts, with their victims unchanged, or fails.
   */
  static final class PredicateExtender implements Extender {
    private final String name;
    private final Predicate<String> nodePredicate;
    private final boolean failing;
    private boolean ignorable;
    private boolean interested = true;

    private PredicateExtender(String name, Predicate<String> nodePredicate, boolean failing) {
      this.name = name;
      this.nodePredicate = nodePredicate;
      this.failing = failing;
    }

    /** {@code TruePredicateExtender}. */
    static PredicateExtender allowingAll(String name) {
      return new PredicateExtender(name, n -> true, false);
    }

    /** {@code FalsePredicateExtender}. */
    static PredicateExtender allowingNone(String name) {
      return new PredicateExtender(name, n -> false, false);
    }

    /** {@code Node1PredicateExtender}. */
    static PredicateExtender allowingNode1(String name) {
      return new PredicateExtender(name, "node1"::equals, false);
    }

    /** {@code ErrorPredicateExtender}. */
    static PredicateExtender failing(String name) {
      return new PredicateExtender(name, n -> true, true);
    }

    PredicateExtender ignorable() {
      this.ignorable = true;
      return this;
    }

    PredicateExtender uninterested() {
      this.interested = false;
      return this;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public boolean isIgnorable() {
      return ignorable;
    }

    @Override
    public boolean isInterested(Pod pod) {
      return interested;
    }

    @Override
    public boolean isFilter() {
      return true;
    }

    @Override
    public boolean isPrioritizer() {
      return false;
    }

    @Override
    public boolean isBinder() {
      return false;
    }

    @Override
    public boolean supportsPreemption() {
      return true;
    }

    @Override
    public long weight() {
      return 1;
    }

    /** Lets every node through: these tests exercise the preempt verb only. */
    @Override
    public ExtenderFilterResult filter(Pod pod, List<NodeInfo> nodes) {
      List<String> names = new ArrayList<>(nodes.size());
      for (NodeInfo n : nodes) {
        names.add(n.name());
      }
      return new ExtenderFilterResult(names, Map.of(), Map.of());
    }

    /** Not a prioritizer ({@link #isPrioritizer()} is false): gives no scores. */
    @Override
    public List<NodeScore> prioritize(Pod pod, List<NodeInfo> nodes) {
      return List.of();
    }

    /** Not a binder ({@link #isBinder()} is false), so the scheduler never asks it to bind. */
    @Override
    public void bind(Pod pod, String nodeName) {
      throw new IllegalStateException(name + " is not a binder");
    }

    @Override
    public Map<String, Victims> processPreemption(
        Pod pod, Map<String, Victims> nodeNameToVictims, NodeInfoLister nodes) throws Exception {
      if (failing) {
        throw new Exception("some error");
      }
      Map<String, Victims> out = new LinkedHashMap<>();
      nodeNameToVictims.forEach(
          (node, victims) -> {
            if (nodePredicate.test(node)) {
              out.put(node, victims);
            }
          });
      return out;
    }
  }
}
