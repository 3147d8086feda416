package io.schedkit.core.clock;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.framework.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Background tasks of {@link VirtualClock} run when time passes them, in deadline order with the
 * other tasks, but are not deadlines: nothing waits for them.
 */
final class VirtualClockBackgroundTest {
  @Test
  void backgroundTasksRunAsTimePasses_butAreNotDeadlines() {
    VirtualClock clock = new VirtualClock(Instant.parse("2026-01-01T00:00:00Z"));
    List<String> ran = new ArrayList<>();
    clock.scheduleBackground(Duration.ofSeconds(30), () -> ran.add("background"));

    assertThat(clock.nextDeadline()).isEmpty();
    assertThat(clock.pendingTasks()).isZero();
    assertThat(clock.deadlines()).isEmpty();
    assertThat(clock.advanceToNextDeadline()).isFalse();
    assertThat(ran).isEmpty();

    clock.schedule(Duration.ofSeconds(40), () -> ran.add("deadline"));
    assertThat(clock.nextDeadline()).contains(Instant.parse("2026-01-01T00:00:40Z"));
    assertThat(clock.advanceToNextDeadline()).isTrue();
    assertThat(ran).containsExactly("background", "deadline");
  }

  @Test
  void aCancelledBackgroundTaskDoesNotRun() {
    VirtualClock clock = new VirtualClock();
    List<String> ran = new ArrayList<>();
    Clock.Cancellable c = clock.scheduleBackground(Duration.ofSeconds(1), () -> ran.add("x"));
    assertThat(c.cancel()).isTrue();
    clock.advance(Duration.ofSeconds(2));
    assertThat(ran).isEmpty();
  }
}
