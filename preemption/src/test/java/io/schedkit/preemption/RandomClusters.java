package io.schedkit.preemption;

import static io.schedkit.testing.Wrappers.makeNode;
import static io.schedkit.testing.Wrappers.makePod;

import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;

/**
 * Seeded random clusters for the tests that compare two ways of reaching one preemption decision:
 * small nodes, now and then cordoned, each holding pods of mixed priorities that fit on it.
 */
final class RandomClusters {
  private RandomClusters() {}

  /** The priorities the pods are drawn from. */
  static final int[] PRIORITIES = {0, 50, 100, 500, 1000};

  /** The nodes and the pods bound to them. */
  record Cluster(List<Node> nodes, List<Pod> pods) {}

  /**
   * {@code numNodes} nodes named {@code node0}, {@code node1}, ... with 2 to 5 cpus and 8Gi, one in
   * ten unschedulable, each with up to five pods that fit on it.
   *
   * @param r the source of every draw, in a fixed order
   * @param numNodes how many nodes
   * @param startTime each pod's start time, drawn from {@code r} after its other fields (null: not
   *     started)
   * @return the cluster
   */
  static Cluster nodesWithPods(Random r, int numNodes, Function<Random, Instant> startTime) {
    List<Node> nodes = new ArrayList<>();
    List<Pod> pods = new ArrayList<>();
    for (int n = 0; n < numNodes; n++) {
      int cpus = 2 + r.nextInt(4);
      String name = "node" + n;
      var node =
          makeNode().name(name).capacity(Map.of("cpu", String.valueOf(cpus), "memory", "8Gi"));
      nodes.add((r.nextInt(10) == 0 ? node.unschedulable(true) : node).obj());
      long free = cpus * 1000L;
      for (int i = r.nextInt(6); i > 0 && free >= 250; i--) {
        long milli = Math.min(250L * (1 + r.nextInt(6)), free - free % 250);
        free -= milli;
        var pod =
            makePod()
                .name(name + "-p" + i)
                .priority(PRIORITIES[r.nextInt(PRIORITIES.length)])
                .req(Map.of("cpu", milli + "m", "memory", (1 + r.nextInt(3)) + "Gi"))
                .node(name);
        Instant started = startTime.apply(r);
        pods.add((started == null ? pod : pod.startTime(started)).obj());
      }
    }
    return new Cluster(nodes, pods);
  }
}
