package io.schedkit.core.cluster;

import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.ObjectMeta;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PreemptionPolicy;
import io.schedkit.framework.model.PriorityClass;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the API server's Priority admission plugin does to a pod when it is created: a pod that
 * names a {@code spec.priorityClassName} gets that class's value as {@code spec.priority} and its
 * {@code preemptionPolicy}; a pod that names none gets the {@code globalDefault} class (its name,
 * value and policy), or priority 0 when there is none; a pod that names a class that does not exist
 * is refused. The two classes every cluster has, {@code system-node-critical} and {@code
 * system-cluster-critical}, are always known.
 *
 * <p>A pod that already has {@code spec.priority} was admitted before (a pod of a cluster dump) and
 * is left as it is.
 *
 * <p>Immutable and thread-safe.
 */
public final class PriorityAdmission {
  /** {@code system-node-critical}, which every cluster has. */
  public static final PriorityClass SYSTEM_NODE_CRITICAL =
      system("system-node-critical", 2_000_001_000);

  /** {@code system-cluster-critical}, which every cluster has. */
  public static final PriorityClass SYSTEM_CLUSTER_CRITICAL =
      system("system-cluster-critical", 2_000_000_000);

  private final Map<String, PriorityClass> classes = new LinkedHashMap<>();

  /**
   * An admission that knows {@code classes} and the two system classes.
   *
   * @param classes the cluster's PriorityClasses (later ones of the same name win)
   */
  public PriorityAdmission(Collection<PriorityClass> classes) {
    this.classes.put(SYSTEM_NODE_CRITICAL.name(), SYSTEM_NODE_CRITICAL);
    this.classes.put(SYSTEM_CLUSTER_CRITICAL.name(), SYSTEM_CLUSTER_CRITICAL);
    for (PriorityClass c : classes) {
      this.classes.put(c.name(), c);
    }
  }

  /**
   * An admission that knows the PriorityClasses among {@code objects}.
   *
   * @param objects any objects
   * @return the admission
   */
  public static PriorityAdmission of(Collection<? extends KubeObject> objects) {
    return new PriorityAdmission(
        objects.stream()
            .filter(PriorityClass.class::isInstance)
            .map(PriorityClass.class::cast)
            .toList());
  }

  /**
   * Returns {@code pod} as the API server would store it.
   *
   * @param pod the pod to create
   * @return the pod with its priority, class and preemption policy set
   * @throws IllegalArgumentException if the pod names a PriorityClass that does not exist; the
   *     message is {@code spec.priorityClassName: Invalid value: "<name>": no PriorityClass with
   *     name <name> was found}
   */
  public Pod admit(Pod pod) {
    if (pod.spec().priority() != null) {
      return pod;
    }
    String name = pod.spec().priorityClassName();
    Optional<PriorityClass> pc;
    if (name.isEmpty()) {
      pc = globalDefault();
    } else {
      pc = Optional.ofNullable(classes.get(name));
      if (pc.isEmpty()) {
        throw new IllegalArgumentException(
            "spec.priorityClassName: Invalid value: \""
                + name
                + "\": no PriorityClass with name "
                + name
                + " was found");
      }
    }
    Pod.Builder b = pod.toBuilder().priority(pc.map(PriorityClass::value).orElse(0));
    if (pc.isPresent()) {
      b.priorityClassName(pc.get().name());
      if (pod.spec().preemptionPolicy() == null) {
        b.preemptionPolicy(policy(pc.get()));
      }
    }
    return b.build();
  }

  /**
   * The problem of each pod among {@code objects} that names an unknown PriorityClass, as {@code
   * Pod <namespace>/<name>: spec.priorityClassName: ...}.
   *
   * @param objects any objects
   * @return the problems, in order; empty when every pod can be admitted
   */
  public List<String> problems(Collection<? extends KubeObject> objects) {
    return objects.stream()
        .filter(Pod.class::isInstance)
        .map(Pod.class::cast)
        .map(
            p -> {
              try {
                admit(p);
                return null;
              } catch (IllegalArgumentException e) {
                return "Pod " + p.key() + ": " + e.getMessage();
              }
            })
        .filter(m -> m != null)
        .toList();
  }

  /**
   * The class pods without a class get: among those with {@code globalDefault}, the one with the
   * highest value (the first name in alphabetical order among equals).
   */
  private Optional<PriorityClass> globalDefault() {
    PriorityClass best = null;
    for (PriorityClass c : classes.values()) {
      if (c.globalDefault()
          && (best == null
              || c.value() > best.value()
              || (c.value() == best.value() && c.name().compareTo(best.name()) < 0))) {
        best = c;
      }
    }
    return Optional.ofNullable(best);
  }

  /**
   * A class's preemption policy; the API server defaults an unset one to {@code
   * PreemptLowerPriority}.
   *
   * @param c the class
   * @return its policy, never null
   */
  public static PreemptionPolicy policy(PriorityClass c) {
    return c.preemptionPolicy() != null
        ? c.preemptionPolicy()
        : PreemptionPolicy.PREEMPT_LOWER_PRIORITY;
  }

  private static PriorityClass system(String name, int value) {
    return new PriorityClass(ObjectMeta.builder().name(name).build(), value, false, null, "");
  }
}
