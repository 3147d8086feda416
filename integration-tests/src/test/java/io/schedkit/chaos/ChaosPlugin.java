package io.schedkit.chaos;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.FilterPlugin;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PreBindPlugin;
import io.schedkit.framework.ReservePlugin;
import io.schedkit.framework.ScorePlugin;
import io.schedkit.framework.Status;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * An out-of-tree plugin that accepts everything and scores every node 0, except that, while armed,
 * it throws a {@link RuntimeException} with a small seeded probability at Filter, Score, Reserve
 * and PreBind.
 */
final class ChaosPlugin implements FilterPlugin, ScorePlugin, ReservePlugin, PreBindPlugin {
  static final String NAME = "Chaos";

  /** The faults shared by every scheduler of one run: the random, the rates, the counts. */
  static final class Faults {
    private final Random random;
    private final Map<String, Long> thrown = new TreeMap<>();
    private boolean armed;

    Faults(long seed) {
      this.random = new Random(seed);
    }

    void arm(boolean armed) {
      this.armed = armed;
    }

    boolean armed() {
      return armed;
    }

    Map<String, Long> thrown() {
      return thrown;
    }

    private synchronized void maybeThrow(String point, double rate, String pod) {
      if (armed && random.nextDouble() < rate) {
        thrown.merge("plugin-throws-at-" + point, 1L, Long::sum);
        throw new IllegalStateException(
            "chaos: plugin " + NAME + " fails at " + point + " for " + pod);
      }
    }
  }

  // Filter and Score run once per node: their rates are per node, so about 1 in 50 cycles fails.
  private static final double PER_NODE = 0.0001;
  private static final double PER_POD = 0.01;

  private final Faults faults;

  ChaosPlugin(Faults faults) {
    this.faults = faults;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
    faults.maybeThrow("Filter", PER_NODE, pod.name());
    return Status.success();
  }

  @Override
  public long score(CycleState state, PodInfo pod, NodeInfo node) {
    faults.maybeThrow("Score", PER_NODE, pod.name());
    return 0;
  }

  @Override
  public Status reserve(CycleState state, PodInfo pod, String nodeName) {
    faults.maybeThrow("Reserve", PER_POD, pod.name());
    return Status.success();
  }

  @Override
  public void unreserve(CycleState state, PodInfo pod, String nodeName) {}

  @Override
  public Status preBind(CycleState state, PodInfo pod, String nodeName) {
    faults.maybeThrow("PreBind", PER_POD, pod.name());
    return Status.success();
  }
}
