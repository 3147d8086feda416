package io.schedkit.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The chaos simulation: per seed, a run with every fault, its invariants checked after every event
 * (with a full sweep and a comparison with a rebuild on every settle and at the end), then the same
 * seed again with checks only on settles and at the end, which must place every pod on the same
 * node through the same sequence of binds. The HTTP extender (whose answers race the wall clock: it
 * may also answer after its timeout) takes part in the first {@code chaos.extenderSeeds} seeds
 * only; those seeds run a third time without it, checked, so that every seed is compared for
 * determinism. Sizes come from system properties ({@code chaos.seeds}, {@code chaos.pods}, {@code
 * chaos.nodes}, {@code chaos.extenderSeeds}); the {@code chaos} Maven profile sets large ones.
 * Figures go to {@code target/chaos-figures.txt}.
 */
final class ChaosSimulationTest {
  private static final int SEEDS = Integer.getInteger("chaos.seeds", 10);
  private static final int PODS = Integer.getInteger("chaos.pods", 2000);
  private static final int NODES = Integer.getInteger("chaos.nodes", 200);
  private static final int EXTENDER_SEEDS = Integer.getInteger("chaos.extenderSeeds", 2);

  private static final List<ChaosRun.Result> RESULTS = new ArrayList<>();
  private static int violations;

  static LongStream seeds() {
    return LongStream.rangeClosed(1, SEEDS);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void invariantsHoldUnderChaos_andTheSeedDecidesThePlacements(long seed) {
    try {
      runSeed(seed);
    } catch (AssertionError e) {
      synchronized (ChaosSimulationTest.class) {
        violations++;
      }
      // Said at once: a long run reports its failures only when every seed has run.
      ChaosRun.appendProgress(
          java.time.Instant.now() + " seed " + seed + " FAILED: " + e.getMessage() + "\n");
      throw e;
    }
  }

  private static void runSeed(long seed) {
    boolean extender = seed <= EXTENDER_SEEDS;
    if (extender) {
      ChaosRun.Result full =
          new ChaosRun(new ChaosRun.Config(seed, PODS, NODES, true, true, true, true)).run();
      record(full);
      assertThat(full.placements().values())
          .as("seed %d: every pod bound", seed)
          .doesNotContain("");
    }
    ChaosRun.Result a =
        new ChaosRun(new ChaosRun.Config(seed, PODS, NODES, true, false, false, true)).run();
    record(a);
    assertThat(a.placements().values()).as("seed %d: every pod bound", seed).doesNotContain("");
    ChaosRun.Result b =
        new ChaosRun(new ChaosRun.Config(seed, PODS, NODES, false, false, false, true)).run();
    record(b);
    assertThat(b.binds())
        .as("seed %d: the sequence of binds of a second run", seed)
        .isEqualTo(a.binds());
    assertThat(b.placements())
        .as("seed %d: placements of a second run", seed)
        .isEqualTo(a.placements());
    assertThat(b.faultsByKind())
        .as("seed %d: faults of a second run", seed)
        .isEqualTo(a.faultsByKind());
  }

  /** Keeps a run's result and rewrites the figures, so that a long run shows how far it got. */
  private static synchronized void record(ChaosRun.Result r) {
    RESULTS.add(r);
    try {
      writeFigures();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @AfterAll
  static synchronized void writeFigures() throws IOException {
    if (RESULTS.isEmpty()) {
      return;
    }
    long events = 0;
    long checks = 0;
    long evictions = 0;
    long binds = 0;
    Duration wall = Duration.ZERO;
    Map<String, Long> byKind = new TreeMap<>();
    Map<String, Long> faults = new TreeMap<>();
    StringBuilder perRun = new StringBuilder();
    for (ChaosRun.Result r : RESULTS) {
      events += r.events();
      checks += r.checks();
      evictions += r.evictions();
      binds += r.binds().size();
      wall = wall.plus(r.wall());
      r.eventsByKind().forEach((k, v) -> byKind.merge(k, v, Long::sum));
      r.faultsByKind().forEach((k, v) -> faults.merge(k, v, Long::sum));
      perRun.append(
          String.format(
              "  seed %3d %-22s events %7d  checks %7d  binds %7d  evictions %5d  %6.1f s%n",
              r.config().seed(),
              r.config().extender()
                  ? "(HTTP extender)"
                  : !r.config().everyEvent() ? "(repeat, final check)" : "(checked)",
              r.events(),
              r.checks(),
              r.binds().size(),
              r.evictions(),
              r.wall().toMillis() / 1000.0));
    }
    StringBuilder out = new StringBuilder();
    out.append("chaos simulation\n");
    out.append(
        String.format(
            "runs %d (seeds %d: a checked run and its repeat compared for determinism; the first"
                + " %d seed(s) also a run with the HTTP extender)%n",
            RESULTS.size(), SEEDS, Math.min(EXTENDER_SEEDS, SEEDS)));
    out.append(
        String.format(
            "pods per run %d, nodes at start %d, invariants checked after every event, swept and"
                + " compared with a rebuild on every settle and at the end (repeats: on settles"
                + " and at the end)%n",
            PODS, NODES));
    out.append(
        String.format(
            "events %d, invariant checks %d, binds %d, evictions %d, wall %.1f s%n",
            events, checks, binds, evictions, wall.toMillis() / 1000.0));
    out.append("violations ").append(violations).append('\n');
    out.append("heap used at the last run's end ")
        .append((Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory()) >> 20)
        .append(" MiB of at most ")
        .append(Runtime.getRuntime().maxMemory() >> 20)
        .append(" MiB\n");
    out.append("events by kind:\n");
    byKind.forEach((k, v) -> out.append(String.format("  %-22s %8d%n", k, v)));
    out.append("faults injected by kind:\n");
    faults.forEach((k, v) -> out.append(String.format("  %-30s %8d%n", k, v)));
    out.append("runs:\n").append(perRun);
    Path target = Path.of("target");
    Files.createDirectories(target);
    Files.writeString(target.resolve("chaos-figures.txt"), out.toString());
  }
}
