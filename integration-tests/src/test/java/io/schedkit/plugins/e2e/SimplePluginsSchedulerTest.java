package io.schedkit.plugins.e2e;

import static io.schedkit.testing.Wrappers.makeNode;
import static io.schedkit.testing.Wrappers.makePod;
import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.Explanation;
import io.schedkit.core.Scheduler;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.framework.Registry;
import io.schedkit.framework.config.PluginRef;
import io.schedkit.framework.config.PluginSet;
import io.schedkit.framework.config.Plugins;
import io.schedkit.framework.config.Profile;
import io.schedkit.framework.config.SchedulerConfiguration;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.NodeSelectorRequirement;
import io.schedkit.framework.model.NodeSelectorTerm;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.TaintEffect;
import io.schedkit.plugins.defaultbinder.DefaultBinder;
import io.schedkit.plugins.imagelocality.ImageLocality;
import io.schedkit.plugins.nodeaffinity.NodeAffinity;
import io.schedkit.plugins.nodename.NodeName;
import io.schedkit.plugins.nodeports.NodePorts;
import io.schedkit.plugins.nodeunschedulable.NodeUnschedulable;
import io.schedkit.plugins.queuesort.PrioritySort;
import io.schedkit.plugins.schedulinggates.SchedulingGates;
import io.schedkit.plugins.tainttoleration.TaintToleration;
import io.schedkit.testing.FakeClock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The simple default plugins inside the real scheduler, on an {@link InMemoryCluster} and virtual
 * time, with a profile holding them in the default order and weights (TaintToleration 3,
 * NodeAffinity 2, ImageLocality 1). Each scenario has a single best node, so placements do not
 * depend on tie-breaking.
 */
final class SimplePluginsSchedulerTest {
  private static final String HOSTNAME = "kubernetes.io/hostname";
  private final InMemoryCluster cluster = InMemoryCluster.builder().clock(new FakeClock()).build();
  private final Scheduler scheduler = scheduler(cluster);

  @AfterEach
  void close() {
    scheduler.close();
  }

  private static Scheduler scheduler(InMemoryCluster cluster) {
    Registry registry = new Registry();
    for (var plugin :
        List.of(
            SchedulingGates.class,
            PrioritySort.class,
            NodeUnschedulable.class,
            NodeName.class,
            TaintToleration.class,
            NodeAffinity.class,
            NodePorts.class,
            ImageLocality.class,
            DefaultBinder.class)) {
      registry.register(plugin);
    }
    List<PluginRef> refs =
        List.of(
            PluginRef.of(SchedulingGates.NAME),
            PluginRef.of(PrioritySort.NAME),
            PluginRef.of(NodeUnschedulable.NAME),
            PluginRef.of(NodeName.NAME),
            PluginRef.of(TaintToleration.NAME, 3),
            PluginRef.of(NodeAffinity.NAME, 2),
            PluginRef.of(NodePorts.NAME),
            PluginRef.of(ImageLocality.NAME, 1),
            PluginRef.of(DefaultBinder.NAME));
    Profile profile =
        new Profile(
            Profile.DEFAULT_SCHEDULER_NAME,
            null,
            new Plugins(new PluginSet(refs, List.of()), Map.of()),
            List.of());
    return Scheduler.builder()
        .cluster(cluster)
        .registry(registry)
        .configuration(new SchedulerConfiguration(16, 0, 1, 10, List.of(profile), List.of(), null))
        .clock(cluster.clock())
        .parallelism(1)
        .seed(1)
        .build();
  }

  private String nodeOf(String podName) {
    return cluster.pod("default", podName).orElseThrow().nodeName();
  }

  private String pendingMessage(String podName) {
    return scheduler.pendingPods().stream()
        .filter(p -> p.podKey().equals("default/" + podName))
        .findFirst()
        .orElseThrow()
        .message();
  }

  @Test
  void taints_avoidedUnlessTolerated_andTaintRemovalRequeues() {
    cluster.create(
        makeNode()
            .name("gpu")
            .label(HOSTNAME, "gpu")
            .taint("dedicated", "gpu", TaintEffect.NO_SCHEDULE)
            .obj());
    cluster.create(
        makeNode().name("spot").taint("spot", "true", TaintEffect.PREFER_NO_SCHEDULE).obj());
    cluster.create(makeNode().name("plain").obj());

    cluster.create(makePod().name("web").obj());
    cluster.create(
        makePod()
            .name("trainer")
            .toleration("dedicated", "gpu", TaintEffect.NO_SCHEDULE)
            .toleration("spot")
            .nodeAffinityIn(HOSTNAME, "gpu")
            .obj());
    scheduler.runUntilIdle();

    // web: gpu is filtered out, spot loses on TaintToleration's score.
    assertThat(nodeOf("web")).isEqualTo("plain");
    assertThat(nodeOf("trainer")).isEqualTo("gpu");

    // With only the tainted node left, an intolerant pod waits with the upstream reason...
    cluster.delete(cluster.pod("default", "web").orElseThrow());
    cluster.delete(cluster.node("spot").orElseThrow());
    cluster.delete(cluster.node("plain").orElseThrow());
    cluster.create(makePod().name("batch").obj());
    scheduler.runUntilIdle();
    assertThat(nodeOf("batch")).isEmpty();
    assertThat(pendingMessage("batch"))
        .isEqualTo("0/1 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}.");

    // ...until the taint goes: the node update's hint requeues it.
    Node untainted = cluster.update(makeNode().name("gpu").label(HOSTNAME, "gpu").obj());
    assertThat(untainted.taints()).isEmpty();
    scheduler.runUntilIdle();
    assertThat(nodeOf("batch")).isEqualTo("gpu");
  }

