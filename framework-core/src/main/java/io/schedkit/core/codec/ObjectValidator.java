package io.schedkit.core.codec;

import io.schedkit.core.codec.tree.ModelReader;
import io.schedkit.framework.PluginArgs.FieldError;
import io.schedkit.framework.model.Affinity;
import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.LabelSelectorRequirement;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.NodeAffinity;
import io.schedkit.framework.model.NodeSelectorRequirement;
import io.schedkit.framework.model.NodeSelectorTerm;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodAffinityTerm;
import io.schedkit.framework.model.PodDisruptionBudget;
import io.schedkit.framework.model.PodGroup;
import io.schedkit.framework.model.PodSpec;
import io.schedkit.framework.model.PodTemplateSpec;
import io.schedkit.framework.model.Quantity;
import io.schedkit.framework.model.ResourceList;
import io.schedkit.framework.model.ResourceRequirements;
import io.schedkit.framework.model.Taint;
import io.schedkit.framework.model.Toleration;
import io.schedkit.framework.model.TolerationOperator;
import io.schedkit.framework.model.TopologySpreadConstraint;
import io.schedkit.framework.model.UnsatisfiableConstraintAction;
import io.schedkit.framework.model.WeightedPodAffinityTerm;
import io.schedkit.framework.model.Workload;
import io.schedkit.framework.model.WorkloadSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Checks model objects a host builds in Java with the same rules {@link KubeCodec} applies to the
 * objects it decodes: names present, no negative quantity in requests, limits, overhead, capacity
 * or allocatable, label keys and values as the API server allows them, well-formed label and node
 * selector requirements, topology spread constraints and affinity weights in range, and so on,
 * worded as the API server's validation.
 *
 * <p>Each problem is reported as {@code <Kind> <namespace/name>: <field>: <why>}, for example
 * {@code Pod default/web-1: spec.containers[0].resources.requests.cpu: Invalid value: "-1": must be
 * greater than or equal to 0}. Stateless and thread-safe.
 */
public final class ObjectValidator {

  /** A validator; it holds no state. */
  public ObjectValidator() {}

  /**
   * Returns every problem of {@code object}, each prefixed with the object's kind and key.
   *
   * @param object the object to check
   * @return the problems in field order; empty when the object is valid
   */
  public List<String> validate(KubeObject object) {
    String id = describe(object);
    return problems(object).stream().map(e -> id + ": " + e.render("")).toList();
  }

  /** {@code <Kind> <namespace/name>}, as messages name an object. */
  static String describe(KubeObject object) {
    return object.kind() + " " + object.key();
  }

  /** The problems of {@code object} as field errors relative to the object root. */
  static List<FieldError> problems(KubeObject object) {
    List<FieldError> errs = new ArrayList<>();
    if (object.metadata().name().isEmpty()) {
      errs.add(FieldError.required("metadata.name", ""));
    }
    if (ModelReader.namespaced(object.kind()) && object.metadata().namespace().isEmpty()) {
      errs.add(FieldError.required("metadata.namespace", ""));
    }
    labels(object.metadata().labels(), "metadata.labels", errs);
    if (object instanceof Pod pod) {
      podSpec(pod.spec(), "spec", errs);
    } else if (object instanceof Node node) {
      List<Taint> taints = node.spec().taints();
      for (int i = 0; i < taints.size(); i++) {
        if (taints.get(i).key().isEmpty()) {
          errs.add(FieldError.required("spec.taints[" + i + "].key", ""));
        }
      }
      nonNegative(node.status().capacity(), "status.capacity", errs);
      nonNegative(node.status().allocatable(), "status.allocatable", errs);
    } else if (object instanceof PodDisruptionBudget pdb) {
      if (pdb.spec().minAvailable() != null && pdb.spec().maxUnavailable() != null) {
        errs.add(
            FieldError.forbidden(
                "spec.maxUnavailable", "minAvailable and maxUnavailable cannot be both set"));
      }
      selector(pdb.spec().selector(), "spec.selector", errs);
    } else if (object instanceof PodGroup group) {
      if (group.minMember() < 0) {
        errs.add(
            FieldError.invalid(
                "spec.minMember", group.minMember(), "must be greater than or equal to 0"));
      }
    } else if (object instanceof Workload workload) {
      selector(workload.selector(), "spec.selector", errs);
      workloadSpec(workload, errs);
    }
    return errs;
  }

