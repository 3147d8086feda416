package io.schedkit.plugins.queuesort;

import static io.schedkit.testing.Wrappers.makePod;
import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.framework.PodInfo;
import io.schedkit.framework.QueuedPodInfo;
import io.schedkit.framework.model.Pod;
import java.time.Instant;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Facts of upstream's TestLess. */
final class PrioritySortTest {
  private static final Instant T1 = Instant.parse("2025-01-01T00:00:00Z");
  private static final Instant T2 = T1.plusSeconds(1);

  private record Queued(PodInfo podInfo, Instant timestamp) implements QueuedPodInfo {
    @Override
    public int attempts() {
      return 0;
    }

    @Override
    public Instant initialAttemptTimestamp() {
      return null;
    }

    @Override
    public Set<String> unschedulablePlugins() {
      return Set.of();
    }

    @Override
    public Set<String> pendingPlugins() {
      return Set.of();
    }
  }

  private static Queued queued(int priority, Instant timestamp) {
    return new Queued(PodInfo.of(makePod().name("p").priority(priority).obj()), timestamp);
  }

  static Stream<Arguments> cases() {
    return Stream.of(
        Arguments.of("p1.priority less than p2.priority", queued(10, T1), queued(100, T1), false),
        Arguments.of("p1.priority greater than p2.priority", queued(100, T1), queued(10, T1), true),
        Arguments.of(
            "equal priority. p1 is added to schedulingQ earlier than p2",
            queued(100, T1),
            queued(100, T2),
            true),
        Arguments.of(
            "equal priority. p2 is added to schedulingQ earlier than p1",
            queued(100, T2),
            queued(100, T1),
            false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void less_upstreamTable(String name, Queued p1, Queued p2, boolean expected) {
    assertThat(new PrioritySort().less(p1, p2)).isEqualTo(expected);
  }

  @Test
  void less_unsetPriorityCountsAsZero() {
    Pod unset = makePod().name("unset").obj();
    Queued noPriority = new Queued(PodInfo.of(unset), T1);

    assertThat(new PrioritySort().less(queued(1, T2), noPriority)).isTrue();
    assertThat(new PrioritySort().less(noPriority, queued(-1, T1))).isTrue();
    assertThat(new PrioritySort().less(noPriority, queued(0, T2))).isTrue();
  }

  @Test
  void less_sameTimestampAndPriority_neitherFirst() {
    assertThat(new PrioritySort().less(queued(5, T1), queued(5, T1))).isFalse();
  }
}
