package io.schedkit.benchmarks.workloads;

import io.schedkit.core.codec.KubeCodec;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import java.util.List;

/**
 * The object templates of kube-scheduler's {@code test/integration/scheduler_perf/templates}, as
 * Kubernetes YAML decoded by schedkit's own codec: the nodes and pods the benchmark workloads copy.
 *
 * <p>The facts are upstream's (requests, priorities, labels, terms, gates). Two additions, both
 * what a kubelet would report and both needed without an API server: every node template sets
 * {@code allocatable} equal to {@code capacity}, and the workloads label each node with {@code
 * kubernetes.io/hostname}. Names are placeholders: the runner names every copy.
 */
public final class BenchTemplates {
  private static final KubeCodec CODEC = new KubeCodec();

  private BenchTemplates() {}

  /** {@code node-default.yaml}: 4 cpu, 32Gi, 110 pods. */
  public static Node nodeDefault() {
    return node(
        """
        apiVersion: v1
        kind: Node
        metadata:
          name: scheduler-perf-node
        status:
          capacity: {pods: "110", cpu: "4", memory: 32Gi}
          allocatable: {pods: "110", cpu: "4", memory: 32Gi}
          conditions:
          - {type: Ready, status: "True"}
          phase: Running
        """);
  }

  /** {@code node-with-name.yaml}: one big node (90,000 pods) for the gated workload. */
  public static Node nodeWithName() {
    return node(
        """
        apiVersion: v1
        kind: Node
        metadata:
          name: scheduler-perf-node
          labels: {kubernetes.io/hostname: scheduler-perf-node}
        status:
          capacity: {pods: "90000", cpu: "4", memory: 32Gi}
          allocatable: {pods: "90000", cpu: "4", memory: 32Gi}
          conditions:
          - {type: Ready, status: "True"}
          phase: Running
        """);
  }

  /** {@code pod-default.yaml}: 100m cpu, 500Mi memory (requests = limits). */
  public static Pod podDefault() {
    return pod(
        """
        metadata: {name: pod}
        spec:
          containers:
          - name: pause
            image: registry.k8s.io/pause:3.10.1
            ports: [{containerPort: 80}]
            resources:
              limits: {cpu: 100m, memory: 500Mi}
              requests: {cpu: 100m, memory: 500Mi}
        """);
  }

  /**
   * {@code pod-default.yaml} with label app=web, controlled by the ReplicaSet {@code web}: as the
   * pods of a Deployment, it gets kube-scheduler's system-default spreading (hostname and zone,
   * ScheduleAnyway) over the pods its ReplicaSet selects. The runner creates the ReplicaSet.
   */
  public static Pod podOfReplicaSet() {
    return pod(
        """
        metadata:
          name: pod
          labels: {app: web}
          ownerReferences:
          - {apiVersion: apps/v1, kind: ReplicaSet, name: web, uid: web-uid, controller: true}
        spec:
          containers:
        """
            + DEFAULT_CONTAINER);
  }

  /** {@code pod-low-priority.yaml}: 900m cpu, 500Mi, priority 0, no grace period. */
  public static Pod podLowPriority() {
    return pod(
        """
        metadata: {name: pod}
        spec:
          terminationGracePeriodSeconds: 0
          containers:
          - name: pause
            image: registry.k8s.io/pause:3.10
            ports: [{containerPort: 80}]
            resources:
              limits: {cpu: 900m, memory: 500Mi}
              requests: {cpu: 900m, memory: 500Mi}
        """);
  }

  /** {@code pod-high-priority.yaml}: 3000m cpu, 500Mi, priority 10. */
  public static Pod podHighPriority() {
    return pod(
        """
        metadata: {name: pod}
        spec:
          priority: 10
          containers:
          - name: pause
            image: registry.k8s.io/pause:3.10
            ports: [{containerPort: 80}]
            resources:
              limits: {cpu: 3000m, memory: 500Mi}
              requests: {cpu: 3000m, memory: 500Mi}
        """);
  }

