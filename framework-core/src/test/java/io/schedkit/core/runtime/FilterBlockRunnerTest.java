package io.schedkit.core.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.VirtualClock;
import io.schedkit.core.cache.Snapshot;
import io.schedkit.core.cluster.ClusterObjectStore;
import io.schedkit.core.queue.Nominator;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.FilterPlugin;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NominatingInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Registry;
import io.schedkit.framework.Status;
import io.schedkit.framework.config.PluginRef;
import io.schedkit.framework.config.PluginSet;
import io.schedkit.framework.config.Plugins;
import io.schedkit.framework.config.Profile;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link Framework#runFilterPluginsOnBlock} gives every node of a block the verdict {@link
 * Framework#runFilterPluginsWithNominatedPods} gives it, plugin attribution included, with and
 * without pods nominated to the block's nodes (random blocks, seeded; the seed is in every
 * assertion's description).
 */
final class FilterBlockRunnerTest {
  /** Rejects a node that already runs {@code limit} pods or more (nominated ones included). */
  static final class PodLimit implements FilterPlugin {
    private final String name;
    private final int limit;

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
