package io.schedkit.framework;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

final class StatusTest {
  @Test
  void success_isShared() {
    assertThat(Status.success()).isSameAs(Status.of(Code.SUCCESS));
    assertThat(Status.success().isSuccess()).isTrue();
    assertThat(Status.success().message()).isEmpty();
  }

  @Test
  void error_causeMessageComesFirst() {
    Status s = Status.error(new IllegalStateException("boom")).withReason("more");
    assertThat(s.reasons()).containsExactly("boom", "more");
    assertThat(s.message()).isEqualTo("boom, more");
    assertThat(s.cause()).containsInstanceOf(IllegalStateException.class);
  }

  @Test
  void rejection_codes() {
    assertThat(Status.unschedulable("x").isRejected()).isTrue();
    assertThat(Status.unresolvable("x").isRejected()).isTrue();
    assertThat(Status.of(Code.PENDING, "x").isRejected()).isTrue();
    assertThat(Status.error("x").isRejected()).isFalse();
    assertThat(Status.waiting().isRejected()).isFalse();
  }

  @Test
  void withPlugin_recordsProducer() {
    Status s = Status.unschedulable("Insufficient cpu").withPlugin("NodeResourcesFit");
    assertThat(s.plugin()).isEqualTo("NodeResourcesFit");
    assertThat(s.toString()).isEqualTo("Unschedulable from NodeResourcesFit: Insufficient cpu");
    assertThat(s)
        .isEqualTo(Status.unschedulable("Insufficient cpu").withPlugin("NodeResourcesFit"));
  }

  @Test
  void code_upstreamNames() {
    assertThat(Code.UNSCHEDULABLE_AND_UNRESOLVABLE.toString())
        .isEqualTo("UnschedulableAndUnresolvable");
    assertThat(Code.fromUpstreamName("Wait")).isEqualTo(Code.WAIT);
  }
}
