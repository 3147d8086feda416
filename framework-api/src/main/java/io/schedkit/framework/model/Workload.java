package io.schedkit.framework.model;

import java.util.Map;
import java.util.Objects;

/**
 * A pod controller (ReplicationController, ReplicaSet or StatefulSet) reduced to its kind and pod
 * selector: the system default topology spreading spreads the pods of a pod's controlling workload.
 * A ReplicationController's selector map becomes {@code matchLabels}.
 *
 * @param kind the controller kind, one of {@link #REPLICATION_CONTROLLER}, {@link #REPLICA_SET} and
 *     {@link #STATEFUL_SET}; never null
 * @param metadata the object metadata; never null
 * @param selector the pods the workload manages; null when unset
 */
public record Workload(String kind, ObjectMeta metadata, LabelSelector selector)
    implements KubeObject {

  /** Kind of a {@code v1.ReplicationController}. */
  public static final String REPLICATION_CONTROLLER = "ReplicationController";

  /** Kind of an {@code apps/v1.ReplicaSet}. */
  public static final String REPLICA_SET = "ReplicaSet";

  /** Kind of an {@code apps/v1.StatefulSet}. */
  public static final String STATEFUL_SET = "StatefulSet";

  /**
   * Normalises nulls.
   *
   * @param kind the controller kind, one of {@link #REPLICATION_CONTROLLER}, {@link #REPLICA_SET}
   *     and {@link #STATEFUL_SET}; never null
   * @param metadata the object metadata; never null
   * @param selector the pods the workload manages; null when unset
   */
  public Workload {
    kind = Copies.str(kind);
    metadata = metadata == null ? ObjectMeta.empty() : metadata;
  }

  /**
   * Returns a ReplicationController, whose selector is a plain label map.
   *
   * @param metadata the metadata
   * @param selector the selector labels; null or empty selects every pod of the namespace, as
   *     upstream's {@code labels.SelectorFromSet}
   * @return the workload
   */
  public static Workload replicationController(ObjectMeta metadata, Map<String, String> selector) {
    return new Workload(REPLICATION_CONTROLLER, metadata, LabelSelector.of(selector));
  }

  /**
   * Returns a ReplicaSet.
   *
   * @param metadata the metadata
   * @param selector the selector; null when unset
   * @return the workload
   */
  public static Workload replicaSet(ObjectMeta metadata, LabelSelector selector) {
    return new Workload(REPLICA_SET, metadata, selector);
  }

  /**
   * Returns a StatefulSet.
   *
   * @param metadata the metadata
   * @param selector the selector; null when unset
   * @return the workload
   */
  public static Workload statefulSet(ObjectMeta metadata, LabelSelector selector) {
    return new Workload(STATEFUL_SET, metadata, selector);
  }

  /**
   * Returns the workload's name.
   *
   * @return the name
   */
  public String name() {
    return metadata.name();
  }

  /**
   * Returns the workload's namespace.
   *
   * @return the namespace
   */
  public String namespace() {
    return metadata.namespace();
  }

  /**
   * Returns a new builder (namespace {@code default}); the kind must be set.
   *
   * @return the builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Returns a builder initialised from this workload.
   *
   * @return the builder
   */
  public Builder toBuilder() {
    return new Builder().kind(kind).metadata(metadata).selector(selector);
  }

  /** Builds {@link Workload}s. */
  public static final class Builder {
    private String kind = "";
    private ObjectMeta.Builder metadata = ObjectMeta.builder().namespace("default");
    private LabelSelector selector;

    private Builder() {}

    /**
     * Sets the kind.
     *
     * @param kind the controller kind
     * @return this builder
     */
    public Builder kind(String kind) {
      this.kind = Objects.requireNonNull(kind, "kind");
      return this;
    }

    /**
     * Replaces the metadata.
     *
     * @param metadata the metadata
     * @return this builder
     */
    public Builder metadata(ObjectMeta metadata) {
      this.metadata = metadata.toBuilder();
      return this;
    }

    /**
     * Sets the name.
     *
     * @param name the name
     * @return this builder
     */
    public Builder name(String name) {
      metadata.name(name);
      return this;
    }

    /**
     * Sets the namespace.
     *
     * @param namespace the namespace
     * @return this builder
     */
    public Builder namespace(String namespace) {
      metadata.namespace(namespace);
      return this;
    }

    /**
     * Sets the selector.
     *
     * @param selector the selector; null for unset
     * @return this builder
     */
    public Builder selector(LabelSelector selector) {
      this.selector = selector;
      return this;
    }

    /**
     * Builds the workload.
     *
     * @return the workload
     */
    public Workload build() {
      return new Workload(kind, metadata.build(), selector);
    }
  }
}
