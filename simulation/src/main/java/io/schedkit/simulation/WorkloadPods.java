package io.schedkit.simulation;

import io.schedkit.core.codec.KubeCodec;
import io.schedkit.framework.model.Affinity;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.NodeAffinity;
import io.schedkit.framework.model.NodeSelector;
import io.schedkit.framework.model.NodeSelectorRequirement;
import io.schedkit.framework.model.NodeSelectorTerm;
import io.schedkit.framework.model.ObjectMeta;
import io.schedkit.framework.model.OwnerReference;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodSpec;
import io.schedkit.framework.model.PodStatus;
import io.schedkit.framework.model.PodTemplateSpec;
import io.schedkit.framework.model.Taint;
import io.schedkit.framework.model.TaintEffect;
import io.schedkit.framework.model.Toleration;
import io.schedkit.framework.model.TolerationOperator;
import io.schedkit.framework.model.Workload;
import io.schedkit.framework.model.WorkloadSpec;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * The pods (and a Deployment's ReplicaSet) that Kubernetes' controllers create for a {@link
 * Workload}, as kube-controller-manager v1.35 builds them: the template's labels, annotations and
 * spec, the namespace, a controller owner reference, and each controller's names, labels and
 * changes.
 *
 * <ul>
 *   <li>ReplicaSet and ReplicationController: {@code <owner>-<5 characters>}, the API server's
 *       {@code generateName} suffix from client-go's alphabet {@value #ALPHANUMS} (the owner's name
 *       cut to 58 characters first).
 *   <li>Deployment: a ReplicaSet {@code <deployment>-<pod-template-hash>} with the Deployment's
 *       replicas, its selector and template labelled {@value #POD_TEMPLATE_HASH}; its pods as a
 *       ReplicaSet's. The hash is a stand-in: upstream hashes the Go structure of the defaulted
 *       template ({@code FNV-32a} over a {@code spew} dump), which schedkit does not have; schedkit
 *       hashes the template's JSON with {@code FNV-32a} and encodes it as upstream does ({@code
 *       rand.SafeEncodeString} of the decimal value), so names have upstream's shape but not its
 *       value.
 *   <li>StatefulSet: {@code <name>-<ordinal>}, labelled {@value #STATEFULSET_POD_NAME}, {@value
 *       #POD_INDEX} and {@value #CONTROLLER_REVISION_HASH} ({@code <name>-<hash>}).
 *   <li>DaemonSet: one {@code <name>-<5 characters>} pod per node it should run on (the template's
 *       node selector and required node affinity match the node, and the node has no NoSchedule or
 *       NoExecute taint the pod does not tolerate), its required node affinity replaced by {@code
 *       matchFields metadata.name In [<node>]}, the DaemonSet tolerations added (not-ready and
 *       unreachable NoExecute; disk-pressure, memory-pressure, pid-pressure and unschedulable
 *       NoSchedule; network-unavailable NoSchedule for host-network pods), labelled {@value
 *       #CONTROLLER_REVISION_HASH} and {@value #POD_TEMPLATE_GENERATION} {@code 1}.
 *   <li>Job: {@code <job>-<5 characters>} ({@code <job>-<index>-<5 characters>} when Indexed, with
 *       the {@value #JOB_COMPLETION_INDEX} annotation and label), labelled {@code job-name},
 *       {@value #JOB_NAME}, {@code controller-uid} and {@value #CONTROLLER_UID} as the API server
 *       labels a Job's template.
 * </ul>
 *
 * <p>Random suffixes come from a {@link Random} the caller seeds ({@link #random}), so that a
 * simulation's names depend only on its seed and the owner.
 */
public final class WorkloadPods {
  private WorkloadPods() {}

  /** client-go's {@code rand.String} alphabet: no vowels, no 0, 1 and 3. */
  public static final String ALPHANUMS = "bcdfghjklmnpqrstvwxz2456789";

  /** The label a Deployment's ReplicaSet and pods carry: the template's hash. */
  public static final String POD_TEMPLATE_HASH = "pod-template-hash";

  /** The label naming a StatefulSet pod. */
  public static final String STATEFULSET_POD_NAME = "statefulset.kubernetes.io/pod-name";

  /** The label giving a StatefulSet pod's ordinal. */
  public static final String POD_INDEX = "apps.kubernetes.io/pod-index";

  /** The label giving the controller revision of StatefulSet and DaemonSet pods. */
  public static final String CONTROLLER_REVISION_HASH = "controller-revision-hash";

  /** The label giving a DaemonSet pod's template generation. */
  public static final String POD_TEMPLATE_GENERATION = "pod-template-generation";

  /** The label naming a Job's pods' Job. */
  public static final String JOB_NAME = "batch.kubernetes.io/job-name";

  /** The label giving a Job's UID on its pods. */
  public static final String CONTROLLER_UID = "batch.kubernetes.io/controller-uid";

  /** The annotation and label giving an Indexed Job pod's index. */
  public static final String JOB_COMPLETION_INDEX = "batch.kubernetes.io/job-completion-index";

  /**
   * The API server's longest {@code generateName} prefix ({@code names.MaxGeneratedNameLength}).
   */
  private static final int MAX_GENERATED_PREFIX = 58;

  private static final KubeCodec CODEC = new KubeCodec();

  // ------------------------------------------------------------------ names

  /**
   * A random source for the names of {@code owner}'s pods: a function of {@code seed} and the
   * owner's kind, namespace and name only.
   *
   * @param seed the simulation's seed
   * @param owner the controller
   * @return a new random source
   */
  public static Random random(long seed, Workload owner) {
    long h = seed;
    for (String s : List.of(owner.kind(), owner.namespace(), owner.name())) {
      h = mix(h ^ s.hashCode()) + s.length();
    }
    return new Random(mix(h));
  }

  /** SplitMix64's finalizer of {@code z + golden gamma}. */
  private static long mix(long z) {
    z += 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /**
   * A name as the API server generates it from {@code prefix} ({@code metadata.generateName}): the
   * prefix cut to 58 characters, then 5 characters of {@value #ALPHANUMS}.
   *
   * @param prefix the prefix, such as {@code web-7d4b9c8f6d-}
   * @param random the source of the suffix
   * @return the name
   */
  public static String generateName(String prefix, Random random) {
    StringBuilder sb =
        new StringBuilder(
            prefix.length() > MAX_GENERATED_PREFIX
                ? prefix.substring(0, MAX_GENERATED_PREFIX)
                : prefix);
    for (int i = 0; i < 5; i++) {
      sb.append(ALPHANUMS.charAt(random.nextInt(ALPHANUMS.length())));
    }
    return sb.toString();
  }

  /**
   * client-go's {@code rand.SafeEncodeString}: each character replaced by the character of {@value
   * #ALPHANUMS} at its code modulo 27.
   *
   * @param s the text
   * @return the encoded text
   */
  public static String safeEncode(String s) {
    StringBuilder sb = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      sb.append(ALPHANUMS.charAt(s.charAt(i) % ALPHANUMS.length()));
    }
    return sb.toString();
  }

  /**
   * The template hash schedkit uses for {@value #POD_TEMPLATE_HASH} and {@value
   * #CONTROLLER_REVISION_HASH}: {@code FNV-32a} over the template's JSON, safe-encoded as upstream
   * encodes its hash (see the class comment: the same shape, not upstream's value).
   *
   * @param template the template
   * @return the hash, 8 to 10 characters
   */
  public static String templateHash(PodTemplateSpec template) {
    String json =
        CODEC.toCompactJson(
            new Pod(template.metadata(), template.spec(), PodStatus.builder().build()));
    int hash = 0x811C9DC5;
    for (byte b : json.getBytes(StandardCharsets.UTF_8)) {
      hash ^= b & 0xFF;
      hash *= 0x01000193;
    }
    return safeEncode(Integer.toUnsignedString(hash));
  }

  // ------------------------------------------------------------------ pods

  /**
   * The controller reference to {@code owner}.
   *
   * @param owner the controller
   * @return {@code controller: true}, with the owner's API version, kind, name and UID
   */
  public static OwnerReference controllerRef(Workload owner) {
    return new OwnerReference(
        owner.apiVersion(), owner.kind(), owner.name(), owner.metadata().uid(), Boolean.TRUE);
  }

  /**
   * Whether {@code pod}'s controller reference names {@code owner} (by kind and name, and by UID
   * when both have one).
   *
   * @param pod the pod
   * @param owner the controller
   * @return true when {@code owner} controls the pod
   */
  public static boolean ownedBy(Pod pod, Workload owner) {
    Optional<OwnerReference> ref = pod.controllerRef();
    if (ref.isEmpty() || !pod.namespace().equals(owner.namespace())) {
      return false;
    }
    OwnerReference r = ref.get();
    String uid = owner.metadata().uid();
    return r.kind().equals(owner.kind())
        && r.name().equals(owner.name())
        && (r.uid().isEmpty() || uid.isEmpty() || r.uid().equals(uid));
  }

  /**
   * A pod of {@code owner}'s template: its labels and annotations (with {@code labels} and {@code
   * annotations} added), its spec, the owner's namespace and a controller reference to it.
   */
  private static Pod fromTemplate(
      Workload owner,
      String name,
      Map<String, String> labels,
      Map<String, String> annotations,
      PodSpec spec) {
    PodTemplateSpec t = template(owner);
    Map<String, String> l = new LinkedHashMap<>(t.metadata().labels());
    l.putAll(labels);
    Map<String, String> a = new LinkedHashMap<>(t.metadata().annotations());
    a.putAll(annotations);
    String duration = owner.metadata().annotations().get(Simulation.DURATION_ANNOTATION);
    if (duration != null) {
      a.putIfAbsent(Simulation.DURATION_ANNOTATION, duration);
    }
    ObjectMeta meta =
        ObjectMeta.builder()
            .name(name)
            .namespace(owner.namespace())
            .labels(l)
            .annotations(a)
            .ownerReference(controllerRef(owner))
            .build();
    return new Pod(meta, spec == null ? t.spec() : spec, PodStatus.builder().build());
  }

  private static PodTemplateSpec template(Workload owner) {
    PodTemplateSpec t = owner.template();
    if (t == null) {
      throw new IllegalArgumentException(
          owner.kind() + " " + owner.key() + ": spec.template: Required value");
    }
    return t;
  }

  /**
   * The ReplicaSet a Deployment creates: {@code <deployment>-<hash>}, its replicas, its selector
   * and template with {@value #POD_TEMPLATE_HASH}, the template's labels and a controller reference
   * to the Deployment.
   *
   * @param deployment the Deployment (its UID set)
   * @return the ReplicaSet
   */
  public static Workload replicaSetOf(Workload deployment) {
    PodTemplateSpec t = template(deployment);
    String hash = templateHash(t);
    Map<String, String> labels = new LinkedHashMap<>(t.metadata().labels());
    labels.put(POD_TEMPLATE_HASH, hash);
    PodTemplateSpec template =
        new PodTemplateSpec(t.metadata().toBuilder().labels(labels).build(), t.spec());
    LabelSelector selector = deployment.selector();
    LabelSelector.Builder sel = LabelSelector.builder();
    if (selector != null) {
      sel.matchLabels(selector.matchLabels()).matchExpressions(selector.matchExpressions());
    }
    sel.matchLabel(POD_TEMPLATE_HASH, hash);
    Map<String, String> annotations = new LinkedHashMap<>();
    annotations.put("deployment.kubernetes.io/revision", "1");
    String duration = deployment.metadata().annotations().get(Simulation.DURATION_ANNOTATION);
    if (duration != null) {
      annotations.put(Simulation.DURATION_ANNOTATION, duration);
    }
    return Workload.builder()
        .kind(Workload.REPLICA_SET)
        .metadata(
            ObjectMeta.builder()
                .name(deployment.name() + "-" + hash)
                .namespace(deployment.namespace())
                .labels(labels)
                .annotations(annotations)
                .ownerReference(controllerRef(deployment))
                .build())
        .selector(sel.build())
        .spec(
            WorkloadSpec.builder()
                .replicas(deployment.spec().replicasOrDefault())
                .template(template)
                .build())
        .build();
  }

  /**
   * A pod of a ReplicaSet or ReplicationController: {@code <owner>-<5 characters>}.
   *
   * @param owner the ReplicaSet or ReplicationController (its UID set)
   * @param random the source of the name's suffix
   * @return the pod
   */
  public static Pod replicaPod(Workload owner, Random random) {
    return fromTemplate(owner, generateName(owner.name() + "-", random), Map.of(), Map.of(), null);
  }

  /**
   * The pod of a StatefulSet with {@code ordinal}: {@code <name>-<ordinal>}.
   *
   * @param set the StatefulSet (its UID set)
   * @param ordinal the ordinal
   * @return the pod
   */
  public static Pod statefulPod(Workload set, int ordinal) {
    String name = set.name() + "-" + ordinal;
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put(CONTROLLER_REVISION_HASH, set.name() + "-" + templateHash(template(set)));
    labels.put(STATEFULSET_POD_NAME, name);
    labels.put(POD_INDEX, Integer.toString(ordinal));
    return fromTemplate(set, name, labels, Map.of(), null);
  }

  /**
   * Whether a DaemonSet should run a pod on {@code node} (upstream's {@code
   * NodeShouldRunDaemonPod}): the template names no other node, its node selector and required node
   * affinity match the node, and every NoSchedule and NoExecute taint of the node is tolerated (the
   * DaemonSet tolerations included).
   *
   * @param set the DaemonSet
   * @param node the node
   * @return true when the DaemonSet runs a pod there
   */
  public static boolean shouldRunOn(Workload set, Node node) {
    PodSpec spec = template(set).spec();
    if (!spec.nodeName().isEmpty() && !spec.nodeName().equals(node.name())) {
      return false;
    }
    for (Map.Entry<String, String> e : spec.nodeSelector().entrySet()) {
      if (!e.getValue().equals(node.labels().get(e.getKey()))) {
        return false;
      }
    }
    Affinity affinity = spec.affinity();
    NodeSelector required =
        affinity == null || affinity.nodeAffinity() == null
            ? null
            : affinity.nodeAffinity().requiredDuringSchedulingIgnoredDuringExecution();
    if (required != null && !required.matches(node)) {
      return false;
    }
    List<Toleration> tolerations = daemonTolerations(spec);
    for (Taint taint : node.taints()) {
      if ((taint.effect() == TaintEffect.NO_SCHEDULE || taint.effect() == TaintEffect.NO_EXECUTE)
          && !Toleration.tolerationsTolerateTaint(tolerations, taint)) {
        return false;
      }
    }
    return true;
  }

  /**
   * The pod a DaemonSet creates for {@code node}: {@code <name>-<5 characters>}, pinned to the node
   * by required node affinity, with the DaemonSet tolerations.
   *
   * @param set the DaemonSet (its UID set)
   * @param node the node's name
   * @param random the source of the name's suffix
   * @return the pod
   */
  public static Pod daemonPod(Workload set, String node, Random random) {
    PodSpec spec = template(set).spec();
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put(CONTROLLER_REVISION_HASH, templateHash(template(set)));
    labels.put(POD_TEMPLATE_GENERATION, "1");
    PodSpec pinned =
        spec.toBuilder()
            .nodeName("")
            .tolerations(daemonTolerations(spec))
            .affinity(pinnedTo(spec.affinity(), node))
            .build();
    return fromTemplate(set, generateName(set.name() + "-", random), labels, Map.of(), pinned);
  }

  /**
   * The node a DaemonSet pod is for: its {@code nodeName}, else the value of its {@code matchFields
   * metadata.name In} requirement (upstream's {@code GetTargetNodeName}).
   *
   * @param pod the pod
   * @return the node's name, or empty
   */
  public static Optional<String> targetNode(Pod pod) {
    if (pod.isAssigned()) {
      return Optional.of(pod.nodeName());
    }
    Affinity a = pod.spec().affinity();
    if (a == null
        || a.nodeAffinity() == null
        || a.nodeAffinity().requiredDuringSchedulingIgnoredDuringExecution() == null) {
      return Optional.empty();
    }
    for (NodeSelectorTerm term :
        a.nodeAffinity().requiredDuringSchedulingIgnoredDuringExecution().nodeSelectorTerms()) {
      for (NodeSelectorRequirement r : term.matchFields()) {
        if (r.key().equals(NodeSelectorRequirement.OBJECT_NAME_FIELD)
            && r.operator() == io.schedkit.framework.model.NodeSelectorOperator.IN
            && r.values().size() == 1) {
          return Optional.of(r.values().get(0));
        }
      }
    }
    return Optional.empty();
  }

  /** Upstream's {@code ReplaceDaemonSetPodNodeNameNodeAffinity}. */
  private static Affinity pinnedTo(Affinity affinity, String node) {
    NodeSelector pin =
        new NodeSelector(
            List.of(
                new NodeSelectorTerm(
                    List.of(), List.of(NodeSelectorRequirement.nodeNameIs(node)))));
    if (affinity == null) {
      return new Affinity(new NodeAffinity(pin, List.of()), null, null);
    }
    NodeAffinity na = affinity.nodeAffinity();
    NodeAffinity pinned =
        new NodeAffinity(
            pin, na == null ? List.of() : na.preferredDuringSchedulingIgnoredDuringExecution());
    return new Affinity(pinned, affinity.podAffinity(), affinity.podAntiAffinity());
  }

  /** Upstream's {@code AddOrUpdateDaemonPodTolerations}, on a copy of the spec's tolerations. */
  static List<Toleration> daemonTolerations(PodSpec spec) {
    List<Toleration> out = new ArrayList<>(spec.tolerations());
    addOrUpdate(out, "node.kubernetes.io/not-ready", TaintEffect.NO_EXECUTE);
    addOrUpdate(out, "node.kubernetes.io/unreachable", TaintEffect.NO_EXECUTE);
    addOrUpdate(out, "node.kubernetes.io/disk-pressure", TaintEffect.NO_SCHEDULE);
    addOrUpdate(out, "node.kubernetes.io/memory-pressure", TaintEffect.NO_SCHEDULE);
    addOrUpdate(out, "node.kubernetes.io/pid-pressure", TaintEffect.NO_SCHEDULE);
    addOrUpdate(out, "node.kubernetes.io/unschedulable", TaintEffect.NO_SCHEDULE);
    if (spec.hostNetwork()) {
      addOrUpdate(out, "node.kubernetes.io/network-unavailable", TaintEffect.NO_SCHEDULE);
    }
    return out;
  }

  /**
   * Upstream's {@code AddOrUpdateTolerationInPodSpec} for {@code key Exists effect}: replaces an
   * equal toleration (same key, operator, value and effect) in place, else appends it.
   */
  private static void addOrUpdate(List<Toleration> tolerations, String key, TaintEffect effect) {
    Toleration t = new Toleration(key, TolerationOperator.EXISTS, "", effect, null);
    for (int i = 0; i < tolerations.size(); i++) {
      Toleration old = tolerations.get(i);
      if (old.key().equals(key)
          && old.operator() == TolerationOperator.EXISTS
          && old.value().isEmpty()
          && old.effect() == effect) {
        tolerations.set(i, t);
        return;
      }
    }
    tolerations.add(t);
  }

  /**
   * A pod of a Job: {@code <job>-<5 characters>}, or {@code <job>-<index>-<5 characters>} for an
   * Indexed Job's {@code index}, with the Job's labels.
   *
   * @param job the Job (its UID set)
   * @param index the completion index; null for a NonIndexed Job
   * @param random the source of the name's suffix
   * @return the pod
   */
  public static Pod jobPod(Workload job, Integer index, Random random) {
    Map<String, String> labels = new LinkedHashMap<>();
    String uid = job.metadata().uid();
    labels.put(CONTROLLER_UID, uid);
    labels.put(JOB_NAME, job.name());
    labels.put("controller-uid", uid);
    labels.put("job-name", job.name());
    Map<String, String> template = template(job).metadata().labels();
    template.forEach(labels::remove); // the template's own values win, as the API server keeps them
    Map<String, String> annotations = new LinkedHashMap<>();
    String prefix = job.name() + "-";
    if (index != null) {
      String suffix = "-" + index + "-";
      prefix = job.name() + suffix;
      if (prefix.length() > MAX_GENERATED_PREFIX) {
        prefix = prefix.substring(0, MAX_GENERATED_PREFIX - suffix.length()) + suffix;
      }
      labels.put(JOB_COMPLETION_INDEX, index.toString());
      annotations.put(JOB_COMPLETION_INDEX, index.toString());
    }
    return fromTemplate(job, generateName(prefix, random), labels, annotations, null);
  }

  // ------------------------------------------------------------------ explain

  /**
   * The first pod {@code workload}'s controller would create, for {@code schedkit explain}: a
   * ReplicaSet's or ReplicationController's first replica, a Deployment's first replica through its
   * ReplicaSet, a StatefulSet's first ordinal, a DaemonSet's pod for the first node (by name) it
   * runs on, a Job's first pod (index 0 when Indexed). The owner gets {@code uid} when it has none.
   *
   * @param workload the controller
   * @param nodes the cluster's nodes (for a DaemonSet)
   * @param seed the seed of the names' random suffixes
   * @return the pod; empty when the controller creates none (no template, zero replicas, a
   *     suspended Job, a paused Deployment, no node for a DaemonSet)
   */
  public static Optional<Pod> firstPod(Workload workload, List<Node> nodes, long seed) {
    Workload w = workload;
    if (w.template() == null) {
      return Optional.empty();
    }
    if (w.metadata().uid().isEmpty()) {
      w = w.toBuilder().metadata(w.metadata().toBuilder().uid(defaultUid(w)).build()).build();
    }
    WorkloadSpec spec = w.spec();
    Random random = random(seed, w);
    switch (w.kind()) {
      case Workload.DEPLOYMENT -> {
        if (spec.paused() || spec.replicasOrDefault() == 0) {
          return Optional.empty();
        }
        Workload rs = replicaSetOf(w);
        rs = rs.toBuilder().metadata(rs.metadata().toBuilder().uid(defaultUid(rs)).build()).build();
        return Optional.of(replicaPod(rs, random(seed, rs)));
      }
      case Workload.REPLICA_SET, Workload.REPLICATION_CONTROLLER -> {
        return spec.replicasOrDefault() == 0
            ? Optional.empty()
            : Optional.of(replicaPod(w, random));
      }
      case Workload.STATEFUL_SET -> {
        return spec.replicasOrDefault() == 0
            ? Optional.empty()
            : Optional.of(statefulPod(w, spec.ordinalsStart() == null ? 0 : spec.ordinalsStart()));
      }
      case Workload.DAEMON_SET -> {
        Workload set = w;
        return nodes.stream()
            .sorted(Comparator.comparing(Node::name))
            .filter(n -> shouldRunOn(set, n))
            .findFirst()
            .map(n -> daemonPod(set, n.name(), random));
      }
      case Workload.JOB -> {
        int parallelism = spec.parallelism() == null ? 1 : spec.parallelism();
        if (spec.suspend()
            || parallelism == 0
            || (spec.completions() != null && spec.completions() == 0)) {
          return Optional.empty();
        }
        return Optional.of(jobPod(w, spec.indexed() ? 0 : null, random));
      }
      default -> {
        return Optional.empty();
      }
    }
  }

  /** A UID for a controller that has none, as stable as its kind, namespace and name. */
  static String defaultUid(Workload w) {
    return (w.kind() + "-" + w.namespace() + "-" + w.name()).toLowerCase(java.util.Locale.ROOT);
  }
}
