package io.schedkit.testing;

import static io.schedkit.testing.SchedkitAssertions.assertThat;

import io.schedkit.core.Explanation;
import io.schedkit.core.Scheduler;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeInfoLister;
import io.schedkit.framework.NodeScore;
import io.schedkit.framework.Registry;
import io.schedkit.framework.Victims;
import io.schedkit.framework.config.PluginRef;
import io.schedkit.framework.config.PluginSet;
import io.schedkit.framework.config.Plugins;
import io.schedkit.framework.config.Profile;
import io.schedkit.framework.config.SchedulerConfiguration;
import io.schedkit.framework.extender.Extender;
import io.schedkit.framework.extender.ExtenderFilterResult;
import io.schedkit.framework.model.Pod;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Extenders given to the builder as objects ({@code Scheduler.Builder.extender}), with in-process
 * fakes: the same places in the cycle as configured HTTP extenders ({@code ExtenderSchedulerTest}
 * covers those, failures and messages included).
 */
final class SchedulerExtendersTest {
  /** A configurable in-process extender. */
  static final class FakeExtender implements Extender {
    final String name;
    Set<String> reject = Set.of();
    Set<String> rejectUnresolvable = Set.of();
    Map<String, Long> scores = Map.of();
    long weight = 1;
    boolean binder;
    boolean ignorable;
    boolean failFilter;
    boolean interested = true;
    final List<String> calls = Collections.synchronizedList(new ArrayList<>());
    final List<String> bound = Collections.synchronizedList(new ArrayList<>());
    InMemoryCluster cluster;

    FakeExtender(String name) {
      this.name = name;
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
      return !scores.isEmpty();
    }

    @Override
    public boolean isBinder() {
      return binder;
    }

    @Override
    public boolean supportsPreemption() {
      return false;
    }

    @Override
    public long weight() {
      return weight;
    }

    @Override
    public ExtenderFilterResult filter(Pod pod, List<NodeInfo> nodes) {
      calls.add("filter " + nodes.size());
      if (failFilter) {
        throw new IllegalStateException("extender " + name + " is down");
      }
      List<String> ok = new ArrayList<>();
      Map<String, String> failed = new LinkedHashMap<>();
      Map<String, String> unresolvable = new LinkedHashMap<>();
      for (NodeInfo n : nodes) {
        if (reject.contains(n.name())) {
          failed.put(n.name(), name + " says no");
        } else if (rejectUnresolvable.contains(n.name())) {
          unresolvable.put(n.name(), name + " says never");
        } else {
          ok.add(n.name());
        }
      }
      return new ExtenderFilterResult(ok, failed, unresolvable);
    }

    @Override
    public List<NodeScore> prioritize(Pod pod, List<NodeInfo> nodes) {
      calls.add("prioritize " + nodes.size());
      List<NodeScore> out = new ArrayList<>();
      for (NodeInfo n : nodes) {
        out.add(new NodeScore(n.name(), scores.getOrDefault(n.name(), 0L)));
      }
      return out;
    }

    @Override
    public void bind(Pod pod, String nodeName) {
      calls.add("bind " + pod.name() + " " + nodeName);
      bound.add(nodeName);
      cluster.bind(pod, nodeName).toCompletableFuture().join();
    }

    @Override
    public Map<String, Victims> processPreemption(
        Pod pod, Map<String, Victims> nodeNameToVictims, NodeInfoLister nodes) {
      return nodeNameToVictims;
    }
  }

  private final InMemoryCluster cluster = InMemoryCluster.builder().clock(new FakeClock()).build();

  private Scheduler scheduler(Extender... extenders) {
    for (int i = 1; i <= 3; i++) {
      cluster.create(Wrappers.makeNode().name("n" + i).capacity(Map.of("cpu", "4")).obj());
    }
    Registry registry =
        new Registry()
            .register("Sort", (x, h) -> new SchedulerExtensionPointsTest.Sort())
            .register("Score", (x, h) -> new FakeScorePlugin().named("Score").score(10))
            .register("Bind", (x, h) -> new SchedulerSmokeTest.Binder(h));
    Profile profile =
        new Profile(
            "default-scheduler",
            null,
            new Plugins(
                new PluginSet(
                    List.of(PluginRef.of("Sort"), PluginRef.of("Score"), PluginRef.of("Bind")),
                    List.of()),
                Map.of()),
            List.of());
    Scheduler.Builder b =
        Scheduler.builder()
            .cluster(cluster)
            .registry(registry)
            .configuration(
                new SchedulerConfiguration(16, 0, 1, 10, List.of(profile), List.of(), null))
            .clock(cluster.clock())
            .parallelism(1);
    for (Extender e : extenders) {
      b.extender(e);
    }
    return b.build();
  }

  @Test
  void filterAndPrioritize_decideTheNode_andScoresAreWeightedTimesTen() {
    FakeExtender filter = new FakeExtender("filter");
    filter.reject = Set.of("n1");
    FakeExtender prio = new FakeExtender("prio");
    prio.scores = Map.of("n3", 5L);
    prio.weight = 2;
    try (Scheduler s = scheduler(filter, prio)) {
      Explanation e = s.explain(Wrappers.makePod().name("p").obj());
      assertThat(e.nodes().get(0).filter()).isUnschedulable().hasReasons("filter says no");
      assertThat(e.nodes().get(2).scores().get("prio").weighted()).isEqualTo(100);
      assertThat(e.nodes().get(2).totalScore()).isEqualTo(10 + 100);
      assertThat(e.selectedNode()).isEqualTo("n3");
      cluster.create(Wrappers.makePod().name("p").obj());
      s.runUntilIdle();
    }
    assertThat(cluster.pod("default", "p").orElseThrow().nodeName()).isEqualTo("n3");
  }

  @Test
  void prioritizeScoresOutOfRange_areClampedToTheExtenderRange() {
    FakeExtender prio = new FakeExtender("prio");
    prio.scores = Map.of("n1", Long.MAX_VALUE, "n2", -5L);
    try (Scheduler s = scheduler(prio)) {
      Explanation e = s.explain(Wrappers.makePod().name("p").obj());
      assertThat(e.nodes().get(0).scores().get("prio").weighted()).isEqualTo(100);
      assertThat(e.nodes().get(1).scores().get("prio").weighted()).isZero();
      assertThat(e.nodes().get(0).totalScore()).isEqualTo(10 + 100);
      assertThat(e.selectedNode()).isEqualTo("n1");
    }
  }

  @Test
  void binderExtender_bindsInsteadOfPlugins_andUninterestedExtendersAreSkipped() {
    FakeExtender binder = new FakeExtender("binder");
    binder.binder = true;
    binder.cluster = cluster;
    FakeExtender bystander = new FakeExtender("bystander");
    bystander.interested = false;
    try (Scheduler s = scheduler(bystander, binder)) {
      cluster.create(Wrappers.makePod().name("p").obj());
      s.runUntilIdle();
    }
    assertThat(binder.bound).hasSize(1);
    assertThat(bystander.calls).isEmpty();
  }
}
