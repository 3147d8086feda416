package io.schedkit.framework.model;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A pod ({@code v1.Pod}): the unit the scheduler places on a node.
 *
 * <p>Besides its three components, a pod offers shortcuts for what plugins read most: {@link
 * #name()}, {@link #namespace()}, {@link #key()} ({@code namespace/name}, upstream's cache key),
 * {@link #labels()}, {@link #nodeName()}, {@link #priority()}.
 *
 * @param metadata the object metadata; never null
 * @param spec the desired state; never null
 * @param status the observed state; never null
 */
public record Pod(ObjectMeta metadata, PodSpec spec, PodStatus status) implements KubeObject {

  /** The object kind, {@code Pod}. */
  public static final String KIND = "Pod";

  /**
   * Normalises nulls to empty values.
   *
   * @param metadata the object metadata; never null
   * @param spec the desired state; never null
   * @param status the observed state; never null
   */
  public Pod {
    metadata = metadata == null ? ObjectMeta.empty() : metadata;
    spec = spec == null ? PodSpec.builder().build() : spec;
    status = status == null ? PodStatus.builder().build() : status;
  }

  /**
   * Returns {@code "Pod"}.
   *
   * @return the kind
   */
  @Override
  public String kind() {
    return KIND;
  }

  /**
   * Returns the pod's name.
   *
   * @return the name
   */
  public String name() {
    return metadata.name();
  }

  /**
   * Returns the pod's namespace.
   *
   * @return the namespace
   */
  public String namespace() {
    return metadata.namespace();
  }

  /**
   * Returns the pod's UID.
   *
   * @return the UID
   */
  public String uid() {
    return metadata.uid();
  }

  /**
   * Returns the pod's labels.
   *
   * @return the labels, in key order
   */
  public Map<String, String> labels() {
    return metadata.labels();
  }

  /**
   * Returns the node the pod is bound to.
   *
   * @return the node name; {@code ""} while unscheduled
   */
  public String nodeName() {
    return spec.nodeName();
  }

  /**
   * Returns whether the pod is bound to a node ({@code spec.nodeName} is set).
   *
   * @return true when assigned
   */
  public boolean isAssigned() {
    return !spec.nodeName().isEmpty();
  }

  /**
   * Returns the node preemption nominated for the pod.
   *
   * @return the node name; {@code ""} when none
   */
  public String nominatedNodeName() {
    return status.nominatedNodeName();
  }

  /**
   * Returns the pod's priority: {@code spec.priority}, or 0 when unset (upstream {@code
   * corev1helpers.PodPriority}).
   *
   * @return the priority
   */
  public int priority() {
    Integer p = spec.priority();
    return p == null ? 0 : p;
  }

  /**
   * Returns whether deletion of the pod was requested ({@code deletionTimestamp} is set).
   *
   * @return true while terminating
   */
  public boolean isTerminating() {
    return metadata.deletionTimestamp() != null;
  }

  /**
   * Returns the owner reference whose {@code controller} is true (upstream {@code
   * metav1.GetControllerOf}).
   *
   * @return the controller reference, or empty when the pod has no controller
   */
  public Optional<OwnerReference> controllerRef() {
    List<OwnerReference> owners = metadata.ownerReferences();
    for (int i = 0, n = owners.size(); i < n; i++) {
      if (owners.get(i).isController()) {
        return Optional.of(owners.get(i));
      }
    }
    return Optional.empty();
  }

  /**
   * Returns a new builder; the namespace defaults to {@code default}.
   *
   * @return the builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Returns this pod with {@code spec.nodeName} set, sharing its metadata, status and the rest of
   * its spec.
   *
   * @param nodeName the node; null means {@code ""}
   * @return the pod bound to {@code nodeName}
   */
  public Pod withNodeName(String nodeName) {
    return new Pod(metadata, spec.withNodeName(nodeName), status);
  }

  /**
   * Returns a builder initialised from this pod.
   *
   * @return the builder
   */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.metadata = metadata.toBuilder();
    b.spec = spec.toBuilder();
    b.status = status.toBuilder();
    return b;
  }

  /** Builds {@link Pod}s, with shortcuts for the fields of the metadata, spec and status. */
  public static final class Builder {
    private ObjectMeta.Builder metadata = ObjectMeta.builder().namespace("default");
    private PodSpec.Builder spec = PodSpec.builder();
    private PodStatus.Builder status = PodStatus.builder();

    private Builder() {}

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
     * Replaces the spec.
     *
     * @param spec the spec
     * @return this builder
     */
    public Builder spec(PodSpec spec) {
      this.spec = spec.toBuilder();
      return this;
    }

    /**
     * Replaces the status.
     *
     * @param status the status
     * @return this builder
     */
    public Builder status(PodStatus status) {
      this.status = status.toBuilder();
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
     * Sets the UID.
     *
     * @param uid the UID
     * @return this builder
     */
    public Builder uid(String uid) {
      metadata.uid(uid);
      return this;
    }

    /**
     * Adds or replaces a label.
     *
     * @param key the key
     * @param value the value
     * @return this builder
     */
    public Builder label(String key, String value) {
      metadata.label(key, value);
      return this;
    }

    /**
     * Replaces all labels.
     *
     * @param labels the labels
     * @return this builder
     */
    public Builder labels(Map<String, String> labels) {
      metadata.labels(labels);
      return this;
    }

    /**
     * Adds or replaces an annotation.
     *
     * @param key the key
     * @param value the value
     * @return this builder
     */
    public Builder annotation(String key, String value) {
      metadata.annotation(key, value);
      return this;
    }

    /**
     * Appends an owner reference.
     *
     * @param ownerReference the owner
     * @return this builder
     */
    public Builder ownerReference(OwnerReference ownerReference) {
      metadata.ownerReference(ownerReference);
      return this;
    }

    /**
     * Sets the creation time.
     *
     * @param creationTimestamp the time
     * @return this builder
     */
    public Builder creationTimestamp(Instant creationTimestamp) {
      metadata.creationTimestamp(creationTimestamp);
      return this;
    }

    /**
     * Sets the deletion time, marking the pod as terminating.
     *
     * @param deletionTimestamp the time; null for not terminating
     * @return this builder
     */
    public Builder deletionTimestamp(Instant deletionTimestamp) {
      metadata.deletionTimestamp(deletionTimestamp);
      return this;
    }

    /**
     * Sets the node the pod is bound to.
     *
     * @param nodeName the node
     * @return this builder
     */
    public Builder nodeName(String nodeName) {
      spec.nodeName(nodeName);
      return this;
    }

    /**
     * Sets the priority.
     *
     * @param priority the priority
     * @return this builder
     */
    public Builder priority(int priority) {
      spec.priority(priority);
      return this;
    }

    /**
     * Sets the priority class name.
     *
     * @param priorityClassName the name
     * @return this builder
     */
    public Builder priorityClassName(String priorityClassName) {
      spec.priorityClassName(priorityClassName);
      return this;
    }

    /**
     * Sets the preemption policy.
     *
     * @param preemptionPolicy the policy; null for unset
     * @return this builder
     */
    public Builder preemptionPolicy(PreemptionPolicy preemptionPolicy) {
      spec.preemptionPolicy(preemptionPolicy);
      return this;
    }

    /**
     * Appends a container.
     *
     * @param container the container
     * @return this builder
     */
    public Builder container(Container container) {
      spec.container(container);
      return this;
    }

    /**
     * Appends an init container.
     *
     * @param initContainer the init container
     * @return this builder
     */
    public Builder initContainer(Container initContainer) {
      spec.initContainer(initContainer);
      return this;
    }

    /**
     * Sets the pod overhead.
     *
     * @param overhead the resources
     * @return this builder
     */
    public Builder overhead(ResourceList overhead) {
      spec.overhead(overhead);
      return this;
    }

    /**
     * Sets the pod-level resources.
     *
     * @param resources the requirements; null for unset
     * @return this builder
     */
    public Builder resources(ResourceRequirements resources) {
      spec.resources(resources);
      return this;
    }

    /**
     * Appends a toleration.
     *
     * @param toleration the toleration
     * @return this builder
     */
    public Builder toleration(Toleration toleration) {
      spec.toleration(toleration);
      return this;
    }

    /**
     * Adds a node selector label.
     *
     * @param key the key
     * @param value the value
     * @return this builder
     */
    public Builder nodeSelector(String key, String value) {
      spec.nodeSelector(key, value);
      return this;
    }

    /**
     * Sets the affinity.
     *
     * @param affinity the rules; null for none
     * @return this builder
     */
    public Builder affinity(Affinity affinity) {
      spec.affinity(affinity);
      return this;
    }

    /**
     * Appends a topology spread constraint.
     *
     * @param constraint the constraint
     * @return this builder
     */
    public Builder topologySpreadConstraint(TopologySpreadConstraint constraint) {
      spec.topologySpreadConstraint(constraint);
      return this;
    }

    /**
     * Sets the scheduler name.
     *
     * @param schedulerName the profile name
     * @return this builder
     */
    public Builder schedulerName(String schedulerName) {
      spec.schedulerName(schedulerName);
      return this;
    }

    /**
     * Appends a scheduling gate.
     *
     * @param gate the gate name
     * @return this builder
     */
    public Builder schedulingGate(String gate) {
      spec.schedulingGate(gate);
      return this;
    }

    /**
     * Sets whether the pod uses the host network.
     *
     * @param hostNetwork the flag
     * @return this builder
     */
    public Builder hostNetwork(boolean hostNetwork) {
      spec.hostNetwork(hostNetwork);
      return this;
    }

    /**
     * Sets the phase.
     *
     * @param phase the phase
     * @return this builder
     */
    public Builder phase(String phase) {
      status.phase(phase);
      return this;
    }

    /**
     * Sets the nominated node.
     *
     * @param nominatedNodeName the node; {@code ""} for none
     * @return this builder
     */
    public Builder nominatedNodeName(String nominatedNodeName) {
      status.nominatedNodeName(nominatedNodeName);
      return this;
    }

    /**
     * Sets the start time.
     *
     * @param startTime the time; null for unset
     * @return this builder
     */
    public Builder startTime(Instant startTime) {
      status.startTime(startTime);
      return this;
    }

    /**
     * Appends a condition.
     *
     * @param condition the condition
     * @return this builder
     */
    public Builder condition(PodCondition condition) {
      status.condition(condition);
      return this;
    }

    /**
     * Builds the pod.
     *
     * @return the pod
     */
    public Pod build() {
      return new Pod(metadata.build(), spec.build(), status.build());
    }
  }
}
