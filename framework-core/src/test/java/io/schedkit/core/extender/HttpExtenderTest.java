package io.schedkit.core.extender;

import static io.schedkit.core.extender.ExtenderFixtures.assigned;
import static io.schedkit.core.extender.ExtenderFixtures.config;
import static io.schedkit.core.extender.ExtenderFixtures.lister;
import static io.schedkit.core.extender.ExtenderFixtures.node;
import static io.schedkit.core.extender.ExtenderFixtures.nodeInfo;
import static io.schedkit.core.extender.ExtenderFixtures.nodeInfos;
import static io.schedkit.core.extender.ExtenderFixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.schedkit.core.codec.KubeCodec;
import io.schedkit.core.extender.FakeExtenderServer.Reply;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeScore;
import io.schedkit.framework.Victims;
import io.schedkit.framework.config.ExtenderConfig.ManagedResource;
import io.schedkit.framework.extender.ExtenderFilterResult;
import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.Pod;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

final class HttpExtenderTest {
  private static final KubeCodec CODEC = new KubeCodec();
  private final FakeExtenderServer server = FakeExtenderServer.http();

  @AfterEach
  void stop() {
    server.close();
  }

  // ------------------------------------------------------------------ filter

  @Test
  void filter_notNodeCacheCapable_sendsNodeListAndReadsItems() throws Exception {
    server.reply(
        "/ext/filter",
        """
        {"Nodes":{"metadata":{},"items":[{"metadata":{"name":"n2"}}]},
         "FailedNodes":{"n1":"too hot"},
         "FailedAndUnresolvableNodes":{"n3":"wrong zone"},
         "Error":""}
        """);
    HttpExtender e = config(server.url() + "/ext//").filter("filter").extender();
    Pod pod = pod("p");

    ExtenderFilterResult r = e.filter(pod, nodeInfos("n1", "n2", "n3"));

    assertThat(r.feasibleNodes()).containsExactly("n2");
    assertThat(r.failedNodes()).containsExactly(Map.entry("n1", "too hot"));
    assertThat(r.failedAndUnresolvableNodes()).containsExactly(Map.entry("n3", "wrong zone"));
    FakeExtenderServer.Request sent = server.requests().get(0);
    assertThat(sent.method()).isEqualTo("POST");
    assertThat(sent.path()).isEqualTo("/ext/filter");
    assertThat(sent.contentType()).isEqualTo("application/json");
    String expected =
        "{\"Pod\":"
            + CODEC.toCompactJson(pod)
            + ",\"Nodes\":{\"metadata\":{},\"items\":["
            + CODEC.toCompactJson(node("n1"))
            + ","
            + CODEC.toCompactJson(node("n2"))
            + ","
            + CODEC.toCompactJson(node("n3"))
            + "]},\"NodeNames\":null}";
    assertThat(sent.body()).isEqualTo(expected);
  }

  @Test
  void filter_nodeCacheCapable_sendsNamesAndReadsNodeNames() throws Exception {
    server.reply("/filter", "{\"NodeNames\":[\"n1\",\"n3\"]}");
    HttpExtender e = config(server.url()).filter("filter").nodeCacheCapable().extender();
    Pod pod = pod("p");

    ExtenderFilterResult r = e.filter(pod, nodeInfos("n1", "n2", "n3"));

    assertThat(r.feasibleNodes()).containsExactly("n1", "n3");
    assertThat(r.failedNodes()).isEmpty();
    assertThat(server.requests().get(0).body())
        .isEqualTo(
            "{\"Pod\":"
                + CODEC.toCompactJson(pod)
                + ",\"Nodes\":null,\"NodeNames\":[\"n1\",\"n2\",\"n3\"]}");
  }

  @Test
  void filter_nodeCacheCapableWithoutNodeNames_readsNodes() throws Exception {
    server.reply(
        "/filter", "{\"NodeNames\":null,\"Nodes\":{\"items\":[{\"metadata\":{\"name\":\"n2\"}}]}}");
    HttpExtender e = config(server.url()).filter("filter").nodeCacheCapable().extender();

    assertThat(e.filter(pod("p"), nodeInfos("n1", "n2")).feasibleNodes()).containsExactly("n2");
  }

