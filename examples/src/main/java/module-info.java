/**
 * Sample code to copy ({@code io.schedkit.examples.samples}): a Score plugin, a Permit plugin, a
 * host's {@code ClusterView} over machines and jobs, and an extender server.
 */
module io.schedkit.examples {
  requires transitive io.schedkit.framework;
  requires io.schedkit.core;
  requires com.fasterxml.jackson.databind;
  requires jdk.httpserver;

  exports io.schedkit.examples.samples;
}
