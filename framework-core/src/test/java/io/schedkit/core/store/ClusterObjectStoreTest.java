package io.schedkit.core.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.framework.cluster.ClusterObjects;
import io.schedkit.framework.cluster.WatchEvent;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.Namespace;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.ObjectMeta;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodDisruptionBudget;
import io.schedkit.framework.model.PodGroup;
import io.schedkit.framework.model.PriorityClass;
import io.schedkit.framework.model.Service;
import io.schedkit.framework.model.Workload;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

final class ClusterObjectStoreTest {
  private final ClusterObjectStore store = new ClusterObjectStore();

  private static PriorityClass pc(String name, int value, boolean globalDefault) {
    return PriorityClass.builder().name(name).value(value).globalDefault(globalDefault).build();
  }

  private void add(KubeObject... objects) {
    for (KubeObject o : objects) {
      store.apply(WatchEvent.added(o));
    }
  }

  @Test
  void apply_storesEveryNonNodeKindByNamespace() {
    Namespace ns = Namespace.of("team", Map.of("env", "prod"));
    PodDisruptionBudget pdbA = PodDisruptionBudget.builder().namespace("team").name("a").build();
    PodDisruptionBudget pdbB = PodDisruptionBudget.builder().name("b").build();
    PodGroup group = PodGroup.builder().namespace("team").name("gang").minMember(3).build();
    Service svc = Service.builder().namespace("team").name("web").selector("app", "web").build();
    Workload rs =
        Workload.replicaSet(
            ObjectMeta.builder().namespace("team").name("web-1").build(),
            LabelSelector.of(Map.of("app", "web")));
    Pod p1 = Pod.builder().namespace("team").name("p1").build();
    Pod p2 = Pod.builder().namespace("team").name("p2").nodeName("n1").build();
    Pod other = Pod.builder().name("p1").build();
    add(ns, pdbA, pdbB, group, svc, rs, p1, p2, other, pc("high", 1000, false));

    assertThat(store.namespace("team")).contains(ns);
    assertThat(store.podDisruptionBudgets("team")).containsExactly(pdbA);
    assertThat(store.podDisruptionBudgets()).containsExactlyInAnyOrder(pdbA, pdbB);
    assertThat(store.podGroup("team", "gang")).contains(group);
    assertThat(store.podGroup("default", "gang")).isEmpty();
    assertThat(store.services("team")).containsExactly(svc);
    assertThat(store.services("default")).isEmpty();
    assertThat(store.workload(Workload.REPLICA_SET, "team", "web-1")).contains(rs);
    assertThat(store.workload(Workload.STATEFUL_SET, "team", "web-1")).isEmpty();
    assertThat(store.pods("team")).containsExactly(p1, p2);
    assertThat(store.pods("default")).containsExactly(other);
    assertThat(store.pod("team", "p2")).contains(p2);
    assertThat(store.priorityClass("high")).contains(pc("high", 1000, false));
  }

  @Test
  void namespaces_listsEveryNamespaceByName() {
    Namespace b = Namespace.of("b", Map.of("team", "t2"));
    Namespace a = Namespace.of("a", Map.of("team", "t1"));
    Namespace c = Namespace.of("c", Map.of());
    add(b, c, a);
    store.apply(WatchEvent.deleted(c));

    assertThat(store.namespaces()).containsExactly(a, b);
  }

  @Test
  void apply_modifiedReplacesAndDeletedRemoves() {
    Pod p1 = Pod.builder().name("p1").build();
    Pod bound = p1.toBuilder().nodeName("n1").build();
    Pod p2 = Pod.builder().name("p2").build();
    add(p1, p2);

    store.apply(WatchEvent.modified(p1, bound));
    assertThat(store.pods("default")).containsExactly(bound, p2);

    store.apply(WatchEvent.deleted(bound));
    assertThat(store.pods("default")).containsExactly(p2);
    assertThat(store.pod("default", "p1")).isEmpty();
  }

  @Test
  void apply_ignoresNodes() {
    store.apply(WatchEvent.added(Node.builder().name("n1").build()));

    assertThat(store.pods("")).isEmpty();
    assertThat(store.namespace("n1")).isEmpty();
  }

  @Test
  void of_loadsClusterObjects() {
    Pod p = Pod.builder().name("p1").build();
    ClusterObjectStore loaded =
        ClusterObjectStore.of(
            ClusterObjects.of(List.of(Node.builder().name("n1").build(), p, pc("x", 5, true))));

    assertThat(loaded.pods("default")).containsExactly(p);
    assertThat(loaded.globalDefaultPriorityClass()).contains(pc("x", 5, true));
  }

  @Test
  void globalDefaultPriorityClass_highestValueThenFirstName() {
    add(pc("low", 10, true), pc("b", 100, true), pc("a", 100, true), pc("top", 1000, false));

    assertThat(store.globalDefaultPriorityClass()).contains(pc("a", 100, true));

    store.apply(WatchEvent.deleted(pc("a", 100, true)));
    assertThat(store.globalDefaultPriorityClass()).contains(pc("b", 100, true));
  }

  static Stream<Arguments> priorities() {
    Pod.Builder plain = Pod.builder().name("p");
    return Stream.of(
        Arguments.of("nothing set, no classes", plain.build(), List.of(), 0),
        Arguments.of(
            "spec.priority wins over its class",
            Pod.builder().name("p").priority(7).priorityClassName("high").build(),
            List.of(pc("high", 1000, false)),
            7),
        Arguments.of(
            "spec.priority zero is set",
            Pod.builder().name("p").priority(0).build(),
            List.of(pc("default", 50, true)),
            0),
        Arguments.of(
            "negative spec.priority", Pod.builder().name("p").priority(-5).build(), List.of(), -5),
        Arguments.of(
            "named class",
            Pod.builder().name("p").priorityClassName("high").build(),
            List.of(pc("high", 1000, false), pc("default", 50, true)),
            1000),
        Arguments.of(
            "unknown class falls back to the global default",
            Pod.builder().name("p").priorityClassName("missing").build(),
            List.of(pc("default", 50, true)),
            50),
        Arguments.of(
            "no class: global default",
            plain.build(),
            List.of(pc("high", 1000, false), pc("default", 50, true)),
            50),
        Arguments.of(
            "several global defaults: highest value",
            plain.build(),
            List.of(pc("d1", 50, true), pc("d2", 80, true), pc("d3", 60, true)),
            80),
        Arguments.of(
            "no class and no global default", plain.build(), List.of(pc("high", 1000, false)), 0),
        Arguments.of(
            "system class when stored",
            Pod.builder().name("p").priorityClassName("system-node-critical").build(),
            List.of(pc("system-node-critical", 2_000_001_000, false)),
            2_000_001_000));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("priorities")
  void resolvePriority_cases(String name, Pod pod, List<PriorityClass> classes, int expected) {
    classes.forEach(c -> store.apply(WatchEvent.added(c)));

    assertThat(store.resolvePriority(pod)).isEqualTo(expected);
  }
}
