package io.schedkit.core.codec.tree;

import static io.schedkit.core.codec.tree.Json.absent;
import static io.schedkit.core.codec.tree.Json.asObject;
import static io.schedkit.core.codec.tree.Json.child;
import static io.schedkit.core.codec.tree.Json.get;
import static io.schedkit.core.codec.tree.Json.int32;
import static io.schedkit.core.codec.tree.Json.list;
import static io.schedkit.core.codec.tree.Json.object;
import static io.schedkit.core.codec.tree.Json.optInt32;
import static io.schedkit.core.codec.tree.Json.string;
import static io.schedkit.core.codec.tree.Json.stringList;
import static io.schedkit.core.codec.tree.Json.stringMap;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.schedkit.framework.PluginArgs.FieldError;
import io.schedkit.framework.model.Affinity;
import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.ContainerImage;
import io.schedkit.framework.model.ContainerPort;
import io.schedkit.framework.model.IntOrString;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.LabelSelectorOperator;
import io.schedkit.framework.model.LabelSelectorRequirement;
import io.schedkit.framework.model.Namespace;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.NodeAffinity;
import io.schedkit.framework.model.NodeCondition;
import io.schedkit.framework.model.NodeInclusionPolicy;
import io.schedkit.framework.model.NodeSelector;
import io.schedkit.framework.model.NodeSelectorOperator;
import io.schedkit.framework.model.NodeSelectorRequirement;
import io.schedkit.framework.model.NodeSelectorTerm;
import io.schedkit.framework.model.NodeSpec;
import io.schedkit.framework.model.NodeStatus;
import io.schedkit.framework.model.ObjectMeta;
import io.schedkit.framework.model.OwnerReference;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodAffinity;
import io.schedkit.framework.model.PodAffinityTerm;
import io.schedkit.framework.model.PodAntiAffinity;
import io.schedkit.framework.model.PodCondition;
import io.schedkit.framework.model.PodDisruptionBudget;
import io.schedkit.framework.model.PodDisruptionBudgetSpec;
import io.schedkit.framework.model.PodDisruptionBudgetStatus;
import io.schedkit.framework.model.PodGroup;
import io.schedkit.framework.model.PodSpec;
import io.schedkit.framework.model.PodStatus;
import io.schedkit.framework.model.PodTemplateSpec;
import io.schedkit.framework.model.PreemptionPolicy;
import io.schedkit.framework.model.PreferredSchedulingTerm;
import io.schedkit.framework.model.PriorityClass;
import io.schedkit.framework.model.Quantity;
import io.schedkit.framework.model.QuantityFormatException;
import io.schedkit.framework.model.ResourceList;
import io.schedkit.framework.model.ResourceRequirements;
import io.schedkit.framework.model.Service;
import io.schedkit.framework.model.Taint;
import io.schedkit.framework.model.TaintEffect;
import io.schedkit.framework.model.Toleration;
import io.schedkit.framework.model.TolerationOperator;
import io.schedkit.framework.model.TopologySpreadConstraint;
import io.schedkit.framework.model.UnsatisfiableConstraintAction;
import io.schedkit.framework.model.WeightedPodAffinityTerm;
import io.schedkit.framework.model.Workload;
import io.schedkit.framework.model.WorkloadSpec;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiFunction;

/**
 * Reads the schedkit model from JSON trees shaped as {@code kubectl get -o json|yaml} prints them.
 * Fields the model does not have are ignored here (whether the API has them is {@code KubeCodec}'s
 * field validation); a {@code null} field is absent; every problem is a {@link FieldException}
 * whose message starts with the field's path from the object root.
 *
 * <p>Stateless; all methods are thread-safe.
 */
public final class ModelReader {
  private ModelReader() {}

  /** The kinds this reader decodes, and which of them are namespaced. */
  public static final Set<String> KINDS =
      Set.of(
          Pod.KIND,
          Node.KIND,
          PodDisruptionBudget.KIND,
          PriorityClass.KIND,
          PodGroup.KIND,
          Namespace.KIND,
          Service.KIND,
          Workload.REPLICATION_CONTROLLER,
          Workload.REPLICA_SET,
          Workload.STATEFUL_SET,
          Workload.DEPLOYMENT,
          Workload.DAEMON_SET,
          Workload.JOB);

  /** Whether objects of {@code kind} live in a namespace. */
  public static boolean namespaced(String kind) {
    return !(kind.equals(Node.KIND)
        || kind.equals(PriorityClass.KIND)
        || kind.equals(Namespace.KIND));
  }

