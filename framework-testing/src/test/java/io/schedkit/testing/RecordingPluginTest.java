package io.schedkit.testing;

import static io.schedkit.testing.SchedkitAssertions.assertThat;
import static io.schedkit.testing.SchedkitAssertions.assertThatThrownBy;
import static io.schedkit.testing.Wrappers.makeNode;
import static io.schedkit.testing.Wrappers.makePod;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeScore;
import io.schedkit.framework.NodeToStatus;
import io.schedkit.framework.PermitResult;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PostFilterResult;
import io.schedkit.framework.PreFilterResult;
import io.schedkit.framework.Status;
import io.schedkit.testing.RecordingPlugin.Point;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

final class RecordingPluginTest {
  private final CallLog log = new CallLog();
  private final CycleState state = new CycleState();
  private final PodInfo p1 = makePod().name("p1").podInfo();
  private final PodInfo victim = makePod().name("v").node("n1").podInfo();
  private final NodeInfo n1 = makeNode().name("n1").nodeInfo();

  /** Drives every point of two plugins in cycle order, as the framework would. */
  private static void runCycle(
      List<RecordingPlugin> plugins, CycleState state, PodInfo pod, NodeInfo node, PodInfo other) {
    for (RecordingPlugin p : plugins) {
      p.preEnqueue(pod.pod());
    }
    for (RecordingPlugin p : plugins) {
      p.preFilter(state, pod, List.of(node));
    }
    for (RecordingPlugin p : plugins) {
      p.preFilterExtensions().addPod(state, pod, other, node);
      p.preFilterExtensions().removePod(state, pod, other, node);
    }
    for (RecordingPlugin p : plugins) {
      p.filter(state, pod, node);
    }
    for (RecordingPlugin p : plugins) {
      p.postFilter(state, pod, new NodeToStatus());
    }
    for (RecordingPlugin p : plugins) {
      p.preScore(state, pod, List.of(node));
    }
    for (RecordingPlugin p : plugins) {
      p.score(state, pod, node);
    }
    for (RecordingPlugin p : plugins) {
      p.scoreExtensions().normalizeScore(state, pod, NodeScoreList.of(new NodeScore("n1", 0)));
    }
    for (RecordingPlugin p : plugins) {
      p.reserve(state, pod, node.name());
    }
    for (RecordingPlugin p : plugins) {
      p.permit(state, pod, node.name());
    }
    for (RecordingPlugin p : plugins) {
      p.preBind(state, pod, node.name());
    }
    for (RecordingPlugin p : plugins) {
      p.bind(state, pod, node.name());
    }
    for (RecordingPlugin p : plugins) {
      p.postBind(state, pod, node.name());
    }
    for (int i = plugins.size() - 1; i >= 0; i--) {
      plugins.get(i).unreserve(state, pod, node.name());
    }
  }

  @Test
  void calls_areRecordedInOneSharedLogInCallOrder() {
    RecordingPlugin a = new RecordingPlugin("a", log);
    RecordingPlugin b = new RecordingPlugin("b", log);

    runCycle(List.of(a, b), state, p1, n1, victim);

    assertThat(log)
        .containsExactly(
            "a.PreEnqueue(p1)",
            "b.PreEnqueue(p1)",
            "a.PreFilter(p1)",
            "b.PreFilter(p1)",
            "a.AddPod(p1, v, n1)",
            "a.RemovePod(p1, v, n1)",
            "b.AddPod(p1, v, n1)",
            "b.RemovePod(p1, v, n1)",
            "a.Filter(p1, n1)",
            "b.Filter(p1, n1)",
            "a.PostFilter(p1)",
            "b.PostFilter(p1)",
            "a.PreScore(p1)",
            "b.PreScore(p1)",
            "a.Score(p1, n1)",
            "b.Score(p1, n1)",
            "a.NormalizeScore(p1)",
            "b.NormalizeScore(p1)",
            "a.Reserve(p1, n1)",
            "b.Reserve(p1, n1)",
            "a.Permit(p1, n1)",
            "b.Permit(p1, n1)",
            "a.PreBind(p1, n1)",
            "b.PreBind(p1, n1)",
            "a.Bind(p1, n1)",
            "b.Bind(p1, n1)",
            "a.PostBind(p1, n1)",
            "b.PostBind(p1, n1)",
            "b.Unreserve(p1, n1)",
            "a.Unreserve(p1, n1)");
    assertThat(log.entriesOf("b")).hasSize(15).allMatch(e -> e.startsWith("b."));
    assertThat(log.entriesAt("Unreserve"))
        .containsExactly("b.Unreserve(p1, n1)", "a.Unreserve(p1, n1)");
  }

  @Test
  void defaults_succeedEverywhereButBindWhichSkips() {
    RecordingPlugin p = new RecordingPlugin("r", log);

    assertThat(p.preEnqueue(p1.pod())).isSuccess();
    assertThat(p.preFilter(state, p1, List.of(n1))).allowsAllNodes().status().isSuccess();
    assertThat(p.addPod(state, p1, victim, n1)).isSuccess();
    assertThat(p.removePod(state, p1, victim, n1)).isSuccess();
    assertThat(p.filter(state, p1, n1)).isSuccess();
    assertThat(p.postFilter(state, p1, new NodeToStatus()).status()).isSuccess();
    assertThat(p.preScore(state, p1, List.of(n1))).isSuccess();
    assertThat(p.score(state, p1, n1)).isZero();
    assertThat(p.normalizeScore(state, p1, NodeScoreList.of())).isSuccess();
    assertThat(p.reserve(state, p1, "n1")).isSuccess();
    assertThat(p.permit(state, p1, "n1")).isEqualTo(PermitResult.allow());
    assertThat(p.preBind(state, p1, "n1")).isSuccess();
    assertThat(p.bind(state, p1, "n1").toCompletableFuture().join()).isSkip();
    assertThat(p.preFilterExtensions()).isSameAs(p);
    assertThat(p.scoreExtensions()).isSameAs(p);
  }

