package io.schedkit.simulation;

import io.schedkit.core.cluster.PriorityAdmission;
import io.schedkit.framework.config.Profile;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PriorityClass;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the API server does to a pod the run creates, before it stores it: an empty {@code
 * spec.schedulerName} becomes {@code default-scheduler}, and {@link PriorityAdmission} sets the
 * priority from the PriorityClasses the cluster has at that moment. A pod that names a class the
 * cluster does not have (yet) is stored without a priority, which the scheduler then resolves as it
 * does for any pod. The scheduler would otherwise do both on every event of the pod, keeping an
 * admitted copy of each beside the cluster's.
 */
final class PodAdmission {
  private final Map<String, PriorityClass> classes = new LinkedHashMap<>();
  private PriorityAdmission admission;

  /** An admission that knows {@code classes}. */
  PodAdmission(Collection<PriorityClass> classes) {
    for (PriorityClass c : classes) {
      this.classes.put(c.name(), c);
    }
  }

  /** A PriorityClass was created or changed. */
  void classStored(PriorityClass c) {
    classes.put(c.name(), c);
    admission = null;
  }

  /** A PriorityClass was deleted. */
  void classDeleted(PriorityClass c) {
    classes.remove(c.name());
    admission = null;
  }

  /** {@code pod} as the API server would store it. */
  Pod admit(Pod pod) {
    Pod named =
        pod.spec().schedulerName().isEmpty()
            ? pod.toBuilder().schedulerName(Profile.DEFAULT_SCHEDULER_NAME).build()
            : pod;
    if (admission == null) {
      admission = new PriorityAdmission(classes.values());
    }
    try {
      return admission.admit(named);
    } catch (IllegalArgumentException unknownClass) {
      return named;
    }
  }
}
