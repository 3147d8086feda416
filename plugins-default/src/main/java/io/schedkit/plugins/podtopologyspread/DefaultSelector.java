package io.schedkit.plugins.podtopologyspread;

import io.schedkit.framework.ObjectLister;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.LabelSelectorRequirement;
import io.schedkit.framework.model.OwnerReference;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.Service;
import io.schedkit.framework.model.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Derives the selector of a pod's default spread constraints (upstream's {@code
 * helper.DefaultSelector}): the labels of every Service of the pod's namespace that selects the
 * pod, AND the selector of the pod's controlling ReplicationController ({@code v1}), ReplicaSet or
 * StatefulSet ({@code apps/v1}) when the host knows it. An empty result means the pod belongs to no
 * group, and default constraints do not apply to it.
 */
final class DefaultSelector {
  private DefaultSelector() {}

  /** The selector of the groups {@code pod} belongs to; empty when none. */
  static LabelSelector of(Pod pod, ObjectLister objects) {
    Map<String, String> labels = new TreeMap<>();
    for (Service service : objects.services(pod.namespace())) {
      if (service.selects(pod)) {
        labels.putAll(service.selector());
      }
    }
    List<LabelSelectorRequirement> requirements = new ArrayList<>();
    Optional<OwnerReference> owner = pod.controllerRef();
    if (owner.isPresent()) {
      OwnerReference ref = owner.get();
      String group = groupOf(ref.apiVersion());
      String version = versionOf(ref.apiVersion());
      if (group != null && version.equals("v1")) {
        String kind = controllerKind(group, ref.kind());
        if (kind != null) {
          objects
              .workload(kind, pod.namespace(), ref.name())
              .map(Workload::selector)
              .ifPresent(
                  selector -> {
                    if (kind.equals(Workload.REPLICATION_CONTROLLER)) {
                      labels.putAll(selector.matchLabels());
                    } else {
                      addRequirements(selector, requirements);
                    }
                  });
        }
      }
    }
    return new LabelSelector(labels, requirements);
  }

  /** The workload kind the owner names, or null when it is not a supported controller. */
  private static String controllerKind(String group, String kind) {
    if (group.isEmpty()) {
      return kind.equals(Workload.REPLICATION_CONTROLLER) ? kind : null;
    }
    if (group.equals("apps")
        && (kind.equals(Workload.REPLICA_SET) || kind.equals(Workload.STATEFUL_SET))) {
      return kind;
    }
    return null;
  }

  /** A label selector's requirements, labels as {@code key In [value]}, appended in order. */
  private static void addRequirements(
      LabelSelector selector, List<LabelSelectorRequirement> requirements) {
    selector.matchLabels().forEach((k, v) -> requirements.add(LabelSelectorRequirement.in(k, v)));
    requirements.addAll(selector.matchExpressions());
  }

  /**
   * The group of an {@code apiVersion} as upstream's {@code schema.ParseGroupVersion} reads it
   * ({@code ""} for {@code v1}), or null when it does not parse (more than one {@code /}).
   */
  private static String groupOf(String apiVersion) {
    int slash = apiVersion.indexOf('/');
    if (slash < 0) {
      return "";
    }
    return apiVersion.indexOf('/', slash + 1) >= 0 ? null : apiVersion.substring(0, slash);
  }

  private static String versionOf(String apiVersion) {
    int slash = apiVersion.indexOf('/');
    return slash < 0 ? apiVersion : apiVersion.substring(slash + 1);
  }
}
