package io.schedkit.simulation;

import static io.schedkit.testing.Wrappers.makeNode;
import static io.schedkit.testing.Wrappers.makePod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.schedkit.core.codec.KubeCodec;
import io.schedkit.framework.Registry;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.NodeSelectorRequirement;
import io.schedkit.framework.model.ObjectMeta;
import io.schedkit.framework.model.OwnerReference;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PriorityClass;
import io.schedkit.framework.model.TaintEffect;
import io.schedkit.framework.model.Toleration;
import io.schedkit.framework.model.Workload;
import io.schedkit.framework.model.WorkloadSpec;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Workload controllers expanded by {@code simulate}, from the Kubernetes documentation's manifests
 * ({@code src/test/resources/controllers}), through kube-scheduler's default profile.
 */
final class ControllersTest {
  private static final KubeCodec CODEC = new KubeCodec();
  private static final String SUFFIX = "[" + WorkloadPods.ALPHANUMS + "]{5}";
  private static final Registry REGISTRY = Registry.discover();

  /** Records the events and the objects the run creates. */
  private static final class Recorder implements SimulationListener {
    final List<SimulationEvent> events = new ArrayList<>();
    final List<KubeObject> created = new ArrayList<>();

    @Override
    public void onEvent(SimulationEvent event) {
      events.add(event);
    }

    @Override
    public void onCreated(KubeObject object) {
      created.add(object);
    }

    List<Pod> pods() {
      return created.stream().filter(Pod.class::isInstance).map(Pod.class::cast).toList();
    }

    List<String> bound() {
      return events.stream()
          .filter(SimulationEvent.Bound.class::isInstance)
          .map(e -> ((SimulationEvent.Bound) e).pod())
          .toList();
    }
  }

