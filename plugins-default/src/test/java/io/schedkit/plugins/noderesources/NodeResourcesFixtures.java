package io.schedkit.plugins.noderesources;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PreScorePlugin;
import io.schedkit.framework.ScorePlugin;
import io.schedkit.framework.Status;
import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.Quantity;
import io.schedkit.framework.model.ResourceList;
import io.schedkit.framework.model.ResourceRequirements;
import io.schedkit.testing.Wrappers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * NodeResourcesFixtures of upstream's noderesources tests: {@code newResourcePod}, {@code
 * newResourceInitPod}, {@code newResourceOverheadPod}, {@code makeNode} and the shared resource
 * lists.
 */
final class NodeResourcesFixtures {
  private NodeResourcesFixtures() {}

  static final String EXTENDED_A = "example.com/aaa";
  static final String EXTENDED_B = "example.com/bbb";
  static final String KUBERNETES_IO_A = "kubernetes.io/something";
  static final String KUBERNETES_IO_B = "subdomain.kubernetes.io/something";
  static final String HUGE_PAGE_A = "hugepages-2Mi";
  static final String EXTENDED_RES = "abc.com/xyz";

  static final List<ResourceSpec> DEFAULT_RESOURCES = ResourceSpec.DEFAULT_RESOURCES;
  static final List<ResourceSpec> EXTENDED_RESOURCE_SET =
      List.of(
          new ResourceSpec("cpu", 1),
          new ResourceSpec("memory", 1),
          new ResourceSpec(EXTENDED_RES, 1));

  /** One container's requests, as upstream's {@code framework.Resource} literal. */
  record Res(long milliCpu, long memory, long ephemeralStorage, Map<String, Long> scalars) {
    static Res of(long milliCpu, long memory) {
      return new Res(milliCpu, memory, 0, Map.of());
    }

    static Res none() {
      return of(0, 0);
    }

    static Res storage(long ephemeralStorage) {
      return new Res(0, 0, ephemeralStorage, Map.of());
    }

    static Res scalar(String name, long value) {
      return of(0, 0).with(name, value);
    }

    Res with(String name, long value) {
      Map<String, Long> s = new LinkedHashMap<>(scalars);
      s.put(name, value);
      return new Res(milliCpu, memory, ephemeralStorage, s);
    }

    Res withStorage(long storage) {
      return new Res(milliCpu, memory, storage, scalars);
    }

    /** The container's requests: cpu, memory, pods (0) and ephemeral storage, always listed. */
    ResourceList requests() {
      Map<String, Quantity> m = new TreeMap<>();
      m.put("cpu", Quantity.ofMillis(milliCpu));
      m.put("memory", Quantity.of(memory));
      m.put("pods", Quantity.of(0));
      m.put("ephemeral-storage", Quantity.of(ephemeralStorage));
      scalars.forEach((name, v) -> m.put(name, Quantity.of(v)));
      return ResourceList.of(m);
    }
  }

  /** A pod with one container per {@code usage} ({@code newResourcePod}). */
  static Pod resourcePod(Res... usage) {
    Pod.Builder b = Pod.builder();
    for (Container c : containers("c", usage)) {
      b.container(c);
    }
    return b.build();
  }

  /** {@code pod} with one init container per {@code usage} ({@code newResourceInitPod}). */
  static Pod withInit(Pod pod, Res... usage) {
    Pod.Builder b = pod.toBuilder();
    for (Container c : containers("init", usage)) {
      b.initContainer(c);
    }
    return b.build();
  }

  /** {@code pod} with the overhead {@code cpu}, {@code memory} ({@code newResourceOverheadPod}). */
  static Pod withOverhead(Pod pod, String cpu, String memory) {
    return pod.toBuilder().overhead(ResourceList.of("cpu", cpu, "memory", memory)).build();
  }

  /** {@code pod} with pod-level requests ({@code newPodLevelResourcesPod}). */
  static Pod withPodLevel(Pod pod, ResourceList requests) {
    return pod.toBuilder()
        .resources(new ResourceRequirements(requests, ResourceList.empty()))
        .build();
  }

  private static List<Container> containers(String prefix, Res... usage) {
    List<Container> out = new ArrayList<>();
    for (int i = 0; i < usage.length; i++) {
      out.add(Container.builder().name(prefix + i).requests(usage[i].requests()).build());
    }
    return out;
  }

  /**
   * The scores {@code plugin} gives {@code pod} on {@code nodes} running {@code existing} (pods
   * with a node name), by node name in order, as upstream's score tests compute them: PreScore
   * first when {@code runPreScore}, then Score on each node with the same cycle state.
   */
  static <P extends PreScorePlugin & ScorePlugin> Map<String, Long> scores(
      P plugin, Pod pod, List<Node> nodes, List<Pod> existing, boolean runPreScore) {
    List<NodeInfo> infos = Wrappers.nodeInfos(nodes, existing);
    PodInfo podInfo = PodInfo.of(pod);
    CycleState state = new CycleState();
    if (runPreScore) {
      Status s = plugin.preScore(state, podInfo, infos);
      if (!s.isSuccess()) {
        throw new AssertionError("PreScore returned " + s);
      }
    }
    Map<String, Long> out = new LinkedHashMap<>();
    for (NodeInfo n : infos) {
      out.put(n.name(), plugin.score(state, podInfo, n));
    }
    return out;
  }

  /** {@code node1: s1, node2: s2, ...} in order. */
  static Map<String, Long> expected(long... scores) {
    Map<String, Long> out = new LinkedHashMap<>();
    for (int i = 0; i < scores.length; i++) {
      out.put("node" + (i + 1), scores[i]);
    }
    return out;
  }

  /**
   * A node named {@code name} whose capacity and allocatable are {@code milliCpu}, {@code memory}
   * and the given extended resources, without a pod count ({@code makeNode} of the score tests).
   */
  static Node makeNode(String name, long milliCpu, long memory, Map<String, Long> extended) {
    Map<String, Quantity> m = new TreeMap<>();
    m.put("cpu", Quantity.ofMillis(milliCpu));
    m.put("memory", Quantity.of(memory));
    extended.forEach((r, v) -> m.put(r, Quantity.of(v)));
    ResourceList list = ResourceList.of(m);
    return Node.builder().name(name).capacity(list).allocatable(list).build();
  }

  /**
   * Allocatable (and capacity) {@code milliCpu, memory, pods, example.com/aaa, ephemeral-storage,
   * hugepages-2Mi} ({@code makeAllocatableResources}).
   */
  static Node allocatableNode(
      long milliCpu, long memory, long pods, long extendedA, long storage, long hugePageA) {
    Map<String, Quantity> m = new TreeMap<>();
    m.put("cpu", Quantity.ofMillis(milliCpu));
    m.put("memory", Quantity.of(memory));
    m.put("pods", Quantity.of(pods));
    m.put(EXTENDED_A, Quantity.of(extendedA));
    m.put("ephemeral-storage", Quantity.of(storage));
    m.put(HUGE_PAGE_A, Quantity.of(hugePageA));
    ResourceList list = ResourceList.of(m);
    return Node.builder().name("node").capacity(list).allocatable(list).build();
  }
}