  /**
   * Reads one object of a known {@code kind}; a namespaced object without a namespace gets {@code
   * default}, as {@code kubectl apply} would place it.
   */
  public static KubeObject readObject(String kind, ObjectNode n) {
    ObjectMeta meta = meta(object(n, "metadata", ""), "metadata");
    if (namespaced(kind) && meta.namespace().isEmpty()) {
      meta = meta.toBuilder().namespace("default").build();
    }
    ObjectNode spec = object(n, "spec", "");
    return switch (kind) {
      case Pod.KIND -> new Pod(meta, podSpec(spec, "spec"), podStatus(object(n, "status", "")));
      case Node.KIND -> new Node(meta, nodeSpec(spec), nodeStatus(object(n, "status", "")));
      case PodDisruptionBudget.KIND ->
          new PodDisruptionBudget(meta, pdbSpec(spec), pdbStatus(object(n, "status", "")));
      case PriorityClass.KIND ->
          new PriorityClass(
              meta,
              int32(n, "value", ""),
              Json.bool(n, "globalDefault", ""),
              Json.enumValue(
                  n, "preemptionPolicy", "", PreemptionPolicy.class, PreemptionPolicy::wireName),
              string(n, "description", ""));
      case PodGroup.KIND ->
          new PodGroup(
              meta,
              int32(spec, "minMember", "spec"),
              optInt32(spec, "scheduleTimeoutSeconds", "spec"));
      case Namespace.KIND -> new Namespace(meta);
      case Service.KIND -> new Service(meta, stringMap(spec, "selector", "spec"));
      case Workload.REPLICATION_CONTROLLER ->
          new Workload(
              kind,
              meta,
              LabelSelector.of(stringMap(spec, "selector", "spec")),
              workloadSpec(spec));
      case Workload.REPLICA_SET,
              Workload.STATEFUL_SET,
              Workload.DEPLOYMENT,
              Workload.DAEMON_SET,
              Workload.JOB ->
          new Workload(
              kind,
              meta,
              labelSelector(get(spec, "selector"), "spec.selector"),
              workloadSpec(spec));
      default -> throw new IllegalArgumentException("unknown kind " + kind);
    };
  }

  /**
   * Reads a value of one of the model's types (or a list of them, through the caller) at {@code
   * path}; null when {@code n} is absent. Used to decode plugin args that embed model types.
   *
   * @throws IllegalArgumentException if {@code type} is not a model type this reader knows
   */
  public static Object value(Class<?> type, JsonNode n, String path) {
    BiFunction<JsonNode, String, ?> reader = READERS.get(type.getName());
    if (reader == null) {
      throw new IllegalArgumentException("no reader for " + type.getName());
    }
    return absent(n) ? null : reader.apply(n, path);
  }

  /** Whether {@link #value} can read {@code type}. */
  public static boolean readable(Class<?> type) {
    return READERS.containsKey(type.getName());
  }

  private static final Map<String, BiFunction<JsonNode, String, ?>> READERS = readers();

  private static Map<String, BiFunction<JsonNode, String, ?>> readers() {
    Map<String, BiFunction<JsonNode, String, ?>> m = new TreeMap<>();
    m.put(NodeAffinity.class.getName(), ModelReader::nodeAffinity);
    m.put(NodeSelector.class.getName(), ModelReader::nodeSelector);
    m.put(NodeSelectorTerm.class.getName(), ModelReader::nodeSelectorTerm);
    m.put(NodeSelectorRequirement.class.getName(), ModelReader::nodeSelectorRequirement);
    m.put(PreferredSchedulingTerm.class.getName(), ModelReader::preferredSchedulingTerm);
    m.put(TopologySpreadConstraint.class.getName(), ModelReader::topologySpreadConstraint);
    m.put(LabelSelector.class.getName(), ModelReader::labelSelector);
    m.put(LabelSelectorRequirement.class.getName(), ModelReader::labelSelectorRequirement);
    m.put(Toleration.class.getName(), ModelReader::toleration);
    m.put(Taint.class.getName(), ModelReader::taint);
    m.put(Affinity.class.getName(), ModelReader::affinity);
    m.put(PodAffinity.class.getName(), ModelReader::podAffinity);
    m.put(PodAntiAffinity.class.getName(), ModelReader::podAntiAffinity);
    m.put(PodAffinityTerm.class.getName(), ModelReader::podAffinityTerm);
    m.put(WeightedPodAffinityTerm.class.getName(), ModelReader::weightedPodAffinityTerm);
    m.put(ResourceList.class.getName(), ModelReader::resourceList);
    m.put(Quantity.class.getName(), ModelReader::quantity);
    m.put(IntOrString.class.getName(), ModelReader::intOrString);
    m.put(ResourceRequirements.class.getName(), ModelReader::resourceRequirements);
    return m;
  }