  @Test
  void nodeAffinity_requiredAndPreferredRespected() {
    cluster.create(makeNode().name("a1").zone("a").obj());
    cluster.create(makeNode().name("b1").zone("b").obj());
    cluster.create(makeNode().name("c1").zone("c").obj());
    cluster.create(makeNode().name("cordoned").zone("b").unschedulable(true).obj());

    cluster.create(
        makePod().name("needs-b").nodeAffinityIn("topology.kubernetes.io/zone", "b").obj());
    cluster.create(
        makePod()
            .name("likes-c")
            .preferredNodeAffinityIn(10, "topology.kubernetes.io/zone", "c")
            .obj());
    cluster.create(
        makePod().name("selects-a").nodeSelector("topology.kubernetes.io/zone", "a").obj());
    cluster.create(
        makePod().name("needs-d").nodeAffinityIn("topology.kubernetes.io/zone", "d").obj());
    scheduler.runUntilIdle();

    assertThat(nodeOf("needs-b")).isEqualTo("b1");
    assertThat(nodeOf("likes-c")).isEqualTo("c1");
    assertThat(nodeOf("selects-a")).isEqualTo("a1");
    assertThat(nodeOf("needs-d")).isEmpty();
    assertThat(pendingMessage("needs-d"))
        .isEqualTo(
            "0/4 nodes are available: 1 node(s) were unschedulable,"
                + " 3 node(s) didn't match Pod's node affinity/selector.");

    // A node joining zone d wakes the pod through NodeAffinity's hint.
    cluster.create(makeNode().name("d1").zone("d").obj());
    scheduler.runUntilIdle();
    assertThat(nodeOf("needs-d")).isEqualTo("d1");
  }

  @Test
  void nodeName_requestHonoured() {
    cluster.create(makeNode().name("n1").obj());
    cluster.create(makeNode().name("n2").obj());
    cluster.create(makeNode().name("n3").obj());

    // The DaemonSet way: required affinity on metadata.name narrows PreFilter to one node.
    cluster.create(
        makePod()
            .name("ds-n2")
            .nodeAffinity(
                io.schedkit.framework.model.NodeAffinity.builder()
                    .required(
                        io.schedkit.framework.model.NodeSelector.of(
                            NodeSelectorTerm.builder()
                                .matchField(NodeSelectorRequirement.nodeNameIs("n2"))
                                .build()))
                    .build())
            .obj());
    scheduler.runUntilIdle();
    assertThat(nodeOf("ds-n2")).isEqualTo("n2");

    // A pod naming its node is bound by the host; a dry run shows NodeName rejecting the others.
    Explanation e = scheduler.explain(makePod().name("pinned").node("n3").obj());
    assertThat(e.selectedNode()).isEqualTo("n3");
    assertThat(e.nodes())
        .filteredOn(v -> !v.name().equals("n3"))
        .allSatisfy(
            v -> {
              assertThat(v.filter().plugin()).isEqualTo(NodeName.NAME);
              assertThat(v.filter().message()).isEqualTo(NodeName.ERR_REASON);
            });
  }

  @Test
  void hostPorts_conflictsAvoided_andFreedPortRequeues() {
    cluster.create(makeNode().name("n1").label("fast", "true").obj());
    cluster.create(makeNode().name("n2").obj());
    cluster.create(makePod().name("holder").node("n1").hostPort(8080).obj());

    // Prefers n1, but its port 8080 is taken there.
    cluster.create(
        makePod().name("web-1").preferredNodeAffinityIn(50, "fast", "true").hostPort(8080).obj());
    scheduler.runUntilIdle();
    assertThat(nodeOf("web-1")).isEqualTo("n2");

    cluster.create(makePod().name("web-2").hostPort(8080).obj());
    scheduler.runUntilIdle();
    assertThat(nodeOf("web-2")).isEmpty();
    assertThat(pendingMessage("web-2"))
        .isEqualTo(
            "0/2 nodes are available: 2 node(s) didn't have free ports for the requested pod"
                + " ports.");

    // Deleting the holder frees n1:8080; NodePorts' hint requeues web-2.
    cluster.delete(cluster.pod("default", "holder").orElseThrow());
    scheduler.runUntilIdle();
    assertThat(nodeOf("web-2")).isEqualTo("n1");
  }

  @Test
  void schedulingGates_holdUntilRemoved() {
    cluster.create(makeNode().name("n1").obj());
    Pod gated = cluster.create(makePod().name("gated").schedulingGates("example.com/wait").obj());
    scheduler.runUntilIdle();
    assertThat(nodeOf("gated")).isEmpty();
    assertThat(scheduler.pendingPods())
        .singleElement()
        .satisfies(p -> assertThat(p.rejectedBy()).containsExactly(SchedulingGates.NAME));

    cluster.update(
        new Pod(
            gated.metadata(),
            gated.spec().toBuilder().schedulingGates(List.of()).build(),
            gated.status()));
    scheduler.runUntilIdle();
    assertThat(nodeOf("gated")).isEqualTo("n1");
  }

  @Test
  void imageLocality_prefersNodeWithTheImages() {
    long gib = 1024L * 1024 * 1024;
    cluster.create(makeNode().name("cold").obj());
    cluster.create(makeNode().name("warm").image(2 * gib, "registry.example/model:v1").obj());
    cluster.create(makeNode().name("other").image(2 * gib, "registry.example/other:v1").obj());

    cluster.create(makePod().name("inference").containerImage("registry.example/model:v1").obj());
    scheduler.runUntilIdle();

    assertThat(nodeOf("inference")).isEqualTo("warm");
  }
}
