package io.schedkit.simulation.demo;

import io.schedkit.core.config.ConfigException;
import io.schedkit.core.config.SchedulerConfigurationDecoder;
import io.schedkit.framework.Registry;
import io.schedkit.framework.config.SchedulerConfiguration;
import io.schedkit.framework.model.Affinity;
import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.NodeAffinity;
import io.schedkit.framework.model.NodeSelector;
import io.schedkit.framework.model.NodeSelectorRequirement;
import io.schedkit.framework.model.NodeSelectorTerm;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodAffinityTerm;
import io.schedkit.framework.model.PodAntiAffinity;
import io.schedkit.framework.model.PodGroup;
import io.schedkit.framework.model.PriorityClass;
import io.schedkit.framework.model.TaintEffect;
import io.schedkit.framework.model.Toleration;
import io.schedkit.framework.model.TolerationOperator;
import io.schedkit.framework.model.TopologySpreadConstraint;
import io.schedkit.framework.model.UnsatisfiableConstraintAction;
import io.schedkit.simulation.Simulation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;

/**
 * The cluster and the workload of {@code schedkit demo}, built in code: what a small production
 * cluster with a mixed workload looks like, sized from a node count and a pod count, identical for
 * identical arguments.
 *
 * <p><b>The cluster.</b> Three zones ({@value #ZONE_LABEL} {@code eu-west-1a/b/c}), nodes spread
 * round-robin over them, in two pools ({@value #POOL_LABEL} label): {@code cpu} (general-purpose
 * {@code m6i.2xlarge} and {@code m6i.4xlarge} instances) and {@code gpu} (about a fifth of the
 * nodes, at least one per zone: {@code g5.12xlarge} with four {@value #GPU} each, tainted {@code
 * nvidia.com/gpu=present:NoSchedule}). About one cpu node in twenty is cordoned ({@code
 * spec.unschedulable}). Every node already runs its DaemonSet pods (kube-proxy, node-exporter, the
 * NVIDIA device plugin on gpu nodes), and some cpu nodes run the shop's API and Prometheus.
 *
 * <p><b>The workload</b>, every pod with a {@code schedkit.io/arrival} and most with a {@code
 * schedkit.io/duration}:
 *
 * <ul>
 *   <li>{@code batch/etl-*}: low-priority ({@code batch-low}, 100) jobs arriving in the first
 *       minute and running 6 to 15 minutes, sized to fill most of the cpu pool;
 *   <li>{@code shop/web-*}: plain pods arriving all along, running 1 to 5 minutes;
 *   <li>{@code shop/frontend-*}: spread over the zones ({@code topologySpreadConstraints}, maxSkew
 *       1, DoNotSchedule), running for ever;
 *   <li>{@code shop/cache-*}: one per node at most (required pod anti-affinity on {@code
 *       kubernetes.io/hostname}), running for ever;
 *   <li>{@code analytics/spark-exec-*}: required node affinity to the large {@code m6i.4xlarge}
 *       instances, preferring zone {@code eu-west-1b};
 *   <li>{@code ml/inference-*}: one GPU each, tolerating the GPU taint;
 *   <li>{@code ml/train-*}: a gang of two-GPU pods in the PodGroup {@code ml/train} ({@code
 *       minMember} = every member), created together at 150 s: Coscheduling binds all or none;
 *   <li>{@code payments/checkout-*}: a burst of {@code business-critical} (1,000,000) pods at 300
 *       s, when the batch jobs fill the cpu pool: DefaultPreemption evicts batch pods for them;
 *   <li>{@code ml/llm-finetune} (8 GPUs: no node has that many) and {@code shop/legacy-report} (a
 *       {@code disktype: hdd} node selector no node matches): pending for good, with
 *       kube-scheduler's reasons.
 * </ul>
 */
public final class DemoScenario {
  /** The node label naming a node's pool ({@code cpu} or {@code gpu}). */
  public static final String POOL_LABEL = "pool";

  /** The node label naming a node's zone. */
  public static final String ZONE_LABEL = "topology.kubernetes.io/zone";

  /** The GPU extended resource. */
  public static final String GPU = "nvidia.com/gpu";

  /** The default number of nodes. */
  public static final int DEFAULT_NODES = 60;

  /** The default number of workload pods. */
  public static final int DEFAULT_PODS = 600;