  @Test
  void filter_lowerCasedResponse_decoded() throws Exception {
    server.reply(
        "/filter",
        "{\"nodenames\":[\"n1\"],\"failednodes\":{\"n2\":\"busy\"},"
            + "\"failedandunresolvablenodes\":{\"n3\":\"gone\"},\"error\":\"\"}");
    HttpExtender e = config(server.url()).filter("filter").nodeCacheCapable().extender();

    ExtenderFilterResult r = e.filter(pod("p"), nodeInfos("n1", "n2", "n3"));

    assertThat(r.feasibleNodes()).containsExactly("n1");
    assertThat(r.failedNodes()).containsExactly(Map.entry("n2", "busy"));
    assertThat(r.failedAndUnresolvableNodes()).containsExactly(Map.entry("n3", "gone"));
  }

  @Test
  void filter_nullFields_meanNoNodes() throws Exception {
    server.reply(
        "/filter",
        "{\"Nodes\":null,\"NodeNames\":null,\"FailedNodes\":null,"
            + "\"FailedAndUnresolvableNodes\":null,\"Error\":null}");
    HttpExtender e = config(server.url()).filter("filter").extender();

    ExtenderFilterResult r = e.filter(pod("p"), nodeInfos("n1"));

    assertThat(r.feasibleNodes()).isEmpty();
    assertThat(r.failedNodes()).isEmpty();
    assertThat(r.failedAndUnresolvableNodes()).isEmpty();
  }

