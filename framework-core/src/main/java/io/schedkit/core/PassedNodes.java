package io.schedkit.core;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Resource;
import io.schedkit.framework.fastpath.NodeColumns;
import io.schedkit.framework.model.PodSpec;
import java.util.Map;
import java.util.Set;

/**
 * The nodes that passed every Filter plugin in earlier cycles, by list position and row version
 * ({@link NodeColumns#VERSION}), for pods of one shape: a block of nodes that all passed for a pod
 * of the same shape, with the same Filter plugins active, and have not changed since, passes again
 * without running the plugins.
 *
 * <p>Why: pod after pod of one workload, Filter visits hundreds of nodes of which a cycle changed
 * one; running the plugins over the others repeats verdicts known already.
 *
 * <p>Used only when that is certain to give the plugins' verdicts: every active Filter plugin is a
 * {@link io.schedkit.framework.fastpath.NodeLocalFilter} (its verdict a function of the pod's
 * namespace, labels, priority, requests and spec and of the node), no pod is nominated anywhere (so
 * no node is filtered with nominated pods added), the profile records no metrics (which count and
 * time every plugin call), and the cycle schedules (explain runs every plugin). A node's row
 * version changes whenever the snapshot puts another {@code NodeInfo} at its position, so an
 * unchanged version is an unchanged node.
 *
 * <p>Memory: a version and a shape number per position. The last {@value #SHAPES} shapes keep their
 * numbers; a new one takes a new number, so entries of forgotten shapes just stop matching.
 *
 * <p>Design note (threads): one scheduler's cycles run one at a time; within a cycle, Filter's
 * ranges write distinct positions, and the next cycle reads them after the ranges have joined.
 */
final class PassedNodes {
  private static final int SHAPES = 8;

  /** What two pods must share for node-local plugins to answer them alike, and in which setting. */
  private record Shape(
      Object profile,
      Set<String> skippedFilters,
      String namespace,
      Map<String, String> labels,
      int priority,
      Resource requests,
      PodSpec spec) {}

  private final Shape[] shapes = new Shape[SHAPES];
  private final long[] numbers = new long[SHAPES];
  private long nextNumber = 1;
  private int oldest;
  private long[] versions = new long[0];
  private long[] shapeNumbers = new long[0];

  /** One cycle's view: the entries of its pod's shape. */
  final class Cycle {
    private final long shape;
    private final NodeColumns columns;

    private Cycle(long shape, NodeColumns columns) {
      this.shape = shape;
      this.columns = columns;
    }

    /** Whether every node at {@code positions[0..count)} passed for this shape and is unchanged. */
    boolean allPassed(int[] positions, int count) {
      long[] v = versions;
      long[] s = shapeNumbers;
      for (int j = 0; j < count; j++) {
        int p = positions[j];
        if (p >= v.length || s[p] != shape || v[p] != columns.version(p)) {
          return false;
        }
      }
      return true;
    }

    /** Records that the node at {@code position} passed every Filter plugin for this shape. */
    void passed(int position) {
      long version = columns.version(position);
      if (version > 0 && position < versions.length) {
        versions[position] = version;
        shapeNumbers[position] = shape;
      }
    }
  }

  /**
   * The view for a cycle of {@code pod} over the nodes of {@code columns}. The caller asks for one
   * only where remembered passes may stand in for the plugins: it checks the plugins, the
   * nominations, the metrics and the mode (see the class comment).
   */
  Cycle cycle(Object profile, CycleState state, PodInfo pod, NodeColumns columns) {
    int capacity = columns.capacity();
    if (versions.length < capacity) {
      versions = java.util.Arrays.copyOf(versions, capacity);
      shapeNumbers = java.util.Arrays.copyOf(shapeNumbers, capacity);
    }
    Shape shape =
        new Shape(
            profile,
            state.skipFilterPlugins(),
            pod.pod().namespace(),
            pod.pod().labels(),
            pod.priority(),
            pod.requests(),
            pod.pod().spec());
    return new Cycle(numberOf(shape), columns);
  }

  private long numberOf(Shape shape) {
    for (int i = 0; i < SHAPES; i++) {
      if (shape.equals(shapes[i])) {
        return numbers[i];
      }
    }
    shapes[oldest] = shape;
    numbers[oldest] = nextNumber++;
    long number = numbers[oldest];
    oldest = (oldest + 1) % SHAPES;
    return number;
  }
}
