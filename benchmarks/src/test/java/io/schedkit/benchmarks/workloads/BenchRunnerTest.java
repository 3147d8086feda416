package io.schedkit.benchmarks.workloads;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

final class BenchRunnerTest {
  @Test
  void warmupScales_oneRunUpToOne_thenWholeRunsAndTheFractionLeft() {
    assertThat(BenchRunner.warmupScales(0)).isEmpty();
    assertThat(BenchRunner.warmupScales(0.2)).containsExactly(0.2);
    assertThat(BenchRunner.warmupScales(1)).containsExactly(1.0);
    assertThat(BenchRunner.warmupScales(3)).containsExactly(1.0, 1.0, 1.0);
    assertThat(BenchRunner.warmupScales(2.5)).containsExactly(1.0, 1.0, 0.5);
  }

  @Test
  void owners_areTheReplicaSetsThatControlTheTemplates_selectingTheirLabels() {
    var owned =
        BenchWorkloads.byName("SchedulingBasic/5000Nodes_10000Pods_ReplicaSet").orElseThrow();

    var owners = BenchRunner.owners(owned);

    assertThat(owners).hasSize(1);
    var rs = owners.get(0);
    assertThat(rs.kind()).isEqualTo(io.schedkit.framework.model.Workload.REPLICA_SET);
    assertThat(rs.metadata().namespace()).isEqualTo(owned.measured().namespace());
    assertThat(rs.metadata().name()).isEqualTo("web");
    assertThat(rs.selector().matches(owned.measured().template().labels())).isTrue();
    assertThat(
            BenchRunner.owners(
                BenchWorkloads.byName("SchedulingBasic/5000Nodes_10000Pods").orElseThrow()))
        .isEmpty();
  }

  @Test
  void podsOfAGroupWithApps_takeTheAppsInTurn() {
    var group =
        BenchWorkloads.byName("TopologySpreading/5000Nodes_5000Pods_40Apps")
            .orElseThrow()
            .measured();

    var pods = BenchRunner.pods(group, 38, 42);

    assertThat(pods)
        .extracting(p -> p.labels().get("app"))
        .containsExactly("app-38", "app-39", "app-0", "app-1");
    assertThat(pods).allSatisfy(p -> assertThat(p.labels()).containsEntry("color", "blue"));
    var plain =
        BenchWorkloads.byName("TopologySpreading/5000Nodes_5000Pods").orElseThrow().measured();
    assertThat(BenchRunner.pods(plain, 0, 1).get(0).labels()).doesNotContainKey("app");
  }

  @Test
  void percentile_nearestRank() {
    long[] values = {5, 1, 4, 2, 3};

    assertThat(BenchRunner.percentile(values, 50)).isEqualTo(3);
    assertThat(BenchRunner.percentile(values, 99)).isEqualTo(5);
    assertThat(BenchRunner.percentile(new long[0], 50)).isZero();
  }
}
