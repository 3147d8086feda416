package io.schedkit.testing;

import static io.schedkit.testing.SchedkitAssertions.assertThat;
import static io.schedkit.testing.SchedkitAssertions.assertThatThrownBy;
import static io.schedkit.testing.Wrappers.makeNode;
import static io.schedkit.testing.Wrappers.makePod;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.schedkit.framework.Code;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeScore;
import io.schedkit.framework.NodeToStatus;
import io.schedkit.framework.PermitResult;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PostFilterResult;
import io.schedkit.framework.PreFilterResult;
import io.schedkit.framework.Status;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

final class FakePluginsTest {
  private final CycleState state = new CycleState();
  private final PodInfo p1 = makePod().name("p1").podInfo();
  private final NodeInfo n1 = makeNode().name("n1").nodeInfo();
  private final NodeInfo n2 = makeNode().name("n2").nodeInfo();
  private final NodeInfo p1Node = makeNode().name("p1").nodeInfo();

  @Test
  void fakeFilter_injectsUpstreamsFailureOnGivenNodes() {
    FakeFilterPlugin plugin =
        new FakeFilterPlugin(Map.of("n1", Code.UNSCHEDULABLE_AND_UNRESOLVABLE))
            .status("n3", Status.unschedulable("custom"));

    assertThat(plugin.name()).isEqualTo("FakeFilter");
    assertThat(plugin.filter(state, p1, n1))
        .isUnschedulableAndUnresolvable()
        .hasReasons("injecting failure for pod p1");
    assertThat(plugin.filter(state, p1, n2)).isSuccess();
    assertThat(plugin.filter(state, p1, makeNode().name("n3").nodeInfo()))
        .isUnschedulable()
        .hasReasons("custom");
    assertThat(plugin.filterCalls()).isEqualTo(3);
    plugin.resetCalls();
    assertThat(plugin.filterCalls()).isZero();
  }

  @Test
  void fakeFilter_countsConcurrentCallsExactly() throws Exception {
    FakeFilterPlugin plugin = new FakeFilterPlugin().failing("n1", Code.UNSCHEDULABLE);
    int threads = 4;
    int perThread = 500;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Callable<Integer>> work = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        work.add(
            () -> {
              int rejected = 0;
              for (int i = 0; i < perThread; i++) {
                if (plugin.filter(state, p1, i % 2 == 0 ? n1 : n2).isRejected()) {
                  rejected++;
                }
              }
              return rejected;
            });
      }
      int rejected = 0;
      for (Future<Integer> f : pool.invokeAll(work)) {
        rejected += f.get();
      }

      assertThat(plugin.filterCalls()).isEqualTo(threads * perThread);
      assertThat(rejected).isEqualTo(threads * perThread / 2);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void trueFalseAndMatchFilters_answerAsUpstream() {
    TrueFilterPlugin yes = new TrueFilterPlugin();
    FalseFilterPlugin no = new FalseFilterPlugin().named("Never");
    MatchFilterPlugin match = new MatchFilterPlugin();

    assertThat(yes.filter(state, p1, n1)).isSuccess();
    assertThat(no.name()).isEqualTo("Never");
    assertThat(no.filter(state, p1, n1))
        .isUnschedulable()
        .hasReasons("Nodes failed the fake plugin");
    assertThat(match.filter(state, p1, p1Node)).isSuccess();
    assertThat(match.filter(state, p1, n1))
        .isUnschedulable()
        .hasReasons(FalseFilterPlugin.ERR_REASON_FAKE);
    assertThat(match.filter(state, p1, new NodeInfo())).isError().hasReasons("node not found");
    assertThat(List.of(yes.filterCalls(), no.filterCalls(), match.filterCalls()))
        .containsExactly(1, 1, 3);
    assertThat(List.of(yes.name(), match.name())).containsExactly("TrueFilter", "MatchFilter");
  }

