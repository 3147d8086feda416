/**
 * The schedkit command line ({@code io.schedkit.examples.cli}: explain, simulate, demo, bench), the
 * simulation engine it runs ({@code io.schedkit.examples.simulation}) and its HTML report ({@code
 * io.schedkit.examples.report}), reusable by other tools; the demo's scenario ({@code
 * io.schedkit.examples.demo}); the scheduler_perf-shaped benchmark workloads and runner ({@code
 * io.schedkit.examples.bench}); and sample code to copy ({@code io.schedkit.examples.samples}: a
 * Score plugin, a Permit plugin, a host's {@code ClusterView}, an extender server).
 */
module io.schedkit.examples {
  requires transitive io.schedkit.framework;
  requires io.schedkit.core;
  requires io.schedkit.plugins;
  requires io.schedkit.preemption;
  requires info.picocli;
  requires com.fasterxml.jackson.databind;
  requires jdk.httpserver;
  requires java.management;

  exports io.schedkit.examples.simulation;
  exports io.schedkit.examples.report;
  exports io.schedkit.examples.demo;
  exports io.schedkit.examples.samples;
  exports io.schedkit.examples.bench;

  opens io.schedkit.examples.cli to
      info.picocli;
  opens io.schedkit.examples.bench to
      info.picocli;
}
