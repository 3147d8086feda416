package io.schedkit.framework.model;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A pod controller: a ReplicationController, ReplicaSet, StatefulSet, Deployment, DaemonSet or Job,
 * with its pod selector and what it creates ({@link WorkloadSpec}: the pod template, replicas,
 * ...). The scheduler reads only the selector of ReplicationControllers, ReplicaSets and
 * StatefulSets: the system default topology spreading spreads the pods of a pod's controlling
 * workload. A ReplicationController's selector map becomes {@code matchLabels}. {@code schedkit
 * simulate} creates the pods the controllers would create.
 *
 * @param kind the controller kind, one of {@link #KINDS}; never null
 * @param metadata the object metadata; never null
 * @param selector the pods the workload manages; null when unset
 * @param spec the template and counts; never null ({@link WorkloadSpec#NONE} when unset)
 */
public record Workload(String kind, ObjectMeta metadata, LabelSelector selector, WorkloadSpec spec)
    implements KubeObject {

  /** Kind of a {@code v1.ReplicationController}. */
  public static final String REPLICATION_CONTROLLER = "ReplicationController";

  /** Kind of an {@code apps/v1.ReplicaSet}. */
  public static final String REPLICA_SET = "ReplicaSet";

  /** Kind of an {@code apps/v1.StatefulSet}. */
  public static final String STATEFUL_SET = "StatefulSet";

  /** Kind of an {@code apps/v1.Deployment}. */
  public static final String DEPLOYMENT = "Deployment";

  /** Kind of an {@code apps/v1.DaemonSet}. */
  public static final String DAEMON_SET = "DaemonSet";

  /** Kind of a {@code batch/v1.Job}. */
  public static final String JOB = "Job";

  /** Every workload kind, in the order the documentation lists them. */
  public static final List<String> KINDS =
      List.of(DEPLOYMENT, REPLICA_SET, STATEFUL_SET, DAEMON_SET, JOB, REPLICATION_CONTROLLER);

  /**
   * Normalises nulls.
   *
   * @param kind the controller kind, one of {@link #KINDS}; never null
   * @param metadata the object metadata; never null
   * @param selector the pods the workload manages; null when unset
   * @param spec the template and counts; null for {@link WorkloadSpec#NONE}
   */
  public Workload {
    kind = Copies.str(kind);
    metadata = metadata == null ? ObjectMeta.empty() : metadata;
    spec = spec == null ? WorkloadSpec.NONE : spec;
  }

  /**
   * A workload without a template, known for its selector only.
   *
   * @param kind the controller kind, one of {@link #KINDS}
   * @param metadata the object metadata
   * @param selector the pods the workload manages; null when unset
   */
  public Workload(String kind, ObjectMeta metadata, LabelSelector selector) {
    this(kind, metadata, selector, WorkloadSpec.NONE);
  }

  /**
   * Returns the API version of a workload kind: {@code v1}, {@code apps/v1} or {@code batch/v1}.
   *
   * @param kind one of {@link #KINDS}
   * @return the API version; {@code ""} for another kind
   */
  public static String apiVersionOf(String kind) {
    return switch (kind) {
      case REPLICATION_CONTROLLER -> "v1";
      case REPLICA_SET, STATEFUL_SET, DEPLOYMENT, DAEMON_SET -> "apps/v1";
      case JOB -> "batch/v1";
      default -> "";
    };
  }

  /**
   * Returns this workload's API version ({@link #apiVersionOf}).
   *
   * @return the API version
   */
  public String apiVersion() {
    return apiVersionOf(kind);
  }

  /**
   * Returns the pod template.
   *
   * @return the template; null when the workload has none
   */
  public PodTemplateSpec template() {
    return spec.template();
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
    return new Builder().kind(kind).metadata(metadata).selector(selector).spec(spec);
  }

  /** Builds {@link Workload}s. */
  public static final class Builder {
    private String kind = "";
    private ObjectMeta.Builder metadata = ObjectMeta.builder().namespace("default");
    private LabelSelector selector;
    private WorkloadSpec spec = WorkloadSpec.NONE;

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
     * Sets the template and counts.
     *
     * @param spec the spec; null for {@link WorkloadSpec#NONE}
     * @return this builder
     */
    public Builder spec(WorkloadSpec spec) {
      this.spec = spec;
      return this;
    }

    /**
     * Builds the workload.
     *
     * @return the workload
     */
    public Workload build() {
      return new Workload(kind, metadata.build(), selector, spec);
    }
  }
}
