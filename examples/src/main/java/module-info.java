/**
 * The schedkit command line ({@code io.schedkit.examples.cli}: explain, simulate) and the
 * simulation engine it runs ({@code io.schedkit.examples.simulation}), reusable by other tools.
 */
module io.schedkit.examples {
  requires transitive io.schedkit.framework;
  requires io.schedkit.core;
  requires io.schedkit.plugins;
  requires io.schedkit.preemption;
  requires info.picocli;
  requires com.fasterxml.jackson.databind;

  exports io.schedkit.examples.simulation;

  opens io.schedkit.examples.cli to
      info.picocli;
}
