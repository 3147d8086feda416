/** Preemption: the shared evaluator and the DefaultPreemption PostFilter plugin. */
module io.schedkit.preemption {
  requires transitive io.schedkit.framework;

  exports io.schedkit.preemption.defaultpreemption;
}
