package io.schedkit.plugins.interpodaffinity;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.plugins.helper.FakeReplacingLister;
import io.schedkit.plugins.helper.TopologyDomains;
import io.schedkit.testing.Wrappers;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Totals by domain id stay equal to the totals by value, across a renumbering of the domains. */
final class ValueTotalsTest {
  @Test
  void byDomain_followsByValue_acrossRenumbering() {
    TopologyDomains zones = new TopologyDomains("zone");
    ValueTotals totals = new ValueTotals(zones);
    totals.sync();
    totals.adjust("z1", 3);
    totals.adjust("z2", 1);
    totals.adjust("z1", -1);
    totals.adjust("z2", -1);

    assertThat(totals.view()).containsExactlyEntriesOf(Map.of("z1", 2L));
    assertThat(totals.atDomain(zones.idOf("z1"))).isEqualTo(2);
    assertThat(totals.atDomain(zones.idOf("z2"))).isZero();

    for (int i = 0; i < 100; i++) {
      zones.idOf("gone-" + i);
    }
    zones.refresh(
        new FakeReplacingLister(
            List.of(
                Wrappers.makeNode().name("b").label("zone", "z2").obj(),
                Wrappers.makeNode().name("a").label("zone", "z1").obj()),
            List.of()));
    assertThat(totals.isSynced()).as("renumbered: the ids are stale").isFalse();

    totals.sync();
    assertThat(totals.isSynced()).isTrue();
    assertThat(totals.atDomain(zones.at(1))).isEqualTo(2);
    assertThat(totals.atDomain(zones.at(0))).isZero();
    assertThat(totals.atDomain(1_000)).isZero();
  }
}