  // ---- workloads

  /**
   * The template and counts of a workload's {@code spec} (each kind has only some of these fields;
   * the API server rejects the others, and so does strict field validation).
   */
  static WorkloadSpec workloadSpec(ObjectNode spec) {
    if (spec == null) {
      return WorkloadSpec.NONE;
    }
    ObjectNode template = object(spec, "template", "spec");
    ObjectNode ordinals = object(spec, "ordinals", "spec");
    return new WorkloadSpec(
        optInt32(spec, "replicas", "spec"),
        template == null
            ? null
            : new PodTemplateSpec(
                meta(object(template, "metadata", "spec.template"), "spec.template.metadata"),
                podSpec(object(template, "spec", "spec.template"), "spec.template.spec")),
        string(spec, "podManagementPolicy", "spec"),
        ordinals == null ? null : optInt32(ordinals, "start", "spec.ordinals"),
        optInt32(spec, "parallelism", "spec"),
        optInt32(spec, "completions", "spec"),
        string(spec, "completionMode", "spec"),
        optInt32(spec, "backoffLimit", "spec"),
        Json.bool(spec, "suspend", "spec"),
        Json.bool(spec, "paused", "spec"));
  }

  // ---- metadata

  static ObjectMeta meta(ObjectNode n, String path) {
    return new ObjectMeta(
        string(n, "name", path),
        string(n, "namespace", path),
        string(n, "uid", path),
        stringMap(n, "labels", path),
        stringMap(n, "annotations", path),
        list(n, "ownerReferences", path, ModelReader::ownerReference),
        Json.time(n, "creationTimestamp", path),
        Json.time(n, "deletionTimestamp", path),
        string(n, "resourceVersion", path));
  }

  static OwnerReference ownerReference(JsonNode node, String path) {
    ObjectNode n = asObject(node, path);
    if (n == null) {
      return null;
    }
    return new OwnerReference(
        string(n, "apiVersion", path),
        string(n, "kind", path),
        string(n, "name", path),
        string(n, "uid", path),
        Json.optBool(n, "controller", path));
  }

  // ---- pods

  static PodSpec podSpec(ObjectNode n, String path) {
    if (n == null) {
      return PodSpec.builder().build();
    }
    List<String> gates =
        list(n, "schedulingGates", path, (g, p) -> string(asObject(g, p), "name", p));
    return new PodSpec(
        list(n, "containers", path, ModelReader::container),
        list(n, "initContainers", path, ModelReader::container),
        resourceList(get(n, "overhead"), child(path, "overhead")),
        string(n, "nodeName", path),
        stringMap(n, "nodeSelector", path),
        affinity(get(n, "affinity"), child(path, "affinity")),
        list(n, "tolerations", path, ModelReader::toleration),
        list(n, "topologySpreadConstraints", path, ModelReader::topologySpreadConstraint),
        optInt32(n, "priority", path),
        string(n, "priorityClassName", path),
        Json.enumValue(
            n, "preemptionPolicy", path, PreemptionPolicy.class, PreemptionPolicy::wireName),
        string(n, "schedulerName", path),
        gates,
        resourceRequirements(get(n, "resources"), child(path, "resources")),
        Json.bool(n, "hostNetwork", path));
  }

  static Container container(JsonNode node, String path) {
    ObjectNode n = asObject(node, path);
    if (n == null) {
      return null;
    }
    JsonNode restart = get(n, "restartPolicy");
    return new Container(
        string(n, "name", path),
        string(n, "image", path),
        resourceRequirements(get(n, "resources"), child(path, "resources")),
        list(n, "ports", path, ModelReader::containerPort),
        restart == null ? null : Json.asString(restart, child(path, "restartPolicy")));
  }

  static ContainerPort containerPort(JsonNode node, String path) {
    ObjectNode n = asObject(node, path);
    if (n == null) {
      return null;
    }
    return new ContainerPort(
        string(n, "name", path),
        int32(n, "containerPort", path),
        int32(n, "hostPort", path),
        string(n, "protocol", path),
        string(n, "hostIP", path));
  }

