/**
 * The schedkit command line ({@code io.schedkit.examples.cli}: explain, simulate) and the
 * simulation engine it runs ({@code io.schedkit.examples.simulation}), reusable by other tools, and
 * the scheduler_perf-shaped benchmark workloads and runner ({@code io.schedkit.examples.bench}).
 */
module io.schedkit.examples {
  requires transitive io.schedkit.framework;
  requires io.schedkit.core;
  requires io.schedkit.plugins;
  requires io.schedkit.preemption;
  requires info.picocli;
  requires com.fasterxml.jackson.databind;
  requires java.management;

  exports io.schedkit.examples.simulation;
  exports io.schedkit.examples.bench;

  opens io.schedkit.examples.cli to
      info.picocli;
  opens io.schedkit.examples.bench to
      info.picocli;
}