  /** The API server's checks of a workload's counts and template that simulate relies on. */
  private static void workloadSpec(Workload w, List<FieldError> errs) {
    WorkloadSpec spec = w.spec();
    nonNegative(spec.replicas(), "spec.replicas", errs);
    nonNegative(spec.ordinalsStart(), "spec.ordinals.start", errs);
    nonNegative(spec.parallelism(), "spec.parallelism", errs);
    nonNegative(spec.completions(), "spec.completions", errs);
    nonNegative(spec.backoffLimit(), "spec.backoffLimit", errs);
    String policy = spec.podManagementPolicy();
    if (policy != null
        && !policy.equals(WorkloadSpec.ORDERED_READY)
        && !policy.equals(WorkloadSpec.PARALLEL)) {
      errs.add(
          FieldError.notSupported(
              "spec.podManagementPolicy",
              policy,
              List.of(WorkloadSpec.ORDERED_READY, WorkloadSpec.PARALLEL)));
    }
    String mode = spec.completionMode();
    if (mode != null
        && !mode.equals(WorkloadSpec.NON_INDEXED)
        && !mode.equals(WorkloadSpec.INDEXED)) {
      errs.add(
          FieldError.notSupported(
              "spec.completionMode",
              mode,
              List.of(WorkloadSpec.NON_INDEXED, WorkloadSpec.INDEXED)));
    }
    if (spec.indexed() && spec.completions() == null) {
      errs.add(FieldError.required("spec.completions", "when completion mode is Indexed"));
    }
    PodTemplateSpec template = spec.template();
    if (template == null) {
      return;
    }
    labels(template.metadata().labels(), "spec.template.metadata.labels", errs);
    podSpec(template.spec(), "spec.template.spec", errs);
    LabelSelector selector = w.selector();
    if (selector != null
        && !selector.isEmpty()
        && !selector.matches(template.metadata().labels())) {
      errs.add(
          FieldError.invalid(
              "spec.template.metadata.labels",
              template.metadata().labels(),
              "`selector` does not match template `labels`"));
    }
  }

  /**
   * The API server's {@code ValidateLabels}: each key a qualified name, each value a label value,
   * every problem an error at {@code path} itself.
   */
  private static void labels(Map<String, String> labels, String path, List<FieldError> errs) {
    labels.forEach(
        (key, value) -> {
          errs.addAll(FieldError.labelName(path, key));
          for (String problem : FieldError.labelValueProblems(value)) {
            errs.add(FieldError.invalid(path, value, problem));
          }
        });
  }

  private static void nonNegative(Integer value, String field, List<FieldError> errs) {
    if (value != null && value < 0) {
      errs.add(FieldError.invalid(field, value, "must be greater than or equal to 0"));
    }
  }

  private static void podSpec(PodSpec spec, String path, List<FieldError> errs) {
    containers(spec.initContainers(), path + ".initContainers", errs);
    containers(spec.containers(), path + ".containers", errs);
    nonNegative(spec.overhead(), path + ".overhead", errs);
    if (spec.resources() != null) {
      requirements(spec.resources(), path + ".resources", errs);
    }
    List<Toleration> tolerations = spec.tolerations();
    for (int i = 0; i < tolerations.size(); i++) {
      Toleration t = tolerations.get(i);
      if (t.operator() == TolerationOperator.EXISTS && !t.value().isEmpty()) {
        errs.add(
            FieldError.invalid(
                path + ".tolerations[" + i + "].operator",
                t.operator().wireName(),
                "value must be empty when `operator` is 'Exists'"));
      }
    }
    if (spec.affinity() != null) {
      affinity(spec.affinity(), path + ".affinity", errs);
    }
    List<TopologySpreadConstraint> constraints = spec.topologySpreadConstraints();
    for (int i = 0; i < constraints.size(); i++) {
      spreadConstraint(constraints.get(i), path + ".topologySpreadConstraints[" + i + "]", errs);
    }
  }

  private static void containers(List<Container> containers, String path, List<FieldError> errs) {
    for (int i = 0; i < containers.size(); i++) {
      requirements(containers.get(i).resources(), path + "[" + i + "].resources", errs);
    }
  }

  private static void requirements(ResourceRequirements r, String path, List<FieldError> errs) {
    nonNegative(r.limits(), path + ".limits", errs);
    nonNegative(r.requests(), path + ".requests", errs);
  }

  private static void nonNegative(ResourceList list, String path, List<FieldError> errs) {
    list.asMap()
        .forEach(
            (name, q) -> {
              if (q.compareTo(Quantity.ZERO) < 0) {
                errs.add(
                    FieldError.invalid(
                        path + "." + name, q.toString(), "must be greater than or equal to 0"));
              }
            });
  }

  private static void affinity(Affinity a, String path, List<FieldError> errs) {
    NodeAffinity na = a.nodeAffinity();
    if (na != null) {
      String p = path + ".nodeAffinity";
      if (na.required() != null) {
        List<NodeSelectorTerm> terms = na.required().nodeSelectorTerms();
        String tp = p + ".requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms";
        for (int i = 0; i < terms.size(); i++) {
          nodeSelectorTerm(terms.get(i), tp + "[" + i + "]", errs);
        }
      }
      for (int i = 0; i < na.preferred().size(); i++) {
        String tp = p + ".preferredDuringSchedulingIgnoredDuringExecution[" + i + "]";
        weight(na.preferred().get(i).weight(), tp, errs);
        nodeSelectorTerm(na.preferred().get(i).preference(), tp + ".preference", errs);
      }
    }
    if (a.podAffinity() != null) {
      podAffinityTerms(
          a.podAffinity().required(), a.podAffinity().preferred(), path + ".podAffinity", errs);
    }
    if (a.podAntiAffinity() != null) {
      podAffinityTerms(
          a.podAntiAffinity().required(),
          a.podAntiAffinity().preferred(),
          path + ".podAntiAffinity",
          errs);
    }
  }

