package io.schedkit.core.config;

import io.schedkit.framework.config.PluginRef;
import io.schedkit.framework.config.PluginSet;
import io.schedkit.framework.config.Plugins;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * kube-scheduler v1.35's default profile as data ({@code getDefaultPlugins} in {@code
 * pkg/scheduler/apis/config/v1/default_plugins.go}): every default plugin enabled through {@code
 * multiPoint}, in upstream's order, with upstream's Score weights. The configuration decoder merges
 * a profile's {@code plugins} into this set.
 *
 * <p>The set includes the plugins schedkit does not implement ({@link #OUT_OF_SCOPE}: volumes and
 * dynamic resource allocation), exactly as upstream lists them; the decoder drops those a registry
 * does not provide. {@code DynamicResources} is in the list because DRA is GA and enabled by
 * default since v1.34; upstream inserts it just before {@code DefaultPreemption}, so that
 * deallocating an idle claim is tried before evicting pods.
 */
public final class DefaultPlugins {
  private DefaultPlugins() {}

  /** The default {@code multiPoint} plugins, in order; a weight of 0 means unset. */
  public static final List<PluginRef> MULTI_POINT =
      List.of(
          PluginRef.of("SchedulingGates"),
          PluginRef.of("PrioritySort"),
          PluginRef.of("NodeUnschedulable"),
          PluginRef.of("NodeName"),
          PluginRef.of("TaintToleration", 3),
          PluginRef.of("NodeAffinity", 2),
          PluginRef.of("NodePorts"),
          PluginRef.of("NodeResourcesFit", 1),
          PluginRef.of("VolumeRestrictions"),
          PluginRef.of("NodeVolumeLimits"),
          PluginRef.of("VolumeBinding"),
          PluginRef.of("VolumeZone"),
          PluginRef.of("PodTopologySpread", 2),
          PluginRef.of("InterPodAffinity", 2),
          PluginRef.of("DynamicResources"),
          PluginRef.of("DefaultPreemption"),
          PluginRef.of("NodeResourcesBalancedAllocation", 1),
          PluginRef.of("ImageLocality", 1),
          PluginRef.of("DefaultBinder"));

  /**
   * Plugins kube-scheduler knows that schedkit does not implement: the volume plugins, dynamic
   * resource allocation, and the in-tree cloud volume-limit plugins removed from v1 ({@code
   * AzureDiskLimits}, {@code CinderLimits}, {@code EBSLimits}, {@code GCEPDLimits}; a v1
   * configuration that enables those is rejected, as by kube-scheduler).
   */
  public static final Set<String> OUT_OF_SCOPE =
      Set.of(
          "VolumeRestrictions",
          "NodeVolumeLimits",
          "VolumeBinding",
          "VolumeZone",
          "DynamicResources",
          "AzureDiskLimits",
          "CinderLimits",
          "EBSLimits",
          "GCEPDLimits");

  /**
   * The plugins a {@code kubescheduler.config.k8s.io/v1} configuration may not name (upstream's
   * {@code invalidPluginsByVersion}).
   */
  static final List<String> REMOVED_IN_V1 =
      List.of("AzureDiskLimits", "CinderLimits", "EBSLimits", "GCEPDLimits");

  /**
   * Returns the default profile's plugins: {@link #MULTI_POINT} enabled, no extension point set.
   *
   * @return the default plugins
   */
  public static Plugins plugins() {
    return new Plugins(new PluginSet(MULTI_POINT, List.of()), Map.of());
  }
}
