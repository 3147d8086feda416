package io.schedkit.core.extender;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.schedkit.framework.NodeScore;
import io.schedkit.framework.Victims;
import io.schedkit.framework.model.Pod;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The wire facts of upstream's {@code extender/v1/types_test.go}: the Go field names, and that the
 * JSON upstream writes decodes back even when lower-cased.
 */
final class ExtenderWireTest {

  private static JsonNode json(String text) {
    try {
      return FakeExtenderServer.JSON.readTree(text);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  /** Upstream's expected JSON of each response type, and what it decodes to. */
  static Stream<Arguments> upstreamResponses() {
    String nodeList =
        "{\"metadata\":{},\"items\":[{\"metadata\":{\"name\":\"nodename\",\"creationTimestamp\":"
            + "null},\"spec\":{},\"status\":{\"daemonEndpoints\":{\"kubeletEndpoint\":{\"Port\":0}},"
            + "\"nodeInfo\":{\"machineID\":\"\",\"systemUUID\":\"\",\"bootID\":\"\",\"kernelVersion\":"
            + "\"\",\"osImage\":\"\",\"containerRuntimeVersion\":\"\",\"kubeletVersion\":\"\","
            + "\"kubeProxyVersion\":\"\",\"operatingSystem\":\"\",\"architecture\":\"\"}}}]}";
    return Stream.of(
        Arguments.of(
            "ExtenderPreemptionResult",
            "{\"NodeNameToMetaVictims\":{\"foo\":{\"Pods\":[{\"UID\":\"myuid\"}],"
                + "\"NumPDBViolations\":1}}}",
            (Function<JsonNode, Object>) ExtenderWire::preemptionResult,
            Map.of("foo", new ExtenderWire.MetaVictims(List.of("myuid"), 1))),
        Arguments.of(
            "ExtenderFilterResult",
            "{\"Nodes\":"
                + nodeList
                + ",\"NodeNames\":[\"node1\"],\"FailedNodes\":{\"foo\":\"bar\"},\"Error\":\"myerror\"}",
            (Function<JsonNode, Object>) ExtenderWire::filterResult,
            new ExtenderWire.FilterResult(
                List.of("node1"), List.of("nodename"), Map.of("foo", "bar"), Map.of(), "myerror")),
        Arguments.of(
            "ExtenderBindingResult",
            "{\"Error\":\"myerror\"}",
            (Function<JsonNode, Object>) ExtenderWire::bindingError,
            "myerror"),
        Arguments.of(
            "HostPriorityList",
            "[{\"Host\":\"myhost\",\"Score\":1}]",
            (Function<JsonNode, Object>) ExtenderWire::hostPriorityList,
            List.of(new NodeScore("myhost", 1))));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("upstreamResponses")
  void decode_upstreamJson(
      String name, String upstream, Function<JsonNode, Object> decode, Object expected) {
    assertThat(decode.apply(json(upstream))).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("upstreamResponses")
  void decode_lowerCasedUpstreamJson(
      String name, String upstream, Function<JsonNode, Object> decode, Object expected) {
    assertThat(decode.apply(json(upstream.toLowerCase(Locale.ROOT)))).isEqualTo(expected);
  }

  @Test
  void bindingArgs_goFieldNames() {
    Pod pod = Pod.builder().name("mypodname").namespace("mypodnamespace").uid("mypoduid").build();

    assertThat(ExtenderWire.bindingArgs(pod, "mynode").toString())
        .isEqualTo(
            "{\"PodName\":\"mypodname\",\"PodNamespace\":\"mypodnamespace\","
                + "\"PodUID\":\"mypoduid\",\"Node\":\"mynode\"}");
  }

  @Test
  void extenderArgs_unsetFieldIsNull() {
    Pod pod = Pod.builder().name("podname").build();

    JsonNode cacheCapable =
        json(ExtenderWire.extenderArgs(pod, List.of(ExtenderFixtures.node("n1")), true).toString());
    JsonNode full =
        json(
            ExtenderWire.extenderArgs(pod, List.of(ExtenderFixtures.node("n1")), false).toString());

    assertThat(cacheCapable.fieldNames()).toIterable().containsExactly("Pod", "Nodes", "NodeNames");
    assertThat(cacheCapable.get("Nodes").isNull()).isTrue();
    assertThat(cacheCapable.get("NodeNames").toString()).isEqualTo("[\"n1\"]");
    assertThat(full.get("NodeNames").isNull()).isTrue();
    assertThat(full.get("Nodes").get("metadata").toString()).isEqualTo("{}");
    assertThat(full.at("/Nodes/items/0/metadata/name").asText()).isEqualTo("n1");
    assertThat(full.at("/Pod/metadata/name").asText()).isEqualTo("podname");
  }

  @Test
  void preemptionArgs_goFieldNamesAndSortedNodes() {
    Pod pod = Pod.builder().name("podname").uid("u0").build();
    Pod victim = Pod.builder().name("victim").uid("myuid").build();
    Map<String, Victims> victims =
        Map.of("zeta", new Victims(List.of(victim), 0), "foo", new Victims(List.of(victim), 1));

    JsonNode meta = json(ExtenderWire.preemptionArgs(pod, victims, true).toString());
    JsonNode full = json(ExtenderWire.preemptionArgs(pod, victims, false).toString());

    assertThat(meta.fieldNames())
        .toIterable()
        .containsExactly("Pod", "NodeNameToVictims", "NodeNameToMetaVictims");
    assertThat(meta.get("NodeNameToVictims").isNull()).isTrue();
    assertThat(meta.get("NodeNameToMetaVictims").toString())
        .isEqualTo(
            "{\"foo\":{\"Pods\":[{\"UID\":\"myuid\"}],\"NumPDBViolations\":1},"
                + "\"zeta\":{\"Pods\":[{\"UID\":\"myuid\"}],\"NumPDBViolations\":0}}");
    assertThat(full.get("NodeNameToMetaVictims").isNull()).isTrue();
    assertThat(full.at("/NodeNameToVictims/foo/Pods/0/metadata/name").asText()).isEqualTo("victim");
    assertThat(full.at("/NodeNameToVictims/foo/NumPDBViolations").asInt()).isEqualTo(1);
  }

  @Test
  void field_exactNameWinsOverCaseInsensitiveMatch() {
    JsonNode o = json("{\"error\":\"lower\",\"Error\":\"exact\"}");

    assertThat(ExtenderWire.field(o, "Error").asText()).isEqualTo("exact");
    assertThat(ExtenderWire.field(o, "ERROR").asText()).isEqualTo("lower");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("typeErrors")
  void decode_wrongJsonType_namesThePath(
      String name, String body, Function<JsonNode, Object> decode, String message) {
    assertThatThrownBy(() -> decode.apply(json(body)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(message);
  }

  static Stream<Arguments> typeErrors() {
    return Stream.of(
        Arguments.of(
            "filter result is an array",
            "[]",
            (Function<JsonNode, Object>) ExtenderWire::filterResult,
            "expected an object, got an array"),
        Arguments.of(
            "NodeNames item is a number",
            "{\"NodeNames\":[\"a\",3]}",
            (Function<JsonNode, Object>) ExtenderWire::filterResult,
            "NodeNames[1]: expected a string, got the number 3"),
        Arguments.of(
            "FailedNodes value is an object",
            "{\"FailedNodes\":{\"n1\":{}}}",
            (Function<JsonNode, Object>) ExtenderWire::filterResult,
            "FailedNodes.n1: expected a string, got an object"),
        Arguments.of(
            "Score is fractional",
            "[{\"Host\":\"n1\",\"Score\":7.5}]",
            (Function<JsonNode, Object>) ExtenderWire::hostPriorityList,
            "[0].Score: expected an integer, got the number 7.5"),
        Arguments.of(
            "meta pod is null",
            "{\"NodeNameToMetaVictims\":{\"n1\":{\"Pods\":[null]}}}",
            (Function<JsonNode, Object>) ExtenderWire::preemptionResult,
            "NodeNameToMetaVictims.n1.Pods[0]: expected an object, got null"),
        Arguments.of(
            "NumPDBViolations is a string",
            "{\"NodeNameToMetaVictims\":{\"n1\":{\"NumPDBViolations\":\"1\"}}}",
            (Function<JsonNode, Object>) ExtenderWire::preemptionResult,
            "NodeNameToMetaVictims.n1.NumPDBViolations: expected an integer, got a string"));
  }
}
