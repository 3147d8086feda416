package io.schedkit.plugins.coscheduling;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.testing.FakeClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

final class GroupMemoTest {
  private static final GroupKey A = new GroupKey("ns", "a");
  private static final GroupKey B = new GroupKey("ns", "b");

  private final FakeClock clock = new FakeClock();
  private final GroupMemo memo = new GroupMemo(clock);

  @Test
  void addIfAbsent_keepsTheFirstExpiry() {
    assertThat(memo.addIfAbsent(A, Duration.ofSeconds(10))).isTrue();
    clock.step(Duration.ofSeconds(5));
    assertThat(memo.addIfAbsent(A, Duration.ofSeconds(10))).isFalse();
    clock.step(Duration.ofSeconds(5));

    assertThat(memo.contains(A)).isFalse();
    assertThat(memo.addIfAbsent(A, Duration.ofSeconds(10))).isTrue();
  }

  @Test
  void put_replacesTheExpiry() {
    memo.put(A, Duration.ofSeconds(10));
    clock.step(Duration.ofSeconds(5));
    memo.put(A, Duration.ofSeconds(10));
    clock.step(Duration.ofSeconds(9));

    assertThat(memo.contains(A)).isTrue();
  }

  @Test
  void remove_andKeysAreIndependent() {
    memo.put(A, Duration.ofSeconds(10));
    memo.put(B, Duration.ofSeconds(10));

    memo.remove(A);

    assertThat(memo.contains(A)).isFalse();
    assertThat(memo.contains(B)).isTrue();
    assertThat(memo.contains(new GroupKey("other", "b"))).isFalse();
  }
}
