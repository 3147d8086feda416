package io.schedkit.preemption;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NominatedRequests;
import io.schedkit.framework.PluginRunner;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Resource;
import io.schedkit.framework.fastpath.IndexedNodeLister;
import io.schedkit.framework.fastpath.NodeColumns;
import java.util.List;

/**
 * Tells, before a node's dry run, that the dry run must fail because the node's nominated pods (or,
 * without any that count, the node's size alone) leave no room for the preemptor's cpu or memory
 * even with every pod on the node gone.
 *
 * <p>Why that is exact: the default victim selection removes pods of lower priority only, then runs
 * the Filter plugins on the node with its nominated pods of at least the preemptor's priority added
 * (upstream's {@code RunFilterPluginsWithNominatedPods}); what stays requested is then at least
 * those nominated pods' requests. When the preemptor requests a resource and that request plus
 * theirs exceeds what the node allocates, NodeResourcesFit rejects the node (its check: a positive
 * request above allocatable minus requested), so the dry run fails, whatever else the Filter
 * plugins say. Which status it fails with is left to the real dry run, run only when the statuses
 * are needed (no candidate found).
 *
 * <p>Used only when it holds: NodeResourcesFit runs in the cycle and the strategy keeps the default
 * victim selection (whichever pods it may remove, the nominated pods stay). In PreemptionBasic most
 * dry runs are of nodes holding a nominated preemptor, each a node copy, its pods removed and the
 * Filter plugins run twice, to learn what this check answers from the runner's {@link
 * io.schedkit.framework.PluginRunner#nominatedRequests} (by the node's snapshot position, without
 * reading the nominated pods).
 *
 * <p>Immutable and safe to share between the dry run's workers.
 */
final class NominatedRoomCheck {
  /** The Filter plugin whose resource check the answer relies on. */
  static final String NODE_RESOURCES_FIT = "NodeResourcesFit";

  private final FrameworkHandle handle;
  private final PluginRunner runner;
  private final PodInfo preemptor;
  private final long cpu;
  private final long memory;

  /** The snapshot's columns, or null without them. */
  private final NodeColumns columns;

  private NominatedRoomCheck(FrameworkHandle handle, PodInfo preemptor) {
    this.handle = handle;
    this.runner = handle.runner();
    this.preemptor = preemptor;
    this.cpu = preemptor.requests().milliCpu();
    this.memory = preemptor.requests().memory();
    this.columns = IndexedNodeLister.columnsOf(handle.snapshot());
  }

  /** The check for {@code preemptor}'s dry run, or null when it would not be exact. */
  static NominatedRoomCheck of(
      FrameworkHandle handle, PreemptionStrategy strategy, CycleState state, PodInfo preemptor) {
    if (!DefaultVictimSelection.isUsedBy(strategy)
        || !handle.runner().filterPluginNames(state).contains(NODE_RESOURCES_FIT)
        || (preemptor.requests().milliCpu() <= 0 && preemptor.requests().memory() <= 0)
        || handle.nominator().isEmpty()) {
      return null;
    }
    return new NominatedRoomCheck(handle, preemptor);
  }

  /**
   * Whether the dry run of {@code node} (the snapshot's) must fail. With the node's {@code
   * position} in the snapshot's list (-1 when not known) the nominated requests and what the node
   * allocates are read by position, without reading the node.
   */
  boolean surelyFails(NodeInfo node, int position) {
    if (position >= 0 && columns != null) {
      NominatedRequests counted = runner.nominatedRequestsAt(preemptor, position);
      if (counted != null) {
        return exceeds(
            columns.get(position, NodeColumns.ALLOCATABLE_MILLI_CPU),
            columns.get(position, NodeColumns.ALLOCATABLE_MEMORY),
            counted.milliCpu(),
            counted.memory());
      }
    }
    long nominatedCpu;
    long nominatedMemory;
    NominatedRequests counted = runner.nominatedRequests(preemptor, node);
    if (counted != null) {
      // No nominated pod that counts: the node fails only if the pod exceeds what it allocates.
      nominatedCpu = counted.milliCpu();
      nominatedMemory = counted.memory();
    } else {
      List<PodInfo> nominated = handle.nominator().nominatedPodsForNode(node.name());
      nominatedCpu = 0;
      nominatedMemory = 0;
      int priority = preemptor.priority();
      for (int i = 0, n = nominated.size(); i < n; i++) {
        PodInfo p = nominated.get(i);
        if (p.priority() >= priority && !p.isSamePodAs(preemptor)) {
          nominatedCpu += p.requests().milliCpu();
          nominatedMemory += p.requests().memory();
        }
      }
    }
    Resource allocatable = node.allocatable();
    return exceeds(allocatable.milliCpu(), allocatable.memory(), nominatedCpu, nominatedMemory);
  }

  /** Whether the preemptor's cpu or memory exceeds what is left beside the nominated requests. */
  private boolean exceeds(
      long allocatableCpu, long allocatableMemory, long nominatedCpu, long nominatedMemory) {
    return (cpu > 0 && cpu > allocatableCpu - nominatedCpu)
        || (memory > 0 && memory > allocatableMemory - nominatedMemory);
  }
}
