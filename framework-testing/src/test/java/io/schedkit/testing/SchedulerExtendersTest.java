package io.schedkit.testing;

import static io.schedkit.testing.SchedkitAssertions.assertThat;

import io.schedkit.core.Explanation;
import io.schedkit.core.ScheduleResult;
import io.schedkit.core.Scheduler;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.core.metrics.SchedulerMetrics;
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
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Extenders at the places upstream calls them, with in-process fakes. */
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

  /** Records extension-point metrics. */
  static final class RecordingMetrics implements SchedulerMetrics {
    final List<String> points = Collections.synchronizedList(new ArrayList<>());
    final List<String> attempts = Collections.synchronizedList(new ArrayList<>());

    @Override
    public void extensionPointDuration(
        String extensionPoint, String status, String profile, Duration duration) {
      points.add(extensionPoint + ":" + status);
    }

    @Override
    public void scheduleAttempt(String result, String profile, Duration duration) {
      attempts.add(result);
    }
  }

  private final InMemoryCluster cluster = InMemoryCluster.builder().clock(new FakeClock()).build();

  private Scheduler scheduler(SchedulerMetrics metrics, Extender... extenders) {
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
            .parallelism(1)
            .metrics(metrics);
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
    try (Scheduler s = scheduler(SchedulerMetrics.noop(), filter, prio)) {
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
  void allNodesRejected_messageCountsExtenderReasons_andUnresolvableWins() {
    FakeExtender filter = new FakeExtender("f");
    filter.reject = Set.of("n1", "n2");
    filter.rejectUnresolvable = Set.of("n3");
    try (Scheduler s = scheduler(SchedulerMetrics.noop(), filter)) {
      cluster.create(Wrappers.makePod().name("p").obj());
      ScheduleResult r = s.scheduleOne().orElseThrow();
      assertThat(r.message()).isEqualTo("0/3 nodes are available: 1 f says never, 2 f says no.");
      assertThat(s.pendingPods().get(0).rejectedBy()).containsExactly("Extender");
    }
  }

  @Test
  void binderExtender_bindsInsteadOfPlugins_andUninterestedExtendersAreSkipped() {
    FakeExtender binder = new FakeExtender("binder");
    binder.binder = true;
    binder.cluster = cluster;
    FakeExtender bystander = new FakeExtender("bystander");
    bystander.interested = false;
    try (Scheduler s = scheduler(SchedulerMetrics.noop(), bystander, binder)) {
      cluster.create(Wrappers.makePod().name("p").obj());
      s.runUntilIdle();
    }
    assertThat(binder.bound).hasSize(1);
    assertThat(bystander.calls).isEmpty();
  }

  @Test
  void failingFilterExtender_isAnErrorUnlessIgnorable() {
    FakeExtender down = new FakeExtender("down");
    down.failFilter = true;
    try (Scheduler s = scheduler(SchedulerMetrics.noop(), down)) {
      cluster.create(Wrappers.makePod().name("p").obj());
      ScheduleResult r = s.scheduleOne().orElseThrow();
      assertThat(r.outcome()).isEqualTo(ScheduleResult.Outcome.ERROR);
      assertThat(r.message()).isEqualTo("extender down is down");
      down.ignorable = true;
      s.runUntilIdle();
    }
    assertThat(cluster.pod("default", "p").orElseThrow().nodeName()).isNotEmpty();
  }

  @Test
  void metrics_recordExtensionPointsAndAttempts() {
    RecordingMetrics metrics = new RecordingMetrics();
    try (Scheduler s = scheduler(metrics)) {
      cluster.create(Wrappers.makePod().name("p").obj());
      s.runUntilIdle();
    }
    assertThat(metrics.points)
        .contains("PreFilter:Success", "PreScore:Success", "Score:Success", "Reserve:Success");
    assertThat(metrics.attempts).containsExactly("scheduled");
  }
}
