package io.schedkit.core.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.schedkit.core.codec.tree.ModelReader;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodGroup;
import io.schedkit.framework.model.Quantity;
import io.schedkit.framework.model.TaintEffect;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Unknown fields, as the API server's strict field validation and {@code kubectl --validate} treat
 * them: an error by default, a warning or nothing on request, while every field of the Kubernetes
 * API is accepted, modelled by schedkit or not.
 */
final class KubeCodecFieldValidationTest {
  private static final String MISSPELLED_POD =
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: web
      spec:
        nodeSelectr:
          disktype: ssd
        containers:
        - name: nginx
          image: nginx
      """;

  private static String resource(String name) {
    return KubeCodecTest.resource("strict/" + name);
  }

  @Test
  void strict_misspelledField_isAnErrorNamingFileObjectAndField() {
    assertThatThrownBy(() -> new KubeCodec().decode(MISSPELLED_POD, "pod.yaml"))
        .isInstanceOf(KubeDecodeException.class)
        .hasMessage(
            "pod.yaml: Pod default/web: strict decoding error: unknown field \"spec.nodeSelectr\"");
    assertThat(new KubeCodec().fieldValidation()).isEqualTo(FieldValidation.STRICT);
  }

  @Test
  void warn_misspelledField_isAWarningAndTheFieldIsDropped() {
    DecodeResult r = new KubeCodec(FieldValidation.WARN).decode(MISSPELLED_POD, "pod.yaml");

    assertThat(r.warnings())
        .containsExactly("pod.yaml: Pod default/web: unknown field \"spec.nodeSelectr\"");
    Pod pod = r.objectsOf(Pod.class).get(0);
    assertThat(pod.spec().nodeSelector()).isEmpty();
  }

  @Test
  void ignore_misspelledField_isDroppedWithoutAWord() {
    DecodeResult r = new KubeCodec(FieldValidation.IGNORE).decode(MISSPELLED_POD, "pod.yaml");

    assertThat(r.warnings()).isEmpty();
    assertThat(r.objects()).hasSize(1);
  }

  @Test
  void strict_fullKubectlPod_withStatusManagedFieldsVolumesAndProbes_isAccepted() {
    DecodeResult r = new KubeCodec().decode(resource("pod-full.yaml"), "pod-full.yaml");

    assertThat(r.warnings()).isEmpty();
    Pod pod = r.objectsOf(Pod.class).get(0);
    assertThat(pod.key()).isEqualTo("kube-system/coredns-668d6bf9bc-x7kq2");
    assertThat(pod.spec().nodeSelector()).containsEntry("kubernetes.io/os", "linux");
    assertThat(pod.spec().containers().get(0).resources().requests().get("memory"))
        .hasValue(Quantity.parse("70Mi"));
  }

  @Test
  void strict_fullKubectlNode_withImagesConditionsAndNodeInfo_isAccepted() {
    DecodeResult r = new KubeCodec().decode(resource("node-full.yaml"), "node-full.yaml");

    assertThat(r.warnings()).isEmpty();
    Node node = r.objectsOf(Node.class).get(0);
    assertThat(node.spec().taints().get(0).effect()).isEqualTo(TaintEffect.NO_SCHEDULE);
    assertThat(node.status().images()).hasSize(3);
  }

  @Test
  void strict_deploymentTemplateTypos_areErrorsWithTheirPathsAndListIndexes() {
    assertThatThrownBy(
            () -> new KubeCodec().decode(resource("deployment-typo.yaml"), "deploy.yaml"))
        .isInstanceOf(KubeDecodeException.class)
        .hasMessage(
            "deploy.yaml: Deployment shop/web: strict decoding error:"
                + " unknown field \"spec.template.metadata.lables\","
                + " unknown field \"spec.template.spec.containers[1].imagePullPolice\"");
  }

  @Test
  void warn_deploymentTemplateTypos_areOneWarningEach() {
    String yaml =
        resource("deployment-typo.yaml")
            .replace(
                "      lables:\n        app: web\n",
                "      labels:\n        app: web\n      annotatons:\n        team: shop\n");

    DecodeResult r = new KubeCodec(FieldValidation.WARN).decode(yaml, "deploy.yaml");

    assertThat(r.warnings())
        .containsExactly(
            "deploy.yaml: Deployment shop/web: unknown field"
                + " \"spec.template.metadata.annotatons\"",
            "deploy.yaml: Deployment shop/web: unknown field"
                + " \"spec.template.spec.containers[1].imagePullPolice\"");
    assertThat(r.objects()).hasSize(1);
  }

  @Test
  void warn_aTypoThatLeavesTheObjectInvalid_isStillInvalid() {
    // As the API server: the misspelled template labels are a warning, the template that its
    // selector then does not select an error.
    assertThatThrownBy(
            () ->
                new KubeCodec(FieldValidation.WARN)
                    .decode(resource("deployment-typo.yaml"), "deploy.yaml"))
        .isInstanceOf(KubeDecodeException.class)
        .hasMessage(
            "deploy.yaml: Deployment shop/web: spec.template.metadata.labels: Invalid value:"
                + " map[string]string{}: `selector` does not match template `labels`");
  }

  @Test
  void strict_listItems_areCheckedEachWithItsOwnPath() {
    String yaml =
        """
        apiVersion: v1
        kind: List
        metadata:
          resourceVersion: ""
        items:
        - apiVersion: v1
          kind: Pod
          metadata: {name: a}
          spec:
            containers: [{name: c, image: i}]
        - apiVersion: v1
          kind: Pod
          metadata: {name: b, namespace: shop}
          spec:
            containers:
            - name: c
              image: i
              ports:
              - containerPort: 80
              - contianerPort: 81
            tolerations:
            - key: k
              operator: Exists
              efect: NoSchedule
        """;

    assertThatThrownBy(() -> new KubeCodec().decode(yaml, "pods.yaml"))
        .hasMessage(
            "pods.yaml: Pod shop/b: strict decoding error:"
                + " unknown field \"spec.containers[0].ports[1].contianerPort\","
                + " unknown field \"spec.tolerations[0].efect\"");
  }

  @Test
  void strict_listsOwnFields_areChecked_inYamlAndJson() {
    String yaml =
        """
        apiVersion: v1
        kind: NodeList
        metadata:
          resourceVersion: "7"
          continu: x
        items:
        - metadata: {name: n1}
        """;
    String json =
        """
        {"apiVersion": "v1", "kind": "PodList", "metadata": {"resourceVersion": "7"},
         "item": [], "items": [{"metadata": {"name": "p"}, "spec": {"containers": []}}]}
        """;

    assertThatThrownBy(() -> new KubeCodec().decode(yaml, "nodes.yaml"))
        .hasMessage(
            "nodes.yaml: NodeList: strict decoding error: unknown field \"metadata.continu\"");
    assertThatThrownBy(() -> new KubeCodec().decode(json, "pods.json"))
        .hasMessage("pods.json: PodList: strict decoding error: unknown field \"item\"");
  }

  @Test
  void strict_jsonDump_kubectlGetPodsOJson_typedListItemsWithoutKind_areChecked() {
    String json =
        """
        {
            "apiVersion": "v1",
            "items": [
                {
                    "metadata": {"name": "p", "namespace": "ns", "uid": "u"},
                    "spec": {"containers": [{"name": "c", "image": "i",
                        "resources": {"requests": {"nvidia.com/gpu": "1"}}}],
                        "priorty": 5},
                    "status": {"phase": "Pending"}
                }
            ],
            "kind": "PodList",
            "metadata": {"resourceVersion": ""}
        }
        """;

    assertThatThrownBy(() -> new KubeCodec().decode(json, "pods.json"))
        .hasMessage("pods.json: Pod ns/p: strict decoding error: unknown field \"spec.priorty\"");
  }

  @Test
  void strict_unknownFieldWithANullValue_isStillUnknown() {
    String yaml = "kind: Node\nmetadata:\n  name: node-1\n  label: null\n";

    assertThatThrownBy(() -> new KubeCodec().decode(yaml, "n.yaml"))
        .hasMessage("n.yaml: Node node-1: strict decoding error: unknown field \"metadata.label\"");
  }

  @Test
  void strict_freeFormMapsAndRawJson_keepAnyKeys() {
    String yaml =
        """
        apiVersion: v1
        kind: Pod
        metadata:
          name: p
          labels: {anything/goes: x}
          annotations: {kubectl.kubernetes.io/last-applied-configuration: "{}"}
          managedFields:
          - manager: m
            fieldsV1: {f:spec: {f:anything: {}}}
        spec:
          nodeSelector: {any-key: v}
          overhead: {example.com/foo: "1"}
          containers:
          - name: c
            image: i
            resources:
              limits: {example.com/dongle: "2"}
              requests: {example.com/dongle: "2"}
        """;

    assertThat(new KubeCodec().decode(yaml, "p.yaml").objects()).hasSize(1);
  }

  @Test
  void strict_podGroup_schedulerPluginsFieldsAccepted_typoRejected() {
    String ok =
        """
        apiVersion: scheduling.x-k8s.io/v1alpha1
        kind: PodGroup
        metadata: {name: g, namespace: ns}
        spec:
          minMember: 3
          minResources: {cpu: "3"}
          scheduleTimeoutSeconds: 10
        status:
          phase: Running
          occupiedBy: ns/job
          running: 3
          succeeded: 0
          failed: 0
          scheduleStartTime: "2025-12-18T09:14:03Z"
        """;

    assertThat(new KubeCodec().decode(ok, "g.yaml").objectsOf(PodGroup.class).get(0).minMember())
        .isEqualTo(3);
    assertThatThrownBy(
            () -> new KubeCodec().decode(ok.replace("minMember", "minMembers"), "g.yaml"))
        .hasMessage(
            "g.yaml: PodGroup ns/g: strict decoding error: unknown field \"spec.minMembers\"");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "Pod",
        "Node",
        "PodDisruptionBudget",
        "PriorityClass",
        "PodGroup",
        "Namespace",
        "Service",
        "ReplicationController",
        "ReplicaSet",
        "StatefulSet",
        "Deployment",
        "DaemonSet",
        "Job"
      })
  void strict_everyKindRead_andControllers_haveTheirFields(String kind) {
    String ns = ModelReader.namespaced(kind) ? "ns/" : "";
    String yaml =
        "apiVersion: v1\nkind: "
            + kind
            + "\nmetadata:\n  name: x\n"
            + (ns.isEmpty() ? "" : "  namespace: ns\n")
            + "spex: {}\n";

    assertThatThrownBy(() -> new KubeCodec().decode(yaml, "x.yaml"))
        .hasMessage(
            "x.yaml: " + kind + " " + ns + "x: strict decoding error: unknown field \"spex\"");
  }

  @Test
  void strict_namelessObjectOfAKindNotRead_isNamedByItsNumber() {
    String yaml =
        "kind: Node\nmetadata: {name: n1}\n---\n"
            + "apiVersion: batch/v1\nkind: Job\nmetadata: {generateName: pi-}\nspec:\n"
            + "  completion: 3\n";

    assertThatThrownBy(() -> new KubeCodec().decode(yaml, "j.yaml"))
        .hasMessage(
            "j.yaml: Job (object #2): strict decoding error: unknown field \"spec.completion\"");
  }

  @Test
  void strict_kindsNotInTheApiSchema_areSkippedWithTheUsualWarningOnly() {
    String yaml =
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {a: b}\nwhatever: 1\n";

    assertThat(new KubeCodec().decode(yaml, "c.yaml").warnings())
        .containsExactly("c.yaml: ignoring object of unknown kind ConfigMap c");
  }

  @Test
  void strict_pdbOfPolicyV1beta1_hasV1Fields() {
    String yaml =
        """
        apiVersion: policy/v1beta1
        kind: PodDisruptionBudget
        metadata: {name: b}
        spec:
          minAvailable: 1
          unhealthyPodEvictionPolicy: AlwaysAllow
          selector: {matchLabels: {app: web}}
        """;

    assertThat(new KubeCodec().decode(yaml, "b.yaml").objects()).hasSize(1);
  }

  @Test
  void fieldValidation_parse_acceptsKubectlValues() {
    assertThat(FieldValidation.parse("Strict")).isEqualTo(FieldValidation.STRICT);
    assertThat(FieldValidation.parse("true")).isEqualTo(FieldValidation.STRICT);
    assertThat(FieldValidation.parse("warn")).isEqualTo(FieldValidation.WARN);
    assertThat(FieldValidation.parse("false")).isEqualTo(FieldValidation.IGNORE);
    assertThat(FieldValidation.IGNORE.optionValue()).isEqualTo("ignore");
    assertThatThrownBy(() -> FieldValidation.parse("lenient"))
        .hasMessage(
            "invalid value \"lenient\" for validate: must be one of \"strict\", \"warn\" or"
                + " \"ignore\"");
  }
}