  /** The fewest nodes a scenario has: one cpu and one gpu node per zone. */
  public static final int MIN_NODES = 6;

  /** The fewest workload pods a scenario has. */
  public static final int MIN_PODS = 40;

  /** The PodGroup of the gang. */
  public static final String GANG = "ml/train";

  /** The scheduler configuration: kube-scheduler's default profile plus Coscheduling. */
  public static final String CONFIGURATION =
      """
      apiVersion: kubescheduler.config.k8s.io/v1
      kind: KubeSchedulerConfiguration
      profiles:
      - schedulerName: default-scheduler
        plugins:
          multiPoint:
            enabled:
            - name: Coscheduling
          queueSort:
            disabled:
            - name: Coscheduling
      """;

  private static final String HOSTNAME_LABEL = "kubernetes.io/hostname";
  private static final String INSTANCE_TYPE_LABEL = "node.kubernetes.io/instance-type";
  private static final String[] ZONES = {"eu-west-1a", "eu-west-1b", "eu-west-1c"};
  private static final String LARGE = "m6i.4xlarge";
  private static final int SYSTEM_NODE_CRITICAL = 2_000_001_000;
  private static final int BATCH_LOW = 100;
  private static final int STANDARD = 1000;
  private static final int BUSINESS_CRITICAL = 1_000_000;
  private static final int GPUS_PER_NODE = 4;
  private static final int GPUS_PER_TRAINER = 2;

  /** When the priority burst arrives, in virtual seconds. */
  static final double BURST_AT = 300;

  private final int nodeCount;
  private final int podCount;
  private final long seed;
  private final Random random;
  private final List<Node> nodes = new ArrayList<>();
  private final List<KubeObject> cluster = new ArrayList<>();
  private final List<KubeObject> workload = new ArrayList<>();
  private int gangSize;
  private int cordoned;
  private long schedulableCpuMillis;

  private DemoScenario(int nodeCount, int podCount, long seed) {
    this.nodeCount = nodeCount;
    this.podCount = podCount;
    this.seed = seed;
    this.random = new Random(seed);
  }

  /**
   * Builds a scenario.
   *
   * @param nodes the number of nodes, at least {@value #MIN_NODES}
   * @param pods the number of workload pods, at least {@value #MIN_PODS}
   * @param seed the seed of the sizes, arrivals and durations
   * @return the scenario
   * @throws IllegalArgumentException if {@code nodes} or {@code pods} is too small
   */
  public static DemoScenario generate(int nodes, int pods, long seed) {
    if (nodes < MIN_NODES) {
      throw new IllegalArgumentException(
          "--nodes must be at least " + MIN_NODES + ", not " + nodes);
    }
    if (pods < MIN_PODS) {
      throw new IllegalArgumentException("--pods must be at least " + MIN_PODS + ", not " + pods);
    }
    DemoScenario s = new DemoScenario(nodes, pods, seed);
    s.build();
    return s;
  }

  /**
   * Returns the objects that exist at the start: PriorityClasses, the nodes and the pods running on
   * them.
   *
   * @return the cluster objects, in creation order
   */
  public List<KubeObject> clusterObjects() {
    return List.copyOf(cluster);
  }

  /**
   * Returns the objects created during the run: the PodGroup, then the pods in arrival order.
   *
   * @return the workload objects
   */
  public List<KubeObject> workload() {
    return List.copyOf(workload);
  }

  /**
   * Returns the nodes, cpu pool first, each pool in zone then index order.
   *
   * @return the nodes
   */
  public List<Node> nodes() {
    return List.copyOf(nodes);
  }

  /**
   * Returns the number of workload pods.
   *
   * @return the pod count asked for
   */
  public int podCount() {
    return podCount;
  }

  /**
   * Returns the seed.
   *
   * @return the seed the scenario was generated with
   */
  public long seed() {
    return seed;
  }

  /**
   * Returns the number of pods in the gang {@value #GANG} (its {@code minMember}).
   *
   * @return the gang size, 2 to 8
   */
  public int gangSize() {
    return gangSize;
  }

  /**
   * Returns the number of cordoned nodes.
   *
   * @return how many nodes have {@code spec.unschedulable}
   */
  public int cordonedNodes() {
    return cordoned;
  }

