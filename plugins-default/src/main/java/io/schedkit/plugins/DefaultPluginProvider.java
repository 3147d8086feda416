package io.schedkit.plugins;

import io.schedkit.framework.PluginProvider;
import io.schedkit.framework.Registry;
import io.schedkit.plugins.coscheduling.Coscheduling;
import io.schedkit.plugins.defaultbinder.DefaultBinder;
import io.schedkit.plugins.imagelocality.ImageLocality;
import io.schedkit.plugins.interpodaffinity.InterPodAffinity;
import io.schedkit.plugins.nodeaffinity.NodeAffinity;
import io.schedkit.plugins.nodename.NodeName;
import io.schedkit.plugins.nodeports.NodePorts;
import io.schedkit.plugins.noderesources.NodeResourcesBalancedAllocation;
import io.schedkit.plugins.noderesources.NodeResourcesFit;
import io.schedkit.plugins.nodeunschedulable.NodeUnschedulable;
import io.schedkit.plugins.podtopologyspread.PodTopologySpread;
import io.schedkit.plugins.queuesort.PrioritySort;
import io.schedkit.plugins.schedulinggates.SchedulingGates;
import io.schedkit.plugins.tainttoleration.TaintToleration;
import java.util.List;

/**
 * Registers kube-scheduler's default plugins (and Coscheduling, which the default profile does not
 * enable) under their upstream names. Found through {@link java.util.ServiceLoader}, so {@code
 * Registry.discover()} — what {@code Scheduler.builder()} uses without an explicit registry — has
 * them whenever this module is on the class or module path.
 */
public final class DefaultPluginProvider implements PluginProvider {
  /** The plugin classes this provider registers, in kube-scheduler's default order. */
  public static final List<Class<? extends io.schedkit.framework.Plugin>> PLUGINS =
      List.of(
          SchedulingGates.class,
          PrioritySort.class,
          NodeUnschedulable.class,
          NodeName.class,
          TaintToleration.class,
          NodeAffinity.class,
          NodePorts.class,
          NodeResourcesFit.class,
          PodTopologySpread.class,
          InterPodAffinity.class,
          NodeResourcesBalancedAllocation.class,
          ImageLocality.class,
          DefaultBinder.class,
          Coscheduling.class);

  /** Used by {@link java.util.ServiceLoader}. */
  public DefaultPluginProvider() {}

  @Override
  public void registerPlugins(Registry registry) {
    for (Class<? extends io.schedkit.framework.Plugin> plugin : PLUGINS) {
      registry.register(plugin);
    }
  }
}
