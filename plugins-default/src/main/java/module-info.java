/**
 * The default plugin set of kube-scheduler, one package per plugin, compiled against the framework
 * contract only.
 */
module io.schedkit.plugins {
  requires transitive io.schedkit.framework;

  exports io.schedkit.plugins.coscheduling;
  exports io.schedkit.plugins.interpodaffinity;
  exports io.schedkit.plugins.nodeaffinity;
  exports io.schedkit.plugins.noderesources;
  exports io.schedkit.plugins.podtopologyspread;
}
