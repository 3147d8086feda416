package io.schedkit.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
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

  @org.junit.jupiter.api.Test
  void seeded_smallSeeds_giveDifferentFirstDraws() {
    // new Random(s).nextInt(4) is 2 for every s from 0 to 255; the scheduler mixes its seed first.
    java.util.Set<Integer> raw = new java.util.TreeSet<>();
    java.util.Set<Integer> mixed = new java.util.TreeSet<>();
    for (long seed = 0; seed < 16; seed++) {
      raw.add(new Random(seed).nextInt(4));
      mixed.add(SchedulerRandom.seeded(seed).nextInt(4));
    }

    assertThat(raw).containsExactly(2);
    assertThat(mixed).containsExactly(0, 1, 2, 3);
  }

  @org.junit.jupiter.api.Test
  void restore_givesBackTheDrawsSinceAPosition() {
    SchedulerRandom r = SchedulerRandom.seeded(42);
    r.nextInt(10);
    long position = r.position();
    int a = r.nextInt(1000);
    long b = r.nextLong();

    r.restore(position);

    assertThat(r.nextInt(1000)).isEqualTo(a);
    assertThat(r.nextLong()).isEqualTo(b);
  }
}
