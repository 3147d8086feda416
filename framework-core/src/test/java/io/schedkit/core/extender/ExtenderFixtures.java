package io.schedkit.core.extender;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeInfoLister;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.config.ExtenderConfig;
import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Pods, nodes, listers and extender configurations for the extender tests. */
final class ExtenderFixtures {
  private ExtenderFixtures() {}

  static Pod pod(String name) {
    return Pod.builder()
        .name(name)
        .namespace("ns")
        .uid("uid-" + name)
        .container(Container.builder().name("c").request("cpu", "100m").build())
        .build();
  }

  static Pod assigned(String name, String node) {
    return pod(name).toBuilder().nodeName(node).build();
  }

  static Node node(String name) {
    return Node.builder().name(name).capacity("cpu", "4").capacity("pods", "110").build();
  }

  static NodeInfo nodeInfo(String name, Pod... pods) {
    PodInfo[] infos = new PodInfo[pods.length];
    for (int i = 0; i < pods.length; i++) {
      infos[i] = PodInfo.of(pods[i]);
    }
    return NodeInfo.of(node(name), infos);
  }

  static List<NodeInfo> nodeInfos(String... names) {
    return java.util.Arrays.stream(names).map(n -> nodeInfo(n)).toList();
  }

  static NodeInfoLister lister(NodeInfo... nodes) {
    List<NodeInfo> all = List.of(nodes);
    return new NodeInfoLister() {
      @Override
      public List<NodeInfo> list() {
        return all;
      }

      @Override
      public Optional<NodeInfo> get(String nodeName) {
        return all.stream().filter(n -> n.name().equals(nodeName)).findFirst();
      }

      @Override
      public List<NodeInfo> havePodsWithAffinity() {
        return List.of();
      }

      @Override
      public List<NodeInfo> havePodsWithRequiredAntiAffinity() {
        return List.of();
      }

      @Override
      public int imageNodeCount(String imageName) {
        return 0;
      }
    };
  }

  /** A builder of extender configurations (the record has twelve components). */
  static Config config(String urlPrefix) {
    return new Config(urlPrefix);
  }

  static final class Config {
    private final String urlPrefix;
    private String filter = "";
    private String prioritize = "";
    private String bind = "";
    private String preempt = "";
    private long weight = 1;
    private boolean https;
    private ExtenderConfig.TlsConfig tls;
    private Duration timeout;
    private boolean nodeCacheCapable;
    private List<ExtenderConfig.ManagedResource> managed = List.of();
    private boolean ignorable;

    private Config(String urlPrefix) {
      this.urlPrefix = urlPrefix;
    }

    Config filter(String verb) {
      this.filter = verb;
      return this;
    }

    Config prioritize(String verb, long weight) {
      this.prioritize = verb;
      this.weight = weight;
      return this;
    }

    Config bind(String verb) {
      this.bind = verb;
      return this;
    }

    Config preempt(String verb) {
      this.preempt = verb;
      return this;
    }

    Config https(ExtenderConfig.TlsConfig tls) {
      this.https = true;
      this.tls = tls;
      return this;
    }

    Config tls(ExtenderConfig.TlsConfig tls) {
      this.tls = tls;
      return this;
    }

    Config timeout(Duration timeout) {
      this.timeout = timeout;
      return this;
    }

    Config nodeCacheCapable() {
      this.nodeCacheCapable = true;
      return this;
    }

    Config managed(ExtenderConfig.ManagedResource... resources) {
      this.managed = List.of(resources);
      return this;
    }

    Config ignorable() {
      this.ignorable = true;
      return this;
    }

    ExtenderConfig build() {
      return new ExtenderConfig(
          urlPrefix,
          filter,
          preempt,
          prioritize,
          weight,
          bind,
          https,
          tls,
          timeout,
          nodeCacheCapable,
          managed,
          ignorable);
    }

    HttpExtender extender() {
      return new HttpExtender(build());
    }
  }
}