  private static void podAffinityTerms(
      List<PodAffinityTerm> required,
      List<WeightedPodAffinityTerm> preferred,
      String path,
      List<FieldError> errs) {
    for (int i = 0; i < required.size(); i++) {
      podAffinityTerm(
          required.get(i),
          path + ".requiredDuringSchedulingIgnoredDuringExecution[" + i + "]",
          errs);
    }
    for (int i = 0; i < preferred.size(); i++) {
      String p = path + ".preferredDuringSchedulingIgnoredDuringExecution[" + i + "]";
      weight(preferred.get(i).weight(), p, errs);
      podAffinityTerm(preferred.get(i).podAffinityTerm(), p + ".podAffinityTerm", errs);
    }
  }

  private static void podAffinityTerm(PodAffinityTerm t, String path, List<FieldError> errs) {
    selector(t.labelSelector(), path + ".labelSelector", errs);
    selector(t.namespaceSelector(), path + ".namespaceSelector", errs);
    if (t.topologyKey().isEmpty()) {
      errs.add(FieldError.required(path + ".topologyKey", "can not be empty"));
    }
  }

  private static void weight(int weight, String path, List<FieldError> errs) {
    if (weight < 1 || weight > 100) {
      errs.add(FieldError.invalid(path + ".weight", weight, "must be in the range 1-100"));
    }
  }

  private static void nodeSelectorTerm(NodeSelectorTerm t, String path, List<FieldError> errs) {
    for (int i = 0; i < t.matchExpressions().size(); i++) {
      nodeRequirement(t.matchExpressions().get(i), path + ".matchExpressions[" + i + "]", errs);
    }
    for (int i = 0; i < t.matchFields().size(); i++) {
      NodeSelectorRequirement r = t.matchFields().get(i);
      String p = path + ".matchFields[" + i + "]";
      if (!NodeSelectorRequirement.OBJECT_NAME_FIELD.equals(r.key())) {
        errs.add(FieldError.invalid(p + ".key", r.key(), "not a valid field selector key"));
      } else if (!r.isValidField()) {
        errs.add(
            FieldError.invalid(
                p + ".values",
                r.values(),
                "must be only one value when `operator` is 'In' or 'NotIn' for node field"
                    + " selector"));
      }
    }
  }

  private static void nodeRequirement(
      NodeSelectorRequirement r, String path, List<FieldError> errs) {
    int n = r.values().size();
    switch (r.operator()) {
      case IN, NOT_IN -> {
        if (n == 0) {
          errs.add(
              FieldError.required(
                  path + ".values", "must be specified when `operator` is 'In' or 'NotIn'"));
        }
      }
      case EXISTS, DOES_NOT_EXIST -> {
        if (n > 0) {
          errs.add(
              FieldError.forbidden(
                  path + ".values",
                  "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
        }
      }
      case GT, LT -> {
        if (n != 1) {
          errs.add(
              FieldError.required(
                  path + ".values",
                  "must be specified single value when `operator` is 'Lt' or 'Gt'"));
        }
      }
    }
    errs.addAll(FieldError.labelName(path + ".key", r.key()));
  }

  private static void selector(LabelSelector s, String path, List<FieldError> errs) {
    if (s == null) {
      return;
    }
    List<LabelSelectorRequirement> exprs = s.matchExpressions();
    for (int i = 0; i < exprs.size(); i++) {
      errs.addAll(
          FieldError.labelName(path + ".matchExpressions[" + i + "].key", exprs.get(i).key()));
    }
  }

  private static void spreadConstraint(
      TopologySpreadConstraint c, String path, List<FieldError> errs) {
    if (c.maxSkew() <= 0) {
      errs.add(FieldError.invalid(path + ".maxSkew", c.maxSkew(), "must be greater than zero"));
    }
    if (c.topologyKey().isEmpty()) {
      errs.add(FieldError.required(path + ".topologyKey", "can not be empty"));
    }
    if (c.minDomains() != null) {
      if (c.minDomains() <= 0) {
        errs.add(
            FieldError.invalid(path + ".minDomains", c.minDomains(), "must be greater than zero"));
      } else if (c.whenUnsatisfiable() != UnsatisfiableConstraintAction.DO_NOT_SCHEDULE) {
        errs.add(
            FieldError.invalid(
                path + ".minDomains",
                c.minDomains(),
                "can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ScheduleAnyway"));
      }
    }
    selector(c.labelSelector(), path + ".labelSelector", errs);
  }
}
