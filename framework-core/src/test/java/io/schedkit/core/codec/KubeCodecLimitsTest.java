package io.schedkit.core.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Hostile input: huge numbers, deep nesting, huge values; each a declared, named error. */
final class KubeCodecLimitsTest {
  private final KubeCodec codec = new KubeCodec();

  private static String yamlPod(String requests) {
    return """
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          containers:
          - name: c
            resources:
              requests:
        """
        + requests;
  }

  private static String jsonPod(String cpu) {
    return "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"p\"},"
        + "\"spec\":{\"containers\":[{\"name\":\"c\",\"resources\":{\"requests\":{\"cpu\":"
        + cpu
        + "}}}]}}";
  }

  @Test
  void yamlQuantityWithHugeExponentIsAnInvalidValue() {
    assertThatThrownBy(() -> codec.decode(yamlPod("          cpu: 1E2147483647\n"), "p.yaml"))
        .isInstanceOf(KubeDecodeException.class)
        .hasMessage(
            "p.yaml: Pod default/p: spec.containers[0].resources.requests.cpu: Invalid value:"
                + " \"1E2147483647\": numeric overflow: quantities must be less than 1e1000");
  }

  @Test
  void jsonQuantityWithHugeExponentIsNeverExpanded() {
    assertThatThrownBy(() -> codec.decode(jsonPod("1E2147483647"), "p.json"))
        .isInstanceOf(KubeDecodeException.class)
        .hasMessage(
            "p.json: Pod default/p: spec.containers[0].resources.requests.cpu: Invalid value:"
                + " \"1E+2147483647\": numeric overflow: quantities must be less than 1e1000");
    assertThatThrownBy(() -> codec.decode(jsonPod("1e999999999"), "p.json"))
        .isInstanceOf(KubeDecodeException.class)
        .hasMessageContaining("Invalid value: \"1E+999999999\": numeric overflow");
    // A tiny number rounds up to a nano, as a quantity string would.
    assertThat(codec.decode(jsonPod("1e-999999999"), "p.json").objectsOf(Pod.class))
        .singleElement()
        .extracting(p -> p.spec().containers().get(0).resources().requests().asMap().get("cpu"))
        .hasToString("1e-9");
    assertThat(codec.decode(jsonPod("1000"), "p.json").objectsOf(Pod.class))
        .singleElement()
        .extracting(p -> p.spec().containers().get(0).resources().requests().asMap().get("cpu"))
        .hasToString("1k");
  }

  @Test
  void int32FieldWithHugeExponentIsOutOfRange() {
    String json =
        "{\"apiVersion\":\"scheduling.k8s.io/v1\",\"kind\":\"PriorityClass\","
            + "\"metadata\":{\"name\":\"high\"},\"value\":1E+2147483647}";
    assertThatThrownBy(() -> codec.decode(json, "pc.json"))
        .isInstanceOf(KubeDecodeException.class)
        .hasMessage(
            "pc.json: PriorityClass high: value: expected a 32-bit integer, got number"
                + " 1E+2147483647");
    String pdbJson =
        "{\"apiVersion\":\"policy/v1\",\"kind\":\"PodDisruptionBudget\","
            + "\"metadata\":{\"name\":\"b\"},\"spec\":{\"minAvailable\":1E+100000000}}";
    assertThatThrownBy(() -> codec.decode(pdbJson, "pdb.json"))
        .isInstanceOf(KubeDecodeException.class)
        .hasMessageStartingWith("pdb.json: PodDisruptionBudget default/b: spec.minAvailable");
  }

  @Test
  void longYamlIntegerIsNotExpanded() {
    String digits = "9".repeat(500_000);
    assertThatThrownBy(() -> codec.decode(yamlPod("          cpu: " + digits + "\n"), "p.yaml"))
        .isInstanceOf(KubeDecodeException.class)
        .hasMessageContaining("requests.cpu: Invalid value: \"")
        .hasMessageContaining("... (500000 characters): numeric overflow");
  }

  private static String nested(int depth, String open, String close) {
    return open.repeat(depth) + close.repeat(depth);
  }

  @Test
  void deepJsonIsRefusedByTheNestingLimit() {
    assertThatThrownBy(() -> codec.decode(nested(2000, "[", "]"), "deep.json"))
        .isInstanceOf(KubeDecodeException.class)
        .hasMessage("deep.json: nesting deeper than 200 levels, the limit");
  }

  @Test
  void deepYamlFlowAndBlockAreRefusedByTheNestingLimit() {
    assertThatThrownBy(() -> codec.decode("x: " + nested(2000, "[", "]"), "deep.yaml"))
        .isInstanceOf(KubeDecodeException.class)
        .hasMessage("deep.yaml: line 1, column 203: nesting deeper than 200 levels, the limit");
    assertThatThrownBy(() -> codec.decode("- " + nested(2000, "{a: ", "}"), "deep.yaml"))
        .isInstanceOf(KubeDecodeException.class)
        .hasMessageEndingWith("nesting deeper than 200 levels, the limit");
  }

