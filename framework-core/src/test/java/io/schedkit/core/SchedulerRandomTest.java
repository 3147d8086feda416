package io.schedkit.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

final class SchedulerRandomTest {

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {0, 1, 42, -7, Long.MAX_VALUE})
  void sequence_sameAsJavaUtilRandom(long seed) {
    Random expected = new Random(seed);
    Random actual = new SchedulerRandom(seed);

    for (int i = 0; i < 1000; i++) {
      int bound = 1 + (i % 97);
      assertThat(actual.nextInt(bound))
          .as("nextInt(%d) #%d", bound, i)
          .isEqualTo(expected.nextInt(bound));
      assertThat(actual.nextInt()).isEqualTo(expected.nextInt());
      assertThat(actual.nextLong()).isEqualTo(expected.nextLong());
      assertThat(actual.nextDouble()).isEqualTo(expected.nextDouble());
      assertThat(actual.nextBoolean()).isEqualTo(expected.nextBoolean());
    }
    assertThat(actual.nextGaussian()).isEqualTo(expected.nextGaussian());
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {5, 2024})
  void nextInt_sameAsJavaUtilRandom_forEveryKindOfBound(long seed) {
    Random expected = new Random(seed);
    Random actual = new SchedulerRandom(seed);
    Random bounds = new Random(seed + 1);

    // Small bounds as host selection draws them (1, 2, 3, ... ties), then bounds of every size up
    // to Integer.MAX_VALUE, where Random's rejection loop redraws often.
    for (int bound = 1; bound <= 20_000; bound++) {
      assertThat(actual.nextInt(bound)).as("nextInt(%d)", bound).isEqualTo(expected.nextInt(bound));
    }
    for (int i = 0; i < 20_000; i++) {
      int bound = 1 + bounds.nextInt(Integer.MAX_VALUE >>> bounds.nextInt(31));
      assertThat(actual.nextInt(bound)).as("nextInt(%d)", bound).isEqualTo(expected.nextInt(bound));
    }
    for (int bound = Integer.MAX_VALUE; bound > Integer.MAX_VALUE - 1000; bound--) {
      assertThat(actual.nextInt(bound)).as("nextInt(%d)", bound).isEqualTo(expected.nextInt(bound));
    }
  }

  @Test
  void remainder_exactAtTheEdges() {
    // 49 * (1.0 / 49) rounds to just below 1, so the estimate falls one short; random bounds hit
    // that case often, and values just below multiples cover the other correction.
    Random random = new Random(7);
    int[] fixed = {1, 2, 3, 7, 10, 49, 98, 103, 1 << 16, 65_537, 1 << 30, Integer.MAX_VALUE};
    int[] bounds = java.util.Arrays.copyOf(fixed, 2_000);
    for (int i = fixed.length; i < bounds.length; i++) {
      bounds[i] = 1 + random.nextInt(Integer.MAX_VALUE >>> random.nextInt(31));
    }
    for (int bound : bounds) {
      double reciprocal = 1.0 / bound;
      for (long k = 0; k * bound <= Integer.MAX_VALUE && k < 1_000; k++) {
        for (long u = k * bound - 1; u <= k * bound + 1; u++) {
          if (u < 0 || u > Integer.MAX_VALUE) {
            continue;
          }
          assertThat(SchedulerRandom.remainder((int) u, bound, reciprocal))
              .as("%d %% %d", u, bound)
              .isEqualTo((int) (u % bound));
        }
      }
      int top = Integer.MAX_VALUE;
      assertThat(SchedulerRandom.remainder(top, bound, reciprocal)).isEqualTo(top % bound);
    }
  }

  @Test
  void nextInt_rejectsANonPositiveBoundAsJavaUtilRandom() {
    assertThatThrownBy(() -> new SchedulerRandom(1).nextInt(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("bound must be positive");
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {3, 99})
  void setSeed_restartsTheSequenceAsJavaUtilRandom(long seed) {
    Random expected = new Random(1);
    Random actual = new SchedulerRandom(1);
    actual.nextGaussian();
    expected.nextGaussian();

    expected.setSeed(seed);
    actual.setSeed(seed);

    for (int i = 0; i < 100; i++) {
      assertThat(actual.nextInt(1000)).isEqualTo(expected.nextInt(1000));
    }
    assertThat(actual.nextGaussian()).isEqualTo(expected.nextGaussian());
  }
}
