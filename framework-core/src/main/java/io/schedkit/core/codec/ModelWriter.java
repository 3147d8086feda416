package io.schedkit.core.codec;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.schedkit.framework.model.Affinity;
import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.ContainerImage;
import io.schedkit.framework.model.ContainerPort;
import io.schedkit.framework.model.IntOrString;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.LabelSelectorRequirement;
import io.schedkit.framework.model.Namespace;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.NodeAffinity;
import io.schedkit.framework.model.NodeCondition;
import io.schedkit.framework.model.NodeSelector;
import io.schedkit.framework.model.NodeSelectorRequirement;
import io.schedkit.framework.model.NodeSelectorTerm;
import io.schedkit.framework.model.ObjectMeta;
import io.schedkit.framework.model.OwnerReference;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodAffinityTerm;
import io.schedkit.framework.model.PodCondition;
import io.schedkit.framework.model.PodDisruptionBudget;
import io.schedkit.framework.model.PodGroup;
import io.schedkit.framework.model.PodSpec;
import io.schedkit.framework.model.PodStatus;
import io.schedkit.framework.model.PreferredSchedulingTerm;
import io.schedkit.framework.model.PriorityClass;
import io.schedkit.framework.model.ResourceList;
import io.schedkit.framework.model.ResourceRequirements;
import io.schedkit.framework.model.Service;
import io.schedkit.framework.model.Taint;
import io.schedkit.framework.model.Toleration;
import io.schedkit.framework.model.TolerationOperator;
import io.schedkit.framework.model.TopologySpreadConstraint;
import io.schedkit.framework.model.WeightedPodAffinityTerm;
import io.schedkit.framework.model.Workload;
import io.schedkit.framework.model.WorkloadSpec;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Writes the schedkit model as JSON trees in kubectl's shape: {@code apiVersion}, {@code kind},
 * {@code metadata}, {@code spec}, {@code status}. Value fields that are empty or zero are omitted
 * (Go's {@code omitempty}) except those Kubernetes always prints (a constraint's {@code maxSkew}, a
 * port's {@code containerPort}, a term's {@code weight}, a budget's counters); pointer fields are
 * written whenever they are set, so an empty label selector prints as {@code {}} and stays distinct
 * from an absent one. Quantities print in their canonical string form.
 *
 * <p>Stateless; all methods are thread-safe.
 */
final class ModelWriter {
  private ModelWriter() {}

  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  /** The apiVersion kubectl prints for {@code kind}. */
  static String apiVersion(String kind) {
    return switch (kind) {
      case PodDisruptionBudget.KIND -> "policy/v1";
      case PriorityClass.KIND -> "scheduling.k8s.io/v1";
      case PodGroup.KIND -> "scheduling.x-k8s.io/v1alpha1";
      case Workload.REPLICA_SET,
              Workload.STATEFUL_SET,
              Workload.DEPLOYMENT,
              Workload.DAEMON_SET,
              Workload.JOB ->
          Workload.apiVersionOf(kind);
      default -> "v1";
    };
  }

  /** The fields of a workload's spec besides the selector, as its kind's API names them. */
  private static void workloadSpec(ObjectNode spec, WorkloadSpec w) {
    if (w.replicas() != null) {
      spec.put("replicas", w.replicas());
    }
    if (w.paused()) {
      spec.put("paused", true);
    }
    if (w.podManagementPolicy() != null) {
      spec.put("podManagementPolicy", w.podManagementPolicy());
    }
    if (w.ordinalsStart() != null) {
      spec.putObject("ordinals").put("start", w.ordinalsStart());
    }
    if (w.parallelism() != null) {
      spec.put("parallelism", w.parallelism());
    }
    if (w.completions() != null) {
      spec.put("completions", w.completions());
    }
    if (w.completionMode() != null) {
      spec.put("completionMode", w.completionMode());
    }
    if (w.backoffLimit() != null) {
      spec.put("backoffLimit", w.backoffLimit());
    }
    if (w.suspend()) {
      spec.put("suspend", true);
    }
    if (w.template() != null) {
      ObjectNode template = spec.putObject("template");
      template.set("metadata", meta(w.template().metadata()));
      template.set("spec", podSpec(w.template().spec()));
    }
  }

  static ObjectNode object(KubeObject o) {
    ObjectNode n = F.objectNode();
    n.put("apiVersion", apiVersion(o.kind()));
    n.put("kind", o.kind());
    n.set("metadata", meta(o.metadata()));
    if (o instanceof Pod p) {
      putObject(n, "spec", podSpec(p.spec()));
      putObject(n, "status", podStatus(p.status()));
    } else if (o instanceof Node node) {
      ObjectNode spec = F.objectNode();
      putTrue(spec, "unschedulable", node.spec().unschedulable());
      putList(spec, "taints", node.spec().taints(), ModelWriter::taint);
      putObject(n, "spec", spec);
      ObjectNode status = F.objectNode();
      putResources(status, "capacity", node.status().capacity());
      putResources(status, "allocatable", node.status().allocatable());
      putList(status, "conditions", node.status().conditions(), ModelWriter::nodeCondition);
      putList(status, "images", node.status().images(), ModelWriter::image);
      putObject(n, "status", status);
    } else if (o instanceof PodDisruptionBudget pdb) {
      ObjectNode spec = F.objectNode();
      putIntOrString(spec, "minAvailable", pdb.spec().minAvailable());
      putIntOrString(spec, "maxUnavailable", pdb.spec().maxUnavailable());
      putSelector(spec, "selector", pdb.spec().selector());
      putObject(n, "spec", spec);
      ObjectNode status = F.objectNode();
      status.put("disruptionsAllowed", pdb.status().disruptionsAllowed());
      status.put("currentHealthy", pdb.status().currentHealthy());
      status.put("desiredHealthy", pdb.status().desiredHealthy());
      status.put("expectedPods", pdb.status().expectedPods());
      if (!pdb.status().disruptedPods().isEmpty()) {
        ObjectNode disrupted = status.putObject("disruptedPods");
        pdb.status().disruptedPods().forEach((k, v) -> disrupted.put(k, time(v)));
      }
      n.set("status", status);
    } else if (o instanceof PriorityClass pc) {
      n.put("value", pc.value());
      putTrue(n, "globalDefault", pc.globalDefault());
      if (pc.preemptionPolicy() != null) {
        n.put("preemptionPolicy", pc.preemptionPolicy().wireName());
      }
      putString(n, "description", pc.description());
    } else if (o instanceof PodGroup pg) {
      ObjectNode spec = n.putObject("spec");
      spec.put("minMember", pg.minMember());
      if (pg.scheduleTimeoutSeconds() != null) {
        spec.put("scheduleTimeoutSeconds", pg.scheduleTimeoutSeconds());
      }
    } else if (o instanceof Service s) {
      ObjectNode spec = F.objectNode();
      putMap(spec, "selector", s.selector());
      putObject(n, "spec", spec);
    } else if (o instanceof Workload w) {
      ObjectNode spec = F.objectNode();
      if (w.kind().equals(Workload.REPLICATION_CONTROLLER)) {
        if (w.selector() != null) {
          putMap(spec, "selector", w.selector().matchLabels());
        }
      } else {
        putSelector(spec, "selector", w.selector());
      }
      workloadSpec(spec, w.spec());
      putObject(n, "spec", spec);
    } else if (!(o instanceof Namespace)) {
      throw new IllegalArgumentException("cannot encode objects of kind " + o.kind());
    }
    return n;
  }

  static ObjectNode meta(ObjectMeta m) {
    ObjectNode n = F.objectNode();
    putString(n, "name", m.name());
    putString(n, "namespace", m.namespace());
    putString(n, "uid", m.uid());
    putString(n, "resourceVersion", m.resourceVersion());
    putTime(n, "creationTimestamp", m.creationTimestamp());
    putTime(n, "deletionTimestamp", m.deletionTimestamp());
    putMap(n, "labels", m.labels());
    putMap(n, "annotations", m.annotations());
    putList(n, "ownerReferences", m.ownerReferences(), ModelWriter::ownerReference);
    return n;
  }

  static ObjectNode ownerReference(OwnerReference r) {
    ObjectNode n = F.objectNode();
    n.put("apiVersion", r.apiVersion());
    n.put("kind", r.kind());
    n.put("name", r.name());
    n.put("uid", r.uid());
    if (r.controller() != null) {
      n.put("controller", r.controller());
    }
    return n;
  }

  static ObjectNode podSpec(PodSpec s) {
    ObjectNode n = F.objectNode();
    putString(n, "schedulerName", s.schedulerName());
    putString(n, "nodeName", s.nodeName());
    putMap(n, "nodeSelector", s.nodeSelector());
    if (s.priority() != null) {
      n.put("priority", s.priority());
    }
    putString(n, "priorityClassName", s.priorityClassName());
    if (s.preemptionPolicy() != null) {
      n.put("preemptionPolicy", s.preemptionPolicy().wireName());
    }
    putTrue(n, "hostNetwork", s.hostNetwork());
    putList(n, "initContainers", s.initContainers(), ModelWriter::container);
    putList(n, "containers", s.containers(), ModelWriter::container);
    putResources(n, "overhead", s.overhead());
    if (s.resources() != null) {
      n.set("resources", resourceRequirements(s.resources()));
    }
    if (s.affinity() != null) {
      n.set("affinity", affinity(s.affinity()));
    }
    putList(n, "tolerations", s.tolerations(), ModelWriter::toleration);
    putList(
        n,
        "topologySpreadConstraints",
        s.topologySpreadConstraints(),
        ModelWriter::topologySpreadConstraint);
    if (!s.schedulingGates().isEmpty()) {
      ArrayNode gates = n.putArray("schedulingGates");
      s.schedulingGates().forEach(g -> gates.addObject().put("name", g));
    }
    return n;
  }

  static ObjectNode container(Container c) {
    ObjectNode n = F.objectNode();
    n.put("name", c.name());
    putString(n, "image", c.image());
    putObject(n, "resources", resourceRequirements(c.resources()));
    putList(n, "ports", c.ports(), ModelWriter::port);
    if (c.restartPolicy() != null) {
      n.put("restartPolicy", c.restartPolicy());
    }
    return n;
  }

  static ObjectNode port(ContainerPort p) {
    ObjectNode n = F.objectNode();
    putString(n, "name", p.name());
    n.put("containerPort", p.containerPort());
    if (p.hostPort() != 0) {
      n.put("hostPort", p.hostPort());
    }
    putString(n, "protocol", p.protocol());
    putString(n, "hostIP", p.hostIP());
    return n;
  }

  static ObjectNode resourceRequirements(ResourceRequirements r) {
    ObjectNode n = F.objectNode();
    putResources(n, "limits", r.limits());
    putResources(n, "requests", r.requests());
    return n;
  }

  static ObjectNode podStatus(PodStatus s) {
    ObjectNode n = F.objectNode();
    putString(n, "phase", s.phase());
    putString(n, "nominatedNodeName", s.nominatedNodeName());
    putList(n, "conditions", s.conditions(), ModelWriter::podCondition);
    putTime(n, "startTime", s.startTime());
    return n;
  }

  static ObjectNode podCondition(PodCondition c) {
    ObjectNode n = F.objectNode();
    n.put("type", c.type());
    n.put("status", c.status());
    putTime(n, "lastTransitionTime", c.lastTransitionTime());
    putString(n, "reason", c.reason());
    putString(n, "message", c.message());
    return n;
  }

  static ObjectNode nodeCondition(NodeCondition c) {
    ObjectNode n = F.objectNode();
    n.put("type", c.type());
    n.put("status", c.status());
    putString(n, "reason", c.reason());
    putString(n, "message", c.message());
    return n;
  }

  static ObjectNode image(ContainerImage i) {
    ObjectNode n = F.objectNode();
    ArrayNode names = n.putArray("names");
    i.names().forEach(names::add);
    if (i.sizeBytes() != 0) {
      n.put("sizeBytes", i.sizeBytes());
    }
    return n;
  }

  static ObjectNode taint(Taint t) {
    ObjectNode n = F.objectNode();
    n.put("key", t.key());
    putString(n, "value", t.value());
    n.put("effect", t.effect().wireName());
    putTime(n, "timeAdded", t.timeAdded());
    return n;
  }

  static ObjectNode toleration(Toleration t) {
    ObjectNode n = F.objectNode();
    putString(n, "key", t.key());
    if (t.operator() != TolerationOperator.EQUAL) {
      n.put("operator", t.operator().wireName());
    }
    putString(n, "value", t.value());
    if (t.effect() != null) {
      n.put("effect", t.effect().wireName());
    }
    if (t.tolerationSeconds() != null) {
      n.put("tolerationSeconds", t.tolerationSeconds());
    }
    return n;
  }

  static ObjectNode labelSelector(LabelSelector s) {
    ObjectNode n = F.objectNode();
    putMap(n, "matchLabels", s.matchLabels());
    putList(n, "matchExpressions", s.matchExpressions(), ModelWriter::labelRequirement);
    return n;
  }

  static ObjectNode labelRequirement(LabelSelectorRequirement r) {
    ObjectNode n = F.objectNode();
    n.put("key", r.key());
    n.put("operator", r.operator().wireName());
    putStrings(n, "values", r.values());
    return n;
  }

  static ObjectNode affinity(Affinity a) {
    ObjectNode n = F.objectNode();
    if (a.nodeAffinity() != null) {
      n.set("nodeAffinity", nodeAffinity(a.nodeAffinity()));
    }
    if (a.podAffinity() != null) {
      n.set(
          "podAffinity", podAffinityRules(a.podAffinity().required(), a.podAffinity().preferred()));
    }
    if (a.podAntiAffinity() != null) {
      n.set(
          "podAntiAffinity",
          podAffinityRules(a.podAntiAffinity().required(), a.podAntiAffinity().preferred()));
    }
    return n;
  }

  static ObjectNode nodeAffinity(NodeAffinity a) {
    ObjectNode n = F.objectNode();
    if (a.required() != null) {
      n.set("requiredDuringSchedulingIgnoredDuringExecution", nodeSelector(a.required()));
    }
    putList(
        n,
        "preferredDuringSchedulingIgnoredDuringExecution",
        a.preferred(),
        ModelWriter::preferredTerm);
    return n;
  }

  static ObjectNode nodeSelector(NodeSelector s) {
    ObjectNode n = F.objectNode();
    ArrayNode terms = n.putArray("nodeSelectorTerms");
    s.nodeSelectorTerms().forEach(t -> terms.add(nodeSelectorTerm(t)));
    return n;
  }

  static ObjectNode nodeSelectorTerm(NodeSelectorTerm t) {
    ObjectNode n = F.objectNode();
    putList(n, "matchExpressions", t.matchExpressions(), ModelWriter::nodeRequirement);
    putList(n, "matchFields", t.matchFields(), ModelWriter::nodeRequirement);
    return n;
  }

  static ObjectNode nodeRequirement(NodeSelectorRequirement r) {
    ObjectNode n = F.objectNode();
    n.put("key", r.key());
    n.put("operator", r.operator().wireName());
    putStrings(n, "values", r.values());
    return n;
  }

  static ObjectNode preferredTerm(PreferredSchedulingTerm t) {
    ObjectNode n = F.objectNode();
    n.put("weight", t.weight());
    n.set("preference", nodeSelectorTerm(t.preference()));
    return n;
  }

  static ObjectNode podAffinityRules(
      List<PodAffinityTerm> required, List<WeightedPodAffinityTerm> preferred) {
    ObjectNode n = F.objectNode();
    putList(
        n,
        "requiredDuringSchedulingIgnoredDuringExecution",
        required,
        ModelWriter::podAffinityTerm);
    putList(
        n,
        "preferredDuringSchedulingIgnoredDuringExecution",
        preferred,
        ModelWriter::weightedPodAffinityTerm);
    return n;
  }

  static ObjectNode podAffinityTerm(PodAffinityTerm t) {
    ObjectNode n = F.objectNode();
    putSelector(n, "labelSelector", t.labelSelector());
    putStrings(n, "namespaces", t.namespaces());
    n.put("topologyKey", t.topologyKey());
    putSelector(n, "namespaceSelector", t.namespaceSelector());
    putStrings(n, "matchLabelKeys", t.matchLabelKeys());
    putStrings(n, "mismatchLabelKeys", t.mismatchLabelKeys());
    return n;
  }

  static ObjectNode weightedPodAffinityTerm(WeightedPodAffinityTerm t) {
    ObjectNode n = F.objectNode();
    n.put("weight", t.weight());
    n.set("podAffinityTerm", podAffinityTerm(t.podAffinityTerm()));
    return n;
  }

  static ObjectNode topologySpreadConstraint(TopologySpreadConstraint c) {
    ObjectNode n = F.objectNode();
    n.put("maxSkew", c.maxSkew());
    n.put("topologyKey", c.topologyKey());
    n.put("whenUnsatisfiable", c.whenUnsatisfiable().wireName());
    putSelector(n, "labelSelector", c.labelSelector());
    if (c.minDomains() != null) {
      n.put("minDomains", c.minDomains());
    }
    if (c.nodeAffinityPolicy() != null) {
      n.put("nodeAffinityPolicy", c.nodeAffinityPolicy().wireName());
    }
    if (c.nodeTaintsPolicy() != null) {
      n.put("nodeTaintsPolicy", c.nodeTaintsPolicy().wireName());
    }
    putStrings(n, "matchLabelKeys", c.matchLabelKeys());
    return n;
  }

  // ---- helpers

  private static final DateTimeFormatter RFC3339 = DateTimeFormatter.ISO_INSTANT;

  static String time(Instant t) {
    return RFC3339.format(t);
  }

  private static void putTime(ObjectNode n, String name, Instant t) {
    if (t != null) {
      n.put(name, time(t));
    }
  }

  private static void putString(ObjectNode n, String name, String s) {
    if (!s.isEmpty()) {
      n.put(name, s);
    }
  }

  private static void putTrue(ObjectNode n, String name, boolean b) {
    if (b) {
      n.put(name, true);
    }
  }

  private static void putObject(ObjectNode n, String name, ObjectNode child) {
    if (!child.isEmpty()) {
      n.set(name, child);
    }
  }

  private static void putMap(ObjectNode n, String name, Map<String, String> m) {
    if (!m.isEmpty()) {
      ObjectNode o = n.putObject(name);
      m.forEach(o::put);
    }
  }

  private static void putStrings(ObjectNode n, String name, List<String> values) {
    if (!values.isEmpty()) {
      ArrayNode a = n.putArray(name);
      values.forEach(a::add);
    }
  }

  private static <T> void putList(
      ObjectNode n, String name, List<T> items, Function<T, ObjectNode> writer) {
    if (!items.isEmpty()) {
      ArrayNode a = n.putArray(name);
      items.forEach(i -> a.add(writer.apply(i)));
    }
  }

  private static void putResources(ObjectNode n, String name, ResourceList r) {
    if (!r.isEmpty()) {
      ObjectNode o = n.putObject(name);
      r.asMap().forEach((k, q) -> o.put(k, q.toString()));
    }
  }

  private static void putSelector(ObjectNode n, String name, LabelSelector s) {
    if (s != null) {
      n.set(name, labelSelector(s));
    }
  }

  private static void putIntOrString(ObjectNode n, String name, IntOrString v) {
    if (v != null) {
      if (v.isInt()) {
        n.put(name, v.intVal());
      } else {
        n.put(name, v.strVal());
      }
    }
  }
}
