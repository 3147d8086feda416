package io.schedkit.core.codec;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.ContainerImage;
import io.schedkit.framework.model.IntOrString;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.LabelSelectorRequirement;
import io.schedkit.framework.model.Namespace;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.NodeInclusionPolicy;
import io.schedkit.framework.model.NodeSelectorOperator;
import io.schedkit.framework.model.NodeSelectorRequirement;
import io.schedkit.framework.model.OwnerReference;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodAffinityTerm;
import io.schedkit.framework.model.PodDisruptionBudget;
import io.schedkit.framework.model.PodGroup;
import io.schedkit.framework.model.PreemptionPolicy;
import io.schedkit.framework.model.PriorityClass;
import io.schedkit.framework.model.Quantity;
import io.schedkit.framework.model.ResourceList;
import io.schedkit.framework.model.Service;
import io.schedkit.framework.model.Taint;
import io.schedkit.framework.model.TaintEffect;
import io.schedkit.framework.model.Toleration;
import io.schedkit.framework.model.TolerationOperator;
import io.schedkit.framework.model.TopologySpreadConstraint;
import io.schedkit.framework.model.UnsatisfiableConstraintAction;
import io.schedkit.framework.model.Workload;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

final class KubeCodecTest {
  private final KubeCodec codec = new KubeCodec();