  @Test
  void fakePreFilter_answersItsResult() {
    FakePreFilterPlugin plugin =
        new FakePreFilterPlugin("Narrow", PreFilterResult.nodes(Set.of("n1")));

    assertThat(plugin.preFilter(state, p1, List.of(n1, n2))).hasNodeNames("n1");
    plugin.status(Status.unresolvable("no"));
    assertThat(plugin.preFilter(state, p1, List.of(n1))).allowsAllNodes().status().hasReasons("no");
    assertThat(plugin.preFilterCalls()).isEqualTo(2);
    assertThat(plugin.preFilterExtensions()).isNull();
    assertThat(new FakePreFilterPlugin().name()).isEqualTo("FakePreFilter");
  }

  @Test
  void fakeScore_scoresPerNodeWithoutNormalizerByDefault() {
    FakeScorePlugin plugin = new FakeScorePlugin().score(7).score("n2", 42);

    assertThat(plugin.preScore(state, p1, List.of(n1, n2))).isSuccess();
    assertThat(plugin.score(state, p1, n1)).isEqualTo(7);
    assertThat(plugin.score(state, p1, n2)).isEqualTo(42);
    assertThat(plugin.scoreExtensions()).isNull();
    assertThat(List.of(plugin.preScoreCalls(), plugin.scoreCalls())).containsExactly(1, 2);
  }

  @Test
  void fakeScore_preScoreStatusAndScoreFailureAreAnsweredAsTold() {
    FakeScorePlugin plugin =
        new FakeScorePlugin()
            .named("S")
            .preScoreStatus(Status.skip())
            .failScore(new IllegalStateException("boom"));

    assertThat(plugin.preScore(state, p1, List.of(n1))).isSkip();
    assertThatThrownBy(() -> plugin.score(state, p1, n1))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("boom");
  }

