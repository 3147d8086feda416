package io.schedkit.framework.config;

import io.schedkit.framework.BindPlugin;
import io.schedkit.framework.FilterPlugin;
import io.schedkit.framework.PermitPlugin;
import io.schedkit.framework.Plugin;
import io.schedkit.framework.PostBindPlugin;
import io.schedkit.framework.PostFilterPlugin;
import io.schedkit.framework.PreBindPlugin;
import io.schedkit.framework.PreEnqueuePlugin;
import io.schedkit.framework.PreFilterPlugin;
import io.schedkit.framework.PreScorePlugin;
import io.schedkit.framework.QueueSortPlugin;
import io.schedkit.framework.ReservePlugin;
import io.schedkit.framework.ScorePlugin;
import java.util.List;

/**
 * The framework's extension points, in cycle order, with the plugin interface each requires and its
 * name in {@code KubeSchedulerConfiguration} ({@code plugins.<configName>}).
 */
public enum ExtensionPoint {
  /** {@link PreEnqueuePlugin}. */
  PRE_ENQUEUE("preEnqueue", PreEnqueuePlugin.class),
  /** {@link QueueSortPlugin}. */
  QUEUE_SORT("queueSort", QueueSortPlugin.class),
  /** {@link PreFilterPlugin}. */
  PRE_FILTER("preFilter", PreFilterPlugin.class),
  /** {@link FilterPlugin}. */
  FILTER("filter", FilterPlugin.class),
  /** {@link PostFilterPlugin}. */
  POST_FILTER("postFilter", PostFilterPlugin.class),
  /** {@link PreScorePlugin}. */
  PRE_SCORE("preScore", PreScorePlugin.class),
  /** {@link ScorePlugin}. */
  SCORE("score", ScorePlugin.class),
  /** {@link ReservePlugin}. */
  RESERVE("reserve", ReservePlugin.class),
  /** {@link PermitPlugin}. */
  PERMIT("permit", PermitPlugin.class),
  /** {@link PreBindPlugin}. */
  PRE_BIND("preBind", PreBindPlugin.class),
  /** {@link BindPlugin}. */
  BIND("bind", BindPlugin.class),
  /** {@link PostBindPlugin}. */
  POST_BIND("postBind", PostBindPlugin.class);

  private static final List<ExtensionPoint> FILL_ORDER =
      List.of(
          PRE_FILTER,
          FILTER,
          POST_FILTER,
          RESERVE,
          PRE_SCORE,
          SCORE,
          PRE_BIND,
          BIND,
          POST_BIND,
          PERMIT,
          PRE_ENQUEUE,
          QUEUE_SORT);

  private final String configName;
  private final Class<? extends Plugin> pluginInterface;

  ExtensionPoint(String configName, Class<? extends Plugin> pluginInterface) {
    this.configName = configName;
    this.pluginInterface = pluginInterface;
  }

  /**
   * The extension points in the order kube-scheduler fills a profile's plugins from its
   * configuration: the order of its {@code Plugins} type's fields. It decides which error a profile
   * with several reports first, and the order in which a profile's plugin names are listed.
   *
   * @return every point, in that order; immutable
   */
  public static List<ExtensionPoint> fillOrder() {
    return FILL_ORDER;
  }

  /**
   * The field name under {@code plugins} in a KubeSchedulerConfiguration.
   *
   * @return the field name, for example {@code "preFilter"}
   */
  public String configName() {
    return configName;
  }

  /**
   * The interface a plugin must implement to be enabled at this point.
   *
   * @return the plugin interface, for example {@code FilterPlugin.class}
   */
  public Class<? extends Plugin> pluginInterface() {
    return pluginInterface;
  }

  /**
   * Whether {@code plugin} implements this point's interface.
   *
   * @param plugin the plugin
   * @return true if the plugin can be enabled at this point
   */
  public boolean isImplementedBy(Plugin plugin) {
    return pluginInterface.isInstance(plugin);
  }
}
