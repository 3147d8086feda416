package io.schedkit.plugins.podtopologyspread;

import io.schedkit.framework.ObjectLister;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.TopologySpreadConstraint;
import io.schedkit.framework.model.UnsatisfiableConstraintAction;
import java.util.ArrayList;
import java.util.List;

/**
 * Decides which constraints apply to a pod: its own {@code topologySpreadConstraints} when it has
 * any, else the plugin's default constraints with the selector {@link DefaultSelector} derives from
 * the pod's Services and controller (none when that selector is empty). Immutable and thread-safe;
 * the object lister is read at each call.
 */
final class ConstraintSource {
  /** kube-scheduler's built-in defaults: hostname maxSkew 3 and zone maxSkew 5, both soft. */
  static final List<TopologySpreadConstraint> SYSTEM_DEFAULT_CONSTRAINTS =
      List.of(
          TopologySpreadConstraint.builder()
              .maxSkew(3)
              .topologyKey(SpreadConstraint.HOSTNAME_LABEL)
              .whenUnsatisfiable(UnsatisfiableConstraintAction.SCHEDULE_ANYWAY)
              .build(),
          TopologySpreadConstraint.builder()
              .maxSkew(5)
              .topologyKey("topology.kubernetes.io/zone")
              .whenUnsatisfiable(UnsatisfiableConstraintAction.SCHEDULE_ANYWAY)
              .build());

  private final List<TopologySpreadConstraint> defaults;
  private final boolean systemDefaulted;
  private final ObjectLister objects;

  ConstraintSource(
      List<TopologySpreadConstraint> defaults, boolean systemDefaulted, ObjectLister objects) {
    this.defaults = List.copyOf(defaults);
    this.systemDefaulted = systemDefaulted;
    this.objects = objects;
  }

  /** Whether the defaults are the system ones ({@code defaultingType: System}). */
  boolean systemDefaulted() {
    return systemDefaulted;
  }

  /** The constraints of {@code pod} with {@code whenUnsatisfiable} equal to {@code action}. */
  List<SpreadConstraint> constraints(Pod pod, UnsatisfiableConstraintAction action) {
    if (!pod.spec().topologySpreadConstraints().isEmpty()) {
      return SpreadConstraint.compile(pod.spec().topologySpreadConstraints(), pod.labels(), action);
    }
    List<SpreadConstraint> compiled = SpreadConstraint.compile(defaults, pod.labels(), action);
    if (compiled.isEmpty()) {
      return compiled;
    }
    LabelSelector selector = DefaultSelector.of(pod, objects);
    if (selector.isEmpty()) {
      return List.of();
    }
    List<SpreadConstraint> out = new ArrayList<>(compiled.size());
    for (SpreadConstraint c : compiled) {
      out.add(c.withSelector(selector));
    }
    return out;
  }
}