  static Stream<Arguments> defaultNormalizeCases() {
    // Ported from upstream's helper/normalize_score_test.go, plus the all-zero cases.
    return Stream.of(
        arguments("1..4", false, new long[] {1, 2, 3, 4}, new long[] {25, 50, 75, 100}),
        arguments("1..4 reversed", true, new long[] {1, 2, 3, 4}, new long[] {75, 50, 25, 0}),
        arguments("one large", false, new long[] {1000, 10, 20, 30}, new long[] {100, 1, 2, 3}),
        arguments(
            "one large reversed", true, new long[] {1000, 10, 20, 30}, new long[] {0, 99, 98, 97}),
        arguments("all equal", false, new long[] {1, 1, 1, 1}, new long[] {100, 100, 100, 100}),
        arguments("rounds down", false, new long[] {1000, 1, 1, 1}, new long[] {100, 0, 0, 0}),
        arguments("zero reversed", true, new long[] {0, 1, 1, 1}, new long[] {100, 0, 0, 0}),
        arguments("all zero", false, new long[] {0, 0}, new long[] {0, 0}),
        arguments("all zero reversed", true, new long[] {0, 0}, new long[] {100, 100}));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("defaultNormalizeCases")
  void fakeScore_normalizeToMaxScoreMatchesUpstream(
      String name, boolean reverse, long[] scores, long[] expected) {
    FakeScorePlugin plugin = new FakeScorePlugin().normalizeToMaxScore(reverse);
    List<NodeScore> in = new ArrayList<>();
    List<NodeScore> out = new ArrayList<>();
    for (int i = 0; i < scores.length; i++) {
      in.add(new NodeScore("n" + i, scores[i]));
      out.add(new NodeScore("n" + i, expected[i]));
    }
    NodeScoreList list = NodeScoreList.of(in);

    assertThat(plugin.scoreExtensions().normalizeScore(state, p1, list)).isSuccess();

    assertThat(list.toList()).containsExactlyElementsOf(out);
    assertThat(plugin.normalizeScoreCalls()).isEqualTo(1);
  }

  @Test
  void fakePermit_answersStatusAndTimeout() {
    FakePermitPlugin plugin = new FakePermitPlugin(Status.waiting(), Duration.ofSeconds(10));

    PermitResult result = plugin.permit(state, p1, "n1");

    assertThat(result.status()).isWait();
    assertThat(result.timeout()).isEqualTo(Duration.ofSeconds(10));
    plugin.answer(Status.unschedulable("denied"), Duration.ZERO);
    assertThat(plugin.permit(state, p1, "n1").status()).hasReasons("denied");
    assertThat(plugin.permitCalls()).isEqualTo(2);
    assertThat(new FakePermitPlugin().permit(state, p1, "n1")).isEqualTo(PermitResult.allow());
  }

  @Test
  void fakeReserveAndPreBind_answerTheirStatusAndCount() {
    FakeReservePlugin reserve = new FakeReservePlugin(Status.unschedulable("full"));
    FakePreBindPlugin preBind = new FakePreBindPlugin().status(Status.error("volume"));

    assertThat(reserve.reserve(state, p1, "n1")).isUnschedulable().hasReasons("full");
    reserve.unreserve(state, p1, "n1");
    reserve.unreserve(state, p1, "n1");
    assertThat(preBind.preBind(state, p1, "n1")).isError().hasMessage("volume");

    assertThat(List.of(reserve.reserveCalls(), reserve.unreserveCalls(), preBind.preBindCalls()))
        .containsExactly(1, 2, 1);
    assertThat(List.of(reserve.name(), preBind.name()))
        .containsExactly("FakeReserve", "FakePreBind");
  }

  @Test
  void fakeBind_recordsBindingsAndCanAnswerLater() {
    FakeBindPlugin plugin = new FakeBindPlugin();
    assertThat(plugin.bind(state, p1, "n1").toCompletableFuture().join()).isSuccess();

    CompletableFuture<Status> pending = new CompletableFuture<>();
    plugin.bindWith((pod, node) -> pending);
    CompletionStage<Status> stage = plugin.bind(state, makePod().name("p2").podInfo(), "n2");
    assertThat(stage.toCompletableFuture()).isNotDone();
    pending.complete(Status.error("conflict"));

    assertThat(stage.toCompletableFuture().join()).isError();
    assertThat(plugin.bindings())
        .extracting(b -> b.pod().name() + "->" + b.nodeName())
        .containsExactly("p1->n1", "p2->n2");
    assertThat(plugin.bindCalls()).isEqualTo(2);
  }

  @Test
  void fakePostFilter_defaultsToUnschedulableAndKeepsWhatItSaw() {
    FakePostFilterPlugin plugin = new FakePostFilterPlugin();
    NodeToStatus statuses = new NodeToStatus();
    statuses.set("n1", Status.unschedulable("Insufficient cpu"));

    assertThat(plugin.lastNodeStatuses()).isEmpty();
    assertThat(plugin.postFilter(state, p1, statuses).status()).isUnschedulable();
    assertThat(plugin.lastNodeStatuses()).containsSame(statuses);

    plugin.result(PostFilterResult.nominated("n1"));
    assertThat(plugin.postFilter(state, p1, statuses).nominatedNodeName()).contains("n1");
    assertThat(plugin.postFilterCalls()).isEqualTo(2);
  }

  @Test
  void fakePreEnqueue_gatesChosenPods() {
    FakePreEnqueuePlugin plugin =
        new FakePreEnqueuePlugin().status("gated", Status.unresolvable("waiting for quota"));

    assertThat(plugin.preEnqueue(p1.pod())).isSuccess();
    assertThat(plugin.preEnqueue(makePod().name("gated").obj()))
        .isUnschedulableAndUnresolvable()
        .hasReasons("waiting for quota");
    plugin.status(Status.unschedulable("closed"));
    assertThat(plugin.preEnqueue(p1.pod())).isUnschedulable();
    assertThat(plugin.preEnqueueCalls()).isEqualTo(3);
  }

  @Test
  void nodeScoreList_exposesNodesAndRejectsMismatchedSizes() {
    NodeScoreList list = NodeScoreList.of(List.of(n1, n2), 3, 4);
    list.setScore(1, 9);

    assertThat(list.size()).isEqualTo(2);
    assertThat(list.node(0)).isSameAs(n1);
    assertThat(list.nodeName(1)).isEqualTo("n2");
    assertThat(list.max()).isEqualTo(9);
    assertThat(list.toList()).containsExactly(new NodeScore("n1", 3), new NodeScore("n2", 9));
    assertThatThrownBy(() -> NodeScoreList.of(List.of(n1), 1, 2))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
