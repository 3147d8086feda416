package io.schedkit.core.cluster;

import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.Namespace;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.ObjectMeta;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodDisruptionBudget;
import io.schedkit.framework.model.PodGroup;
import io.schedkit.framework.model.PriorityClass;
import io.schedkit.framework.model.Service;
import io.schedkit.framework.model.Workload;

/**
 * Copies of model objects with new metadata. The model's records have no common "with metadata"
 * operation, so this class knows each top-level kind; any other {@link KubeObject} implementation
 * is unsupported by the in-memory cluster.
 */
final class KubeObjects {
  private KubeObjects() {}

  /** Whether {@code object} is one of the model's top-level kinds. */
  static boolean isSupported(KubeObject object) {
    return object instanceof Pod
        || object instanceof Node
        || object instanceof Namespace
        || object instanceof PodDisruptionBudget
        || object instanceof PriorityClass
        || object instanceof PodGroup
        || object instanceof Service
        || object instanceof Workload;
  }

  /**
   * {@code object} with {@code metadata} in place of its own; the result has the same class as
   * {@code object}.
   *
   * @throws IllegalArgumentException if {@code object} is not one of the model's kinds
   */
  static <T extends KubeObject> T withMetadata(T object, ObjectMeta metadata) {
    KubeObject copy;
    if (object instanceof Pod p) {
      copy = new Pod(metadata, p.spec(), p.status());
    } else if (object instanceof Node n) {
      copy = new Node(metadata, n.spec(), n.status());
    } else if (object instanceof Namespace) {
      copy = new Namespace(metadata);
    } else if (object instanceof PodDisruptionBudget b) {
      copy = new PodDisruptionBudget(metadata, b.spec(), b.status());
    } else if (object instanceof PriorityClass c) {
      copy =
          new PriorityClass(
              metadata, c.value(), c.globalDefault(), c.preemptionPolicy(), c.description());
    } else if (object instanceof PodGroup g) {
      copy = new PodGroup(metadata, g.minMember(), g.scheduleTimeoutSeconds());
    } else if (object instanceof Service s) {
      copy = new Service(metadata, s.selector());
    } else if (object instanceof Workload w) {
      copy = new Workload(w.kind(), metadata, w.selector(), w.spec());
    } else {
      throw new IllegalArgumentException(unsupported(object));
    }
    @SuppressWarnings("unchecked") // each branch rebuilds the record class of its input, a final T
    T typed = (T) copy;
    return typed;
  }

  /** The message rejecting an object of a kind the model does not know. */
  static String unsupported(KubeObject object) {
    return "unsupported object kind "
        + object.kind()
        + " ("
        + object.getClass().getName()
        + "): the in-memory cluster stores the model's kinds only";
  }
}
