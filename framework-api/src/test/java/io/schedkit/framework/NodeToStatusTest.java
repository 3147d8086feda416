package io.schedkit.framework;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

final class NodeToStatusTest {
  @Test
  void absentNodes_getTheAbsentStatus_explicitOnesTheirOwn() {
    NodeToStatus m = new NodeToStatus();
    m.set("n1", Status.unschedulable("Insufficient cpu"));
    assertThat(m.get("n1").reasons()).containsExactly("Insufficient cpu");
    assertThat(m.get("n2").code()).isEqualTo(Code.UNSCHEDULABLE_AND_UNRESOLVABLE);
    m.setAbsentStatus(Status.unschedulable("later"));
    assertThat(m.get("n2").reasons()).containsExactly("later");
    assertThat(m.size()).isEqualTo(1);
  }

  @Test
  void setAll_onAnEmptyMap_countsWithoutBuildingIt_thenReadsBack() {
    NodeToStatus m = new NodeToStatus();
    m.setAll(
        new String[] {"x", "y"},
        new Status[] {Status.unschedulable("rx"), Status.unschedulable("ry")},
        2);
    assertThat(m.size()).isEqualTo(2);
    assertThat(m.get("y").reasons()).containsExactly("ry");
    assertThat(m.size()).isEqualTo(2);
  }

  @Test
  void setAll_isSetOneByOne_withLaterEntriesWinning_andMixesWithSet() {
    NodeToStatus m = new NodeToStatus();
    m.set("a", Status.unschedulable("first"));
    m.setAll(
        new String[] {"b", "c", "a", "ignored"},
        new Status[] {
          Status.unschedulable("b1"),
          Status.unschedulable("c1"),
          Status.unschedulable("a1"),
          Status.unschedulable("beyond count")
        },
        3);
    assertThat(m.size()).isEqualTo(3); // "a" was there before: counted once
    assertThat(m.get("b").reasons()).containsExactly("b1");
    assertThat(m.get("a").reasons()).containsExactly("a1");
    assertThat(m.get("ignored").code()).isEqualTo(Code.UNSCHEDULABLE_AND_UNRESOLVABLE);
    m.setAll(new String[] {"a"}, new Status[] {Status.unschedulable("second")}, 1);
    m.set("c", Status.unschedulable("c2"));
    assertThat(m.explicit()).containsOnlyKeys("a", "b", "c");
    assertThat(m.get("a").reasons()).containsExactly("second");
    assertThat(m.get("c").reasons()).containsExactly("c2");
  }
}
