/**
 * The virtual-time simulation engine ({@code io.schedkit.simulation}): a workload's pods created on
 * time over an {@code InMemoryCluster}, the real scheduler with its queue, cache, preemption and
 * permit waits, completions and evictions, and a result others can read; and its self-contained
 * HTML report ({@code io.schedkit.simulation.report}). A library: it ships no logging binding.
 */
module io.schedkit.simulation {
  requires transitive io.schedkit.framework;
  requires transitive io.schedkit.core;
  requires io.schedkit.plugins;
  requires io.schedkit.preemption;

  exports io.schedkit.simulation;
  exports io.schedkit.simulation.demo;
  exports io.schedkit.simulation.report;
}
