package io.schedkit.testing;

import static io.schedkit.testing.SchedkitAssertions.assertThat;
import static io.schedkit.testing.SchedkitAssertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

final class FakeClockTest {

  @Test
  void new_startsAtTheDocumentedInstant() {
    assertThat(new FakeClock().now()).isEqualTo(Instant.parse("2026-01-01T00:00:00Z"));
    assertThat(new FakeClock(Instant.EPOCH).now()).isEqualTo(Instant.EPOCH);
  }

  @Test
  void step_runsDueTasksAtTheirDeadlinesInOrder() {
    FakeClock clock = new FakeClock();
    Instant start = clock.now();
    List<String> ran = new ArrayList<>();
    clock.schedule(Duration.ofSeconds(2), () -> ran.add("b@" + clock.now()));
    clock.schedule(Duration.ofSeconds(1), () -> ran.add("a@" + clock.now()));
    clock.schedule(Duration.ofSeconds(10), () -> ran.add("late"));

    clock.step(Duration.ofSeconds(5));

    assertThat(ran).containsExactly("a@" + start.plusSeconds(1), "b@" + start.plusSeconds(2));
    assertThat(clock.now()).isEqualTo(start.plusSeconds(5));
    assertThat(clock.hasWaiters()).isTrue();
  }

  @Test
  void setTime_movesForwardAndRunsWhatFallsDue() {
    FakeClock clock = new FakeClock();
    List<String> ran = new ArrayList<>();
    clock.schedule(Duration.ofMinutes(1), () -> ran.add("timeout"));

    clock.setTime(clock.now());
    assertThat(ran).isEmpty();

    clock.setTime(FakeClock.DEFAULT_START.plus(Duration.ofMinutes(1)));

    assertThat(ran).containsExactly("timeout");
    assertThat(clock.hasWaiters()).isFalse();
    assertThat(clock.now()).isEqualTo(FakeClock.DEFAULT_START.plusSeconds(60));
  }

  @Test
  void setTime_refusesToGoBack() {
    FakeClock clock = new FakeClock();
    clock.step(Duration.ofSeconds(1));

    assertThatThrownBy(() -> clock.setTime(FakeClock.DEFAULT_START))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cannot go back");
    assertThat(clock.now()).isEqualTo(FakeClock.DEFAULT_START.plusSeconds(1));
  }

  @Test
  void step_refusesANegativeDuration() {
    FakeClock clock = new FakeClock();

    assertThatThrownBy(() -> clock.step(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(clock.now()).isEqualTo(FakeClock.DEFAULT_START);
  }

  @Test
  void cancelledTasks_doNotRun() {
    FakeClock clock = new FakeClock();
    List<String> ran = new ArrayList<>();
    var handle = clock.schedule(Duration.ofSeconds(1), () -> ran.add("x"));

    assertThat(handle.cancel()).isTrue();
    clock.step(Duration.ofSeconds(2));

    assertThat(ran).isEmpty();
    assertThat(clock.hasWaiters()).isFalse();
  }
}
