package io.schedkit.testing;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.model.ContainerImage;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.NodeCondition;
import io.schedkit.framework.model.NodeSpec;
import io.schedkit.framework.model.NodeStatus;
import io.schedkit.framework.model.ObjectMeta;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.ResourceList;
import io.schedkit.framework.model.ResourceNames;
import io.schedkit.framework.model.Taint;
import io.schedkit.framework.model.TaintEffect;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * Builds a {@link Node} fluently, in the vocabulary of kube-scheduler's {@code st.MakeNode()}: each
 * method is the lower-camel version of an upstream wrapper method with the same effect, and {@link
 * #obj()} returns the node.
 *
 * <p>As upstream, a new node's capacity and allocatable are both {@code pods: 32}, and {@link
 * #capacity} replaces both with {@code pods: 32} plus the given resources. Additions: {@link
 * #allocatable} (allocatable only), {@link #taint} (appending), {@link #image}, {@link #zone} and
 * {@link #region}. A wrapper is a mutable builder, not thread-safe; {@link #obj()} may be called
 * any number of times.
 */
public final class NodeWrapper {
  /** The pod capacity every wrapper node gets unless {@code pods} is given. */
  public static final String DEFAULT_POD_CAPACITY = "32";

  /** The well-known zone label. */
  public static final String ZONE_LABEL = "topology.kubernetes.io/zone";

  /** The well-known region label. */
  public static final String REGION_LABEL = "topology.kubernetes.io/region";

  private Node node;

  private NodeWrapper(Node node) {
    this.node = node;
  }

  /** Starts a node without name, with capacity and allocatable {@code pods: 32}. */
  public static NodeWrapper makeNode() {
    return new NodeWrapper(Node.builder().build()).capacity(Map.of());
  }

  /** Starts from an existing node. */
  public static NodeWrapper from(Node node) {
    return new NodeWrapper(Objects.requireNonNull(node, "node"));
  }

  /** Sets the name. */
  public NodeWrapper name(String name) {
    return meta(m -> m.name(name));
  }

  /** Sets the UID. */
  public NodeWrapper uid(String uid) {
    return meta(m -> m.uid(uid));
  }

  /** Adds or replaces the label {@code key=value}. */
  public NodeWrapper label(String key, String value) {
    return meta(m -> m.label(key, value));
  }

  /** Adds or replaces every label of {@code labels}, keeping the others. */
  public NodeWrapper labels(Map<String, String> labels) {
    return meta(
        m -> {
          labels.forEach(m::label);
          return m;
        });
  }

  /** Adds or replaces the annotation {@code key=value}. */
  public NodeWrapper annotation(String key, String value) {
    return meta(m -> m.annotation(key, value));
  }

  /** Sets the zone label ({@value #ZONE_LABEL}). */
  public NodeWrapper zone(String zone) {
    return label(ZONE_LABEL, zone);
  }

  /** Sets the region label ({@value #REGION_LABEL}). */
  public NodeWrapper region(String region) {
    return label(REGION_LABEL, region);
  }

  /**
   * Sets capacity and allocatable both to {@code pods: 32} plus {@code resources} (a {@code pods}
   * entry overrides the default), replacing what they were.
   */
  public NodeWrapper capacity(Map<String, String> resources) {
    ResourceList list = withDefaultPods(resources);
    return status(s -> s.capacity(list).allocatable(list));
  }

  /**
   * Sets allocatable alone to {@code pods: 32} plus {@code resources}, replacing what it was, so it
   * can be smaller than capacity. Call it after {@link #capacity}, which resets allocatable.
   */
  public NodeWrapper allocatable(Map<String, String> resources) {
    ResourceList list = withDefaultPods(resources);
    return status(s -> s.allocatable(list));
  }

  /** Replaces the taints. */
  public NodeWrapper taints(Taint... taints) {
    return taints(Arrays.asList(taints));
  }

  /** Replaces the taints. */
  public NodeWrapper taints(List<Taint> taints) {
    return spec(s -> s.taints(taints));
  }

  /** Appends {@code taint}. */
  public NodeWrapper taint(Taint taint) {
    return spec(s -> s.taint(taint));
  }

  /** Appends the taint {@code key=value:effect}. */
  public NodeWrapper taint(String key, String value, TaintEffect effect) {
    return taint(Taint.of(key, value, effect));
  }

  /** Sets {@code spec.unschedulable}. */
  public NodeWrapper unschedulable(boolean unschedulable) {
    return spec(s -> s.unschedulable(unschedulable));
  }

  /**
   * Replaces the images: one image per entry, with that single name and size in bytes, in name
   * order (upstream's order follows Go map iteration, which is random).
   */
  public NodeWrapper images(Map<String, Long> images) {
    List<ContainerImage> list = new ArrayList<>();
    new TreeMap<>(images).forEach((name, size) -> list.add(ContainerImage.of(size, name)));
    return status(s -> s.images(list));
  }

  /** Appends one image known by {@code names}, of {@code sizeBytes}. */
  public NodeWrapper image(long sizeBytes, String... names) {
    ContainerImage image = ContainerImage.of(sizeBytes, names);
    return status(s -> s.image(image));
  }

  /**
   * Replaces the conditions with the single condition {@code {type, status, message, reason}} (as
   * upstream's {@code Condition}, which also takes message before reason).
   */
  public NodeWrapper condition(String type, String status, String message, String reason) {
    NodeCondition c =
        NodeCondition.builder().type(type).status(status).message(message).reason(reason).build();
    return conditions(List.of(c));
  }

  /** Replaces the conditions. */
  public NodeWrapper conditions(List<NodeCondition> conditions) {
    return status(s -> s.conditions(conditions));
  }

  /** The node built so far. */
  public Node obj() {
    return node;
  }

  /** A fresh {@link NodeInfo} of {@link #obj()} holding {@code pods}. */
  public NodeInfo nodeInfo(Pod... pods) {
    NodeInfo info = NodeInfo.of(node);
    for (Pod p : pods) {
      info.addPod(PodInfo.of(p));
    }
    return info;
  }

  private static ResourceList withDefaultPods(Map<String, String> resources) {
    Map<String, String> all = new TreeMap<>();
    all.put(ResourceNames.PODS, DEFAULT_POD_CAPACITY);
    all.putAll(resources);
    return ResourceList.parse(all);
  }

  private NodeWrapper meta(UnaryOperator<ObjectMeta.Builder> edit) {
    node = new Node(edit.apply(node.metadata().toBuilder()).build(), node.spec(), node.status());
    return this;
  }

  private NodeWrapper spec(UnaryOperator<NodeSpec.Builder> edit) {
    node = new Node(node.metadata(), edit.apply(node.spec().toBuilder()).build(), node.status());
    return this;
  }

  private NodeWrapper status(UnaryOperator<NodeStatus.Builder> edit) {
    node = new Node(node.metadata(), node.spec(), edit.apply(node.status().toBuilder()).build());
    return this;
  }
}