  /** {@code pod-high-priority-large-cpu.yaml}: 9 cpu (more than any node), priority 10. */
  public static Pod podHighPriorityLargeCpu() {
    return pod(
        """
        metadata: {name: pod-h}
        spec:
          priority: 10
          containers:
          - name: pause
            image: registry.k8s.io/pause:3.10.1
            ports: [{containerPort: 80}]
            resources:
              requests: {cpu: "9", memory: 500Mi}
        """);
  }

  /** {@code light-pod.yaml}: no requests. */
  public static Pod lightPod() {
    return pod(
        """
        metadata: {name: light-pod}
        spec:
          terminationGracePeriodSeconds: 0
          containers:
          - {name: pause, image: "registry.k8s.io/pause:3.10.2"}
        """);
  }

  /** {@code gated-pod.yaml}: no requests, held by the scheduling gate {@code test.k8s.io/hold}. */
  public static Pod gatedPod() {
    return pod(
        """
        metadata: {name: gated-pod}
        spec:
          schedulingGates: [{name: test.k8s.io/hold}]
          containers:
          - {name: pause, image: "registry.k8s.io/pause:3.10"}
        """);
  }

  /**
   * {@code daemonset-pod.yaml}: no requests, required node affinity on {@code metadata.name} In
   * [scheduler-perf-node] (matchFields), as a DaemonSet pod.
   */
  public static Pod daemonsetPod() {
    return pod(
        """
        metadata: {name: daemonset}
        spec:
          affinity:
            nodeAffinity:
              requiredDuringSchedulingIgnoredDuringExecution:
                nodeSelectorTerms:
                - matchFields:
                  - {key: metadata.name, operator: In, values: [scheduler-perf-node]}
          containers:
          - {name: pause, image: "registry.k8s.io/pause:3.10.2"}
        """);
  }

  /** {@code pod-with-node-affinity.yaml}: required node affinity zone In [zone1, zone2]. */
  public static Pod podWithNodeAffinity() {
    return pod(
        """
        metadata: {name: node-affinity}
        spec:
          affinity:
            nodeAffinity:
              requiredDuringSchedulingIgnoredDuringExecution:
                nodeSelectorTerms:
                - matchExpressions:
                  - {key: topology.kubernetes.io/zone, operator: In, values: [zone1, zone2]}
          containers:
        """
            + DEFAULT_CONTAINER);
  }

  /**
   * {@code pod-with-pod-anti-affinity.yaml}: label color=green, required anti-affinity to
   * color=green on the hostname in namespaces sched-0 and sched-1.
   */
  public static Pod podWithPodAntiAffinity() {
    return podWithPodAntiAffinity("");
  }

  /**
   * As {@link #podWithPodAntiAffinity}, with {@code matchLabelKeys: [app]}: each application (its
   * {@code app} label, set per pod) keeps its own pods on distinct nodes, as the replicas of
   * separate Deployments do.
   */
  public static Pod podWithPodAntiAffinityPerApp() {
    return podWithPodAntiAffinity("matchLabelKeys: [app]");
  }

  private static Pod podWithPodAntiAffinity(String matchLabelKeys) {
    return pod(
        """
        metadata:
          name: anti-affinity-pod
          labels: {color: green}
        spec:
          affinity:
            podAntiAffinity:
              requiredDuringSchedulingIgnoredDuringExecution:
              - labelSelector: {matchLabels: {color: green}}
                topologyKey: kubernetes.io/hostname
                namespaces: [sched-1, sched-0]
                %s
          containers:
        """
                .formatted(matchLabelKeys)
            + DEFAULT_CONTAINER);
  }

  /**
   * {@code pod-with-pod-affinity.yaml}: label color=blue, required affinity to color=blue on the
   * zone in namespaces sched-0 and sched-1.
   */
  public static Pod podWithPodAffinity() {
    return pod(
        """
        metadata:
          name: affinity-pod
          labels: {color: blue}
        spec:
          affinity:
            podAffinity:
              requiredDuringSchedulingIgnoredDuringExecution:
              - labelSelector: {matchLabels: {color: blue}}
                topologyKey: topology.kubernetes.io/zone
                namespaces: [sched-1, sched-0]
          containers:
        """
            + DEFAULT_CONTAINER);
  }