  @Test
  void everyAcceptedDepthDecodesWithoutOverflow() {
    // As deep as the limit allows, inside an unknown kind's field and as a list of lists.
    String value = nested(197, "[", "]");
    String yaml = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: " + value + "\n";
    DecodeResult r = new KubeCodec(FieldValidation.WARN).decode(yaml, "c.yaml");
    assertThat(r.objects()).isEmpty();
    assertThat(codec.decode(nested(200, "[", "]"), "deep.json").objects()).isEmpty();
    assertThat(codec.decode(nested(199, "[", "]"), "deep.yaml").objects()).isEmpty();
  }

  @Test
  void hugeYamlScalarIsRefusedWhileReading() {
    String big = "a".repeat(2 * 1024 * 1024);
    assertThatThrownBy(
            () -> codec.decode("kind: Pod\nmetadata:\n  name: p\n  x: " + big + "\n", "big.yaml"))
        .isInstanceOf(KubeDecodeException.class)
        .hasMessage(
            "big.yaml: after line 4, column 4: a single value (a string, a key or a comment)"
                + " longer than 1,048,576 characters, the limit");
  }

  @Test
  void hugeJsonStringIsRefusedWhileReading() {
    String big = "a".repeat(2 * 1024 * 1024);
    assertThatThrownBy(() -> codec.decode("{\"kind\":\"Pod\",\"x\":\"" + big + "\"}", "big.json"))
        .isInstanceOf(KubeDecodeException.class)
        .hasMessageEndingWith(
            ": a single value (a string or a key) longer than 1,048,576 characters, the limit");
  }

  @Test
  void hugeObjectIsRefusedButAListOfManyObjectsLoads() {
    StringBuilder huge = new StringBuilder("kind: Node\nmetadata:\n  name: node1\n  labels:\n");
    for (int i = 0; huge.length() <= 9 * 1024 * 1024; i++) {
      huge.append("    k").append(i).append(": ").append("v".repeat(60)).append('\n');
    }
    assertThatThrownBy(() -> codec.decode(huge.toString(), "huge.yaml"))
        .isInstanceOf(KubeDecodeException.class)
        .hasMessageEndingWith(
            ": an object (a document, or an element of a List's items) longer than 8,388,608"
                + " characters, the limit");

    // 9 MiB of List items, each small: every item counts on its own.
    StringBuilder list = new StringBuilder("apiVersion: v1\nkind: List\nitems:\n");
    StringBuilder json = new StringBuilder("{\"kind\":\"List\",\"items\":[");
    int n = 0;
    while (list.length() <= 9 * 1024 * 1024) {
      list.append("- kind: Node\n  metadata:\n    name: node-")
          .append(n)
          .append("\n    annotations: {a: ")
          .append("x".repeat(200))
          .append("}\n");
      json.append(n == 0 ? "" : ",")
          .append("{\"kind\":\"Node\",\"metadata\":{\"name\":\"node-")
          .append(n)
          .append("\",\"annotations\":{\"a\":\"")
          .append("x".repeat(200))
          .append("\"}}}");
      n++;
    }
    json.append("]}");
    assertThat(codec.decode(list.toString(), "list.yaml").objectsOf(Node.class)).hasSize(n);
    assertThat(codec.decode(json.toString(), "list.json").objectsOf(Node.class)).hasSize(n);
  }

  @Test
  void errorsShortenLongValues() {
    String name = "n".repeat(100_000);
    String yaml = "kind: Node\nmetadata:\n  name: x\n  labels:\n    a: " + name + "\n";
    assertThatThrownBy(() -> codec.decode(yaml, "n.yaml"))
        .isInstanceOf(KubeDecodeException.class)
        .hasMessage(
            "n.yaml: Node x: metadata.labels: Invalid value: \""
                + "n".repeat(64)
                + "\"... (100000 characters): must be no more than 63 characters");
  }

  @Test
  void labelValuesAndKeysAreValidatedAsTheApiServerDoes() {
    assertThatThrownBy(
            () ->
                codec.decode(
                    "kind: Node\nmetadata:\n  name: node1\n  labels: {zone: \"-bad\"}\n", "n.yaml"))
        .isInstanceOf(KubeDecodeException.class)
        .hasMessage(
            "n.yaml: Node node1: metadata.labels: Invalid value: \"-bad\": a valid label must be an"
                + " empty string or consist of alphanumeric characters, '-', '_' or '.', and must"
                + " start and end with an alphanumeric character (e.g. 'MyValue',  or"
                + " 'my_value',  or '12345', regex used for validation is"
                + " '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')");
    assertThatThrownBy(
            () ->
                codec.decode(
                    "kind: Pod\nmetadata:\n  name: p\n  labels: {\"Example.com/app\": x}\n",
                    "p.yaml"))
        .isInstanceOf(KubeDecodeException.class)
        .hasMessageStartingWith(
            "p.yaml: Pod default/p: metadata.labels: Invalid value: \"Example.com/app\": prefix"
                + " part a lowercase RFC 1123 subdomain must consist of");
    List<Node> ok =
        codec
            .decode(
                "kind: Node\nmetadata:\n  name: node1\n  labels:\n    example.com/a_b: A.b-1\n"
                    + "    empty: \"\"\n",
                "n.yaml")
            .objectsOf(Node.class);
    assertThat(ok).singleElement().extracting(x -> x.metadata().labels()).isNotNull();
  }
}
