package io.schedkit.simulation;

import static io.schedkit.testing.Wrappers.makeNode;
import static io.schedkit.testing.Wrappers.makePod;
import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.framework.model.IntOrString;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.ObjectMeta;
import io.schedkit.framework.model.OwnerReference;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodDisruptionBudget;
import io.schedkit.framework.model.PodDisruptionBudgetStatus;
import io.schedkit.framework.model.Workload;
import io.schedkit.framework.model.WorkloadSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The disruption controller's status for budgets given without one, and kept up to date. */
final class DisruptionBudgetsTest {
  private static final Map<String, String> ZK = Map.of("app.kubernetes.io/name", "zk");

  private static final Workload SET =
      Workload.builder()
          .kind(Workload.STATEFUL_SET)
          .name("zk")
          .selector(LabelSelector.of(ZK))
          .spec(
              WorkloadSpec.builder()
                  .replicas(3)
                  .template(ObjectMeta.builder().labels(ZK).build(), makePod().obj().spec())
                  .build())
          .build();

  private static PodDisruptionBudget zkPdb(boolean maxUnavailable) {
    PodDisruptionBudget.Builder b =
        PodDisruptionBudget.builder().name("zk-pdb").selector(LabelSelector.of(ZK));
    return (maxUnavailable
            ? b.maxUnavailable(IntOrString.of(1))
            : b.minAvailable(IntOrString.of(2)))
        .build();
  }

  private static Pod zk(int i, String owner) {
    return makePod()
        .name("zk-" + i)
        .labels(ZK)
        .ownerReference(new OwnerReference("apps/v1", Workload.STATEFUL_SET, owner, "", true))
        .node("node-" + i)
        .obj();
  }

  @Test
  void status_ofTheTutorialsBudget_allowsOneDisruption() {
    List<Pod> pods = List.of(zk(0, "zk"), zk(1, "zk"), zk(2, "zk"));

    PodDisruptionBudgetStatus s = DisruptionBudgets.status(zkPdb(true), pods, List.of(SET));

    assertThat(s)
        .extracting(
            PodDisruptionBudgetStatus::expectedPods,
            PodDisruptionBudgetStatus::desiredHealthy,
            PodDisruptionBudgetStatus::currentHealthy,
            PodDisruptionBudgetStatus::disruptionsAllowed)
        .containsExactly(3, 2, 3, 1);
  }

  @Test
  void status_countsThePodsThatAreBound() {
    List<Pod> pods =
        List.of(zk(0, "zk"), zk(1, "zk"), zk(2, "zk").toBuilder().nodeName("").build());

    PodDisruptionBudgetStatus s = DisruptionBudgets.status(zkPdb(true), pods, List.of(SET));

    assertThat(s.currentHealthy()).isEqualTo(2);
    assertThat(s.disruptionsAllowed()).isZero();
  }

  @Test
  void status_minAvailable_countsTheCoveredPods() {
    List<Pod> pods = List.of(zk(0, "zk"), zk(1, "zk"), zk(2, "zk"));

    PodDisruptionBudgetStatus s = DisruptionBudgets.status(zkPdb(false), pods, List.of());

    assertThat(s.expectedPods()).isEqualTo(3);
    assertThat(s.disruptionsAllowed()).isEqualTo(1);
  }

  @Test
  void status_aControllerNotAmongTheInputs_allowsNothing() {
    List<Pod> pods = List.of(zk(0, "zk"), zk(1, "other"), zk(2, "zk"));

    assertThat(DisruptionBudgets.status(zkPdb(true), pods, List.of(SET)).disruptionsAllowed())
        .isZero();
  }

  @Test
  void withStatuses_fillsOnlyTheBudgetsWithoutStatus() {
    PodDisruptionBudget given =
        zkPdb(true).toBuilder()
            .name("given")
            .status(PodDisruptionBudgetStatus.builder().expectedPods(3).desiredHealthy(3).build())
            .build();
    List<KubeObject> objects =
        List.of(SET, zk(0, "zk"), zk(1, "zk"), zk(2, "zk"), zkPdb(true), given);

    List<KubeObject> out = DisruptionBudgets.withStatuses(objects);

    assertThat(((PodDisruptionBudget) out.get(4)).status().disruptionsAllowed()).isEqualTo(1);
    assertThat(out.get(5)).isEqualTo(given);
    assertThat(DisruptionBudgets.unobservedCount(objects)).isEqualTo(1);
  }

  @Test
  void live_followsThePods_asAPodIsDeletedAndComesBack() {
    InMemoryCluster cluster = InMemoryCluster.builder().build();
    List<KubeObject> objects = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      objects.add(makeNode().name("node-" + i).obj());
    }
    objects.add(SET);
    objects.add(zk(0, "zk"));
    objects.add(zk(1, "zk"));
    objects.add(zk(2, "zk"));
    objects.add(zkPdb(true));
    cluster.createAll(DisruptionBudgets.withStatuses(objects));
    DisruptionBudgets.Live live = new DisruptionBudgets.Live(cluster);
    cluster.watch(
        e -> {
          if (e.object() instanceof Pod p) {
            live.podChanged(p, e.type() == io.schedkit.framework.cluster.WatchEvent.Type.DELETED);
          }
        });
    live.start(Set.of("default/zk-pdb"));

    assertThat(allowed(cluster)).isEqualTo(1);
    cluster.delete(cluster.pod("default", "zk-1").orElseThrow());
    assertThat(allowed(cluster)).isZero();
    cluster.create(zk(1, "zk").toBuilder().nodeName("").build());
    assertThat(allowed(cluster)).isZero();
    cluster.bind(cluster.pod("default", "zk-1").orElseThrow(), "node-1");
    assertThat(allowed(cluster)).isEqualTo(1);
  }

  private static int allowed(InMemoryCluster cluster) {
    return ((PodDisruptionBudget)
            cluster.get(PodDisruptionBudget.KIND, "default", "zk-pdb").orElseThrow())
        .status()
        .disruptionsAllowed();
  }
}