  /**
   * {@code pod-with-preferred-pod-affinity.yaml}: label color=red, preferred affinity (weight 1) to
   * color=red on the hostname.
   */
  public static Pod podWithPreferredPodAffinity() {
    return pod(
        """
        metadata:
          name: preferred-affinity-pod
          labels: {color: red}
        spec:
          affinity:
            podAffinity:
              preferredDuringSchedulingIgnoredDuringExecution:
              - weight: 1
                podAffinityTerm:
                  labelSelector: {matchLabels: {color: red}}
                  topologyKey: kubernetes.io/hostname
                  namespaces: [sched-1, sched-0]
          containers:
        """
            + DEFAULT_CONTAINER);
  }

  /**
   * {@code pod-with-preferred-pod-anti-affinity.yaml}: label color=yellow, preferred anti-affinity
   * (weight 1) to color=yellow on the hostname.
   */
  public static Pod podWithPreferredPodAntiAffinity() {
    return pod(
        """
        metadata:
          name: preferred-anti-affinity-pod
          labels: {color: yellow}
        spec:
          affinity:
            podAntiAffinity:
              preferredDuringSchedulingIgnoredDuringExecution:
              - weight: 1
                podAffinityTerm:
                  labelSelector: {matchLabels: {color: yellow}}
                  topologyKey: kubernetes.io/hostname
                  namespaces: [sched-1, sched-0]
          containers:
        """
            + DEFAULT_CONTAINER);
  }

  /**
   * {@code pod-with-topology-spreading.yaml}: label color=blue, zone spread of color=blue with
   * maxSkew 5, DoNotSchedule.
   */
  public static Pod podWithTopologySpreading() {
    return spreading("DoNotSchedule");
  }

  /** {@code pod-with-preferred-topology-spreading.yaml}: as the hard one, but ScheduleAnyway. */
  public static Pod podWithPreferredTopologySpreading() {
    return spreading("ScheduleAnyway");
  }

  /**
   * As {@link #podWithTopologySpreading} ({@code hard}) or {@link
   * #podWithPreferredTopologySpreading}, with {@code matchLabelKeys: [app]}: each application (its
   * {@code app} label, set per pod) spreads on its own, as the pods of separate Deployments do.
   */
  public static Pod podWithTopologySpreadingPerApp(boolean hard) {
    return spreading(hard ? "DoNotSchedule" : "ScheduleAnyway", "matchLabelKeys: [app]");
  }

  private static Pod spreading(String whenUnsatisfiable) {
    return spreading(whenUnsatisfiable, "");
  }

  private static Pod spreading(String whenUnsatisfiable, String matchLabelKeys) {
    return pod(
        """
        metadata:
          name: spreading-pod
          labels: {color: blue}
        spec:
          topologySpreadConstraints:
          - maxSkew: 5
            topologyKey: topology.kubernetes.io/zone
            whenUnsatisfiable: %s
            labelSelector: {matchLabels: {color: blue}}
            %s
          containers:
        """
                .formatted(whenUnsatisfiable, matchLabelKeys)
            + DEFAULT_CONTAINER);
  }

  /** The pause container of pod-default.yaml, as a YAML list item under {@code containers:}. */
  private static final String DEFAULT_CONTAINER =
      """
          - name: pause
            image: registry.k8s.io/pause:3.10.1
            ports: [{containerPort: 80}]
            resources:
              limits: {cpu: 100m, memory: 500Mi}
              requests: {cpu: 100m, memory: 500Mi}
      """;

  private static Node node(String yaml) {
    return decode(yaml, Node.class);
  }

  private static Pod pod(String yaml) {
    return decode("apiVersion: v1\nkind: Pod\n" + yaml, Pod.class);
  }

  private static <T extends KubeObject> T decode(String yaml, Class<T> type) {
    List<T> objects = CODEC.decode(yaml, "scheduler_perf template").objectsOf(type);
    if (objects.size() != 1) {
      throw new IllegalStateException("a template must hold one " + type.getSimpleName());
    }
    return objects.get(0);
  }
}