  static ResourceRequirements resourceRequirements(JsonNode node, String path) {
    ObjectNode n = asObject(node, path);
    if (n == null) {
      return null;
    }
    return new ResourceRequirements(
        resourceList(get(n, "requests"), child(path, "requests")),
        resourceList(get(n, "limits"), child(path, "limits")));
  }

  static PodStatus podStatus(ObjectNode n) {
    String path = "status";
    if (n == null) {
      return PodStatus.builder().build();
    }
    return new PodStatus(
        string(n, "phase", path),
        string(n, "nominatedNodeName", path),
        list(n, "conditions", path, ModelReader::podCondition),
        Json.time(n, "startTime", path));
  }

  static PodCondition podCondition(JsonNode node, String path) {
    ObjectNode n = asObject(node, path);
    if (n == null) {
      return null;
    }
    return new PodCondition(
        string(n, "type", path),
        string(n, "status", path),
        string(n, "reason", path),
        string(n, "message", path),
        Json.time(n, "lastTransitionTime", path));
  }

  // ---- nodes

  static NodeSpec nodeSpec(ObjectNode n) {
    String path = "spec";
    if (n == null) {
      return NodeSpec.builder().build();
    }
    return new NodeSpec(
        Json.bool(n, "unschedulable", path), list(n, "taints", path, ModelReader::taint));
  }

  static Taint taint(JsonNode node, String path) {
    ObjectNode n = asObject(node, path);
    if (n == null) {
      return null;
    }
    TaintEffect effect =
        Json.enumValue(n, "effect", path, TaintEffect.class, TaintEffect::wireName);
    if (effect == null) {
      throw FieldException.of(FieldError.required(child(path, "effect"), ""));
    }
    return new Taint(
        string(n, "key", path), string(n, "value", path), effect, Json.time(n, "timeAdded", path));
  }

  static NodeStatus nodeStatus(ObjectNode n) {
    String path = "status";
    if (n == null) {
      return NodeStatus.builder().build();
    }
    return new NodeStatus(
        resourceList(get(n, "capacity"), child(path, "capacity")),
        resourceList(get(n, "allocatable"), child(path, "allocatable")),
        list(n, "images", path, ModelReader::containerImage),
        list(n, "conditions", path, ModelReader::nodeCondition));
  }

  static ContainerImage containerImage(JsonNode node, String path) {
    ObjectNode n = asObject(node, path);
    if (n == null) {
      return null;
    }
    return new ContainerImage(stringList(n, "names", path), Json.int64(n, "sizeBytes", path));
  }

  static NodeCondition nodeCondition(JsonNode node, String path) {
    ObjectNode n = asObject(node, path);
    if (n == null) {
      return null;
    }
    return new NodeCondition(
        string(n, "type", path),
        string(n, "status", path),
        string(n, "reason", path),
        string(n, "message", path));
  }

  // ---- disruption budgets

  static PodDisruptionBudgetSpec pdbSpec(ObjectNode n) {
    String path = "spec";
    if (n == null) {
      return PodDisruptionBudgetSpec.builder().build();
    }
    return new PodDisruptionBudgetSpec(
        intOrString(get(n, "minAvailable"), child(path, "minAvailable")),
        intOrString(get(n, "maxUnavailable"), child(path, "maxUnavailable")),
        labelSelector(get(n, "selector"), child(path, "selector")));
  }

  static PodDisruptionBudgetStatus pdbStatus(ObjectNode n) {
    String path = "status";
    if (n == null) {
      return PodDisruptionBudgetStatus.builder().build();
    }
    return new PodDisruptionBudgetStatus(
        int32(n, "disruptionsAllowed", path),
        int32(n, "currentHealthy", path),
        int32(n, "desiredHealthy", path),
        int32(n, "expectedPods", path),
        Json.asMap(get(n, "disruptedPods"), child(path, "disruptedPods"), Json::asTime));
  }

  // ---- resources

  static ResourceList resourceList(JsonNode node, String path) {
    Map<String, Quantity> m = Json.asMap(node, path, ModelReader::quantity);
    return ResourceList.of(m);
  }

