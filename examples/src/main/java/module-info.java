/**
 * The schedkit command line ({@code io.schedkit.examples.cli}: explain, simulate, demo), the
 * simulation engine it runs ({@code io.schedkit.examples.simulation}) and its HTML report ({@code
 * io.schedkit.examples.report}), reusable by other tools; the demo's scenario ({@code
 * io.schedkit.examples.demo}); and sample code to copy ({@code io.schedkit.examples.samples}: a
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

  exports io.schedkit.examples.simulation;
  exports io.schedkit.examples.report;
  exports io.schedkit.examples.demo;
  exports io.schedkit.examples.samples;

  opens io.schedkit.examples.cli to
      info.picocli;
}