  /**
   * Returns the pool of {@code node}.
   *
   * @param node a node
   * @return its {@value #POOL_LABEL} label, {@code "-"} when it has none
   */
  public static String pool(Node node) {
    return node.labels().getOrDefault(POOL_LABEL, "-");
  }

  /**
   * Returns the scheduler configuration {@link #CONFIGURATION}, decoded with {@code registry}.
   *
   * @param registry the plugins available; must provide the defaults and Coscheduling
   * @return the configuration
   * @throws IllegalStateException if the registry lacks a plugin
   */
  public static SchedulerConfiguration configuration(Registry registry) {
    try {
      return new SchedulerConfigurationDecoder()
          .decode(CONFIGURATION, "the demo configuration", registry)
          .configuration();
    } catch (ConfigException e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
  }

  // ------------------------------------------------------------------ the cluster

  private void build() {
    cluster.add(priorityClass("system-node-critical", SYSTEM_NODE_CRITICAL, false, "DaemonSets"));
    cluster.add(priorityClass("batch-low", BATCH_LOW, false, "Batch jobs; preemptible"));
    cluster.add(priorityClass("standard", STANDARD, true, "Services and ML"));
    cluster.add(
        priorityClass("business-critical", BUSINESS_CRITICAL, false, "Checkout; preempts batch"));

    int gpuNodes = Math.max(3, Math.min(nodeCount / 2, Math.round(nodeCount * 0.2f)));
    int cpuNodes = nodeCount - gpuNodes;
    // A third of the cpu nodes are large, one in each zone among every nine nodes, the first
    // one second (so that even the smallest cluster has one); one small node in twenty (at least
    // one) is cordoned, evenly spread.
    List<Integer> small = new ArrayList<>();
    for (int i = 0; i < cpuNodes; i++) {
      if (!isLarge(i)) {
        small.add(i);
      }
    }
    int toCordon = Math.max(1, cpuNodes / 20);
    Set<Integer> cordon = new HashSet<>();
    for (int k = 0; k < toCordon; k++) {
      cordon.add(small.get(k * small.size() / toCordon + small.size() / (2 * toCordon)));
    }
    cordoned = cordon.size();
    List<Node> cpu = new ArrayList<>();
    for (int i = 0; i < cpuNodes; i++) {
      cpu.add(cpuNode(i, isLarge(i), cordon.contains(i)));
    }
    List<Node> gpu = new ArrayList<>();
    for (int i = 0; i < gpuNodes; i++) {
      gpu.add(gpuNode(i));
    }
    cpu.sort(Comparator.comparing(Node::name));
    gpu.sort(Comparator.comparing(Node::name));
    nodes.addAll(cpu);
    nodes.addAll(gpu);
    cluster.addAll(nodes);

    for (Node n : nodes) {
      boolean isGpu = pool(n).equals("gpu");
      cluster.add(daemon("kube-proxy", n, "100m", "128Mi", isGpu));
      cluster.add(daemon("node-exporter", n, "50m", "64Mi", isGpu));
      if (isGpu) {
        cluster.add(daemon("nvidia-device-plugin", n, "50m", "64Mi", true));
      }
    }
    long runningMillis = 0;
    List<Node> open = cpu.stream().filter(n -> !n.spec().unschedulable()).toList();
    cluster.add(running("monitoring", "prometheus-0", "prometheus", cpu.get(0), "2", "8Gi"));
    runningMillis += 2000;
    int apis = Math.max(2, cpuNodes / 3);
    for (int i = 0; i < apis; i++) {
      Node n = cpu.get((i * 7) % cpu.size());
      cluster.add(running("shop", "api-" + i, "api", n, "500m", "1Gi"));
      if (!n.spec().unschedulable()) {
        runningMillis += 500;
      }
    }
    for (Node n : open) {
      schedulableCpuMillis +=
          n.allocatable().getOrZero("cpu").asBigDecimal().movePointRight(3).longValue();
      runningMillis += 150;
    }

    buildWorkload(open, gpuNodes * GPUS_PER_NODE, runningMillis);
  }

  private static boolean isLarge(int cpuIndex) {
    return (cpuIndex + cpuIndex / ZONES.length) % 3 == 1;
  }

  private Node cpuNode(int i, boolean large, boolean cordon) {
    String zone = ZONES[i % ZONES.length];
    String name =
        String.format(
            Locale.ROOT, "cpu-%s-%02d", zone.substring(zone.length() - 1), i / ZONES.length + 1);
    Node.Builder b =
        Node.builder()
            .name(name)
            .label(HOSTNAME_LABEL, name)
            .label(ZONE_LABEL, zone)
            .label("topology.kubernetes.io/region", "eu-west-1")
            .label("kubernetes.io/os", "linux")
            .label(INSTANCE_TYPE_LABEL, large ? LARGE : "m6i.2xlarge")
            .label(POOL_LABEL, "cpu")
            .unschedulable(cordon)
            .capacity("cpu", large ? "16" : "8")
            .capacity("memory", large ? "64Gi" : "32Gi")
            .capacity("pods", "110")
            .allocatable("cpu", large ? "15890m" : "7910m")
            .allocatable("memory", large ? "61Gi" : "30Gi")
            .allocatable("pods", "110");
    return b.build();
  }

  private Node gpuNode(int i) {
    String zone = ZONES[i % ZONES.length];
    String name =
        String.format(
            Locale.ROOT, "gpu-%s-%02d", zone.substring(zone.length() - 1), i / ZONES.length + 1);
    return Node.builder()
        .name(name)
        .label(HOSTNAME_LABEL, name)
        .label(ZONE_LABEL, zone)
        .label("topology.kubernetes.io/region", "eu-west-1")
        .label("kubernetes.io/os", "linux")
        .label(INSTANCE_TYPE_LABEL, "g5.12xlarge")
        .label(POOL_LABEL, "gpu")
        .label("nvidia.com/gpu.product", "NVIDIA-A10G")
        .taint(GPU, "present", TaintEffect.NO_SCHEDULE)
        .capacity("cpu", "48")
        .capacity("memory", "192Gi")
        .capacity("pods", "110")
        .capacity(GPU, Integer.toString(GPUS_PER_NODE))
        .allocatable("cpu", "47810m")
        .allocatable("memory", "185Gi")
        .allocatable("pods", "110")
        .allocatable(GPU, Integer.toString(GPUS_PER_NODE))
        .build();
  }

  private static PriorityClass priorityClass(
      String name, int value, boolean globalDefault, String description) {
    return PriorityClass.builder()
        .name(name)
        .value(value)
        .globalDefault(globalDefault)
        .description(description)
        .build();
  }

  private static Pod daemon(String app, Node node, String cpu, String memory, boolean tolerate) {
    Pod.Builder b =
        Pod.builder()
            .namespace("kube-system")
            .name(app + "-" + node.name())
            .label("app", app)
            .priorityClassName("system-node-critical")
            .priority(SYSTEM_NODE_CRITICAL)
            .nodeName(node.name())
            .phase("Running")
            .container(container(app, "registry.k8s.io/" + app + ":v1.35.0", cpu, memory));
    if (tolerate) {
      b.toleration(
          Toleration.builder()
              .operator(TolerationOperator.EXISTS)
              .effect(TaintEffect.NO_SCHEDULE)
              .build());
    }
    return b.build();
  }

  private static Pod running(
      String namespace, String name, String app, Node node, String cpu, String memory) {
    return Pod.builder()
        .namespace(namespace)
        .name(name)
        .label("app", app)
        .priorityClassName("standard")
        .priority(STANDARD)
        .nodeName(node.name())
        .phase("Running")
        .container(container(app, "ghcr.io/example/" + app + ":2.4", cpu, memory))
        .build();
  }

  private static Container container(String name, String image, String cpu, String memory) {
    return Container.builder()
        .name(name)
        .image(image)
        .request("cpu", cpu)
        .request("memory", memory)
        .build();
  }

  // ------------------------------------------------------------------ the workload

  /** One workload pod before its arrival order is known. */
  private record Arrival(double at, Pod pod) {}

  private void buildWorkload(List<Node> openCpuNodes, int gpus, long runningMillis) {
    List<Arrival> arrivals = new ArrayList<>();
    int batch = Math.round(podCount * 0.30f);
    int frontends = Math.max(3, Math.round(podCount * 0.06f));
    int caches = Math.max(2, Math.min(openCpuNodes.size(), Math.round(podCount * 0.04f)));
    int spark = Math.round(podCount * 0.08f);
    int inference = Math.max(1, Math.min(gpus / 2, Math.round(podCount * 0.05f)));
    gangSize = Math.max(2, Math.min(8, gpus * 2 / 5 / GPUS_PER_TRAINER));
    int burst = Math.round(podCount * 0.10f);
    int stuck = 2;
    int web = podCount - batch - frontends - caches - spark - inference - gangSize - burst - stuck;

    // What else runs in the cpu pool at the burst, roughly: services, caches, half the spark
    // executors and a third of the web pods. Batch fills the cpu pool to about 92 % of it.
    long others =
        runningMillis + frontends * 500L + caches * 1000L + spark * 1000L + Math.max(0, web) * 200L;
    long batchMillis =
        clamp(roundTo50((long) (schedulableCpuMillis * 0.92 - others) / batch), 250, 3500);
    long burstMillis =
        clamp(roundTo50((long) (schedulableCpuMillis * 0.25) / Math.max(1, burst)), 250, 4000);

    for (int i = 0; i < batch; i++) {
      double at = uniform(0, 60);
      Pod.Builder b =
          pod("batch", "etl-" + i, "etl", "batch-low", BATCH_LOW)
              .container(
                  container(
                      "etl", "ghcr.io/example/etl:1.9", millis(batchMillis), mib(batchMillis * 2)));
      arrivals.add(new Arrival(at, timed(b, at, uniform(360, 900)).build()));
    }
    for (int i = 0; i < web; i++) {
      double at = uniform(0, 600);
      long cpu = 250 + 250L * random.nextInt(4);
      Pod.Builder b =
          pod("shop", "web-" + i, "web", "standard", STANDARD)
              .container(container("web", "ghcr.io/example/web:3.2", millis(cpu), mib(cpu + 256)));
      arrivals.add(new Arrival(at, timed(b, at, uniform(60, 300)).build()));
    }
    for (int i = 0; i < frontends; i++) {
      double at = uniform(20, 80);
      Pod.Builder b =
          pod("shop", "frontend-" + i, "frontend", "standard", STANDARD)
              .container(container("frontend", "ghcr.io/example/frontend:5.0", "500m", "512Mi"))
              .topologySpreadConstraint(
                  TopologySpreadConstraint.builder()
                      .maxSkew(1)
                      .topologyKey(ZONE_LABEL)
                      .whenUnsatisfiable(UnsatisfiableConstraintAction.DO_NOT_SCHEDULE)
                      .labelSelector(LabelSelector.builder().matchLabel("app", "frontend").build())
                      .build());
      arrivals.add(new Arrival(at, timed(b, at, -1).build()));
    }
    for (int i = 0; i < caches; i++) {
      double at = uniform(10, 40);
      Pod.Builder b =
          pod("shop", "cache-" + i, "cache", "standard", STANDARD)
              .container(container("redis", "docker.io/library/redis:7.4", "1", "4Gi"))
              .affinity(
                  Affinity.builder()
                      .podAntiAffinity(
                          PodAntiAffinity.builder()
                              .required(
                                  PodAffinityTerm.builder()
                                      .labelSelector(
                                          LabelSelector.builder()
                                              .matchLabel("app", "cache")
                                              .build())
                                      .topologyKey(HOSTNAME_LABEL)
                                      .build())
                              .build())
                      .build());
      arrivals.add(new Arrival(at, timed(b, at, -1).build()));
    }
    for (int i = 0; i < spark; i++) {
      double at = uniform(60, 540);
      Pod.Builder b =
          pod("analytics", "spark-exec-" + i, "spark", "standard", STANDARD)
              .container(container("executor", "docker.io/apache/spark:3.5.3", "2", "8Gi"))
              .affinity(
                  Affinity.builder()
                      .nodeAffinity(
                          NodeAffinity.builder()
                              .required(
                                  NodeSelector.of(
                                      NodeSelectorTerm.of(
                                          NodeSelectorRequirement.in(INSTANCE_TYPE_LABEL, LARGE))))
                              .preferred(
                                  50,
                                  NodeSelectorTerm.of(
                                      NodeSelectorRequirement.in(ZONE_LABEL, "eu-west-1b")))
                              .build())
                      .build());
      arrivals.add(new Arrival(at, timed(b, at, uniform(120, 420)).build()));
    }
    for (int i = 0; i < inference; i++) {
      double at = uniform(0, 400);
      Pod.Builder b =
          gpuPod(
              pod("ml", "inference-" + i, "inference", "standard", STANDARD),
              "inference",
              1,
              "4",
              "16Gi");
      arrivals.add(new Arrival(at, timed(b, at, uniform(300, 900)).build()));
    }
    for (int i = 0; i < gangSize; i++) {
      Pod.Builder b =
          gpuPod(
                  pod("ml", "train-" + i, "train", "standard", STANDARD),
                  "trainer",
                  GPUS_PER_TRAINER,
                  "8",
                  "32Gi")
              .label(PodGroup.POD_GROUP_LABEL, "train");
      arrivals.add(new Arrival(150, timed(b, 150, 300).build()));
    }
    for (int i = 0; i < burst; i++) {
      double at = BURST_AT + uniform(0, 5);
      Pod.Builder b =
          pod("payments", "checkout-" + i, "checkout", "business-critical", BUSINESS_CRITICAL)
              .container(
                  container(
                      "checkout",
                      "ghcr.io/example/checkout:8.1",
                      millis(burstMillis),
                      mib(burstMillis)));
      arrivals.add(new Arrival(at, timed(b, at, 240).build()));
    }
    Pod.Builder finetune =
        gpuPod(
            pod("ml", "llm-finetune", "finetune", "standard", STANDARD),
            "finetune",
            8,
            "32",
            "128Gi");
    arrivals.add(new Arrival(200, timed(finetune, 200, 1800).build()));
    Pod.Builder report =
        pod("shop", "legacy-report", "report", "standard", STANDARD)
            .nodeSelector("disktype", "hdd")
            .container(container("report", "ghcr.io/example/report:0.9", "1", "2Gi"));
    arrivals.add(new Arrival(100, timed(report, 100, 600).build()));

    arrivals.sort(Comparator.comparingDouble(Arrival::at));
    workload.add(
        PodGroup.builder()
            .namespace("ml")
            .name("train")
            .minMember(gangSize)
            .scheduleTimeoutSeconds(120)
            .build());
    for (Arrival a : arrivals) {
      workload.add(a.pod());
    }
  }

  private static Pod.Builder pod(
      String namespace, String name, String app, String priorityClass, int priority) {
    return Pod.builder()
        .namespace(namespace)
        .name(name)
        .label("app", app)
        .priorityClassName(priorityClass)
        .priority(priority);
  }

  private static Pod.Builder gpuPod(
      Pod.Builder b, String container, int gpus, String cpu, String memory) {
    return b.container(
            Container.builder()
                .name(container)
                .image("nvcr.io/nvidia/pytorch:24.10-py3")
                .request("cpu", cpu)
                .request("memory", memory)
                .request(GPU, Integer.toString(gpus))
                .limit(GPU, Integer.toString(gpus))
                .build())
        .toleration(
            Toleration.builder()
                .key(GPU)
                .operator(TolerationOperator.EXISTS)
                .effect(TaintEffect.NO_SCHEDULE)
                .build());
  }

  /** Sets the arrival and, for a non-negative {@code duration}, the duration annotations. */
  private static Pod.Builder timed(Pod.Builder b, double at, double duration) {
    b.annotation(Simulation.ARRIVAL_ANNOTATION, seconds(at));
    if (duration >= 0) {
      b.annotation(Simulation.DURATION_ANNOTATION, seconds(duration));
    }
    return b;
  }

  private double uniform(double from, double to) {
    return from + Math.floor(random.nextDouble() * (to - from) * 10) / 10;
  }

  private static String seconds(double s) {
    return String.format(Locale.ROOT, "%.1f", s);
  }

  private static String millis(long m) {
    return m % 1000 == 0 ? Long.toString(m / 1000) : m + "m";
  }

  private static String mib(long m) {
    return m + "Mi";
  }

  private static long roundTo50(long m) {
    return Math.round(m / 50.0) * 50;
  }

  private static long clamp(long v, long min, long max) {
    return Math.max(min, Math.min(max, v));
  }

  @Override
  public String toString() {
    return "DemoScenario[nodes=" + nodeCount + ", pods=" + podCount + ", seed=" + seed + "]";
  }
}