  /** A quantity, from a string ({@code "100m"}) or a number ({@code 2}), as upstream accepts. */
  static Quantity quantity(JsonNode n, String path) {
    if (absent(n)) {
      return null;
    }
    String text;
    if (n.isTextual()) {
      text = n.textValue();
    } else if (n.isNumber()) {
      text = Json.numberText(n);
    } else {
      throw Json.typeError(path, "a quantity", n);
    }
    try {
      return Quantity.parse(text);
    } catch (QuantityFormatException e) {
      String msg = e.getMessage();
      int cut = msg.indexOf(" is invalid: ");
      String why = cut < 0 ? msg : msg.substring(cut + " is invalid: ".length());
      throw FieldException.of(FieldError.invalid(path, text, why));
    }
  }

  static IntOrString intOrString(JsonNode n, String path) {
    if (absent(n)) {
      return null;
    }
    if (n.isTextual()) {
      return IntOrString.of(n.textValue());
    }
    if (n.isNumber()) {
      return IntOrString.of(Json.asInt32(n, path));
    }
    throw Json.typeError(path, "an integer or a string", n);
  }

  // ---- tolerations, selectors and affinity

  static Toleration toleration(JsonNode node, String path) {
    ObjectNode n = asObject(node, path);
    if (n == null) {
      return null;
    }
    return new Toleration(
        string(n, "key", path),
        Json.enumValue(n, "operator", path, TolerationOperator.class, TolerationOperator::wireName),
        string(n, "value", path),
        Json.enumValue(n, "effect", path, TaintEffect.class, TaintEffect::wireName),
        Json.optInt64(n, "tolerationSeconds", path));
  }

  static LabelSelector labelSelector(JsonNode node, String path) {
    ObjectNode n = asObject(node, path);
    if (n == null) {
      return null;
    }
    return new LabelSelector(
        stringMap(n, "matchLabels", path),
        list(n, "matchExpressions", path, ModelReader::labelSelectorRequirement));
  }

