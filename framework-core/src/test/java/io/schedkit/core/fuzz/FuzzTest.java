package io.schedkit.core.fuzz;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Fuzzes every input boundary with mutated seeds ({@link Boundaries}, {@link Mutator}): each input
 * must be accepted, or rejected with the boundary's declared exception and a bounded message that
 * says where; never another throwable, never a hang.
 *
 * <p>System properties: {@code schedkit.fuzz.inputs} (all boundaries together, shared by their
 * weights; 20,000 by default, the {@code fuzz} Maven profile raises it to 1,000,000), {@code
 * schedkit.fuzz.seed}, {@code schedkit.fuzz.deadlineSeconds} (per input, 10 by default), {@code
 * schedkit.fuzz.only} ({@code <boundary>} or {@code <boundary>:<index>}, to rerun one boundary or
 * one input) and {@code schedkit.fuzz.shrink} ({@code false} to skip shrinking failing inputs).
 *
 * <p>Input {@code i} of a boundary is a function of the seed, the boundary's name and {@code i}
 * only: a failure is reproduced with {@code -Dschedkit.fuzz.seed=S -Dschedkit.fuzz.only=B:i}. Each
 * distinct failure (its kind, exception type and first schedkit frame) is printed with the seed,
 * the index, the boundary and the shortened input; its first inputs and a shrunk one are written to
 * {@code target/fuzz-failures/<boundary>/}.
 */
class FuzzTest {
  static final long DEFAULT_SEED = 20261127L;
  static final long DEFAULT_INPUTS = 20_000L;

  /** Failing inputs written per failure class. */
  private static final int FILES_PER_CLASS = 3;

  /** A long run says how far it got every this many inputs of a boundary. */
  private static final long PROGRESS_EVERY = 25_000;

  /** A boundary that hangs this often is abandoned for the rest of the run. */
  private static final int MAX_HANGS = 2;

  private static long longProperty(String name, long fallback) {
    String v = System.getProperty(name, "").strip();
    return v.isEmpty() ? fallback : Long.parseLong(v);
  }

  static Duration deadline() {
    return Duration.ofSeconds(longProperty("schedkit.fuzz.deadlineSeconds", 10));
  }

  /** Input {@code index} of {@code boundary} in the run seeded {@code seed}. */
  static String input(Boundary boundary, long seed, long index) {
    long salt = boundary.name().hashCode();
    return boundary
        .generator()
        .apply(
            new SplittableRandom(seed * 0x9E3779B97F4A7C15L + salt * 0xC2B2AE3D27D4EB4FL + index));
  }

  @TestFactory
  Stream<DynamicTest> fuzz() {
    long seed = longProperty("schedkit.fuzz.seed", DEFAULT_SEED);
    long inputs = longProperty("schedkit.fuzz.inputs", DEFAULT_INPUTS);
    String only = System.getProperty("schedkit.fuzz.only", "").strip();
    String onlyBoundary = only.contains(":") ? only.substring(0, only.indexOf(':')) : only;
    long onlyIndex =
        only.contains(":") ? Long.parseLong(only.substring(only.indexOf(':') + 1)) : -1;
    return Boundaries.all().stream()
        .filter(b -> onlyBoundary.isEmpty() || b.name().equals(onlyBoundary))
        .map(
            b ->
                DynamicTest.dynamicTest(
                    b.name(),
                    () -> {
                      long count = Math.max(1, inputs * b.weight() / 100);
                      long from = onlyIndex >= 0 ? onlyIndex : 0;
                      long to = onlyIndex >= 0 ? onlyIndex + 1 : count;
                      fuzz(b, seed, from, to);
                    }));
  }

  /** A failure class seen in a run: its first input and how often it came up. */
  private static final class Found {
    final long index;
    final String input;
    final FuzzRunner.Failure failure;
    int times;

    Found(long index, String input, FuzzRunner.Failure failure) {
      this.index = index;
      this.input = input;
      this.failure = failure;
    }
  }

  private static void fuzz(Boundary b, long seed, long from, long to) {
    Map<String, Found> found = new LinkedHashMap<>();
    Path out = Path.of("target", "fuzz-failures", b.name());
    long started = System.nanoTime();
    long run = 0;
    int hangs = 0;
    try (FuzzRunner runner = new FuzzRunner(deadline())) {
      for (long i = from; i < to && hangs < MAX_HANGS; i++) {
        String input = input(b, seed, i);
        FuzzRunner.Failure failure = runner.run(b, input);
        run++;
        if (run % PROGRESS_EVERY == 0) {
          System.out.printf(
              "fuzz %s: %d of %d inputs, %d ms, %d failure classes so far%n",
              b.name(), run, to - from, (System.nanoTime() - started) / 1_000_000, found.size());
        }
        if (failure == null) {
          continue;
        }
        if (failure.classKey().startsWith("hang")) {
          hangs++;
        }
        Found f = found.computeIfAbsent(failure.classKey(), k -> new Found(0, null, null));
        if (f.input == null) {
          f = new Found(i, input, failure);
          found.put(failure.classKey(), f);
        }
        if (f.times++ < FILES_PER_CLASS) {
          FuzzRunner.write(out, seed + "-" + i, input);
        }
      }
      long millis = (System.nanoTime() - started) / 1_000_000;
      System.out.printf(
          "fuzz %s: %d inputs, seed %d, %d ms, %d failure classes%n",
          b.name(), run, seed, millis, found.size());
      if (found.isEmpty()) {
        return;
      }
      boolean shrink = !"false".equals(System.getProperty("schedkit.fuzz.shrink"));
      StringBuilder report = new StringBuilder();
      report.append(
          String.format(
              "%s: %d failure classes in %d inputs (seed %d)%s%n",
              b.name(),
              found.size(),
              run,
              seed,
              hangs >= MAX_HANGS ? ", stopped after " + MAX_HANGS + " hangs" : ""));
      for (Found f : found.values()) {
        String line =
            String.format(
                "- %s%n  seed %d, input %d (%d inputs in this class), boundary %s%n"
                    + "  input (%d chars): %s%n",
                f.failure.classKey(),
                seed,
                f.index,
                f.times,
                b.name(),
                f.input.length(),
                FuzzRunner.shorten(f.input, 300));
        report.append(line);
        String minimal = null;
        if (shrink && !f.failure.classKey().startsWith("hang")) {
          minimal = Shrinker.shrink(f.input, candidate -> sameClass(runner, b, candidate, f));
          Path file = FuzzRunner.write(out, seed + "-" + f.index + ".min", minimal);
          report.append(
              String.format(
                  "  shrunk (%d chars, %s): %s%n",
                  minimal.length(), file, FuzzRunner.shorten(minimal, 300)));
        }
        System.out.println(line + f.failure.description());
      }
      System.out.println(report);
      fail(report.toString());
    }
  }

  private static boolean sameClass(FuzzRunner runner, Boundary b, String candidate, Found f) {
    FuzzRunner.Failure again = runner.run(b, candidate);
    return again != null && again.classKey().equals(f.failure.classKey());
  }
}
