package io.schedkit.core.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.cache.SchedulerCache;
import io.schedkit.core.cache.Snapshot;
import io.schedkit.core.clock.VirtualClock;
import io.schedkit.core.queue.Nominator;
import io.schedkit.core.store.ClusterObjectStore;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.FilterPlugin;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeInfoLister;
import io.schedkit.framework.NominatedRequests;
import io.schedkit.framework.NominatingInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PodNominator;
import io.schedkit.framework.Registry;
import io.schedkit.framework.Status;
import io.schedkit.framework.config.PluginRef;
import io.schedkit.framework.config.PluginSet;
import io.schedkit.framework.config.Plugins;
import io.schedkit.framework.config.Profile;
import io.schedkit.framework.fastpath.BlockFilterPlugin;
import io.schedkit.framework.fastpath.NodeColumns;
import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * {@link Framework#runFilterPluginsOnBlock} gives every node of a block the verdict {@link
 * Framework#runFilterPluginsWithNominatedPods} gives it, plugin attribution included, with and
 * without pods nominated to the block's nodes (random blocks, seeded; the seed is in every
 * assertion's description). With positions and the snapshot's columns, the nodes holding nominated
 * pods are filtered a second time as a block of copies with their own columns; the verdicts must
 * also equal those of a framework whose nominator is asked by name, so a stale position index
 * fails.
 */
final class FilterBlockRunnerTest {
  /** Rejects a node that already runs {@code limit} pods or more (nominated ones included). */
  static class PodLimit implements BlockFilterPlugin {
    private final String name;
    final int limit;

    PodLimit(String name, int limit) {
      this.name = name;
      this.limit = limit;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
      return node.pods().size() >= limit
          ? Status.unschedulable("too many pods for " + name)
          : Status.success();
    }
  }

  /** Rejects nodes whose name ends with one of the given digits, as unresolvable. */
  static final class NameFilter implements FilterPlugin {
    private final String digits;

    NameFilter(String digits) {
      this.digits = digits;
    }

    @Override
    public String name() {
      return "Names";
    }

    @Override
    public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
      String n = node.name();
      return digits.indexOf(n.charAt(n.length() - 1)) >= 0
          ? Status.unresolvable("name rejected")
          : Status.success();
    }
  }

  /**
   * {@link PodLimit} that decides a block from the columns' pod counts, without reading the nodes:
   * a columns row that does not describe its node (a copy given its source's row, say) gives
   * another verdict than {@link #filter}.
   */
  static final class ColumnPodLimit extends PodLimit {
    /** The snapshot's columns, to tell the calls over copies from those over the snapshot. */
    volatile NodeColumns snapshotColumns;

    int snapshotBlocks;
    int copyBlocks;
    int blocksWithoutColumns;

    ColumnPodLimit(String name, int limit) {
      super(name, limit);
    }

    @Override
    public void filterBlock(
        CycleState state, PodInfo pod, NodeInfo[] nodes, int count, Status[] verdicts) {
      blocksWithoutColumns++;
      super.filterBlock(state, pod, nodes, count, verdicts);
    }

    @Override
    public void filterBlock(
        CycleState state,
        PodInfo pod,
        NodeInfo[] nodes,
        int[] positions,
        NodeColumns columns,
        int count,
        Status[] verdicts) {
      if (columns == snapshotColumns) {
        snapshotBlocks++;
      } else {
        copyBlocks++;
      }
      for (int i = 0; i < count; i++) {
        if (verdicts[i] == null && columns.get(positions[i], NodeColumns.POD_COUNT) >= limit) {
          verdicts[i] = Status.unschedulable("too many pods for " + name());
        }
      }
    }
  }

  /**
   * The nominator seen through {@link PodNominator} only, so that the framework asks it by node
   * name and keeps no index by position.
   */
  record ByName(Nominator nominator) implements PodNominator {
    @Override
    public List<PodInfo> nominatedPodsForNode(String nodeName) {
      return nominator.nominatedPodsForNode(nodeName);
    }

    @Override
    public boolean isEmpty() {
      return nominator.isEmpty();
    }

    @Override
    public Optional<String> nominatedNodeName(Pod pod) {
      return nominator.nominatedNodeName(pod);
    }

    @Override
    public void addNominatedPod(PodInfo pod, NominatingInfo info) {
      nominator.addNominatedPod(pod, info);
    }

    @Override
    public void deleteNominatedPodIfExists(Pod pod) {
      nominator.deleteNominatedPodIfExists(pod);
    }
  }

  @Test
  void blockVerdicts_equalNodeByNodeVerdicts_withAndWithoutNominations() {
    for (long seed = 0; seed < 300; seed++) {
      Random r = new Random(seed);
      int n = 1 + r.nextInt(16);
      List<Node> nodes = new ArrayList<>();
      List<Pod> pods = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        nodes.add(Node.builder().name("node-" + i).build());
        for (int k = r.nextInt(3); k > 0; k--) {
          pods.add(pod("run-" + i + "-" + k, "node-" + i, 0));
        }
      }
      Snapshot snapshot = Snapshot.of(nodes, pods);
      Nominator nominator = new Nominator();
      for (int k = r.nextInt(4); k > 0; k--) {
        Pod nominated = pod("nominated-" + k, "", r.nextInt(3) * 10);
        nominator.addNominatedPod(
            PodInfo.of(nominated), NominatingInfo.override("node-" + r.nextInt(n)));
      }
      int limit = 1 + r.nextInt(3);
      String digits = r.nextBoolean() ? "" : "" + r.nextInt(10);
      Registry registry =
          new Registry()
              .register("Sort", (a, h) -> new FrameworkBuilderTest.Sort("Sort"))
              .register("Binder", (a, h) -> new FrameworkBuilderTest.Binder())
              .register("Limit", (a, h) -> new PodLimit("Limit", limit))
              .register("Names", (a, h) -> new NameFilter(digits));
      Framework f =
          FrameworkBuilder.build(
              new Profile(
                  "p",
                  null,
                  new Plugins(
                      new PluginSet(
                          List.of(
                              PluginRef.of("Sort"),
                              PluginRef.of("Names"),
                              PluginRef.of("Limit"),
                              PluginRef.of("Binder")),
                          List.of()),
                      Map.of()),
                  List.of()),
              registry,
              new FrameworkServices(
                  () -> snapshot,
                  new ClusterObjectStore(),
                  nominator,
                  new WorkerPool(1),
                  List.of(),
                  null,
                  new VirtualClock(),
                  new Random(0),
                  ps -> {},
                  null),
              (raw, entry) -> {
                throw new IllegalArgumentException("raw args");
              });
      PodInfo incoming = PodInfo.of(pod("incoming", "", 10));
      CycleState state = new CycleState();
      NodeInfo[] block = snapshot.list().toArray(new NodeInfo[0]);
      Status[] got = new Status[block.length];
      f.runFilterPluginsOnBlock(state, incoming, block, block.length, got);
      for (int i = 0; i < block.length; i++) {
        assertThat(got[i])
            .as("seed %d, %s", seed, block[i].name())
            .isEqualTo(f.runFilterPluginsWithNominatedPods(state, incoming, block[i]));
      }
    }
  }

  @Test
  void blockVerdictsWithPositions_equalNodeByNodeVerdicts_acrossPassesWithChangingNominations() {
    int snapshotBlocks = 0;
    int copyBlocks = 0;
    int nominatedDecides = 0;
    int itselfNominated = 0;
    for (long seed = 0; seed < 120; seed++) {
      Random r = new Random(seed);
      int n = 1 + r.nextInt(20);
      SchedulerCache cache = new SchedulerCache();
      for (int i = 0; i < n; i++) {
        cache.addNode(node("node-" + i));
        for (int k = r.nextInt(3); k > 0; k--) {
          cache.addPod(pod("run-" + i + "-" + k, "node-" + i, 0));
        }
      }
      Snapshot snapshot = new Snapshot();
      cache.updateSnapshot(snapshot);
      Nominator nominator = new Nominator();
      int limit = 2 + r.nextInt(3);
      int columnLimit = 1 + r.nextInt(4);
      String digits = r.nextInt(3) == 0 ? "" + r.nextInt(10) : "";
      ColumnPodLimit columnPlugin = new ColumnPodLimit("ColumnLimit", columnLimit);
      Framework f = framework(registry(digits, limit, columnPlugin), () -> snapshot, nominator);
      Framework byName =
          framework(
              registry(digits, limit, new PodLimit("ColumnLimit", columnLimit)),
              () -> snapshot,
              new ByName(nominator));
      int running = 0;
      int added = 0;
      for (int pass = 0; pass < 8; pass++) {
        // Between passes: nominations change (some to a node the snapshot lacks), a node may get a
        // running pod (a new NodeInfo in the same list object) or a node may join (a new list).
        List<String> targets = new ArrayList<>(List.of("absent"));
        snapshot.list().forEach(node -> targets.add(node.name()));
        for (int k = r.nextInt(6); k > 0; k--) {
          nominate(r, nominator, targets);
        }
        if (r.nextInt(4) == 0) {
          String on = targets.get(1 + r.nextInt(targets.size() - 1));
          cache.addPod(pod("later-" + running++, on, 0));
        }
        if (r.nextInt(8) == 0) {
          cache.addNode(node("added-" + added++));
        }
        cache.updateSnapshot(snapshot);
        NodeColumns columns = snapshot.columns();
        assertThat(columns).as("seed %d: a cache's snapshot has columns", seed).isNotNull();
        columnPlugin.snapshotColumns = columns;

        List<PodInfo> incoming = new ArrayList<>();
        for (int priority = 0; priority <= 30; priority += 10) {
          incoming.add(PodInfo.of(pod("incoming-" + priority, "", priority)));
        }
        // Pods that are themselves nominated somewhere, at their own or at a lower priority.
        for (NodeNominations nn : nominator.allNominations().byNode().values()) {
          PodInfo np = nn.pods().get(r.nextInt(nn.pods().size()));
          incoming.add(np);
          incoming.add(PodInfo.of(np.pod().toBuilder().priority(np.priority() - 10).build()));
        }
        List<NodeInfo> list = snapshot.list();
        for (PodInfo pod : incoming) {
          String what = "seed " + seed + ", pass " + pass + ", pod " + pod.name();
          CycleState state = new CycleState();
          int size = list.size();
          int start = r.nextInt(size);
          for (int from = 0; from < size; ) {
            int count = Math.min(1 + r.nextInt(8), size - from);
            NodeInfo[] block = new NodeInfo[count];
            int[] positions = new int[count];
            for (int j = 0; j < count; j++) {
              positions[j] = (start + from + j) % size;
              block[j] = list.get(positions[j]);
            }
            Status[] got = new Status[count];
            int copiesBefore = columnPlugin.copyBlocks;
            f.runFilterPluginsOnBlock(state, pod, block, positions, columns, count, got);
            copyBlocks += columnPlugin.copyBlocks - copiesBefore;
            for (int j = 0; j < count; j++) {
              NodeInfo node = block[j];
              Status expected = f.runFilterPluginsWithNominatedPods(state, pod, node);
              assertThat(got[j]).as("%s, %s", what, node.name()).isEqualTo(expected);
              assertThat(got[j])
                  .as("%s, %s, the nominator asked by name", what, node.name())
                  .isEqualTo(byName.runFilterPluginsWithNominatedPods(state, pod, node));
              if (!got[j].equals(f.runFilterPlugins(state, pod, node))) {
                nominatedDecides++;
              }
              if (nominator.nominatedPodsForNode(node.name()).stream()
                  .anyMatch(
                      p -> p.uid().equals(pod.uid()) && p.pod().key().equals(pod.pod().key()))) {
                itselfNominated++;
              }
            }
            from += count;
          }
        }
      }
      assertThat(columnPlugin.blocksWithoutColumns)
          .as("seed %d: every block came with columns", seed)
          .isZero();
      snapshotBlocks += columnPlugin.snapshotBlocks;
    }
    assertThat(snapshotBlocks).as("blocks of snapshot nodes filtered").isGreaterThan(10000);
    assertThat(copyBlocks).as("blocks of copies filtered").isGreaterThan(1000);
    assertThat(nominatedDecides).as("verdicts that the nominated pods decide").isGreaterThan(1000);
    assertThat(itselfNominated).as("nodes the pod itself is nominated to").isGreaterThan(1000);
  }

  /** A random nomination, override or deletion; some pods have no UID. */
  private static void nominate(Random r, Nominator nominator, List<String> targets) {
    int k = r.nextInt(12);
    Pod p =
        k < 8
            ? pod("nominated-" + k, "", r.nextInt(3) * 10)
            : Pod.builder()
                .namespace("default")
                .name("anon-" + k)
                .priority(r.nextInt(3) * 10)
                .build();
    switch (r.nextInt(5)) {
      case 0 -> nominator.deleteNominatedPodIfExists(p);
      case 1 -> nominator.addNominatedPod(PodInfo.of(p), NominatingInfo.override(""));
      default ->
          nominator.addNominatedPod(
              PodInfo.of(p), NominatingInfo.override(targets.get(r.nextInt(targets.size()))));
    }
  }

  /** The snapshot's nodes through a lister that keeps columns but does not tell positions. */
  private static NodeInfoLister withoutPositions(Snapshot snapshot) {
    return new NominationIndexTest.CountingLister(snapshot) {
      @Override
      public int positionOf(NodeInfo node) {
        return -1;
      }
    };
  }

  @Test
  void nominationsCount_forAListerThatDoesNotTellPositions() {
    SchedulerCache cache = new SchedulerCache();
    cache.addNode(node("node-0"));
    cache.addNode(node("node-1"));
    Snapshot snapshot = new Snapshot();
    cache.updateSnapshot(snapshot);
    NodeInfoLister lister = withoutPositions(snapshot);
    Nominator nominator = new Nominator();
    nominator.addNominatedPod(
        PodInfo.of(pod("nominated", "", 10)), NominatingInfo.override("node-1"));
    Framework f =
        framework(registry("", 1, new PodLimit("ColumnLimit", 1)), () -> lister, nominator);
    PodInfo incoming = PodInfo.of(pod("incoming", "", 0));
    NodeInfo node1 = snapshot.get("node-1").orElseThrow();

    assertThat(f.runFilterPluginsWithNominatedPods(new CycleState(), incoming, node1).isSuccess())
        .as("the snapshot's node")
        .isFalse();
    assertThat(
            f.runFilterPluginsWithNominatedPods(new CycleState(), incoming, node1.copy())
                .isSuccess())
        .as("a copy of it")
        .isFalse();
    NodeInfo[] block = snapshot.list().toArray(new NodeInfo[0]);
    Status[] got = new Status[2];
    f.runFilterPluginsOnBlock(
        new CycleState(), incoming, block, new int[] {0, 1}, snapshot.columns(), 2, got);
    assertThat(got[0].isSuccess()).isTrue();
    assertThat(got[1].isSuccess()).as("the block pass").isFalse();
  }

  @Test
  void aNominatedPodWithoutUid_isThePodByNamespaceAndName_onEveryPath() {
    // Filter treats a nominated pod without a UID as the pod being scheduled when namespace and
    // name match, whatever that pod's UID; whether another pod is also nominated there (which
    // changes how the nominations are read) must not change the verdict.
    for (boolean alsoLow : new boolean[] {false, true}) {
      SchedulerCache cache = new SchedulerCache();
      cache.addNode(node("node-0"));
      Snapshot snapshot = new Snapshot();
      cache.updateSnapshot(snapshot);
      Nominator nominator = new Nominator();
      Pod noUid = Pod.builder().namespace("default").name("x").priority(10).build();
      nominator.addNominatedPod(PodInfo.of(noUid), NominatingInfo.override("node-0"));
      if (alsoLow) {
        nominator.addNominatedPod(PodInfo.of(pod("low", "", 0)), NominatingInfo.override("node-0"));
      }
      Framework f =
          framework(registry("", 1, new PodLimit("ColumnLimit", 1)), () -> snapshot, nominator);
      PodInfo incoming = PodInfo.of(noUid.toBuilder().uid("u").build());
      NodeInfo node0 = snapshot.get("node-0").orElseThrow();
      assertThat(f.runFilterPluginsWithNominatedPods(new CycleState(), incoming, node0))
          .as("also a low-priority pod nominated: %s", alsoLow)
          .isEqualTo(Status.success());
      Status[] got = new Status[1];
      f.runFilterPluginsOnBlock(
          new CycleState(),
          incoming,
          new NodeInfo[] {node0},
          new int[] {0},
          snapshot.columns(),
          1,
          got);
      assertThat(got[0]).as("block, also low: %s", alsoLow).isEqualTo(Status.success());
    }
  }

  @Test
  void nominatedRequests_areWhatTheCountedNominatedPodsRequest_byPositionOrByName() {
    int counted = 0;
    int partlyCounted = 0;
    for (long seed = 0; seed < 200; seed++) {
      Random r = new Random(seed);
      int n = 1 + r.nextInt(12);
      SchedulerCache cache = new SchedulerCache();
      for (int i = 0; i < n; i++) {
        cache.addNode(node("node-" + i));
      }
      Snapshot snapshot = new Snapshot();
      cache.updateSnapshot(snapshot);
      Nominator nominator = new Nominator();
      List<PodInfo> candidates = new ArrayList<>();
      for (int k = 0; k < 10; k++) {
        Pod.Builder b =
            Pod.builder()
                .namespace("default")
                .name("nominated-" + k)
                .priority(r.nextInt(3) * 10)
                .container(
                    Container.builder()
                        .name("c")
                        .request("cpu", (100 + r.nextInt(900)) + "m")
                        .request("memory", (1 + r.nextInt(64)) + "Mi")
                        .build());
        if (k < 8) {
          b.uid("nominated-" + k);
        }
        candidates.add(PodInfo.of(b.build()));
      }
      for (int k = r.nextInt(12); k > 0; k--) {
        nominator.addNominatedPod(
            candidates.get(r.nextInt(candidates.size())),
            NominatingInfo.override("node-" + r.nextInt(n)));
      }
      Framework f =
          framework(registry("", 9, new PodLimit("ColumnLimit", 9)), () -> snapshot, nominator);
      Framework byName =
          framework(
              registry("", 9, new PodLimit("ColumnLimit", 9)),
              () -> snapshot,
              new ByName(nominator));
      List<PodInfo> incoming = new ArrayList<>(candidates);
      for (int priority = 0; priority <= 30; priority += 10) {
        incoming.add(PodInfo.of(pod("incoming-" + priority, "", priority)));
      }
      for (PodInfo pod : incoming) {
        for (NodeInfo node : snapshot.list()) {
          long cpu = 0;
          long memory = 0;
          List<PodInfo> all = nominator.nominatedPodsForNode(node.name());
          int counting = 0;
          for (PodInfo np : all) {
            if (np.priority() >= pod.priority() && !np.isSamePodAs(pod)) {
              cpu += np.requests().milliCpu();
              memory += np.requests().memory();
              counting++;
            }
          }
          NominatedRequests expected = new NominatedRequests(cpu, memory);
          String what = "seed " + seed + ", " + pod.name() + " on " + node.name();
          assertThat(f.nominatedRequests(pod, node)).as(what).isEqualTo(expected);
          assertThat(f.nominatedRequestsAt(pod, node.listPosition()))
              .as(what + ", at its position")
              .isEqualTo(expected);
          assertThat(f.nominatedRequests(pod, node.copy()))
              .as(what + ", a copy")
              .isEqualTo(expected);
          assertThat(byName.nominatedRequests(pod, node))
              .as(what + ", by name")
              .isEqualTo(expected);
          assertThat(byName.nominatedRequestsAt(pod, node.listPosition()))
              .as(what + ", by name: not by position")
              .isNull();
          assertThat(f.nominatedPodsAt(node.listPosition()))
              .as(what + ", the pods at its position")
              .containsExactlyElementsOf(all);
          assertThat(byName.nominatedPodsAt(node.listPosition()))
              .as(what + ", by name: no pods by position")
              .isNull();
          if (counting > 0) {
            counted++;
            if (counting < all.size()) {
              partlyCounted++;
            }
          }
        }
      }
    }
    assertThat(counted).as("nodes with nominated pods that count").isGreaterThan(1000);
    assertThat(partlyCounted).as("nodes where only some count").isGreaterThan(200);
  }

  private static Node node(String name) {
    return Node.builder().name(name).capacity("cpu", "4").capacity("pods", "110").build();
  }

  /** The plugins of {@link #framework}: names rejected by last digit, two pod limits. */
  private static Registry registry(String digits, int limit, FilterPlugin columnLimit) {
    return new Registry()
        .register("Sort", (a, h) -> new FrameworkBuilderTest.Sort("Sort"))
        .register("Binder", (a, h) -> new FrameworkBuilderTest.Binder())
        .register("Names", (a, h) -> new NameFilter(digits))
        .register("Limit", (a, h) -> new PodLimit("Limit", limit))
        .register("ColumnLimit", (a, h) -> columnLimit);
  }

  private static Framework framework(
      Registry registry, Supplier<NodeInfoLister> snapshot, PodNominator nominator) {
    return FrameworkBuilder.build(
        new Profile(
            "p",
            null,
            new Plugins(
                new PluginSet(
                    List.of(
                        PluginRef.of("Sort"),
                        PluginRef.of("Names"),
                        PluginRef.of("Limit"),
                        PluginRef.of("ColumnLimit"),
                        PluginRef.of("Binder")),
                    List.of()),
                Map.of()),
            List.of()),
        registry,
        new FrameworkServices(
            snapshot,
            new ClusterObjectStore(),
            nominator,
            new WorkerPool(1),
            List.of(),
            null,
            new VirtualClock(),
            new Random(0),
            ps -> {},
            null),
        (raw, entry) -> {
          throw new IllegalArgumentException("raw args");
        });
  }

  private static Pod pod(String name, String nodeName, int priority) {
    return Pod.builder()
        .namespace("default")
        .name(name)
        .uid(name)
        .nodeName(nodeName)
        .priority(priority)
        .build();
  }
}