  static LabelSelectorRequirement labelSelectorRequirement(JsonNode node, String path) {
    ObjectNode n = asObject(node, path);
    if (n == null) {
      return null;
    }
    String key = string(n, "key", path);
    LabelSelectorOperator op =
        selectorOperator(n, path, LabelSelectorOperator.class, LabelSelectorOperator::wireName);
    List<String> values = stringList(n, "values", path);
    switch (op) {
      case IN, NOT_IN -> {
        if (values.isEmpty()) {
          throw FieldException.of(
              FieldError.required(
                  child(path, "values"), "must be specified when `operator` is 'In' or 'NotIn'"));
        }
      }
      default -> {
        if (!values.isEmpty()) {
          throw FieldException.of(
              FieldError.forbidden(
                  child(path, "values"),
                  "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
        }
      }
    }
    return new LabelSelectorRequirement(key, op, values);
  }

  /** A selector operator; unknown or missing ones are {@code not a valid selector operator}. */
  private static <E extends Enum<E>> E selectorOperator(
      ObjectNode n, String path, Class<E> type, java.util.function.Function<E, String> wire) {
    String p = child(path, "operator");
    String s = Json.asString(get(n, "operator"), p);
    for (E e : type.getEnumConstants()) {
      if (wire.apply(e).equals(s)) {
        return e;
      }
    }
    throw FieldException.of(FieldError.invalid(p, s, "not a valid selector operator"));
  }

  static Affinity affinity(JsonNode node, String path) {
    ObjectNode n = asObject(node, path);
    if (n == null) {
      return null;
    }
    return new Affinity(
        nodeAffinity(get(n, "nodeAffinity"), child(path, "nodeAffinity")),
        podAffinity(get(n, "podAffinity"), child(path, "podAffinity")),
        podAntiAffinity(get(n, "podAntiAffinity"), child(path, "podAntiAffinity")));
  }

  static NodeAffinity nodeAffinity(JsonNode node, String path) {
    ObjectNode n = asObject(node, path);
    if (n == null) {
      return null;
    }
    String required = "requiredDuringSchedulingIgnoredDuringExecution";
    return new NodeAffinity(
        nodeSelector(get(n, required), child(path, required)),
        list(
            n,
            "preferredDuringSchedulingIgnoredDuringExecution",
            path,
            ModelReader::preferredSchedulingTerm));
  }

  static NodeSelector nodeSelector(JsonNode node, String path) {
    ObjectNode n = asObject(node, path);
    if (n == null) {
      return null;
    }
    return new NodeSelector(list(n, "nodeSelectorTerms", path, ModelReader::nodeSelectorTerm));
  }

  static NodeSelectorTerm nodeSelectorTerm(JsonNode node, String path) {
    ObjectNode n = asObject(node, path);
    if (n == null) {
      return new NodeSelectorTerm(null, null);
    }
    return new NodeSelectorTerm(
        list(n, "matchExpressions", path, ModelReader::nodeSelectorRequirement),
        list(n, "matchFields", path, ModelReader::nodeSelectorRequirement));
  }

  static NodeSelectorRequirement nodeSelectorRequirement(JsonNode node, String path) {
    ObjectNode n = asObject(node, path);
    if (n == null) {
      return null;
    }
    return new NodeSelectorRequirement(
        string(n, "key", path),
        selectorOperator(n, path, NodeSelectorOperator.class, NodeSelectorOperator::wireName),
        stringList(n, "values", path));
  }

  static PreferredSchedulingTerm preferredSchedulingTerm(JsonNode node, String path) {
    ObjectNode n = asObject(node, path);
    if (n == null) {
      return null;
    }
    return new PreferredSchedulingTerm(
        int32(n, "weight", path),
        nodeSelectorTerm(get(n, "preference"), child(path, "preference")));
  }

  static PodAffinity podAffinity(JsonNode node, String path) {
    ObjectNode n = asObject(node, path);
    if (n == null) {
      return null;
    }
    return new PodAffinity(requiredTerms(n, path), preferredTerms(n, path));
  }

  static PodAntiAffinity podAntiAffinity(JsonNode node, String path) {
    ObjectNode n = asObject(node, path);
    if (n == null) {
      return null;
    }
    return new PodAntiAffinity(requiredTerms(n, path), preferredTerms(n, path));
  }

  private static List<PodAffinityTerm> requiredTerms(ObjectNode n, String path) {
    return list(
        n, "requiredDuringSchedulingIgnoredDuringExecution", path, ModelReader::podAffinityTerm);
  }

  private static List<WeightedPodAffinityTerm> preferredTerms(ObjectNode n, String path) {
    return list(
        n,
        "preferredDuringSchedulingIgnoredDuringExecution",
        path,
        ModelReader::weightedPodAffinityTerm);
  }

  static PodAffinityTerm podAffinityTerm(JsonNode node, String path) {
    ObjectNode n = asObject(node, path);
    if (n == null) {
      return null;
    }
    return new PodAffinityTerm(
        labelSelector(get(n, "labelSelector"), child(path, "labelSelector")),
        stringList(n, "namespaces", path),
        string(n, "topologyKey", path),
        labelSelector(get(n, "namespaceSelector"), child(path, "namespaceSelector")),
        stringList(n, "matchLabelKeys", path),
        stringList(n, "mismatchLabelKeys", path));
  }

  static WeightedPodAffinityTerm weightedPodAffinityTerm(JsonNode node, String path) {
    ObjectNode n = asObject(node, path);
    if (n == null) {
      return null;
    }
    String termPath = child(path, "podAffinityTerm");
    PodAffinityTerm term = podAffinityTerm(get(n, "podAffinityTerm"), termPath);
    if (term == null) {
      throw FieldException.of(FieldError.required(termPath, ""));
    }
    return new WeightedPodAffinityTerm(int32(n, "weight", path), term);
  }

  static TopologySpreadConstraint topologySpreadConstraint(JsonNode node, String path) {
    ObjectNode n = asObject(node, path);
    if (n == null) {
      return null;
    }
    UnsatisfiableConstraintAction when =
        Json.enumValue(
            n,
            "whenUnsatisfiable",
            path,
            UnsatisfiableConstraintAction.class,
            UnsatisfiableConstraintAction::wireName);
    if (when == null) {
      throw FieldException.of(
          FieldError.required(child(path, "whenUnsatisfiable"), "can not be empty"));
    }
    return new TopologySpreadConstraint(
        int32(n, "maxSkew", path),
        string(n, "topologyKey", path),
        when,
        labelSelector(get(n, "labelSelector"), child(path, "labelSelector")),
        optInt32(n, "minDomains", path),
        Json.enumValue(
            n,
            "nodeAffinityPolicy",
            path,
            NodeInclusionPolicy.class,
            NodeInclusionPolicy::wireName),
        Json.enumValue(
            n, "nodeTaintsPolicy", path, NodeInclusionPolicy.class, NodeInclusionPolicy::wireName),
        stringList(n, "matchLabelKeys", path));
  }
}
