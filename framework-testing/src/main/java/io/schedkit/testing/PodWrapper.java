package io.schedkit.testing;

import io.schedkit.framework.PodInfo;
import io.schedkit.framework.model.Affinity;
import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.ContainerPort;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.NodeAffinity;
import io.schedkit.framework.model.NodeInclusionPolicy;
import io.schedkit.framework.model.NodeSelectorRequirement;
import io.schedkit.framework.model.NodeSelectorTerm;
import io.schedkit.framework.model.ObjectMeta;
import io.schedkit.framework.model.OwnerReference;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodAffinity;
import io.schedkit.framework.model.PodAffinityTerm;
import io.schedkit.framework.model.PodAntiAffinity;
import io.schedkit.framework.model.PodCondition;
import io.schedkit.framework.model.PodGroup;
import io.schedkit.framework.model.PodSpec;
import io.schedkit.framework.model.PodStatus;
import io.schedkit.framework.model.PreemptionPolicy;
import io.schedkit.framework.model.ResourceList;
import io.schedkit.framework.model.ResourceRequirements;
import io.schedkit.framework.model.TaintEffect;
import io.schedkit.framework.model.Toleration;
import io.schedkit.framework.model.TolerationOperator;
import io.schedkit.framework.model.TopologySpreadConstraint;
import io.schedkit.framework.model.UnsatisfiableConstraintAction;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * Builds a {@link Pod} fluently, in the vocabulary of kube-scheduler's {@code st.MakePod()}: each
 * method is the lower-camel version of an upstream wrapper method with the same effect (appending
 * where upstream appends, replacing where upstream replaces), and {@link #obj()} returns the pod.
 *
 * <p>Differences from upstream, on purpose: the namespace defaults to {@code default} (as the model
 * builder and the API server do) instead of {@code ""}; the UID, unless set with {@link #uid}, is
 * the pod's {@code namespace/name} at the time {@link #obj()} is called, so distinct pods get
 * distinct UIDs; {@link #terminating()} uses the fixed instant {@link FakeClock#DEFAULT_START}
 * instead of the wall clock; helpers that upstream only offers through raw structs (preferred node
 * affinity, weighted pod affinity terms) are added.
 *
 * <p>A wrapper is a mutable builder, not thread-safe; {@link #obj()} may be called any number of
 * times and each call returns an immutable pod reflecting the calls so far.
 */
public final class PodWrapper {
  /** The image of containers added by {@link #req}, {@link #res}, {@link #lim} and friends. */
  public static final String PAUSE_IMAGE = "registry.k8s.io/pause:3.10.1";

  /** The image of containers added by {@link #hostPort} and {@link #containerPort}. */
  public static final String SHORT_PAUSE_IMAGE = "pause";

  private Pod pod;
  private boolean uidSet;

  private PodWrapper(Pod pod, boolean uidSet) {
    this.pod = pod;
    this.uidSet = uidSet;
  }

  /** Starts a pod in namespace {@code default} with no name, containers or spec fields. */
  public static PodWrapper makePod() {
    return new PodWrapper(Pod.builder().build(), false);
  }

  /** Starts from an existing pod; its UID is kept unless it is empty. */
  public static PodWrapper from(Pod pod) {
    Objects.requireNonNull(pod, "pod");
    return new PodWrapper(pod, !pod.uid().isEmpty());
  }

  // ---------------------------------------------------------------- metadata

  /** Sets the name. */
  public PodWrapper name(String name) {
    return meta(m -> m.name(name));
  }

  /** Sets the namespace. */
  public PodWrapper namespace(String namespace) {
    return meta(m -> m.namespace(namespace));
  }

  /** Sets the UID (otherwise derived from namespace and name when the pod is built). */
  public PodWrapper uid(String uid) {
    uidSet = true;
    return meta(m -> m.uid(uid));
  }

  /** Adds or replaces the label {@code key=value}. */
  public PodWrapper label(String key, String value) {
    return meta(m -> m.label(key, value));
  }

  /** Adds or replaces every label of {@code labels}, keeping the others (as upstream). */
  public PodWrapper labels(Map<String, String> labels) {
    return meta(
        m -> {
          labels.forEach(m::label);
          return m;
        });
  }

  /** Adds or replaces the annotation {@code key=value}. */
  public PodWrapper annotation(String key, String value) {
    return meta(m -> m.annotation(key, value));
  }

  /** Adds or replaces every annotation of {@code annotations}, keeping the others. */
  public PodWrapper annotations(Map<String, String> annotations) {
    return meta(
        m -> {
          annotations.forEach(m::annotation);
          return m;
        });
  }

  /**
   * Makes the pod's only owner a controller of {@code kind} named {@code name} (as upstream's
   * {@code OwnerReference}, which replaces the owners). The API version is that of the built-in
   * kind ({@code apps/v1} for ReplicaSet, Deployment, StatefulSet and DaemonSet, {@code batch/v1}
   * for Job and CronJob, {@code v1} for ReplicationController), {@code ""} for other kinds.
   */
  public PodWrapper ownerReference(String kind, String name) {
    return ownerReference(
        OwnerReference.builder()
            .apiVersion(apiVersionOf(kind))
            .kind(kind)
            .name(name)
            .controller(true)
            .build());
  }

  /** Makes {@code owner} the pod's only owner reference. */
  public PodWrapper ownerReference(OwnerReference owner) {
    return meta(m -> m.ownerReferences(List.of(owner)));
  }

  /** Sets the creation time. */
  public PodWrapper creationTimestamp(Instant creationTimestamp) {
    return meta(m -> m.creationTimestamp(creationTimestamp));
  }

  /** Marks the pod terminating, with deletion requested at {@link FakeClock#DEFAULT_START}. */
  public PodWrapper terminating() {
    return terminating(FakeClock.DEFAULT_START);
  }

  /** Marks the pod terminating, with deletion requested at {@code deletionTimestamp}. */
  public PodWrapper terminating(Instant deletionTimestamp) {
    Objects.requireNonNull(deletionTimestamp, "deletionTimestamp");
    return meta(m -> m.deletionTimestamp(deletionTimestamp));
  }

  /** Puts the pod in the pod group {@code name} (label {@value PodGroup#POD_GROUP_LABEL}). */
  public PodWrapper podGroup(String name) {
    return label(PodGroup.POD_GROUP_LABEL, name);
  }

  // ---------------------------------------------------------------- spec: scheduling

  /** Sets {@code spec.nodeName}, binding the pod to {@code nodeName}. */
  public PodWrapper node(String nodeName) {
    return spec(s -> s.nodeName(nodeName));
  }

  /** Sets the scheduler name (profile). */
  public PodWrapper schedulerName(String schedulerName) {
    return spec(s -> s.schedulerName(schedulerName));
  }

  /** Sets {@code spec.priority}. */
  public PodWrapper priority(int priority) {
    return spec(s -> s.priority(priority));
  }

  /** Sets the priority class name. */
  public PodWrapper priorityClassName(String priorityClassName) {
    return spec(s -> s.priorityClassName(priorityClassName));
  }

  /** Sets the preemption policy. */
  public PodWrapper preemptionPolicy(PreemptionPolicy preemptionPolicy) {
    return spec(s -> s.preemptionPolicy(preemptionPolicy));
  }

  /** Appends scheduling gates with these names. */
  public PodWrapper schedulingGates(String... gates) {
    return schedulingGates(Arrays.asList(gates));
  }

  /** Appends scheduling gates with these names. */
  public PodWrapper schedulingGates(List<String> gates) {
    return spec(
        s -> {
          gates.forEach(s::schedulingGate);
          return s;
        });
  }

  /** Sets whether the pod uses the host network. */
  public PodWrapper hostNetwork(boolean hostNetwork) {
    return spec(s -> s.hostNetwork(hostNetwork));
  }

  // ---------------------------------------------------------------- spec: containers

  /** Appends a container {@code con<i>} running {@code image} (upstream's {@code Container}). */
  public PodWrapper containerImage(String image) {
    return container(
        Container.builder().name("con" + pod.spec().containers().size()).image(image).build());
  }

  /** Appends {@code container}. */
  public PodWrapper container(Container container) {
    return spec(s -> s.container(container));
  }

  /** Replaces the containers. */
  public PodWrapper containers(List<Container> containers) {
    return spec(s -> s.containers(containers));
  }

  /**
   * Appends a container {@code con<i>} requesting {@code requests} (no limits); does nothing when
   * the map is empty.
   */
  public PodWrapper req(Map<String, String> requests) {
    if (requests.isEmpty()) {
      return this;
    }
    ResourceList list = ResourceList.parse(requests);
    return container(appContainer(nextContainerName()).requests(list).build());
  }

  /**
   * Appends a container {@code con<i>} with {@code resources} as both requests and limits; does
   * nothing when the map is empty.
   */
  public PodWrapper res(Map<String, String> resources) {
    if (resources.isEmpty()) {
      return this;
    }
    ResourceList list = ResourceList.parse(resources);
    return container(appContainer(nextContainerName()).requests(list).limits(list).build());
  }

  /**
   * Appends a container {@code con<i>} with {@code limits} (no requests); does nothing when the map
   * is empty.
   */
  public PodWrapper lim(Map<String, String> limits) {
    if (limits.isEmpty()) {
      return this;
    }
    ResourceList list = ResourceList.parse(limits);
    return container(appContainer(nextContainerName()).limits(list).build());
  }

  /**
   * Appends an init container {@code init-con<i>} with {@code resources} as both requests and
   * limits (as upstream); does nothing when the map is empty.
   */
  public PodWrapper initReq(Map<String, String> resources) {
    if (resources.isEmpty()) {
      return this;
    }
    ResourceList list = ResourceList.parse(resources);
    String name = "init-con" + pod.spec().initContainers().size();
    return spec(s -> s.initContainer(appContainer(name).requests(list).limits(list).build()));
  }

  /**
   * Appends a sidecar (an init container {@code sidecar-con<i>} with restart policy {@code Always})
   * with {@code resources} as both requests and limits; does nothing when the map is empty.
   */
  public PodWrapper sidecarReq(Map<String, String> resources) {
    if (resources.isEmpty()) {
      return this;
    }
    ResourceList list = ResourceList.parse(resources);
    String name = "sidecar-con" + pod.spec().initContainers().size();
    return spec(
        s ->
            s.initContainer(
                appContainer(name)
                    .requests(list)
                    .limits(list)
                    .restartPolicy(Container.RESTART_POLICY_ALWAYS)
                    .build()));
  }

  /** Sets the pod overhead. */
  public PodWrapper overhead(Map<String, String> overhead) {
    return overhead(ResourceList.parse(overhead));
  }

  /** Sets the pod overhead. */
  public PodWrapper overhead(ResourceList overhead) {
    return spec(s -> s.overhead(overhead));
  }

  /** Sets pod-level requests and limits. */
  public PodWrapper resources(ResourceRequirements resources) {
    return spec(s -> s.resources(resources));
  }

  /**
   * Appends a container {@code container} (image {@code pause}) whose only port asks for host port
   * {@code port} (container port 0, protocol and host IP unset, as upstream).
   */
  public PodWrapper hostPort(int port) {
    return containerPort(ContainerPort.builder().hostPort(port).build());
  }

  /** Appends a container {@code container} (image {@code pause}) with {@code ports}. */
  public PodWrapper containerPort(ContainerPort... ports) {
    return containerPort(Arrays.asList(ports));
  }

  /** Appends a container {@code container} (image {@code pause}) with {@code ports}. */
  public PodWrapper containerPort(List<ContainerPort> ports) {
    return container(
        Container.builder().name("container").image(SHORT_PAUSE_IMAGE).ports(ports).build());
  }

  /**
   * Appends an init container {@code init-container} (image {@code pause}) with {@code ports}; a
   * {@code sidecar} gets restart policy {@code Always}.
   */
  public PodWrapper initContainerPort(boolean sidecar, ContainerPort... ports) {
    Container.Builder c =
        Container.builder()
            .name("init-container")
            .image(SHORT_PAUSE_IMAGE)
            .ports(Arrays.asList(ports));
    if (sidecar) {
      c.restartPolicy(Container.RESTART_POLICY_ALWAYS);
    }
    Container built = c.build();
    return spec(s -> s.initContainer(built));
  }

  // ---------------------------------------------------------------- spec: tolerations, selectors

  /**
   * Appends a toleration of every taint with {@code key} (operator {@code Exists}), as upstream.
   */
  public PodWrapper toleration(String key) {
    return toleration(Toleration.builder().key(key).operator(TolerationOperator.EXISTS).build());
  }

  /** Appends a toleration of the taint {@code key=value:effect} (operator {@code Equal}). */
  public PodWrapper toleration(String key, String value, TaintEffect effect) {
    return toleration(
        Toleration.builder()
            .key(key)
            .operator(TolerationOperator.EQUAL)
            .value(value)
            .effect(effect)
            .build());
  }

  /** Appends {@code toleration}. */
  public PodWrapper toleration(Toleration toleration) {
    return spec(s -> s.toleration(toleration));
  }

  /** Replaces the tolerations. */
  public PodWrapper tolerations(List<Toleration> tolerations) {
    return spec(s -> s.tolerations(tolerations));
  }

  /** Replaces the node selector (as upstream's {@code NodeSelector}). */
  public PodWrapper nodeSelector(Map<String, String> nodeSelector) {
    return spec(s -> s.nodeSelector(nodeSelector));
  }

  /** Adds {@code key=value} to the node selector. */
  public PodWrapper nodeSelector(String key, String value) {
    return spec(s -> s.nodeSelector(key, value));
  }

  // ---------------------------------------------------------------- spec: affinity

  /** Replaces the whole affinity. */
  public PodWrapper affinity(Affinity affinity) {
    return spec(s -> s.affinity(affinity));
  }

  /** Replaces the node affinity, keeping pod (anti-)affinity. */
  public PodWrapper nodeAffinity(NodeAffinity nodeAffinity) {
    return editAffinity(a -> a.toBuilder().nodeAffinity(nodeAffinity).build());
  }

  /**
   * Sets the required node affinity to one term with the expression {@code key In (values)},
   * replacing any previous required node affinity (as upstream).
   */
  public PodWrapper nodeAffinityIn(String key, String... values) {
    return nodeAffinityIn(key, Arrays.asList(values), NodeSelectorType.MATCH_EXPRESSIONS);
  }

  /**
   * Sets the required node affinity to one term with {@code key In (values)} in {@code
   * matchExpressions} or {@code matchFields}, replacing any previous required node affinity.
   */
  public PodWrapper nodeAffinityIn(String key, List<String> values, NodeSelectorType type) {
    var selector = new NodeSelectorWrapper().in(key, values, type).obj();
    return editNodeAffinity(b -> b.required(selector));
  }

  /**
   * Sets the required node affinity to one term with the expression {@code key NotIn (values)},
   * replacing any previous required node affinity (as upstream).
   */
  public PodWrapper nodeAffinityNotIn(String key, String... values) {
    var selector = new NodeSelectorWrapper().notIn(key, values).obj();
    return editNodeAffinity(b -> b.required(selector));
  }

  /** Appends a preferred node affinity term with {@code weight}. */
  public PodWrapper preferredNodeAffinity(int weight, NodeSelectorTerm preference) {
    return editNodeAffinity(b -> b.preferred(weight, preference));
  }

  /** Appends a preferred node affinity term {@code key In (values)} with {@code weight}. */
  public PodWrapper preferredNodeAffinityIn(int weight, String key, String... values) {
    return preferredNodeAffinity(
        weight, NodeSelectorTerm.of(NodeSelectorRequirement.in(key, values)));
  }

  /** Appends a preferred node affinity term {@code key NotIn (values)} with {@code weight}. */
  public PodWrapper preferredNodeAffinityNotIn(int weight, String key, String... values) {
    return preferredNodeAffinity(
        weight, NodeSelectorTerm.of(NodeSelectorRequirement.notIn(key, values)));
  }

  /**
   * Adds the pod affinity term {@code {labelSelector, topologyKey}} as {@code kind} says (required,
   * preferred with weight 1, or both; nothing for {@link PodAffinityKind#NIL_POD_AFFINITY}).
   *
   * @throws IllegalArgumentException if {@code kind} is an anti-affinity kind
   */
  public PodWrapper podAffinity(String topologyKey, LabelSelector selector, PodAffinityKind kind) {
    if (kind == PodAffinityKind.NIL_POD_AFFINITY) {
      return this;
    }
    if (kind.isAnti()) {
      throw new IllegalArgumentException(
          "podAffinity needs a pod affinity kind, got " + kind + " (use podAntiAffinity)");
    }
    PodAffinityTerm term = term(topologyKey, selector);
    return editPodAffinity(
        b -> {
          if (kind.isRequired()) {
            b.required(term);
          }
          if (kind.isPreferred()) {
            b.preferred(1, term);
          }
          return b;
        });
  }

  /**
   * Adds the pod anti-affinity term {@code {labelSelector, topologyKey}} as {@code kind} says.
   *
   * @throws IllegalArgumentException if {@code kind} is a pod affinity kind
   */
  public PodWrapper podAntiAffinity(
      String topologyKey, LabelSelector selector, PodAffinityKind kind) {
    if (kind == PodAffinityKind.NIL_POD_AFFINITY) {
      return this;
    }
    if (!kind.isAnti()) {
      throw new IllegalArgumentException(
          "podAntiAffinity needs a pod anti-affinity kind, got " + kind + " (use podAffinity)");
    }
    PodAffinityTerm term = term(topologyKey, selector);
    return editPodAntiAffinity(
        b -> {
          if (kind.isRequired()) {
            b.required(term);
          }
          if (kind.isPreferred()) {
            b.preferred(1, term);
          }
          return b;
        });
  }

  /** Adds a pod affinity term selecting pods that have label {@code labelKey}, as {@code kind}. */
  public PodWrapper podAffinityExists(String labelKey, String topologyKey, PodAffinityKind kind) {
    return podAffinity(topologyKey, new LabelSelectorWrapper().exists(labelKey).obj(), kind);
  }

  /** Adds a required pod affinity term selecting pods that have label {@code labelKey}. */
  public PodWrapper podAffinityExists(String labelKey, String topologyKey) {
    return podAffinityExists(labelKey, topologyKey, PodAffinityKind.POD_AFFINITY_WITH_REQUIRED_REQ);
  }

  /** Adds a pod affinity term selecting pods without label {@code labelKey}, as {@code kind}. */
  public PodWrapper podAffinityNotExists(
      String labelKey, String topologyKey, PodAffinityKind kind) {
    return podAffinity(topologyKey, new LabelSelectorWrapper().notExist(labelKey).obj(), kind);
  }

  /** Adds a pod affinity term selecting pods with {@code labelKey In (values)}, as {@code kind}. */
  public PodWrapper podAffinityIn(
      String labelKey, String topologyKey, List<String> values, PodAffinityKind kind) {
    return podAffinity(topologyKey, new LabelSelectorWrapper().in(labelKey, values).obj(), kind);
  }

  /** Adds a required pod affinity term selecting pods with {@code labelKey In (values)}. */
  public PodWrapper podAffinityIn(String labelKey, String topologyKey, String... values) {
    return podAffinityIn(
        labelKey,
        topologyKey,
        Arrays.asList(values),
        PodAffinityKind.POD_AFFINITY_WITH_REQUIRED_REQ);
  }

  /**
   * Adds a pod affinity term selecting pods with {@code labelKey NotIn (values)}, as {@code kind}.
   */
  public PodWrapper podAffinityNotIn(
      String labelKey, String topologyKey, List<String> values, PodAffinityKind kind) {
    return podAffinity(topologyKey, new LabelSelectorWrapper().notIn(labelKey, values).obj(), kind);
  }

  /** Adds a pod anti-affinity term selecting pods with label {@code labelKey}, as {@code kind}. */
  public PodWrapper podAntiAffinityExists(
      String labelKey, String topologyKey, PodAffinityKind kind) {
    return podAntiAffinity(topologyKey, new LabelSelectorWrapper().exists(labelKey).obj(), kind);
  }

  /** Adds a required pod anti-affinity term selecting pods that have label {@code labelKey}. */
  public PodWrapper podAntiAffinityExists(String labelKey, String topologyKey) {
    return podAntiAffinityExists(
        labelKey, topologyKey, PodAffinityKind.POD_ANTI_AFFINITY_WITH_REQUIRED_REQ);
  }

  /** Adds a pod anti-affinity term selecting pods without label {@code labelKey}. */
  public PodWrapper podAntiAffinityNotExists(
      String labelKey, String topologyKey, PodAffinityKind kind) {
    return podAntiAffinity(topologyKey, new LabelSelectorWrapper().notExist(labelKey).obj(), kind);
  }

  /** Adds a pod anti-affinity term selecting pods with {@code labelKey In (values)}. */
  public PodWrapper podAntiAffinityIn(
      String labelKey, String topologyKey, List<String> values, PodAffinityKind kind) {
    return podAntiAffinity(
        topologyKey, new LabelSelectorWrapper().in(labelKey, values).obj(), kind);
  }

  /** Adds a required pod anti-affinity term selecting pods with {@code labelKey In (values)}. */
  public PodWrapper podAntiAffinityIn(String labelKey, String topologyKey, String... values) {
    return podAntiAffinityIn(
        labelKey,
        topologyKey,
        Arrays.asList(values),
        PodAffinityKind.POD_ANTI_AFFINITY_WITH_REQUIRED_REQ);
  }

  /** Adds a pod anti-affinity term selecting pods with {@code labelKey NotIn (values)}. */
  public PodWrapper podAntiAffinityNotIn(
      String labelKey, String topologyKey, List<String> values, PodAffinityKind kind) {
    return podAntiAffinity(
        topologyKey, new LabelSelectorWrapper().notIn(labelKey, values).obj(), kind);
  }

  /** Appends a preferred pod affinity term {@code {selector, topologyKey}} with {@code weight}. */
  public PodWrapper preferredPodAffinity(int weight, String topologyKey, LabelSelector selector) {
    PodAffinityTerm term = term(topologyKey, selector);
    return editPodAffinity(b -> b.preferred(weight, term));
  }

  /** Appends a preferred pod affinity term for pods with label {@code labelKey}. */
  public PodWrapper preferredPodAffinityExists(int weight, String labelKey, String topologyKey) {
    return preferredPodAffinity(
        weight, topologyKey, new LabelSelectorWrapper().exists(labelKey).obj());
  }

  /** Appends a preferred pod affinity term for pods with {@code labelKey In (values)}. */
  public PodWrapper preferredPodAffinityIn(
      int weight, String labelKey, String topologyKey, String... values) {
    return preferredPodAffinity(
        weight, topologyKey, new LabelSelectorWrapper().in(labelKey, values).obj());
  }

  /**
   * Appends a preferred pod anti-affinity term {@code {selector, topologyKey}} with {@code weight}.
   */
  public PodWrapper preferredPodAntiAffinity(
      int weight, String topologyKey, LabelSelector selector) {
    PodAffinityTerm term = term(topologyKey, selector);
    return editPodAntiAffinity(b -> b.preferred(weight, term));
  }

  /** Appends a preferred pod anti-affinity term for pods with label {@code labelKey}. */
  public PodWrapper preferredPodAntiAffinityExists(
      int weight, String labelKey, String topologyKey) {
    return preferredPodAntiAffinity(
        weight, topologyKey, new LabelSelectorWrapper().exists(labelKey).obj());
  }

  /** Appends a preferred pod anti-affinity term for pods with {@code labelKey In (values)}. */
  public PodWrapper preferredPodAntiAffinityIn(
      int weight, String labelKey, String topologyKey, String... values) {
    return preferredPodAntiAffinity(
        weight, topologyKey, new LabelSelectorWrapper().in(labelKey, values).obj());
  }

  /** Appends a topology spread constraint with exactly these fields (as upstream). */
  public PodWrapper spreadConstraint(
      int maxSkew,
      String topologyKey,
      UnsatisfiableConstraintAction whenUnsatisfiable,
      LabelSelector selector,
      Integer minDomains,
      NodeInclusionPolicy nodeAffinityPolicy,
      NodeInclusionPolicy nodeTaintsPolicy,
      List<String> matchLabelKeys) {
    TopologySpreadConstraint c =
        new TopologySpreadConstraint(
            maxSkew,
            topologyKey,
            whenUnsatisfiable,
            selector,
            minDomains,
            nodeAffinityPolicy,
            nodeTaintsPolicy,
            matchLabelKeys);
    return spec(s -> s.topologySpreadConstraint(c));
  }

  // ---------------------------------------------------------------- status

  /** Sets {@code status.nominatedNodeName}. */
  public PodWrapper nominatedNodeName(String nodeName) {
    return status(s -> s.nominatedNodeName(nodeName));
  }

  /** Sets {@code status.startTime}. */
  public PodWrapper startTime(Instant startTime) {
    return status(s -> s.startTime(startTime));
  }

  /** Sets {@code status.phase} (for example {@code Running}, {@code Succeeded}). */
  public PodWrapper phase(String phase) {
    return status(s -> s.phase(phase));
  }

  /** Appends the condition {@code {type, status, reason}}. */
  public PodWrapper condition(String type, String status, String reason) {
    return condition(PodCondition.builder().type(type).status(status).reason(reason).build());
  }

  /** Appends {@code condition}. */
  public PodWrapper condition(PodCondition condition) {
    return status(s -> s.condition(condition));
  }

  /** Appends {@code conditions} (as upstream's {@code Conditions}). */
  public PodWrapper conditions(List<PodCondition> conditions) {
    return status(
        s -> {
          conditions.forEach(s::condition);
          return s;
        });
  }

  // ---------------------------------------------------------------- results

  /** The pod built so far; its UID is {@code namespace/name} unless one was set. */
  public Pod obj() {
    if (uidSet) {
      return pod;
    }
    String uid = pod.key();
    return new Pod(pod.metadata().toBuilder().uid(uid).build(), pod.spec(), pod.status());
  }

  /** The scheduling view of {@link #obj()}, as plugins receive it. */
  public PodInfo podInfo() {
    return PodInfo.of(obj());
  }

  // ---------------------------------------------------------------- internals

  private static String apiVersionOf(String kind) {
    switch (kind) {
      case "ReplicaSet":
      case "Deployment":
      case "StatefulSet":
      case "DaemonSet":
        return "apps/v1";
      case "Job":
      case "CronJob":
        return "batch/v1";
      case "ReplicationController":
        return "v1";
      default:
        return "";
    }
  }

  private static PodAffinityTerm term(String topologyKey, LabelSelector selector) {
    return PodAffinityTerm.builder().labelSelector(selector).topologyKey(topologyKey).build();
  }

  private String nextContainerName() {
    return "con" + pod.spec().containers().size();
  }

  private static Container.Builder appContainer(String name) {
    return Container.builder().name(name).image(PAUSE_IMAGE);
  }

  private PodWrapper meta(UnaryOperator<ObjectMeta.Builder> edit) {
    pod = new Pod(edit.apply(pod.metadata().toBuilder()).build(), pod.spec(), pod.status());
    return this;
  }

  private PodWrapper spec(UnaryOperator<PodSpec.Builder> edit) {
    pod = new Pod(pod.metadata(), edit.apply(pod.spec().toBuilder()).build(), pod.status());
    return this;
  }

  private PodWrapper status(UnaryOperator<PodStatus.Builder> edit) {
    pod = new Pod(pod.metadata(), pod.spec(), edit.apply(pod.status().toBuilder()).build());
    return this;
  }

  private PodWrapper editAffinity(UnaryOperator<Affinity> edit) {
    Affinity current = pod.spec().affinity();
    Affinity next = edit.apply(current == null ? new Affinity(null, null, null) : current);
    return spec(s -> s.affinity(next));
  }

  private PodWrapper editNodeAffinity(UnaryOperator<NodeAffinity.Builder> edit) {
    return editAffinity(
        a -> {
          NodeAffinity na = a.nodeAffinity();
          NodeAffinity.Builder b = na == null ? NodeAffinity.builder() : na.toBuilder();
          return a.toBuilder().nodeAffinity(edit.apply(b).build()).build();
        });
  }

  private PodWrapper editPodAffinity(UnaryOperator<PodAffinity.Builder> edit) {
    return editAffinity(
        a -> {
          PodAffinity pa = a.podAffinity();
          PodAffinity.Builder b = pa == null ? PodAffinity.builder() : pa.toBuilder();
          return a.toBuilder().podAffinity(edit.apply(b).build()).build();
        });
  }

  private PodWrapper editPodAntiAffinity(UnaryOperator<PodAntiAffinity.Builder> edit) {
    return editAffinity(
        a -> {
          PodAntiAffinity pa = a.podAntiAffinity();
          PodAntiAffinity.Builder b = pa == null ? PodAntiAffinity.builder() : pa.toBuilder();
          return a.toBuilder().podAntiAffinity(edit.apply(b).build()).build();
        });
  }
}