  @Test
  void filter_errorSet_failsWithTheExtendersMessage() {
    server.reply("/filter", "{\"NodeNames\":[\"n1\"],\"Error\":\"quota service unavailable\"}");
    HttpExtender e = config(server.url()).filter("filter").nodeCacheCapable().extender();

    assertThatThrownBy(() -> e.filter(pod("p"), nodeInfos("n1")))
        .isInstanceOf(ExtenderException.class)
        .hasMessage("quota service unavailable");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("claimedNodeCases")
  void filter_claimsNodeNotOffered_fails(String name, boolean cacheCapable, String body) {
    server.reply("/filter", body);
    ExtenderFixtures.Config c = config(server.url()).filter("filter");
    HttpExtender e = (cacheCapable ? c.nodeCacheCapable() : c).extender();

    assertThatThrownBy(() -> e.filter(pod("p"), nodeInfos("n1", "n2")))
        .isInstanceOf(ExtenderException.class)
        .hasMessage(
            "extender \""
                + server.url()
                + "\" claims a filtered node \"n9\" which is not found in the input node list");
  }

  static Stream<Arguments> claimedNodeCases() {
    return Stream.of(
        Arguments.of("NodeNames", true, "{\"NodeNames\":[\"n1\",\"n9\"]}"),
        Arguments.of(
            "Nodes.items", false, "{\"Nodes\":{\"items\":[{\"metadata\":{\"name\":\"n9\"}}]}}"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("failedNodeCases")
  void filter_failedNodeNotOffered_fails(String field, String what) {
    server.reply("/filter", "{\"NodeNames\":[\"n1\"],\"" + field + "\":{\"n9\":\"no\"}}");
    HttpExtender e = config(server.url()).filter("filter").nodeCacheCapable().extender();

    assertThatThrownBy(() -> e.filter(pod("p"), nodeInfos("n1", "n2")))
        .isInstanceOf(ExtenderException.class)
        .hasMessage(
            "extender \""
                + server.url()
                + "\" claims a "
                + what
                + " node \"n9\" which is not found in the input node list");
  }

  static Stream<Arguments> failedNodeCases() {
    return Stream.of(
        Arguments.of("FailedNodes", "failed"),
        Arguments.of("FailedAndUnresolvableNodes", "failed and unresolvable"));
  }

  @Test
  void filter_claimedNodeWithAHugeName_isShortenedInTheMessage() {
    String huge = "n".repeat(100_000);
    server.reply("/filter", "{\"NodeNames\":[\"" + huge + "\"]}");
    HttpExtender e = config(server.url()).filter("filter").nodeCacheCapable().extender();

    assertThatThrownBy(() -> e.filter(pod("p"), nodeInfos("n1")))
        .isInstanceOf(ExtenderException.class)
        .hasMessageContaining("n".repeat(253) + "... (100000 characters)")
        .satisfies(t -> assertThat(t.getMessage()).hasSizeLessThan(500));
  }

  @Test
  void filter_replyOverTheLimit_failsWithoutReadingIt() {
    // Past the limit by a byte: the reply is refused once the limit is passed.
    int size = (int) HttpExtender.MIN_REPLY_LIMIT_BYTES + 1;
    StringBuilder body = new StringBuilder(size).append("{\"NodeNames\":[\"n1\"]}");
    body.append(" ".repeat(size - body.length()));
    server.reply("/filter", body.toString());
    HttpExtender e = config(server.url()).filter("filter").nodeCacheCapable().extender();

    assertThatThrownBy(() -> e.filter(pod("p"), nodeInfos("n1")))
        .isInstanceOf(ExtenderException.class)
        .hasMessageContaining(
            "the reply is larger than " + HttpExtender.MIN_REPLY_LIMIT_BYTES + " bytes");
  }

  @Test
  void filter_replyAtTheLimit_isRead() throws Exception {
    int size = (int) HttpExtender.MIN_REPLY_LIMIT_BYTES;
    StringBuilder body = new StringBuilder(size).append("{\"NodeNames\":[\"n1\"]}");
    body.append(" ".repeat(size - body.length()));
    server.reply("/filter", body.toString());
    HttpExtender e = config(server.url()).filter("filter").nodeCacheCapable().extender();

    assertThat(e.filter(pod("p"), nodeInfos("n1")).feasibleNodes()).containsExactly("n1");
  }

  @Test
  void close_stopsTheReplyThreads() throws Exception {
    java.util.Set<Thread> before = java.util.Set.copyOf(replyThreads());
    server.reply("/filter", "{\"NodeNames\":[\"n1\"]}");
    HttpExtender e = config(server.url()).filter("filter").nodeCacheCapable().extender();
    e.filter(pod("p"), nodeInfos("n1"));
    assertThat(replyThreads()).as("threads while open").isNotEqualTo(List.copyOf(before));

    e.close();

    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
    while (!before.containsAll(replyThreads()) && System.nanoTime() < deadline) {
      Thread.onSpinWait();
    }
    assertThat(replyThreads()).as("this extender's threads after close").isSubsetOf(before);
    assertThatThrownBy(() -> e.filter(pod("p"), nodeInfos("n1")))
        .isInstanceOf(ExtenderException.class);
  }

  /** This test's extender threads alive now. */
  private static java.util.List<Thread> replyThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.isAlive() && t.getName().startsWith("schedkit-extender-"))
        .toList();
  }

  @Test
  void filter_noVerb_passesEveryNodeWithoutACall() throws Exception {
    HttpExtender e = config(server.url()).prioritize("prioritize", 1).extender();

    ExtenderFilterResult r = e.filter(pod("p"), nodeInfos("n1", "n2"));

    assertThat(r.feasibleNodes()).containsExactly("n1", "n2");
    assertThat(e.isFilter()).isFalse();
    assertThat(server.requests()).isEmpty();
  }

  // ------------------------------------------------------------------ prioritize

  @Test
  void prioritize_roundTrip() throws Exception {
    server.reply("/prioritize", "[{\"Host\":\"n1\",\"Score\":7},{\"host\":\"n2\",\"score\":3}]");
    HttpExtender e = config(server.url()).prioritize("prioritize", 5).nodeCacheCapable().extender();
    Pod pod = pod("p");

    List<NodeScore> scores = e.prioritize(pod, nodeInfos("n1", "n2"));

    assertThat(scores).containsExactly(new NodeScore("n1", 7), new NodeScore("n2", 3));
    assertThat(e.weight()).isEqualTo(5);
    assertThat(e.isPrioritizer()).isTrue();
    assertThat(server.requests().get(0).body())
        .isEqualTo(
            "{\"Pod\":"
                + CODEC.toCompactJson(pod)
                + ",\"Nodes\":null,\"NodeNames\":[\"n1\",\"n2\"]}");
  }

  @Test
  void prioritize_nullBody_noScores() throws Exception {
    server.reply("/prioritize", "null");
    HttpExtender e = config(server.url()).prioritize("prioritize", 1).extender();

    assertThat(e.prioritize(pod("p"), nodeInfos("n1"))).isEmpty();
  }

  @Test
  void prioritize_noVerb_zeroForEveryNodeWithoutACall() throws Exception {
    HttpExtender e = config(server.url()).filter("filter").extender();

    assertThat(e.prioritize(pod("p"), nodeInfos("n1", "n2")))
        .containsExactly(new NodeScore("n1", 0), new NodeScore("n2", 0));
    assertThat(server.requests()).isEmpty();
  }

  @Test
  void prioritize_scoreNotAnInteger_fails() {
    server.reply("/prioritize", "[{\"Host\":\"n1\",\"Score\":\"high\"}]");
    HttpExtender e = config(server.url()).prioritize("prioritize", 1).extender();

    assertThatThrownBy(() -> e.prioritize(pod("p"), nodeInfos("n1")))
        .isInstanceOf(ExtenderException.class)
        .hasMessage(
            "decoding prioritize response from extender at URL "
                + server.url()
                + "/prioritize: [0].Score: expected an integer, got a string");
  }

  // ------------------------------------------------------------------ bind

  @Test
  void bind_roundTrip() throws Exception {
    server.reply("/bind", "{\"Error\":\"\"}");
    HttpExtender e = config(server.url()).bind("bind").extender();

    e.bind(pod("p"), "n1");

    assertThat(e.isBinder()).isTrue();
    assertThat(server.requests().get(0).body())
        .isEqualTo(
            "{\"PodName\":\"p\",\"PodNamespace\":\"ns\",\"PodUID\":\"uid-p\",\"Node\":\"n1\"}");
  }

  @Test
  void bind_errorSet_fails() {
    server.reply("/bind", "{\"error\":\"node n1 is cordoned\"}");
    HttpExtender e = config(server.url()).bind("bind").extender();

    assertThatThrownBy(() -> e.bind(pod("p"), "n1"))
        .isInstanceOf(ExtenderException.class)
        .hasMessage("node n1 is cordoned");
  }

  // ------------------------------------------------------------------ preempt

  @Test
  void preempt_notNodeCacheCapable_sendsPodsAndResolvesUids() throws Exception {
    Pod v1 = assigned("v1", "n1");
    Pod v2 = assigned("v2", "n1");
    Pod v3 = assigned("v3", "n2");
    server.reply(
        "/preempt",
        "{\"NodeNameToMetaVictims\":{\"n1\":{\"Pods\":[{\"UID\":\"uid-v2\"}],"
            + "\"NumPDBViolations\":1}}}");
    HttpExtender e = config(server.url()).preempt("preempt").extender();
    Pod preemptor = pod("p");

    Map<String, Victims> kept =
        e.processPreemption(
            preemptor,
            Map.of("n2", new Victims(List.of(v3), 0), "n1", new Victims(List.of(v1, v2), 1)),
            lister(nodeInfo("n1", v1, v2), nodeInfo("n2", v3)));

    assertThat(kept).containsOnlyKeys("n1");
    assertThat(kept.get("n1").pods()).containsExactly(v2);
    assertThat(kept.get("n1").numPdbViolations()).isEqualTo(1);
    assertThat(server.requests().get(0).body())
        .isEqualTo(
            "{\"Pod\":"
                + CODEC.toCompactJson(preemptor)
                + ",\"NodeNameToVictims\":{\"n1\":{\"Pods\":["
                + CODEC.toCompactJson(v1)
                + ","
                + CODEC.toCompactJson(v2)
                + "],\"NumPDBViolations\":1},\"n2\":{\"Pods\":["
                + CODEC.toCompactJson(v3)
                + "],\"NumPDBViolations\":0}},\"NodeNameToMetaVictims\":null}");
  }

  @Test
  void preempt_nodeCacheCapable_sendsUids() throws Exception {
    Pod v1 = assigned("v1", "n1");
    server.reply(
        "/preempt",
        "{\"nodenametometavictims\":{\"n1\":{\"pods\":[{\"uid\":\"uid-v1\"}],"
            + "\"numpdbviolations\":0}}}");
    HttpExtender e = config(server.url()).preempt("preempt").nodeCacheCapable().extender();
    Pod preemptor = pod("p");

    Map<String, Victims> kept =
        e.processPreemption(
            preemptor, Map.of("n1", new Victims(List.of(v1), 0)), lister(nodeInfo("n1", v1)));

    assertThat(kept.get("n1").pods()).containsExactly(v1);
    assertThat(server.requests().get(0).body())
        .isEqualTo(
            "{\"Pod\":"
                + CODEC.toCompactJson(preemptor)
                + ",\"NodeNameToVictims\":null,\"NodeNameToMetaVictims\":{\"n1\":{\"Pods\":"
                + "[{\"UID\":\"uid-v1\"}],\"NumPDBViolations\":0}}}");
  }

  @Test
  void preempt_unknownVictimUid_fails() {
    Pod v1 = assigned("v1", "n1");
    server.reply(
        "/preempt", "{\"NodeNameToMetaVictims\":{\"n1\":{\"Pods\":[{\"UID\":\"uid-v9\"}]}}}");
    HttpExtender e = config(server.url()).preempt("preempt").extender();

    assertThatThrownBy(
            () ->
                e.processPreemption(
                    pod("p"),
                    Map.of("n1", new Victims(List.of(v1), 0)),
                    lister(nodeInfo("n1", v1))))
        .isInstanceOf(ExtenderException.class)
        .hasMessage(
            "extender: "
                + server.url()
                + " claims to preempt pod (UID: uid-v9) on node: n1, but the pod is not found on"
                + " that node");
  }

  @Test
  void preempt_noVictimsOnANode_fails() {
    Pod v1 = assigned("v1", "n1");
    server.reply("/preempt", "{\"NodeNameToMetaVictims\":{\"n1\":{\"Pods\":[]}}}");
    HttpExtender e = config(server.url()).preempt("preempt").extender();

    assertThatThrownBy(
            () ->
                e.processPreemption(
                    pod("p"),
                    Map.of("n1", new Victims(List.of(v1), 0)),
                    lister(nodeInfo("n1", v1))))
        .isInstanceOf(ExtenderException.class)
        .hasMessage("expected at least one victim pod on node \"n1\"");
  }

  @Test
  void preempt_noVictimsOnANode_ignorable_dropsTheNode() throws Exception {
    Pod v1 = assigned("v1", "n1");
    Pod v2 = assigned("v2", "n2");
    server.reply(
        "/preempt",
        "{\"NodeNameToMetaVictims\":{\"n1\":null,\"n2\":{\"Pods\":[{\"UID\":\"uid-v2\"}]}}}");
    HttpExtender e = config(server.url()).preempt("preempt").ignorable().extender();

    Map<String, Victims> kept =
        e.processPreemption(
            pod("p"),
            Map.of("n1", new Victims(List.of(v1), 0), "n2", new Victims(List.of(v2), 0)),
            lister(nodeInfo("n1", v1), nodeInfo("n2", v2)));

    assertThat(kept).containsOnlyKeys("n2");
  }

  // ------------------------------------------------------------------ transport failures

  @Test
  void non200_failsWithUpstreamMessage() {
    server.on("/filter", r -> new Reply(500, "boom"));
    HttpExtender e = config(server.url() + "/").filter("filter").extender();

    assertThatThrownBy(() -> e.filter(pod("p"), nodeInfos("n1")))
        .isInstanceOf(ExtenderException.class)
        .hasMessage("failed filter with extender at URL " + server.url() + "/filter, code 500");
  }

  @Test
  void timeout_fails() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    server.on(
        "/filter",
        r -> {
          try {
            release.await();
          } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
          }
          return Reply.ok("{}");
        });
    HttpExtender e =
        config(server.url()).filter("filter").timeout(Duration.ofMillis(200)).extender();
    try {
      assertThatThrownBy(() -> e.filter(pod("p"), nodeInfos("n1")))
          .isInstanceOf(ExtenderException.class)
          .hasMessage(
              "Post \""
                  + server.url()
                  + "/filter\": timeout after 200ms (Client.Timeout exceeded)");
    } finally {
      release.countDown();
    }
  }

