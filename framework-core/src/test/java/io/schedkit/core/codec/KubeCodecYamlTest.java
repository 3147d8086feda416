package io.schedkit.core.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.Quantity;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * YAML as Kubernetes reads it (go-yaml v2 through sigs.k8s.io/yaml): anchors, aliases and merge
 * keys resolved, YAML 1.1 scalars, duplicate keys refused, bounded alias expansion, no size ceiling
 * below a real dump, and files that are not UTF-8 text named as such.
 */
final class KubeCodecYamlTest {
  private final KubeCodec codec = new KubeCodec();

  @Test
  void decode_aliasesOfMappingsAndScalars_areResolved() {
    String yaml =
        """
        apiVersion: v1
        kind: List
        items:
        - apiVersion: v1
          kind: Pod
          metadata:
            name: web
            namespace: &ns shop
            labels: &labels {app: web, tier: front}
          spec:
            containers:
            - name: nginx
              image: nginx:1.27
              resources:
                requests: {cpu: &cpu 500m, memory: &mem 256Mi}
                limits: {cpu: *cpu, memory: *mem}
        - apiVersion: v1
          kind: Pod
          metadata: {name: api, namespace: *ns, labels: *labels}
          spec:
            containers: [{name: api, image: api:1, resources: {requests: {cpu: *cpu}}}]
        """;

    List<Pod> pods = codec.decode(yaml, "pods.yaml").objectsOf(Pod.class);

    assertThat(pods).extracting(Pod::key).containsExactly("shop/web", "shop/api");
    assertThat(pods.get(1).labels()).containsEntry("app", "web").containsEntry("tier", "front");
    assertThat(pods.get(0).spec().containers().get(0).resources().limits().get("cpu"))
        .contains(Quantity.parse("500m"));
    assertThat(pods.get(1).spec().containers().get(0).resources().requests().get("cpu"))
        .contains(Quantity.parse("500m"));
  }

  @Test
  void decode_mergeKeys_addTheBaseEntriesTheMappingDoesNotSet() {
    String yaml =
        """
        apiVersion: v1
        kind: List
        items:
        - apiVersion: v1
          kind: Pod
          metadata: &meta
            name: base
            namespace: payments
            labels: {team: payments}
          spec: &spec
            containers: [{name: c, image: checkout:2}]
        - apiVersion: v1
          kind: Pod
          metadata:
            <<: *meta
            name: checkout
            labels: {app: checkout}
          spec: *spec
        - apiVersion: v1
          kind: Pod
          metadata:
            <<: [*meta, {namespace: ignored, annotations: {a: b}}]
            name: refunds
          spec: *spec
        """;

    List<Pod> pods = codec.decode(yaml, "pods.yaml").objectsOf(Pod.class);

    assertThat(pods)
        .extracting(Pod::key)
        .containsExactly("payments/base", "payments/checkout", "payments/refunds");
    assertThat(pods.get(1).labels()).containsOnlyKeys("app");
    assertThat(pods.get(2).labels()).containsEntry("team", "payments");
    assertThat(pods.get(2).metadata().annotations()).containsEntry("a", "b");
  }

