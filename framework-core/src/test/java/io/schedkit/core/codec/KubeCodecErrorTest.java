package io.schedkit.core.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Bad inputs and the exact message each one produces. */
final class KubeCodecErrorTest {
  private final KubeCodec codec = new KubeCodec();

  private static String pod(String name, String spec) {
    return "apiVersion: v1\nkind: Pod\nmetadata:\n  name: " + name + "\nspec:\n" + spec;
  }

  static Stream<Arguments> cases() {
    return Stream.of(
        arguments(
            "bad quantity",
            "cluster.yaml",
            pod(
                "web-1",
                """
                  containers:
                  - name: web
                    resources:
                      requests:
                        cpu: 1 core
                """),
            "cluster.yaml: Pod default/web-1: spec.containers[0].resources.requests.cpu:"
                + " Invalid value: \"1 core\": quantities must match the regular expression"
                + " '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"),
        arguments(
            "bad quantity suffix",
            "cluster.yaml",
            pod(
                "web-1",
                """
                  overhead:
                    memory: 12kk
                """),
            "cluster.yaml: Pod default/web-1: spec.overhead.memory: Invalid value: \"12kk\":"
                + " unable to parse quantity's suffix \"kk\""),
        arguments(
            "bad enum",
            "pods.yaml",
            pod(
                "p",
                """
                  tolerations:
                  - key: a
                    operator: Exists
                  - key: b
                    effect: NoScheduleX
                """),
            "pods.yaml: Pod default/p: spec.tolerations[1].effect: Unsupported value:"
                + " \"NoScheduleX\": supported values: \"NoExecute\", \"NoSchedule\","
                + " \"PreferNoSchedule\""),
        arguments(
            "missing name",
            "pods.yaml",
            """
            kind: Pod
            metadata: {name: a}
            ---
            kind: Pod
            metadata: {name: b}
            ---
            kind: Pod
            metadata:
              namespace: shop
            """,
            "pods.yaml: object #3: metadata.name: Required value"),
        arguments(
            "missing kind",
            "pods.yaml",
            "apiVersion: v1\nmetadata:\n  name: x\n",
            "pods.yaml: object #1: kind: Required value"),
        arguments(
            "malformed YAML",
            "bad.yaml",
            "kind: Pod\nmetadata:\n  name: a\n  labels: [x\n",
            "bad.yaml: line 5, column 1: while parsing a flow sequence: expected ',' or ']', but got"
                + " <stream end>"),
        arguments(
            "malformed YAML mapping",
            "bad.yaml",
            "kind: Pod\nmetadata:\n  name: a: b\n",
            "bad.yaml: line 3, column 10: mapping values are not allowed here"),
        arguments(
            "malformed JSON",
            "bad.json",
            "{\"kind\": \"Pod\",\n \"metadata\": {\"name\": \"a\",}}",
            "bad.json: line 2, column 27: Unexpected character ('}' (code 125)): was expecting"
                + " double-quote to start field name"),
        arguments(
            "bad timestamp",
            "pods.yaml",
            "kind: Pod\nmetadata:\n  name: p\n  creationTimestamp: \"2024-13-01T00:00:00Z\"\n",
            "pods.yaml: Pod default/p: metadata.creationTimestamp: Invalid value:"
                + " \"2024-13-01T00:00:00Z\": must be an RFC 3339 timestamp such as"
                + " \"2006-01-02T15:04:05Z\""),
        arguments(
            "negative request",
            "pods.yaml",
            pod(
                "p",
                """
                  initContainers:
                  - name: init
                    resources:
                      limits:
                        memory: -1Gi
                """),
            "pods.yaml: Pod default/p: spec.initContainers[0].resources.limits.memory: Invalid"
                + " value: \"-1Gi\": must be greater than or equal to 0"),
        arguments(
            "negative allocatable",
            "nodes.yaml",
            "kind: Node\nmetadata:\n  name: n1\nstatus:\n  allocatable:\n    cpu: \"-2\"\n",
            "nodes.yaml: Node n1: status.allocatable.cpu: Invalid value: \"-2\": must be greater"
                + " than or equal to 0"),
        arguments(
            "wrong type: maxSkew string",
            "pods.yaml",
            pod(
                "p",
                """
                  topologySpreadConstraints:
                  - maxSkew: "x"
                    topologyKey: zone
                    whenUnsatisfiable: DoNotSchedule
                """),
            "pods.yaml: Pod default/p: spec.topologySpreadConstraints[0].maxSkew: expected a"
                + " 32-bit integer, got string \"x\""),
        arguments(
            "wrong type: containers not a list",
            "pods.yaml",
            pod("p", "  containers:\n    name: web\n"),
            "pods.yaml: Pod default/p: spec.containers: expected a list, got an object"),
        arguments(
            "wrong type: label value number",
            "pods.yaml",
            "kind: Pod\nmetadata:\n  name: p\n  labels:\n    version: 1.10\n",
            "pods.yaml: Pod default/p: metadata.labels.version: expected a string, got number"
                + " 1.1"),
        arguments(
            "label selector In without values",
            "pdb.yaml",
            """
            apiVersion: policy/v1
            kind: PodDisruptionBudget
            metadata:
              name: b
              namespace: shop
            spec:
              selector:
                matchExpressions:
                - key: app
                  operator: In
            """,
            "pdb.yaml: PodDisruptionBudget shop/b: spec.selector.matchExpressions[0].values:"
                + " Required value: must be specified when `operator` is 'In' or 'NotIn'"),
        arguments(
            "unknown node selector operator",
            "pods.yaml",
            pod(
                "p",
                """
                  affinity:
                    nodeAffinity:
                      requiredDuringSchedulingIgnoredDuringExecution:
                        nodeSelectorTerms:
                        - matchExpressions:
                          - key: zone
                            operator: Near
                            values: [a]
                """),
            "pods.yaml: Pod default/p: spec.affinity.nodeAffinity."
                + "requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]."
                + "matchExpressions[0].operator: Invalid value: \"Near\": not a valid selector"
                + " operator"),
        arguments(
            "taint without effect",
            "nodes.yaml",
            "kind: Node\nmetadata:\n  name: n1\nspec:\n  taints:\n  - key: k\n",
            "nodes.yaml: Node n1: spec.taints[0].effect: Required value"),
        arguments(
            "preferred term weight out of range",
            "pods.yaml",
            pod(
                "p",
                """
                  affinity:
                    podAffinity:
                      preferredDuringSchedulingIgnoredDuringExecution:
                      - weight: 0
                        podAffinityTerm:
                          topologyKey: zone
                """),
            "pods.yaml: Pod default/p: spec.affinity.podAffinity."
                + "preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: 0:"
                + " must be in the range 1-100"),
        arguments(
            "wrong type: tolerationSeconds string",
            "pods.yaml",
            pod("p", "  tolerations:\n  - key: k\n    tolerationSeconds: soon\n"),
            "pods.yaml: Pod default/p: spec.tolerations[0].tolerationSeconds: expected a 64-bit"
                + " integer, got string \"soon\""),
        arguments(
            "document is not an object",
            "pods.yaml",
            "just a string\n",
            "pods.yaml: object #1: expected an object, got string \"just a string\""),
        arguments(
            "spread constraint with zero maxSkew",
            "pods.yaml",
            pod(
                "p",
                """
                  topologySpreadConstraints:
                  - maxSkew: 0
                    topologyKey: zone
                    whenUnsatisfiable: ScheduleAnyway
                """),
            "pods.yaml: Pod default/p: spec.topologySpreadConstraints[0].maxSkew: Invalid value:"
                + " 0: must be greater than zero"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void decode_rejects(String name, String source, String text, String message) {
    assertThatThrownBy(() -> codec.decode(text, source))
        .isInstanceOf(KubeDecodeException.class)
        .hasMessage(message)
        .extracting(e -> ((KubeDecodeException) e).source())
        .isEqualTo(source);
  }

  @Test
  void decode_unknownKind_isWarningNotError() {
    DecodeResult r =
        codec.decode(
            """
            apiVersion: batch/v1
            kind: CronJob
            metadata:
              name: nightly
              namespace: shop
            spec:
              schedule: 42
            ---
            apiVersion: v1
            kind: Namespace
            metadata:
              name: shop
            """,
            "mixed.yaml");

    assertThat(r.objects()).hasSize(1);
    assertThat(r.warnings())
        .containsExactly("mixed.yaml: ignoring object of unknown kind CronJob shop/nightly");
  }

  @Test
  void decode_missingFile_namesIt() {
    java.nio.file.Path missing = java.nio.file.Path.of("does-not-exist.yaml");

    assertThatThrownBy(() -> codec.decode(missing))
        .isInstanceOf(KubeDecodeException.class)
        .hasMessage("does-not-exist.yaml: cannot read file: no such file");
  }
}