  @Test
  void malformedJson_fails() {
    server.reply("/filter", "{\"NodeNames\": [\"n1\"");
    HttpExtender e = config(server.url()).filter("filter").nodeCacheCapable().extender();

    assertThatThrownBy(() -> e.filter(pod("p"), nodeInfos("n1")))
        .isInstanceOf(ExtenderException.class)
        .hasMessage(
            "decoding filter response from extender at URL "
                + server.url()
                + "/filter: line 1, column 20: Unexpected end-of-input: expected close marker for"
                + " Array");
  }

  @Test
  void emptyBody_fails() {
    server.reply("/bind", "");
    HttpExtender e = config(server.url()).bind("bind").extender();

    assertThatThrownBy(() -> e.bind(pod("p"), "n1"))
        .isInstanceOf(ExtenderException.class)
        .hasMessage(
            "decoding bind response from extender at URL " + server.url() + "/bind: empty body");
  }

  @Test
  void connectionRefused_fails() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    HttpExtender e = config("http://127.0.0.1:" + port).filter("filter").extender();

    assertThatThrownBy(() -> e.filter(pod("p"), nodeInfos("n1")))
        .isInstanceOf(ExtenderException.class)
        .hasMessage("Post \"http://127.0.0.1:" + port + "/filter\": connect: connection refused");
  }

  @Test
  void construct_invalidUrl_fails() {
    assertThatThrownBy(() -> config("not a url").filter("filter").extender())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("extender \"not a url\": invalid URL: ");
  }

  // ------------------------------------------------------------------ interest

  @ParameterizedTest(name = "{0}")
  @MethodSource("interestCases")
  void isInterested(String name, List<String> managed, Pod pod, boolean expected) {
    ExtenderFixtures.Config c = config("http://127.0.0.1:1");
    HttpExtender e =
        c.managed(
                managed.stream()
                    .map(m -> new ManagedResource(m, false))
                    .toArray(ManagedResource[]::new))
            .extender();

    assertThat(e.isInterested(pod)).isEqualTo(expected);
  }

  static Stream<Arguments> interestCases() {
    Pod plain = pod("plain");
    Pod requests =
        plain.toBuilder()
            .container(Container.builder().name("gpu").request("example.com/gpu", "1").build())
            .build();
    Pod initLimits =
        plain.toBuilder()
            .initContainer(Container.builder().name("init").limit("example.com/gpu", "1").build())
            .build();
    Pod other =
        plain.toBuilder()
            .container(Container.builder().name("fpga").request("example.com/fpga", "1").build())
            .build();
    return Stream.of(
        Arguments.of("no managed resources: every pod", List.of(), plain, true),
        Arguments.of("managed resource requested", List.of("example.com/gpu"), requests, true),
        Arguments.of(
            "managed resource in an init container's limits",
            List.of("example.com/gpu"),
            initLimits,
            true),
        Arguments.of("another extended resource", List.of("example.com/gpu"), other, false),
        Arguments.of("no extended resource", List.of("example.com/gpu"), plain, false));
  }

  @Test
  void accessors_followTheConfiguration() {
    HttpExtender e =
        config("http://127.0.0.1:1/x/").filter("f").preempt("p").ignorable().extender();

    assertThat(e.name()).isEqualTo("http://127.0.0.1:1/x/");
    assertThat(e.isIgnorable()).isTrue();
    assertThat(e.isFilter()).isTrue();
    assertThat(e.supportsPreemption()).isTrue();
    assertThat(e.isBinder()).isFalse();
    assertThat(e.isPrioritizer()).isFalse();
  }

  @Test
  void preempt_nodeNotInSnapshot_fails() {
    server.reply(
        "/preempt", "{\"NodeNameToMetaVictims\":{\"n7\":{\"Pods\":[{\"UID\":\"uid-v1\"}]}}}");
    HttpExtender e = config(server.url()).preempt("preempt").extender();
    List<NodeInfo> none = List.of();

    assertThatThrownBy(
            () -> e.processPreemption(pod("p"), Map.of(), lister(none.toArray(new NodeInfo[0]))))
        .isInstanceOf(ExtenderException.class)
        .hasMessage("nodeinfo not found for node name \"n7\"");
  }
}
