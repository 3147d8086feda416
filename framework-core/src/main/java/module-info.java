/**
 * The schedkit runtime: the {@code Scheduler}, the framework runner, the scheduling queue, the
 * cache and snapshot, the embedded in-memory cluster, extenders over HTTP and the Kubernetes
 * codecs, and leader election over a lease. The queue package is internal; the cache (snapshots)
 * and runtime (the framework runner) are public for tools and tests.
 */
module io.schedkit.core {
  requires transitive io.schedkit.framework;
  requires transitive com.fasterxml.jackson.databind; // KubeCodec.decode(JsonNode, String)
  requires com.fasterxml.jackson.dataformat.yaml;
  requires org.yaml.snakeyaml;
  requires org.slf4j;
  requires java.net.http;

  exports io.schedkit.core;
  exports io.schedkit.core.cache;
  exports io.schedkit.core.clock;
  exports io.schedkit.core.cluster;
  exports io.schedkit.core.extender;
  exports io.schedkit.core.metrics;
  exports io.schedkit.core.codec;
  exports io.schedkit.core.config;
  exports io.schedkit.core.leaderelection;
  exports io.schedkit.core.runtime;
  exports io.schedkit.core.store;
}