  @Test
  void decode_yaml11Scalars_resolveAsGoYamlV2() {
    String yaml =
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          hostNetwork: yes
          priority: 0x10
          containers: [{name: c, image: busybox, resources: {requests: {cpu: 1_000}}}]
        """;

    Pod pod = codec.decode(yaml, "p.yaml").objectsOf(Pod.class).get(0);

    assertThat(pod.spec().hostNetwork()).isTrue();
    assertThat(pod.spec().priority()).isEqualTo(16);
    assertThat(pod.spec().containers().get(0).resources().requests().get("cpu"))
        .contains(Quantity.parse("1000"));
  }

  @Test
  void decode_duplicateKey_isAnErrorNamingIt() {
    String yaml =
        """
        apiVersion: v1
        kind: Pod
        metadata:
          name: web
          name: web-2
        """;

    assertThatThrownBy(() -> codec.decode(yaml, "dup.yaml"))
        .isInstanceOf(KubeDecodeException.class)
        .hasMessage("dup.yaml: line 5, column 9: key \"name\" already set in map");
  }

  @Test
  void decode_duplicateJsonField_isAnErrorNamingIt() {
    String json = "{\"apiVersion\": \"v1\", \"kind\": \"Pod\", \"kind\": \"Node\"}";

    assertThatThrownBy(() -> codec.decode(json, "dup.json"))
        .isInstanceOf(KubeDecodeException.class)
        .hasMessageContaining("duplicate field \"kind\"");
  }

  @Test
  void decode_billionLaughs_isRefusedNamingTheLimit() {
    StringBuilder yaml =
        new StringBuilder("a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for (int i = 1; i <= 9; i++) {
      String p = "*a" + (i - 1);
      yaml.append("a").append(i).append(": &a").append(i).append(" [");
      yaml.append(String.join(", ", java.util.Collections.nCopies(9, p))).append("]\n");
    }

    assertThatThrownBy(() -> codec.decode(yaml.toString(), "lol.yaml"))
        .isInstanceOf(KubeDecodeException.class)
        .hasMessageContaining("lol.yaml: line ")
        .hasMessageContaining("aliases expand to more than 1,000,000 nodes, the limit");
  }

  @Test
  void decode_recursiveAlias_isRefused() {
    assertThatThrownBy(() -> codec.decode("a: &x [1, *x]\n", "loop.yaml"))
        .hasMessageContaining("anchor 'x' value contains itself");
  }

  @Test
  void decode_singleDocumentListOverThreeMebibytes_loads() {
    StringBuilder yaml = new StringBuilder("apiVersion: v1\nitems:\n");
    int nodes = 14_000;
    for (int i = 0; i < nodes; i++) {
      yaml.append("- apiVersion: v1\n  kind: Node\n  metadata:\n    name: node-")
          .append(i)
          .append("\n    labels: {kubernetes.io/hostname: node-")
          .append(i)
          .append(", topology.kubernetes.io/zone: eu-west-1a}\n")
          .append("  status:\n    allocatable: {cpu: 7910m, memory: 31526868Ki, pods: \"58\"}\n")
          .append("    capacity: {cpu: \"8\", memory: 32544724Ki, pods: \"58\"}\n");
    }
    yaml.append("kind: List\nmetadata:\n  resourceVersion: \"\"\n");
    assertThat(yaml.length()).isGreaterThan(3 * 1024 * 1024);

    List<Node> decoded = codec.decode(yaml.toString(), "nodes.yaml").objectsOf(Node.class);

    assertThat(decoded).hasSize(nodes);
  }

  @Test
  void decode_typedListFromTheApiServer_givesItsItemsTheirKind() {
    String json =
        """
        {"kind": "NodeList", "apiVersion": "v1", "metadata": {},
         "items": [{"metadata": {"name": "n1"}}, {"metadata": {"name": "n2"}}]}
        """;

    assertThat(codec.decode(json, "nodes.json").objectsOf(Node.class))
        .extracting(Node::name)
        .containsExactly("n1", "n2");
  }

  @Test
  void decode_binaryFile_saysSo(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("cluster.tar.gz");
    Files.write(file, new byte[] {0x1f, (byte) 0x8b, 0x08, 0x00, 0x00, 0x00});

    assertThatThrownBy(() -> codec.decode(file))
        .isInstanceOf(KubeDecodeException.class)
        .hasMessage(file + ": cannot read file: a binary file, not YAML or JSON text");
  }

  @Test
  void decode_latin1File_saysItIsNotUtf8(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("pod.yaml");
    Files.write(
        file,
        "apiVersion: v1\nkind: Pod\nmetadata: {name: caf\u00e9}\n"
            .getBytes(StandardCharsets.ISO_8859_1));

    assertThatThrownBy(() -> codec.decode(file))
        .isInstanceOf(KubeDecodeException.class)
        .hasMessage(
            file + ": cannot read file: not UTF-8 text (Kubernetes reads YAML and JSON as UTF-8)");
  }
}
