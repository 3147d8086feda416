/** Preemption: the shared evaluator and the DefaultPreemption PostFilter plugin. */
module io.schedkit.preemption {
  requires transitive io.schedkit.framework;
  requires org.slf4j;

  exports io.schedkit.preemption;
  exports io.schedkit.preemption.defaultpreemption;

  provides io.schedkit.framework.PluginProvider with
      io.schedkit.preemption.PreemptionPluginProvider;
}
