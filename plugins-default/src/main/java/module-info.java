/**
 * The default plugin set of kube-scheduler, one package per plugin, compiled against the framework
 * contract only.
 */
module io.schedkit.plugins {
  requires transitive io.schedkit.framework;

  exports io.schedkit.plugins;
  exports io.schedkit.plugins.coscheduling;
  exports io.schedkit.plugins.defaultbinder;
  exports io.schedkit.plugins.helper;
  exports io.schedkit.plugins.imagelocality;
  exports io.schedkit.plugins.interpodaffinity;
  exports io.schedkit.plugins.nodeaffinity;
  exports io.schedkit.plugins.nodename;
  exports io.schedkit.plugins.nodeports;
  exports io.schedkit.plugins.noderesources;
  exports io.schedkit.plugins.nodeunschedulable;
  exports io.schedkit.plugins.podtopologyspread;
  exports io.schedkit.plugins.queuesort;
  exports io.schedkit.plugins.schedulinggates;
  exports io.schedkit.plugins.tainttoleration;

  provides io.schedkit.framework.PluginProvider with
      io.schedkit.plugins.DefaultPluginProvider;
}