  private static List<KubeObject> resource(String name) {
    try (InputStream in = ControllersTest.class.getResourceAsStream("/controllers/" + name)) {
      return CODEC.decode(new String(in.readAllBytes(), StandardCharsets.UTF_8), name).objects();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static final Map<String, String> CAPACITY =
      Map.of("cpu", "4", "memory", "8Gi", "pods", "110");

  private static Node node(String name) {
    return makeNode().name(name).label("kubernetes.io/hostname", name).capacity(CAPACITY).obj();
  }

  private static List<KubeObject> nodes(int n) {
    List<KubeObject> nodes = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
      nodes.add(node("node-" + i));
    }
    return nodes;
  }

  /** A ReplicaSet of two pods labelled app=web, each requesting {@code cpu}. */
  private static Workload webReplicaSet(ObjectMeta metadata, String cpu) {
    return Workload.builder()
        .kind(Workload.REPLICA_SET)
        .metadata(metadata)
        .selector(io.schedkit.framework.model.LabelSelector.of(Map.of("app", "web")))
        .spec(
            WorkloadSpec.builder()
                .replicas(2)
                .template(
                    ObjectMeta.builder().label("app", "web").build(),
                    makePod().req(Map.of("cpu", cpu)).obj().spec())
                .build())
        .build();
  }

  private static SimulationResult run(
      List<? extends KubeObject> cluster,
      List<? extends KubeObject> workload,
      long seed,
      Recorder recorder) {
    return Simulation.builder()
        .cluster(cluster, "cluster.yaml")
        .workload(workload, "workload.yaml")
        .registry(REGISTRY)
        .seed(seed)
        .listener(recorder)
        .build()
        .run();
  }

  @Test
  void deployment_createsItsReplicaSetAndThreePodsNamedAsUpstream_inOrder() {
    Recorder r = new Recorder();
    SimulationResult result = run(nodes(3), resource("nginx-deployment.yaml"), 0, r);

    Workload rs = (Workload) r.created.get(1);
    assertThat(rs.kind()).isEqualTo(Workload.REPLICA_SET);
    String hash = rs.metadata().labels().get(WorkloadPods.POD_TEMPLATE_HASH);
    assertThat(hash).matches("[" + WorkloadPods.ALPHANUMS + "]{6,10}");
    assertThat(rs.name()).isEqualTo("nginx-deployment-" + hash);
    assertThat(rs.spec().replicas()).isEqualTo(3);
    assertThat(rs.selector().matchLabels())
        .containsEntry("app.kubernetes.io/name", "nginx")
        .containsEntry(WorkloadPods.POD_TEMPLATE_HASH, hash);
    assertThat(rs.metadata().ownerReferences())
        .singleElement()
        .satisfies(o -> assertThat(o.kind()).isEqualTo(Workload.DEPLOYMENT))
        .satisfies(o -> assertThat(o.isController()).isTrue());

    List<Pod> pods = r.pods();
    assertThat(pods).hasSize(3);
    for (Pod p : pods) {
      assertThat(p.name()).matches("nginx-deployment-" + hash + "-" + SUFFIX);
      assertThat(p.namespace()).isEqualTo("default");
      assertThat(p.labels())
          .containsEntry("app.kubernetes.io/name", "nginx")
          .containsEntry(WorkloadPods.POD_TEMPLATE_HASH, hash);
      OwnerReference ref = p.controllerRef().orElseThrow();
      assertThat(ref.apiVersion()).isEqualTo("apps/v1");
      assertThat(ref.kind()).isEqualTo(Workload.REPLICA_SET);
      assertThat(ref.name()).isEqualTo(rs.name());
      assertThat(ref.uid()).isNotEmpty();
    }
    // Replicas created together keep their creation order, in the result too.
    List<String> keys = pods.stream().map(Pod::key).toList();
    assertThat(result.placements().keySet()).containsExactlyElementsOf(keys);
    assertThat(result.placements().values()).doesNotContainNull();
    assertThat(r.bound()).containsExactlyElementsOf(keys);
  }

  @Test
  void generatedNames_dependOnTheSeedOnly() {
    List<String> a = names(run(nodes(3), resource("nginx-deployment.yaml"), 7, new Recorder()));
    List<String> b = names(run(nodes(3), resource("nginx-deployment.yaml"), 7, new Recorder()));
    List<String> c = names(run(nodes(3), resource("nginx-deployment.yaml"), 8, new Recorder()));

    assertThat(a).isEqualTo(b);
    assertThat(a).isNotEqualTo(c);
  }

  private static List<String> names(SimulationResult r) {
    return List.copyOf(r.placements().keySet());
  }

  @Test
  void statefulSet_orderedReady_createsEachOrdinalOnceTheLowerOneIsBound() {
    Recorder r = new Recorder();
    SimulationResult result = run(nodes(3), resource("zookeeper.yaml"), 0, r);

    assertThat(result.placements().keySet())
        .containsExactly("default/zk-0", "default/zk-1", "default/zk-2");
    List<String> order =
        r.events.stream()
            .filter(
                e ->
                    e instanceof SimulationEvent.Bound
                        || (e instanceof SimulationEvent.Created c && c.kind().equals("Pod")))
            .map(
                e ->
                    e instanceof SimulationEvent.Bound b
                        ? "bound " + b.pod()
                        : "created " + ((SimulationEvent.Created) e).name())
            .toList();
    assertThat(order)
        .containsExactly(
            "created default/zk-0",
            "bound default/zk-0",
            "created default/zk-1",
            "bound default/zk-1",
            "created default/zk-2",
            "bound default/zk-2");
    Pod zk1 = r.pods().get(1);
    assertThat(zk1.labels())
        .containsEntry("app.kubernetes.io/name", "zk")
        .containsEntry(WorkloadPods.STATEFULSET_POD_NAME, "zk-1")
        .containsEntry(WorkloadPods.POD_INDEX, "1");
    assertThat(zk1.labels().get(WorkloadPods.CONTROLLER_REVISION_HASH)).startsWith("zk-");
    assertThat(zk1.controllerRef().orElseThrow().kind()).isEqualTo(Workload.STATEFUL_SET);
  }

  @Test
  void statefulSet_parallel_createsEveryOrdinalAtOnce() {
    List<KubeObject> workload = new ArrayList<>();
    for (KubeObject o : resource("zookeeper.yaml")) {
      if (o instanceof Workload w) {
        o =
            w.toBuilder()
                .spec(w.spec().toBuilder().podManagementPolicy(WorkloadSpec.PARALLEL).build())
                .build();
      }
      workload.add(o);
    }
    Recorder r = new Recorder();
    run(nodes(3), workload, 0, r);

    List<String> kinds =
        r.events.stream()
            .filter(e -> e instanceof SimulationEvent.Bound || e instanceof SimulationEvent.Created)
            .map(e -> e instanceof SimulationEvent.Bound ? "bound" : "created")
            .toList();
    // The services, the budget and the set, then the three pods, before any binding.
    assertThat(kinds.subList(0, 7)).containsOnly("created");
    assertThat(kinds.subList(7, 10)).containsOnly("bound");
  }

  @Test
  void statefulSet_inTheCluster_adoptsItsPodsAndCreatesTheMissingOnes() {
    List<KubeObject> cluster = new ArrayList<>(nodes(3));
    cluster.addAll(resource("zookeeper.yaml"));
    Pod zk0 =
        makePod()
            .name("zk-0")
            .label("app.kubernetes.io/name", "zk")
            .node("node-2")
            .req(Map.of("cpu", "500m"))
            .obj();
    cluster.add(zk0);
    Recorder r = new Recorder();
    SimulationResult result = run(cluster, List.of(), 0, r);

    assertThat(r.pods()).extracting(Pod::name).containsExactly("zk-1", "zk-2");
    assertThat(result.placements().keySet()).containsExactly("default/zk-1", "default/zk-2");
  }

  @Test
  void clusterControllers_countTheirOwnPodsAndAdoptOnlyTheirNamespacesPodsWithoutController() {
    List<KubeObject> cluster = new ArrayList<>(nodes(2));
    cluster.addAll(
        CODEC
            .decode(
                """
                apiVersion: v1
                kind: List
                items:
                - apiVersion: apps/v1
                  kind: ReplicaSet
                  metadata: {name: web, namespace: a, uid: rs-web-a}
                  spec:
                    replicas: 3
                    selector: {matchLabels: {app: web}}
                    template: &web
                      metadata: {labels: {app: web}}
                      spec: {containers: [{name: c, image: x, resources: {requests: {cpu: 100m}}}]}
                - apiVersion: v1
                  kind: Pod
                  metadata:
                    name: web-own
                    namespace: a
                    labels: {app: web}
                    ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: web, uid: rs-web-a, controller: true}]
                  spec: {nodeName: node-1, containers: [{name: c, image: x}]}
                - apiVersion: v1
                  kind: Pod
                  metadata: {name: loose, namespace: a, labels: {app: web}}
                  spec: {nodeName: node-1, containers: [{name: c, image: x}]}
                - apiVersion: v1
                  kind: Pod
                  metadata:
                    name: stale
                    namespace: a
                    labels: {app: web}
                    ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: web, uid: rs-gone, controller: true}]
                  spec: {nodeName: node-2, containers: [{name: c, image: x}]}
                - apiVersion: v1
                  kind: Pod
                  metadata: {name: loose, namespace: b, labels: {app: web}}
                  spec: {nodeName: node-2, containers: [{name: c, image: x}]}
                - apiVersion: apps/v1
                  kind: ReplicaSet
                  metadata: {name: web, namespace: b, uid: rs-web-b}
                  spec:
                    replicas: 2
                    selector: {matchLabels: {app: web}}
                    template: *web
                - apiVersion: v1
                  kind: Pod
                  metadata:
                    name: web-own
                    namespace: b
                    labels: {app: web}
                    ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: web, uid: rs-web-b, controller: true}]
                  spec: {nodeName: node-2, containers: [{name: c, image: x}]}
                - apiVersion: apps/v1
                  kind: Deployment
                  metadata: {name: api, namespace: a}
                  spec:
                    replicas: 2
                    selector: {matchLabels: {app: api}}
                    template: &api
                      metadata: {labels: {app: api}}
                      spec: {containers: [{name: c, image: x, resources: {requests: {cpu: 100m}}}]}
                - apiVersion: apps/v1
                  kind: ReplicaSet
                  metadata:
                    name: api-7d9f
                    namespace: a
                    ownerReferences: [{apiVersion: apps/v1, kind: Deployment, name: api, uid: d-api, controller: true}]
                  spec:
                    replicas: 2
                    selector: {matchLabels: {app: api}}
                    template: *api
                - apiVersion: apps/v1
                  kind: Deployment
                  metadata: {name: svc, namespace: a}
                  spec:
                    replicas: 1
                    selector: {matchLabels: {app: svc}}
                    template:
                      metadata: {labels: {app: svc}}
                      spec: {containers: [{name: c, image: x}]}
                - apiVersion: apps/v1
                  kind: StatefulSet
                  metadata: {name: db, namespace: a, uid: ss-db}
                  spec:
                    replicas: 3
                    serviceName: db
                    selector: {matchLabels: {app: db}}
                    template:
                      metadata: {labels: {app: db}}
                      spec: {containers: [{name: c, image: x}]}
                - apiVersion: v1
                  kind: Pod
                  metadata: {name: db-0, namespace: a, labels: {app: db}}
                  spec: {nodeName: node-1, containers: [{name: c, image: x}]}
                - apiVersion: v1
                  kind: Pod
                  metadata:
                    name: db-1
                    namespace: a
                    labels: {app: db}
                    ownerReferences: [{apiVersion: apps/v1, kind: StatefulSet, name: db, uid: ss-db, controller: true}]
                  spec: {nodeName: node-2, containers: [{name: c, image: x}]}
                """,
                "cluster.yaml")
            .objects());
    Recorder r = new Recorder();
    run(cluster, List.of(), 0, r);

    // web in a: web-own and the adopted loose (not b's loose, nor stale, whose controller is gone);
    // web in b: its own and b's loose; api's ReplicaSet is in the file; svc's is created.
    assertThat(r.created)
        .filteredOn(Workload.class::isInstance)
        .extracting(KubeObject::key)
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .matches("a/svc-[a-z0-9]+");
    assertThat(r.pods())
        .extracting(p -> p.namespace() + "/" + p.controllerRef().orElseThrow().name())
        .hasSize(5)
        .filteredOn(owner -> !owner.startsWith("a/svc-"))
        .containsExactlyInAnyOrder("a/web", "a/api-7d9f", "a/api-7d9f", "a/db");
    assertThat(r.pods()).extracting(Pod::name).contains("db-2");
  }

  @Test
  void replicaSetArrivingLater_adoptsOnlyThePodsWithoutControllerStillRunning() {
    Pod done =
        makePod()
            .name("done")
            .label("app", "web")
            .annotation(Simulation.DURATION_ANNOTATION, "5")
            .req(Map.of("cpu", "100m"))
            .obj();
    Pod running = makePod().name("running").label("app", "web").req(Map.of("cpu", "100m")).obj();
    Workload rs =
        webReplicaSet(
            ObjectMeta.builder()
                .name("web")
                .namespace("default")
                .annotation(Simulation.ARRIVAL_ANNOTATION, "10")
                .build(),
            "100m");
    Recorder r = new Recorder();
    SimulationResult result = run(nodes(1), List.of(done, running, rs), 0, r);

    // "done" completed at 5 s: the ReplicaSet adopts "running" and creates one pod.
    assertThat(r.pods()).extracting(Pod::name).hasSize(3).startsWith("done", "running");
    assertThat(r.pods().get(2).name()).matches("web-" + SUFFIX);
    assertThat(result.placements()).hasSize(3);
  }

  @Test
  void statefulSet_evictedPod_isCreatedAgainUnderItsName() {
    List<KubeObject> workload = new ArrayList<>(resource("zookeeper.yaml"));
    workload.add(PriorityClass.builder().name("high").value(1000).build());
    workload.add(
        makePod()
            .name("big")
            .annotation(Simulation.ARRIVAL_ANNOTATION, "10")
            .priorityClassName("high")
            .req(Map.of("cpu", "3800m"))
            .obj());
    Recorder r = new Recorder();
    SimulationResult result = run(nodes(3), workload, 0, r);

    assertThat(result.evicted()).hasSize(1);
    String victim = result.evicted().get(0);
    assertThat(victim).matches("default/zk-[012]");
    assertThat(result.placements()).containsKey(victim).containsKey("default/big");
    assertThat(r.pods().stream().filter(p -> p.key().equals(victim))).hasSize(2);
  }

  @Test
  void replicaSet_evictedPod_isReplacedByANewOne() {
    Workload rs = webReplicaSet(ObjectMeta.builder().name("web").namespace("default").build(), "3");
    Pod big =
        makePod()
            .name("big")
            .annotation(Simulation.ARRIVAL_ANNOTATION, "5")
            .priority(1000)
            .req(Map.of("cpu", "3"))
            .obj();
    Recorder r = new Recorder();
    SimulationResult result = run(nodes(2), List.of(rs, big), 0, r);

    assertThat(result.evicted()).hasSize(1);
    List<Pod> web = r.pods().stream().filter(p -> p.controllerRef().isPresent()).toList();
    assertThat(web).hasSize(3);
    Pod replacement = web.get(2);
    assertThat(replacement.name()).matches("web-" + SUFFIX);
    assertThat(result.placements().get(replacement.key())).isNull();
    assertThat(result.unschedulable()).containsKey(replacement.key());
    // The replacement takes its ReplicaSet's place, before the later pod.
    assertThat(result.placements().keySet()).last().isEqualTo("default/big");
  }

  @Test
  void daemonSet_onePodPerEligibleNode_pinnedWithTheDaemonSetTolerations() {
    List<KubeObject> cluster = new ArrayList<>(nodes(2));
    cluster.add(
        makeNode()
            .name("cp-1")
            .taint("node-role.kubernetes.io/control-plane", "", TaintEffect.NO_SCHEDULE)
            .capacity(CAPACITY)
            .obj());
    cluster.add(
        makeNode()
            .name("old-master")
            .taint("node-role.kubernetes.io/master", "", TaintEffect.NO_SCHEDULE)
            .capacity(CAPACITY)
            .obj());
    List<KubeObject> workload = new ArrayList<>(resource("daemonset.yaml"));
    workload.add(
        makeNode()
            .name("node-9")
            .annotation(Simulation.ARRIVAL_ANNOTATION, "20")
            .capacity(CAPACITY)
            .obj());
    Recorder r = new Recorder();
    SimulationResult result = run(cluster, workload, 0, r);

    assertThat(r.pods())
        .extracting(p -> WorkloadPods.targetNode(p).orElseThrow())
        .containsExactly("node-1", "node-2", "old-master", "node-9");
    for (Pod p : r.pods()) {
      String target = WorkloadPods.targetNode(p).orElseThrow();
      assertThat(p.name()).matches("fluentd-elasticsearch-" + SUFFIX);
      assertThat(p.namespace()).isEqualTo("kube-system");
      assertThat(result.placements().get(p.key())).isEqualTo(target);
      assertThat(
              p.spec()
                  .affinity()
                  .nodeAffinity()
                  .requiredDuringSchedulingIgnoredDuringExecution()
                  .nodeSelectorTerms())
          .singleElement()
          .satisfies(
              t ->
                  assertThat(t.matchFields())
                      .containsExactly(NodeSelectorRequirement.nodeNameIs(target)))
          .satisfies(t -> assertThat(t.matchExpressions()).isEmpty());
      assertThat(p.spec().tolerations().stream().map(Toleration::key).collect(Collectors.toList()))
          .containsExactly(
              "node-role.kubernetes.io/master",
              "node.kubernetes.io/not-ready",
              "node.kubernetes.io/unreachable",
              "node.kubernetes.io/disk-pressure",
              "node.kubernetes.io/memory-pressure",
              "node.kubernetes.io/pid-pressure",
              "node.kubernetes.io/unschedulable");
      assertThat(p.labels())
          .containsEntry("name", "fluentd-elasticsearch")
          .containsEntry(WorkloadPods.POD_TEMPLATE_GENERATION, "1")
          .containsKey(WorkloadPods.CONTROLLER_REVISION_HASH);
    }
  }

  @Test
  void job_runsParallelismPodsAtOnce_replacingCompletedOnesUntilItsCompletions() {
    Recorder r = new Recorder();
    SimulationResult result = run(nodes(2), resource("job.yaml"), 0, r);

    assertThat(r.pods()).hasSize(5);
    assertThat(result.boundAt().values()).containsExactly(0.0, 0.0, 30.0, 30.0, 60.0);
    assertThat(result.stats().virtualSeconds()).isEqualTo(90.0);
    Pod first = r.pods().get(0);
    assertThat(first.name()).matches("pi-" + SUFFIX);
    String uid = first.controllerRef().orElseThrow().uid();
    assertThat(first.labels())
        .containsEntry("job-name", "pi")
        .containsEntry(WorkloadPods.JOB_NAME, "pi")
        .containsEntry("controller-uid", uid)
        .containsEntry(WorkloadPods.CONTROLLER_UID, uid);
  }

  @Test
  void job_indexed_namesItsPodsByIndex() {
    List<KubeObject> workload = new ArrayList<>();
    for (KubeObject o : resource("job.yaml")) {
      Workload w = (Workload) o;
      workload.add(
          w.toBuilder()
              .spec(w.spec().toBuilder().completionMode(WorkloadSpec.INDEXED).build())
              .build());
    }
    Recorder r = new Recorder();
    run(nodes(2), workload, 0, r);

    assertThat(r.pods()).hasSize(5);
    for (int i = 0; i < 5; i++) {
      Pod p = r.pods().get(i);
      assertThat(p.name()).matches("pi-" + i + "-" + SUFFIX);
      assertThat(p.labels()).containsEntry(WorkloadPods.JOB_COMPLETION_INDEX, Integer.toString(i));
      assertThat(p.metadata().annotations())
          .containsEntry(WorkloadPods.JOB_COMPLETION_INDEX, Integer.toString(i));
    }
  }

  @Test
  void build_refusesAPodThatAStatefulSetAlsoCreates() {
    List<KubeObject> workload = new ArrayList<>(resource("zookeeper.yaml"));
    workload.add(makePod().name("zk-1").obj());

    assertThatThrownBy(() -> run(nodes(1), workload, 0, new Recorder()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "workload.yaml: Pod default/zk-1: StatefulSet default/zk creates a pod of this name:"
                + " list the StatefulSet or its pods, not both");
  }

  @Test
  void build_namesTheControllerOfATemplateWithAnUnknownPriorityClass() {
    List<KubeObject> workload = new ArrayList<>();
    for (KubeObject o : resource("nginx-deployment.yaml")) {
      Workload w = (Workload) o;
      workload.add(
          w.toBuilder()
              .spec(
                  w.spec().toBuilder()
                      .template(
                          w.template().metadata(),
                          w.template().spec().toBuilder().priorityClassName("urgent").build())
                      .build())
              .build());
    }

    assertThatThrownBy(() -> run(nodes(1), workload, 0, new Recorder()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(
            "workload.yaml: Deployment default/nginx-deployment: spec.template.spec.priorityClassName:")
        .hasMessageContaining("urgent");
  }
}