  static String resource(String name) {
    try (InputStream in = KubeCodecTest.class.getResourceAsStream("/codec/" + name)) {
      if (in == null) {
        throw new IllegalArgumentException("no test resource " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private DecodeResult decode(String file) {
    return codec.decode(resource(file), file);
  }

  @Test
  void decode_deploymentOwnedPod() {
    Pod pod = decode("pod-deployment.yaml").objectsOf(Pod.class).get(0);

    assertThat(pod.key()).isEqualTo("shop/web-7d4b9c8f6d-x2k9p");
    assertThat(pod.uid()).isEqualTo("0f3a8c52-6d4e-4b7a-9e21-7c5d3b2a1f00");
    assertThat(pod.labels())
        .containsExactly(
            Map.entry("app", "web"),
            Map.entry("pod-template-hash", "7d4b9c8f6d"),
            Map.entry("tier", "frontend"));
    assertThat(pod.metadata().annotations()).containsEntry("prometheus.io/scrape", "true");
    assertThat(pod.metadata().creationTimestamp()).isEqualTo(Instant.parse("2024-05-02T08:15:30Z"));
    assertThat(pod.metadata().resourceVersion()).isEqualTo("884213");
    assertThat(pod.controllerRef())
        .contains(
            new OwnerReference(
                "apps/v1",
                "ReplicaSet",
                "web-7d4b9c8f6d",
                "5b1c2f7e-9a63-4c1e-8b7d-2f1e0c9d4a11",
                true));

    assertThat(pod.nodeName()).isEqualTo("node-a");
    assertThat(pod.priority()).isEqualTo(1000);
    assertThat(pod.spec().priorityClassName()).isEqualTo("shop-high");
    assertThat(pod.spec().preemptionPolicy()).isEqualTo(PreemptionPolicy.PREEMPT_LOWER_PRIORITY);
    assertThat(pod.spec().schedulerName()).isEqualTo("default-scheduler");
    assertThat(pod.spec().nodeSelector()).containsExactly(Map.entry("kubernetes.io/arch", "amd64"));
    assertThat(pod.spec().overhead()).isEqualTo(ResourceList.of("cpu", "50m", "memory", "32Mi"));

    Container web = pod.spec().containers().get(0);
    assertThat(web.name()).isEqualTo("web");
    assertThat(web.image()).isEqualTo("registry.example.com/shop/web:1.42.0");
    assertThat(web.resources().requests())
        .isEqualTo(ResourceList.of("cpu", "500m", "memory", "512Mi", "ephemeral-storage", "2Gi"));
    assertThat(web.resources().limits()).isEqualTo(ResourceList.of("cpu", "2", "memory", "1Gi"));
    assertThat(web.ports()).hasSize(2);
    assertThat(web.ports().get(1).hostPort()).isEqualTo(9090);
    assertThat(web.ports().get(1).name()).isEqualTo("metrics");
    assertThat(web.ports().get(1).protocol()).isEqualTo("TCP");
    assertThat(web.restartPolicy()).isNull();

    List<Container> init = pod.spec().initContainers();
    assertThat(init).extracting(Container::name).containsExactly("migrate", "proxy");
    assertThat(init.get(0).isRestartableInit()).isFalse();
    assertThat(init.get(1).isRestartableInit()).isTrue();
    assertThat(init.get(1).ports().get(0).containerPort()).isEqualTo(15001);

    var nodeAffinity = pod.spec().affinity().nodeAffinity();
    assertThat(nodeAffinity.required().nodeSelectorTerms().get(0).matchExpressions())
        .containsExactly(
            NodeSelectorRequirement.in("kubernetes.io/os", "linux"),
            new NodeSelectorRequirement(
                "example.com/generation", NodeSelectorOperator.GT, List.of("3")));
    assertThat(nodeAffinity.preferred()).hasSize(2);
    assertThat(nodeAffinity.preferred().get(0).weight()).isEqualTo(40);
    assertThat(nodeAffinity.preferred().get(1).preference().matchFields())
        .containsExactly(NodeSelectorRequirement.notIn("metadata.name", "node-legacy-1"));

    var anti = pod.spec().affinity().podAntiAffinity();
    PodAffinityTerm required = anti.required().get(0);
    assertThat(required.labelSelector().matchExpressions())
        .containsExactly(LabelSelectorRequirement.in("app", "web"));
    assertThat(required.namespaceSelector())
        .isEqualTo(LabelSelector.of(Map.of("team", "storefront")));
    assertThat(required.matchLabelKeys()).containsExactly("pod-template-hash");
    assertThat(required.topologyKey()).isEqualTo("topology.kubernetes.io/zone");
    assertThat(anti.preferred().get(0).weight()).isEqualTo(10);
    assertThat(pod.spec().affinity().podAffinity()).isNull();

    assertThat(pod.spec().tolerations())
        .containsExactly(
            new Toleration(
                "node.kubernetes.io/not-ready",
                TolerationOperator.EXISTS,
                "",
                TaintEffect.NO_EXECUTE,
                300L),
            new Toleration(
                "node.kubernetes.io/unreachable",
                TolerationOperator.EXISTS,
                "",
                TaintEffect.NO_EXECUTE,
                300L),
            new Toleration(
                "dedicated", TolerationOperator.EQUAL, "shop", TaintEffect.NO_SCHEDULE, null));

    assertThat(pod.spec().topologySpreadConstraints())
        .containsExactly(
            new TopologySpreadConstraint(
                1,
                "topology.kubernetes.io/zone",
                UnsatisfiableConstraintAction.DO_NOT_SCHEDULE,
                LabelSelector.of(Map.of("app", "web")),
                3,
                NodeInclusionPolicy.HONOR,
                NodeInclusionPolicy.IGNORE,
                List.of("pod-template-hash")),
            new TopologySpreadConstraint(
                2,
                "kubernetes.io/hostname",
                UnsatisfiableConstraintAction.SCHEDULE_ANYWAY,
                LabelSelector.of(Map.of("app", "web")),
                null,
                null,
                NodeInclusionPolicy.HONOR,
                List.of()));

    assertThat(pod.status().phase()).isEqualTo("Running");
    assertThat(pod.status().startTime()).isEqualTo(Instant.parse("2024-05-02T08:15:30Z"));
    assertThat(pod.status().conditions()).hasSize(2);
    assertThat(pod.status().conditions().get(1).type()).isEqualTo("PodScheduled");
    assertThat(pod.status().conditions().get(1).status()).isEqualTo("True");
    assertThat(pod.status().conditions().get(1).lastTransitionTime())
        .isEqualTo(Instant.parse("2024-05-02T08:15:30Z"));
  }

  @Test
  void decode_gpuNode() {
    Node node = decode("node-gpu.yaml").objectsOf(Node.class).get(0);

    assertThat(node.name()).isEqualTo("gpu-node-1");
    assertThat(node.metadata().namespace()).isEmpty();
    assertThat(node.labels()).containsEntry("topology.kubernetes.io/zone", "us-east-1a");
    assertThat(node.taints())
        .containsExactly(
            Taint.of("nvidia.com/gpu", "present", TaintEffect.NO_SCHEDULE),
            Taint.of("workload", "training", TaintEffect.PREFER_NO_SCHEDULE),
            new Taint(
                "node.kubernetes.io/unreachable",
                "",
                TaintEffect.NO_EXECUTE,
                Instant.parse("2024-05-02T09:00:00Z")));
    assertThat(node.allocatable().getOrZero("nvidia.com/gpu")).isEqualTo(Quantity.of(8));
    assertThat(node.allocatable().getOrZero("cpu").milliValue()).isEqualTo(95_500);
    assertThat(node.allocatable().getOrZero("hugepages-1Gi").value()).isEqualTo(1L << 32);
    assertThat(node.allocatable().getOrZero("hugepages-2Mi").value()).isEqualTo(512L << 20);
    assertThat(node.allocatable().getOrZero("memory").value()).isEqualTo(1109780392L * 1024);
    assertThat(node.status().capacity().getOrZero("ephemeral-storage").value())
        .isEqualTo(519018452L * 1024);
    assertThat(node.status().images())
        .containsExactly(
            ContainerImage.of(
                9876543210L,
                "nvcr.io/nvidia/pytorch@sha256:1f2e3d",
                "nvcr.io/nvidia/pytorch:24.03-py3"),
            ContainerImage.of(321520L, "registry.k8s.io/pause:3.9"));
    assertThat(node.status().conditions()).hasSize(2);
    assertThat(node.status().conditions().get(1).type()).isEqualTo("Ready");
    assertThat(node.status().conditions().get(1).reason()).isEqualTo("KubeletReady");
  }

  @Test
  void decode_policyObjects() {
    DecodeResult r = decode("policy.yaml");

    PodDisruptionBudget pdb = r.objectsOf(PodDisruptionBudget.class).get(0);
    assertThat(pdb.key()).isEqualTo("shop/web-pdb");
    assertThat(pdb.spec().maxUnavailable()).isEqualTo(IntOrString.of("25%"));
    assertThat(pdb.spec().minAvailable()).isNull();
    assertThat(pdb.spec().selector()).isEqualTo(LabelSelector.of(Map.of("app", "web")));
    assertThat(pdb.status().disruptionsAllowed()).isEqualTo(1);
    assertThat(pdb.status().currentHealthy()).isEqualTo(6);
    assertThat(pdb.status().desiredHealthy()).isEqualTo(5);
    assertThat(pdb.status().expectedPods()).isEqualTo(6);
    assertThat(pdb.status().disruptedPods())
        .containsExactly(Map.entry("web-7d4b9c8f6d-abcde", Instant.parse("2024-05-02T08:30:00Z")));

    List<PriorityClass> classes = r.objectsOf(PriorityClass.class);
    assertThat(classes)
        .extracting(PriorityClass::name)
        .containsExactly("shop-high", "batch-default");
    assertThat(classes.get(0).value()).isEqualTo(1000);
    assertThat(classes.get(0).globalDefault()).isFalse();
    assertThat(classes.get(0).preemptionPolicy())
        .isEqualTo(PreemptionPolicy.PREEMPT_LOWER_PRIORITY);
    assertThat(classes.get(0).description()).isEqualTo("Customer-facing shop workloads.");
    assertThat(classes.get(1).globalDefault()).isTrue();
    assertThat(classes.get(1).preemptionPolicy()).isEqualTo(PreemptionPolicy.NEVER);

    PodGroup group = r.objectsOf(PodGroup.class).get(0);
    assertThat(group.key()).isEqualTo("ml/trainer");
    assertThat(group.minMember()).isEqualTo(4);
    assertThat(group.scheduleTimeoutSeconds()).isEqualTo(120);
    assertThat(r.warnings()).isEmpty();
  }

  @Test
  void decode_ownersAndNamespace_skipsEmptyDocumentsAndWarnsOnUnknownKinds() {
    DecodeResult r = decode("owners.yaml");

    assertThat(r.objects())
        .extracting(KubeObject::kind)
        .containsExactly(
            "Namespace", "Service", "ReplicaSet", "StatefulSet", "ReplicationController");
    assertThat(r.warnings())
        .containsExactly("owners.yaml: ignoring object of unknown kind ConfigMap shop/settings");

    Namespace ns = r.objectsOf(Namespace.class).get(0);
    assertThat(ns.labels()).containsEntry("team", "storefront");
    Service svc = r.objectsOf(Service.class).get(0);
    assertThat(svc.selector())
        .containsExactly(Map.entry("app", "web"), Map.entry("tier", "frontend"));
    List<Workload> workloads = r.objectsOf(Workload.class);
    assertThat(workloads.get(0).selector())
        .isEqualTo(LabelSelector.of(Map.of("app", "web", "pod-template-hash", "7d4b9c8f6d")));
    assertThat(workloads.get(0).metadata().ownerReferences().get(0).kind()).isEqualTo("Deployment");
    assertThat(workloads.get(1).selector().matchExpressions())
        .containsExactly(
            LabelSelectorRequirement.in("app", "db"),
            LabelSelectorRequirement.doesNotExist("canary"));
    assertThat(workloads.get(2).key()).isEqualTo("default/legacy");
    assertThat(workloads.get(2).selector()).isEqualTo(LabelSelector.of(Map.of("app", "legacy")));
  }

  @Test
  void decode_jsonList() {
    DecodeResult r = decode("cluster-list.json");

    Node node = r.objectsOf(Node.class).get(0);
    assertThat(node.spec().unschedulable()).isTrue();
    assertThat(node.allocatable().getOrZero("cpu").milliValue()).isEqualTo(3920);

    Pod pod = r.objectsOf(Pod.class).get(0);
    assertThat(pod.key()).isEqualTo("ml/trainer-0");
    assertThat(pod.isTerminating()).isTrue();
    assertThat(pod.metadata().deletionTimestamp())
        .isEqualTo(Instant.parse("2024-05-02T09:00:00.250Z"));
    assertThat(pod.nominatedNodeName()).isEqualTo("gpu-node-1");
    assertThat(pod.isAssigned()).isFalse();
    assertThat(pod.spec().priority()).isNull();
    assertThat(pod.spec().preemptionPolicy()).isEqualTo(PreemptionPolicy.NEVER);
    assertThat(pod.spec().hostNetwork()).isTrue();
    assertThat(pod.spec().schedulingGates())
        .containsExactly("example.com/quota", "example.com/data-ready");
    assertThat(pod.spec().resources().requests())
        .isEqualTo(ResourceList.of("cpu", "10", "memory", "40Gi"));
    assertThat(pod.spec().containers().get(0).resources().requests().getOrZero("cpu"))
        .isEqualTo(Quantity.of(8));
    assertThat(pod.spec().tolerations().get(1))
        .isEqualTo(new Toleration("", TolerationOperator.EXISTS, "", null, null));
    var affinity = pod.spec().affinity().podAffinity();
    assertThat(affinity.required().get(0).namespaces()).containsExactly("ml", "ml-shared");
    PodAffinityTerm preferred = affinity.preferred().get(0).podAffinityTerm();
    assertThat(preferred.labelSelector()).isEqualTo(LabelSelector.everything());
    assertThat(preferred.namespaceSelector()).isEqualTo(LabelSelector.everything());
    assertThat(preferred.mismatchLabelKeys()).containsExactly("app");
    assertThat(pod.status().conditions().get(0).message())
        .isEqualTo("0/3 nodes are available: 3 Insufficient nvidia.com/gpu.");
  }

  @Test
  void decode_typedListItemsWithoutKind_defaultNamespaceAndNulls() {
    DecodeResult r = decode("pod-list.json");

    assertThat(r.objects())
        .extracting(KubeObject::key)
        .containsExactly("default/plain-1", "default/plain-2");
    Pod first = r.objectsOf(Pod.class).get(0);
    assertThat(
            first.spec().containers().get(0).resources().requests().getOrZero("cpu").milliValue())
        .isEqualTo(250);
    Pod second = r.objectsOf(Pod.class).get(1);
    assertThat(second.spec().priority()).isNull();
    assertThat(second.spec().nodeSelector()).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "pod-deployment.yaml",
        "node-gpu.yaml",
        "policy.yaml",
        "owners.yaml",
        "cluster-list.json",
        "pod-list.json"
      })
  void roundTrip_yamlAndJson(String file) {
    List<KubeObject> objects = decode(file).objects();
    assertThat(objects).isNotEmpty();

    DecodeResult fromYaml = codec.decode(codec.toYaml(objects), "out.yaml");
    assertThat(fromYaml.objects()).isEqualTo(objects);
    assertThat(fromYaml.warnings()).isEmpty();
    assertThat(codec.decode(codec.toList(objects, true), "list.yaml").objects()).isEqualTo(objects);
    assertThat(codec.decode(codec.toList(objects, false), "list.json").objects())
        .isEqualTo(objects);

    for (KubeObject o : objects) {
      String json = codec.toJson(o);
      assertThat(codec.decode(json, "out.json").objects()).containsExactly(o);
      assertThat(codec.decode(codec.toYaml(o), "one.yaml").objects()).containsExactly(o);
    }
  }

  @Test
  void toYaml_printsKubectlShapeWithoutEmptyFields() {
    PriorityClass pc =
        PriorityClass.builder()
            .name("high")
            .value(1000)
            .preemptionPolicy(PreemptionPolicy.NEVER)
            .build();

    assertThat(codec.toYaml(pc))
        .isEqualTo(
            """
            apiVersion: scheduling.k8s.io/v1
            kind: PriorityClass
            metadata:
              name: high
            value: 1000
            preemptionPolicy: Never
            """);
  }

  @Test
  void toJson_printsKubectlIndentationAndQuantityStrings() {
    Pod pod =
        Pod.builder()
            .name("p")
            .container(Container.builder().name("c").request("cpu", "0.5").build())
            .build();

    assertThat(codec.toJson(pod))
        .isEqualTo(
            """
            {
                "apiVersion": "v1",
                "kind": "Pod",
                "metadata": {
                    "name": "p",
                    "namespace": "default"
                },
                "spec": {
                    "containers": [
                        {
                            "name": "c",
                            "resources": {
                                "requests": {
                                    "cpu": "500m"
                                }
                            }
                        }
                    ]
                }
            }
            """);
  }

  @Test
  void toYaml_listIsMultiDocumentStream() {
    Namespace a = Namespace.of("a", Map.of());
    Namespace b = Namespace.of("b", Map.of("team", "x"));

    String yaml = codec.toYaml(List.of(a, b));

    assertThat(yaml)
        .isEqualTo(
            """
            apiVersion: v1
            kind: Namespace
            metadata:
              name: a
            ---
            apiVersion: v1
            kind: Namespace
            metadata:
              name: b
              labels:
                team: x
            """);
    assertThat(codec.decode(yaml, "ns.yaml").objects()).containsExactly(a, b);
  }

  @Test
  void toList_isOneKubectlList() {
    Namespace a = Namespace.of("a", Map.of());
    Namespace b = Namespace.of("b", Map.of("team", "x"));

    assertThat(codec.toList(List.of(a, b), true))
        .isEqualTo(
            """
            apiVersion: v1
            kind: List
            items:
            - apiVersion: v1
              kind: Namespace
              metadata:
                name: a
            - apiVersion: v1
              kind: Namespace
              metadata:
                name: b
                labels:
                  team: x
            """);
    assertThat(codec.toList(List.of(), false))
        .isEqualTo(
            "{\n    \"apiVersion\": \"v1\",\n    \"kind\": \"List\",\n    \"items\": []\n}\n");
  }

  @Test
  void roundTrip_emptySelectorStaysDistinctFromAbsent() {
    Workload withEmpty =
        Workload.replicaSet(
            Pod.builder().name("rs").build().metadata(), LabelSelector.everything());
    Workload without = Workload.replicaSet(Pod.builder().name("rs2").build().metadata(), null);

    List<KubeObject> back =
        codec.decode(codec.toYaml(List.of(withEmpty, without)), "rs.yaml").objects();

    assertThat(back).containsExactly(withEmpty, without);
    assertThat(((Workload) back.get(0)).selector()).isNotNull();
    assertThat(((Workload) back.get(1)).selector()).isNull();
  }

  @Test
  void roundTrip_stringsThatLookLikeOtherYamlTypes() {
    Map<String, String> labels = new java.util.TreeMap<>();
    for (String v :
        List.of("true", "False", "null", "", "yes", "on", "1.10", "0x1F", "1e3", "007")) {
      labels.put("k" + labels.size(), v);
    }
    Node.Builder b = Node.builder().name("n").labels(labels).capacity("cpu", "1");
    // Not label values: carried by taint values, which are not validated.
    for (String v : List.of("~", "-", "a: b", "#x")) {
      b.taint(
          "t" + v.length() + v.hashCode(), v, io.schedkit.framework.model.TaintEffect.NO_SCHEDULE);
    }
    Node node = b.build();

    assertThat(codec.decode(codec.toYaml(node), "n.yaml").objects()).containsExactly(node);
    assertThat(codec.decode(codec.toJson(node), "n.json").objects()).containsExactly(node);
  }

  @Test
  void decode_emptyDocument_givesNothing() {
    DecodeResult r = codec.decode("---\n# nothing here\n---\n", "empty.yaml");

    assertThat(r.objects()).isEmpty();
    assertThat(r.warnings()).isEmpty();
  }
}
