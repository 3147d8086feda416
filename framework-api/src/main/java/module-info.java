/**
 * The schedkit scheduling framework contract: the model, the plugin interfaces, the host contract
 * ({@code ClusterView}) and the configuration model. It depends on the JDK only; plugins compile
 * against this module alone.
 *
 * <p>{@code io.schedkit.framework.internal} is for the runtime only (a qualified export, hence the
 * suppressed "module not found" warning when this module compiles alone).
 */
@SuppressWarnings("module")
module io.schedkit.framework {
  exports io.schedkit.framework;
  exports io.schedkit.framework.model;
  exports io.schedkit.framework.cluster;
  exports io.schedkit.framework.config;
  exports io.schedkit.framework.extender;
  exports io.schedkit.framework.fastpath;
  exports io.schedkit.framework.internal to
      io.schedkit.core;

  uses io.schedkit.framework.PluginProvider;
}
