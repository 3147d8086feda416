package io.schedkit.framework;

import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.ContainerPort;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.LabelSelectorOperator;
import io.schedkit.framework.model.LabelSelectorRequirement;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodAffinityTerm;
import io.schedkit.framework.model.ResourceList;
import io.schedkit.framework.model.ResourceNames;
import io.schedkit.framework.model.WeightedPodAffinityTerm;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A pod as the scheduler sees it: the pod plus what every cycle would otherwise recompute, done
 * once — its resource requests, its compiled (anti-)affinity terms and its host ports.
 *
 * <p>Immutable and safe to share between threads. Create one with {@link #of(Pod)} whenever the pod
 * changes.
 *
 * <p>Requests follow kube-scheduler (KEP 753 for sidecars): the sum of the containers, against the
 * largest need of any init container (restartable init containers keep running and add to both),
 * plus pod-level requests where set (cpu, memory, hugepages) and {@code spec.overhead}. {@link
 * #nonZeroRequests()} is the same with 100m cpu and 200Mi memory for each container that does not
 * request them, as used for scoring.
 */
public final class PodInfo {
  /** Cpu assumed for a container without a cpu request when scoring, in millicores. */
  public static final long DEFAULT_MILLI_CPU_REQUEST = 100;

  /** Memory assumed for a container without a memory request when scoring, in bytes. */
  public static final long DEFAULT_MEMORY_REQUEST = 200L * 1024 * 1024;

  private final Pod pod;
  // Read for every node and pod a cycle compares (nominated pods, victims): kept here, one load
  // instead of a walk through the pod's metadata or spec.
  private final String uid;
  private final int priority;
  private final Resource requests;
  private final Resource nonZeroRequests;
  private final List<AffinityTerm> requiredAffinityTerms;
  private final List<AffinityTerm> requiredAntiAffinityTerms;
  private final List<WeightedAffinityTerm> preferredAffinityTerms;
  private final List<WeightedAffinityTerm> preferredAntiAffinityTerms;
  private final List<HostPort> hostPorts;
  private final boolean hasPodAffinity;
  // The namespace and label pairs as bits, OR-ed into the node's summary (see LabelBloom).
  private final long labelBloom;

  private PodInfo(Pod pod) {
    this.pod = Objects.requireNonNull(pod, "pod");
    this.uid = pod.uid();
    this.labelBloom = LabelBloom.of(pod.namespace(), pod.labels());
    this.priority = pod.priority();
    this.requests = computeRequests(pod, false);
    this.nonZeroRequests = computeRequests(pod, true);
    var affinity = pod.spec().affinity();
    var podAffinity = affinity == null ? null : affinity.podAffinity();
    var podAntiAffinity = affinity == null ? null : affinity.podAntiAffinity();
    this.hasPodAffinity = podAffinity != null || podAntiAffinity != null;
    this.requiredAffinityTerms =
        podAffinity == null ? List.of() : compile(pod, podAffinity.required());
    this.requiredAntiAffinityTerms =
        podAntiAffinity == null ? List.of() : compile(pod, podAntiAffinity.required());
    this.preferredAffinityTerms =
        podAffinity == null ? List.of() : compileWeighted(pod, podAffinity.preferred());
    this.preferredAntiAffinityTerms =
        podAntiAffinity == null ? List.of() : compileWeighted(pod, podAntiAffinity.preferred());
    this.hostPorts = collectHostPorts(pod);
  }

  /** A view of {@code pod} sharing {@code source}'s derived fields (the same spec but the node). */
  private PodInfo(Pod pod, PodInfo source) {
    this.pod = pod;
    this.uid = pod.uid();
    this.priority = source.priority;
    this.requests = source.requests;
    this.nonZeroRequests = source.nonZeroRequests;
    this.hasPodAffinity = source.hasPodAffinity;
    this.requiredAffinityTerms = source.requiredAffinityTerms;
    this.requiredAntiAffinityTerms = source.requiredAntiAffinityTerms;
    this.preferredAffinityTerms = source.preferredAffinityTerms;
    this.preferredAntiAffinityTerms = source.preferredAntiAffinityTerms;
    this.hostPorts = source.hostPorts;
    this.labelBloom = source.labelBloom;
  }

  /** The pod's namespace and labels as {@link LabelBloom} bits. */
  long labelBloom() {
    return labelBloom;
  }

  /**
   * This view for the pod placed on {@code nodeName} ({@code spec.nodeName} set, nothing else
   * changed), as the scheduler assumes a pod it has just placed. Nothing derived depends on the
   * node name, so the requests, terms and ports are shared instead of computed again.
   *
   * @param nodeName the node; not null
   * @return a new view of the pod with {@code spec.nodeName} set to {@code nodeName}
   */
  public PodInfo withNodeName(String nodeName) {
    return new PodInfo(pod.withNodeName(nodeName), this);
  }

  /**
   * Whether {@code other} views the same pod: the same UID, or, when this view's pod has none, the
   * same namespace and name. This is how a pod is told apart from the nominated pods counted on a
   * node (a pod is never its own nominated pod). The UIDs' cached hash codes are compared first, so
   * a different pod is told apart without reading its UID's characters.
   *
   * @param other another view; not null
   * @return whether both view the same pod
   */
  public boolean isSamePodAs(PodInfo other) {
    int hash = uid.hashCode();
    if (hash == 0 && uid.isEmpty()) {
      return pod.key().equals(other.pod.key());
    }
    return hash == other.uid.hashCode() && uid.equals(other.uid);
  }

  /**
   * The scheduling view of {@code pod}.
   *
   * @param pod the pod; not null
   * @return a new view, with requests, terms and ports computed
   */
  public static PodInfo of(Pod pod) {
    return new PodInfo(pod);
  }

  /**
   * The pod.
   *
   * @return the pod, never null
   */
  public Pod pod() {
    return pod;
  }

  /**
   * The pod's name.
   *
   * @return the name
   */
  public String name() {
    return pod.name();
  }

  /**
   * The pod's namespace.
   *
   * @return the namespace
   */
  public String namespace() {
    return pod.namespace();
  }

  /**
   * The pod's UID.
   *
   * @return the UID; {@code ""} when the host did not set one
   */
  public String uid() {
    return uid;
  }

  /**
   * The pod's priority ({@code spec.priority}, 0 when unset).
   *
   * @return the priority; higher is more important
   */
  public int priority() {
    return priority;
  }

  /**
   * What the pod requests, as the filter counts it.
   *
   * @return the requests; read-only
   */
  public Resource requests() {
    return requests;
  }

  /**
   * What the pod requests with scoring defaults for missing cpu and memory requests.
   *
   * @return the cpu and memory requests only; read-only
   */
  public Resource nonZeroRequests() {
    return nonZeroRequests;
  }

  /**
   * The pod's required pod affinity terms.
   *
   * @return the compiled terms; empty if none
   */
  public List<AffinityTerm> requiredAffinityTerms() {
    return requiredAffinityTerms;
  }

  /**
   * The pod's required pod anti-affinity terms.
   *
   * @return the compiled terms; empty if none
   */
  public List<AffinityTerm> requiredAntiAffinityTerms() {
    return requiredAntiAffinityTerms;
  }

  /**
   * The pod's preferred pod affinity terms.
   *
   * @return the compiled terms with their weights; empty if none
   */
  public List<WeightedAffinityTerm> preferredAffinityTerms() {
    return preferredAffinityTerms;
  }

  /**
   * The pod's preferred pod anti-affinity terms.
   *
   * @return the compiled terms with their weights; empty if none
   */
  public List<WeightedAffinityTerm> preferredAntiAffinityTerms() {
    return preferredAntiAffinityTerms;
  }

  /**
   * Whether the pod has any pod affinity or anti-affinity (required or preferred).
   *
   * @return true if {@code spec.affinity} sets {@code podAffinity} or {@code podAntiAffinity}
   */
  public boolean hasPodAffinity() {
    return hasPodAffinity;
  }

  /**
   * Whether the pod has a required pod anti-affinity term.
   *
   * @return true if {@link #requiredAntiAffinityTerms()} is not empty
   */
  public boolean hasRequiredAntiAffinity() {
    return !requiredAntiAffinityTerms.isEmpty();
  }

  /**
   * The host ports the pod's containers and restartable init containers ask for.
   *
   * @return the ports, with defaults applied; empty if none
   */
  public List<HostPort> hostPorts() {
    return hostPorts;
  }

  @Override
  public String toString() {
    return pod.key();
  }

  private static Resource computeRequests(Pod pod, boolean nonZero) {
    var spec = pod.spec();
    Resource containers = new Resource();
    for (Container c : spec.containers()) {
      containers.add(containerRequests(c, nonZero));
    }
    Resource restartable = new Resource();
    Resource initMax = new Resource();
    for (Container c : spec.initContainers()) {
      Resource req = containerRequests(c, nonZero);
      Resource use;
      if (c.isRestartableInit()) {
        containers.add(req);
        restartable.add(req);
        use = restartable;
      } else {
        use = req.copy();
        use.add(restartable);
      }
      initMax.setMax(use);
    }
    containers.setMax(initMax);
    if (spec.resources() != null) {
      ResourceList podLevel = spec.resources().requests();
      for (String name : podLevel.names()) {
        if (name.equals(ResourceNames.CPU)
            || name.equals(ResourceNames.MEMORY)
            || ResourceNames.isHugePages(name)) {
          int id = Resource.idOf(name);
          var q = podLevel.get(name).orElseThrow();
          containers.set(id, id == Resource.CPU ? q.milliValue() : q.value());
        }
      }
    }
    containers.addAll(spec.overhead());
    if (nonZero) {
      Resource only = new Resource();
      only.set(Resource.CPU, containers.milliCpu());
      only.set(Resource.MEMORY, containers.memory());
      return only;
    }
    return containers;
  }

  private static Resource containerRequests(Container c, boolean nonZero) {
    ResourceList requests = c.resources() == null ? ResourceList.empty() : c.resources().requests();
    Resource r = Resource.of(requests);
    if (nonZero) {
      if (requests.get(ResourceNames.CPU).isEmpty()) {
        r.set(Resource.CPU, DEFAULT_MILLI_CPU_REQUEST);
      }
      if (requests.get(ResourceNames.MEMORY).isEmpty()) {
        r.set(Resource.MEMORY, DEFAULT_MEMORY_REQUEST);
      }
    }
    return r;
  }

  private static List<HostPort> collectHostPorts(Pod pod) {
    List<HostPort> ports = new ArrayList<>();
    for (Container c : pod.spec().initContainers()) {
      if (c.isRestartableInit()) {
        addPorts(c, ports);
      }
    }
    for (Container c : pod.spec().containers()) {
      addPorts(c, ports);
    }
    return List.copyOf(ports);
  }

  private static void addPorts(Container c, List<HostPort> ports) {
    for (ContainerPort p : c.ports()) {
      if (p.hostPort() > 0) {
        ports.add(new HostPort(p.hostIP(), p.protocol(), p.hostPort()));
      }
    }
  }

  private static List<AffinityTerm> compile(Pod pod, List<PodAffinityTerm> terms) {
    List<AffinityTerm> out = new ArrayList<>(terms.size());
    for (PodAffinityTerm t : terms) {
      out.add(compile(pod, t));
    }
    return List.copyOf(out);
  }

  private static List<WeightedAffinityTerm> compileWeighted(
      Pod pod, List<WeightedPodAffinityTerm> terms) {
    List<WeightedAffinityTerm> out = new ArrayList<>(terms.size());
    for (WeightedPodAffinityTerm t : terms) {
      out.add(new WeightedAffinityTerm(compile(pod, t.podAffinityTerm()), t.weight()));
    }
    return List.copyOf(out);
  }

  /**
   * Compiles one term of {@code owner}: defaults the namespaces and merges {@code matchLabelKeys}
   * ({@code key In [value]}) and {@code mismatchLabelKeys} ({@code key NotIn [value]}) with the
   * owner's label values into the selector, as the API server does on pod creation.
   *
   * @param owner the pod that declares the term
   * @param term the term as written in the pod's spec
   * @return the compiled term
   */
  public static AffinityTerm compile(Pod owner, PodAffinityTerm term) {
    Set<String> namespaces =
        term.namespaces().isEmpty() && term.namespaceSelector() == null
            ? Set.of(owner.namespace())
            : Set.copyOf(term.namespaces());
    LabelSelector selector = term.labelSelector();
    if (selector != null
        && (!term.matchLabelKeys().isEmpty() || !term.mismatchLabelKeys().isEmpty())) {
      List<LabelSelectorRequirement> exprs = new ArrayList<>(selector.matchExpressions());
      for (String key : term.matchLabelKeys()) {
        String v = owner.labels().get(key);
        if (v != null) {
          exprs.add(new LabelSelectorRequirement(key, LabelSelectorOperator.IN, List.of(v)));
        }
      }
      for (String key : term.mismatchLabelKeys()) {
        String v = owner.labels().get(key);
        if (v != null) {
          exprs.add(new LabelSelectorRequirement(key, LabelSelectorOperator.NOT_IN, List.of(v)));
        }
      }
      selector = new LabelSelector(selector.matchLabels(), exprs);
    }
    return new AffinityTerm(namespaces, term.namespaceSelector(), selector, term.topologyKey());
  }
}