  @Test
  void returning_changesOnePointAndPerNodeAnswersWin() {
    RecordingPlugin p =
        new RecordingPlugin("r", log)
            .returning(Point.FILTER, Status.unschedulable("everywhere"))
            .returning(Point.FILTER, "n2", Status.success())
            .returning(Point.BIND, Status.success())
            .returning(Point.RESERVE, Status.error("reserve failed"));
    NodeInfo n2 = makeNode().name("n2").nodeInfo();

    assertThat(p.filter(state, p1, n1)).isUnschedulable().hasReasons("everywhere");
    assertThat(p.filter(state, p1, n2)).isSuccess();
    assertThat(p.bind(state, p1, "n1").toCompletableFuture().join()).isSuccess();
    assertThat(p.reserve(state, p1, "n1")).isError().hasMessage("reserve failed");
    assertThat(p.preBind(state, p1, "n1")).isSuccess();
  }

  @Test
  void permitWait_waitsForTheTimeout() {
    RecordingPlugin p = new RecordingPlugin("gang", log).permitWait(Duration.ofSeconds(30));

    PermitResult result = p.permit(state, p1, "n1");

    assertThat(result.status()).isWait();
    assertThat(result.timeout()).isEqualTo(Duration.ofSeconds(30));
    p.returning(Point.PERMIT, Status.unschedulable("no quorum"));
    assertThat(p.permit(state, p1, "n1"))
        .isEqualTo(PermitResult.reject(Status.unschedulable("no quorum")));
  }

  @Test
  void results_canBeSetForPreFilterPostFilterAndScore() {
    RecordingPlugin p =
        new RecordingPlugin("r", log)
            .preFilterResult(PreFilterResult.nodes(Set.of("n1")))
            .postFilterResult(PostFilterResult.nominated("n1"))
            .score(10)
            .score("n9", 90);

    assertThat(p.preFilter(state, p1, List.of(n1))).hasNodeNames("n1");
    assertThat(p.postFilter(state, p1, new NodeToStatus()).nominatedNodeName()).contains("n1");
    assertThat(p.score(state, p1, n1)).isEqualTo(10);
    assertThat(p.score(state, p1, makeNode().name("n9").nodeInfo())).isEqualTo(90);
    p.returning(Point.PRE_FILTER, Status.unresolvable("later wins"));
    assertThat(p.preFilter(state, p1, List.of(n1)))
        .allowsAllNodes()
        .status()
        .hasReasons("later wins");
  }

  @Test
  void throwing_recordsTheCallThenThrows() {
    RecordingPlugin p =
        new RecordingPlugin("r", log).throwing(Point.SCORE, new IllegalStateException("broken"));

    assertThatThrownBy(() -> p.score(state, p1, n1)).hasMessage("broken");
    assertThat(log).containsExactly("r.Score(p1, n1)");
  }

  @Test
  void doing_runsInsideTheCall() {
    List<String> seen = new ArrayList<>();
    RecordingPlugin p =
        new RecordingPlugin("r", log).doing(Point.RESERVE, () -> seen.add("log=" + log.size()));

    p.reserve(state, p1, "n1");

    assertThat(seen).containsExactly("log=1");
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(
      value = Point.class,
      names = {"SCORE", "UNRESERVE", "POST_BIND"})
  void returning_refusesPointsWithoutAStatus(Point point) {
    RecordingPlugin p = new RecordingPlugin("r", log);

    assertThatThrownBy(() -> p.returning(point, Status.success()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(point.label());
  }

  @Test
  void returning_perNodeRefusesPointsWithoutANode() {
    RecordingPlugin p = new RecordingPlugin("r", log);

    assertThatThrownBy(() -> p.returning(Point.PRE_FILTER, "n1", Status.success()))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void log_recordsConcurrentCallsWithoutLosingAny() {
    RecordingPlugin p = new RecordingPlugin("r", log);
    AtomicInteger rejected = new AtomicInteger();

    IntStream.range(0, 2000)
        .parallel()
        .forEach(
            i -> {
              if (p.filter(state, p1, n1).isRejected()) {
                rejected.incrementAndGet();
              }
            });

    assertThat(log.size()).isEqualTo(2000);
    assertThat(log.entriesAt("Filter")).hasSize(2000).containsOnly("r.Filter(p1, n1)");
    assertThat(rejected).hasValue(0);
  }

  @Test
  void drain_returnsEntriesAndEmptiesTheLog() {
    RecordingPlugin p = new RecordingPlugin("r", log);
    p.preEnqueue(p1.pod());

    assertThat(log.drain()).containsExactly("r.PreEnqueue(p1)");
    assertThat(log).isEmpty();
    p.postBind(state, p1, "n1");
    assertThat(log.entries()).containsExactly("r.PostBind(p1, n1)");
    log.clear();
    assertThat(log.size()).isZero();
  }
}
