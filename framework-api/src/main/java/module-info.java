/**
 * The schedkit scheduling framework contract: the model, the plugin interfaces, the host contract
 * ({@code ClusterView}) and the configuration model. It depends on the JDK only; plugins compile
 * against this module alone.
 */
module io.schedkit.framework {
  exports io.schedkit.framework;
  exports io.schedkit.framework.model;
  exports io.schedkit.framework.cluster;
  exports io.schedkit.framework.config;

  uses io.schedkit.framework.PluginProvider;
}
