package io.schedkit.framework;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
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
  void reserve_beforeFilling_keepsEveryStatus_andAfterwardsChangesNothing() {
    NodeToStatus m = new NodeToStatus();
    m.reserve(1000);
    for (int i = 0; i < 1000; i++) {
      m.set("n" + i, Status.unschedulable("r" + i));
    }
    m.reserve(5000); // not empty any more: must not drop what is there
    assertThat(m.size()).isEqualTo(1000);
    assertThat(m.get("n999").reasons()).containsExactly("r999");

    NodeToStatus given = new NodeToStatus(Map.of("a", Status.unschedulable("x")), Status.success());
    given.reserve(100);
    assertThat(given.explicit()).containsOnlyKeys("a");
  }
}
