package io.schedkit.core.runtime;

import io.schedkit.core.metrics.SchedulerMetrics;
import io.schedkit.framework.Clock;
import io.schedkit.framework.NodeInfoLister;
import io.schedkit.framework.ObjectLister;
import io.schedkit.framework.Parallelizer;
import io.schedkit.framework.PodNominator;
import io.schedkit.framework.cluster.ClusterView;
import io.schedkit.framework.extender.Extender;
import io.schedkit.framework.model.Pod;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * What every profile's framework shares with the scheduler: the current snapshot, the cluster's
 * objects, the nominator, the workers, the extenders, the host, the clock, the seeded random
 * source, pod activation and metrics.
 *
 * @param snapshot the current cycle's snapshot
 * @param objects the cluster's other objects
 * @param nominator the nominator
 * @param parallelizer the workers
 * @param extenders the extenders
 * @param cluster the host
 * @param clock the clock
 * @param random the seeded random source
 * @param activator moves pods to the active queue
 * @param metrics the metrics sink
 */
public record FrameworkServices(
    Supplier<NodeInfoLister> snapshot,
    ObjectLister objects,
    PodNominator nominator,
    Parallelizer parallelizer,
    List<Extender> extenders,
    ClusterView cluster,
    Clock clock,
    Random random,
    Consumer<Collection<Pod>> activator,
    SchedulerMetrics metrics) {
  /** Validates the components. */
  public FrameworkServices {
    Objects.requireNonNull(snapshot, "snapshot");
    Objects.requireNonNull(objects, "objects");
    Objects.requireNonNull(nominator, "nominator");
    Objects.requireNonNull(parallelizer, "parallelizer");
    extenders = List.copyOf(extenders);
    Objects.requireNonNull(clock, "clock");
    Objects.requireNonNull(random, "random");
    Objects.requireNonNull(activator, "activator");
    metrics = metrics == null ? SchedulerMetrics.noop() : metrics;
  }
}
