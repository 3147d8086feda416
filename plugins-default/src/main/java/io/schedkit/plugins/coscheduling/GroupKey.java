package io.schedkit.plugins.coscheduling;

import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodGroup;

/**
 * The PodGroup a pod belongs to: its namespace and the value of its {@value
 * PodGroup#POD_GROUP_LABEL} label. Printed as upstream's full name {@code <namespace>/<name>}.
 *
 * @param namespace the namespace of the pod and its group
 * @param name the group's name
 */
record GroupKey(String namespace, String name) {

  /** The group of {@code pod}, or null when the pod has no (or an empty) group label. */
  static GroupKey of(Pod pod) {
    String name = pod.labels().get(PodGroup.POD_GROUP_LABEL);
    return name == null || name.isEmpty() ? null : new GroupKey(pod.namespace(), name);
  }

  /** Whether {@code pod} is a member of this group. */
  boolean contains(Pod pod) {
    return namespace.equals(pod.namespace())
        && name.equals(pod.labels().get(PodGroup.POD_GROUP_LABEL));
  }

  /** Whether {@code group} is this group's PodGroup object. */
  boolean is(PodGroup group) {
    return namespace.equals(group.namespace()) && name.equals(group.name());
  }

  @Override
  public String toString() {
    return namespace + "/" + name;
  }
}
