package io.schedkit.framework.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The desired state of a pod ({@code v1.PodSpec}), reduced to every field the default plugins and
 * preemption read.
 *
 * @param containers the app containers, in order
 * @param initContainers the init containers, in order (restartable ones are sidecars)
 * @param overhead the pod overhead added to its requests; never null
 * @param nodeName the node the pod is bound to; {@code ""} while unscheduled
 * @param nodeSelector labels a node must carry with exactly these values, in key order
 * @param affinity affinity rules; null when unset
 * @param tolerations the tolerations, in order
 * @param topologySpreadConstraints the spread constraints, in order
 * @param priority the resolved priority; null when unset (treated as 0)
 * @param priorityClassName the priority class name; {@code ""} when unset
 * @param preemptionPolicy whether the pod may preempt; null when unset (upstream default {@code
 *     PreemptLowerPriority})
 * @param schedulerName the profile that schedules the pod; {@code ""} when unset (the API server
 *     defaults it to {@code default-scheduler})
 * @param schedulingGates the names of the gates holding the pod back, in order
 * @param resources pod-level requests and limits (PodLevelResources); null when unset
 * @param hostNetwork whether the pod uses the node's network namespace
 */
public record PodSpec(
    List<Container> containers,
    List<Container> initContainers,
    ResourceList overhead,
    String nodeName,
    Map<String, String> nodeSelector,
    Affinity affinity,
    List<Toleration> tolerations,
    List<TopologySpreadConstraint> topologySpreadConstraints,
    Integer priority,
    String priorityClassName,
    PreemptionPolicy preemptionPolicy,
    String schedulerName,
    List<String> schedulingGates,
    ResourceRequirements resources,
    boolean hostNetwork) {

  /**
   * Normalises nulls and copies collections.
   *
   * @param containers the app containers, in order
   * @param initContainers the init containers, in order (restartable ones are sidecars)
   * @param overhead the pod overhead added to its requests; never null
   * @param nodeName the node the pod is bound to; {@code ""} while unscheduled
   * @param nodeSelector labels a node must carry with exactly these values, in key order
   * @param affinity affinity rules; null when unset
   * @param tolerations the tolerations, in order
   * @param topologySpreadConstraints the spread constraints, in order
   * @param priority the resolved priority; null when unset (treated as 0)
   * @param priorityClassName the priority class name; {@code ""} when unset
   * @param preemptionPolicy whether the pod may preempt; null when unset (upstream default {@code
   *     PreemptLowerPriority})
   * @param schedulerName the profile that schedules the pod; {@code ""} when unset (the API server
   *     defaults it to {@code default-scheduler})
   * @param schedulingGates the names of the gates holding the pod back, in order
   * @param resources pod-level requests and limits (PodLevelResources); null when unset
   * @param hostNetwork whether the pod uses the node's network namespace
   */
  public PodSpec {
    containers = Copies.list(containers);
    initContainers = Copies.list(initContainers);
    overhead = overhead == null ? ResourceList.empty() : overhead;
    nodeName = Copies.str(nodeName);
    nodeSelector = Copies.sortedMap(nodeSelector, "nodeSelector");
    tolerations = Copies.list(tolerations);
    topologySpreadConstraints = Copies.list(topologySpreadConstraints);
    priorityClassName = Copies.str(priorityClassName);
    schedulerName = Copies.str(schedulerName);
    schedulingGates = Copies.list(schedulingGates);
  }

  /**
   * Returns a new, empty builder.
   *
   * @return the builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Returns this spec with {@code nodeName} set, sharing every other field (they are immutable):
   * what binding changes, without the copies a builder makes.
   *
   * @param nodeName the node; null means {@code ""}
   * @return the spec bound to {@code nodeName}
   */
  public PodSpec withNodeName(String nodeName) {
    return new PodSpec(
        containers,
        initContainers,
        overhead,
        nodeName,
        nodeSelector,
        affinity,
        tolerations,
        topologySpreadConstraints,
        priority,
        priorityClassName,
        preemptionPolicy,
        schedulerName,
        schedulingGates,
        resources,
        hostNetwork);
  }

  /**
   * Returns a builder initialised from this spec.
   *
   * @return the builder
   */
  public Builder toBuilder() {
    return new Builder()
        .containers(containers)
        .initContainers(initContainers)
        .overhead(overhead)
        .nodeName(nodeName)
        .nodeSelector(nodeSelector)
        .affinity(affinity)
        .tolerations(tolerations)
        .topologySpreadConstraints(topologySpreadConstraints)
        .priority(priority)
        .priorityClassName(priorityClassName)
        .preemptionPolicy(preemptionPolicy)
        .schedulerName(schedulerName)
        .schedulingGates(schedulingGates)
        .resources(resources)
        .hostNetwork(hostNetwork);
  }

  /** Builds {@link PodSpec}s. */
  public static final class Builder {
    private final List<Container> containers = new ArrayList<>();
    private final List<Container> initContainers = new ArrayList<>();
    private ResourceList overhead = ResourceList.empty();
    private String nodeName = "";
    private final Map<String, String> nodeSelector = new TreeMap<>();
    private Affinity affinity;
    private final List<Toleration> tolerations = new ArrayList<>();
    private final List<TopologySpreadConstraint> topologySpreadConstraints = new ArrayList<>();
    private Integer priority;
    private String priorityClassName = "";
    private PreemptionPolicy preemptionPolicy;
    private String schedulerName = "";
    private final List<String> schedulingGates = new ArrayList<>();
    private ResourceRequirements resources;
    private boolean hostNetwork;

    private Builder() {}

    private static <T> void replace(List<T> target, List<? extends T> source) {
      target.clear();
      if (source != null) {
        target.addAll(source);
      }
    }

    /**
     * Replaces the containers.
     *
     * @param containers the containers; null clears them
     * @return this builder
     */
    public Builder containers(List<Container> containers) {
      replace(this.containers, containers);
      return this;
    }

    /**
     * Appends a container.
     *
     * @param container the container
     * @return this builder
     */
    public Builder container(Container container) {
      this.containers.add(container);
      return this;
    }

    /**
     * Replaces the init containers.
     *
     * @param initContainers the init containers; null clears them
     * @return this builder
     */
    public Builder initContainers(List<Container> initContainers) {
      replace(this.initContainers, initContainers);
      return this;
    }

    /**
     * Appends an init container.
     *
     * @param initContainer the init container
     * @return this builder
     */
    public Builder initContainer(Container initContainer) {
      this.initContainers.add(initContainer);
      return this;
    }

    /**
     * Sets the overhead.
     *
     * @param overhead the resources
     * @return this builder
     */
    public Builder overhead(ResourceList overhead) {
      this.overhead = overhead == null ? ResourceList.empty() : overhead;
      return this;
    }

    /**
     * Sets the node name.
     *
     * @param nodeName the node; {@code ""} for unscheduled
     * @return this builder
     */
    public Builder nodeName(String nodeName) {
      this.nodeName = nodeName;
      return this;
    }

    /**
     * Replaces the node selector.
     *
     * @param nodeSelector the labels; null clears them
     * @return this builder
     */
    public Builder nodeSelector(Map<String, String> nodeSelector) {
      this.nodeSelector.clear();
      if (nodeSelector != null) {
        this.nodeSelector.putAll(nodeSelector);
      }
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
      this.nodeSelector.put(key, value);
      return this;
    }

    /**
     * Sets the affinity.
     *
     * @param affinity the rules; null for none
     * @return this builder
     */
    public Builder affinity(Affinity affinity) {
      this.affinity = affinity;
      return this;
    }

    /**
     * Replaces the tolerations.
     *
     * @param tolerations the tolerations; null clears them
     * @return this builder
     */
    public Builder tolerations(List<Toleration> tolerations) {
      replace(this.tolerations, tolerations);
      return this;
    }

    /**
     * Appends a toleration.
     *
     * @param toleration the toleration
     * @return this builder
     */
    public Builder toleration(Toleration toleration) {
      this.tolerations.add(toleration);
      return this;
    }

    /**
     * Replaces the topology spread constraints.
     *
     * @param constraints the constraints; null clears them
     * @return this builder
     */
    public Builder topologySpreadConstraints(List<TopologySpreadConstraint> constraints) {
      replace(this.topologySpreadConstraints, constraints);
      return this;
    }

    /**
     * Appends a topology spread constraint.
     *
     * @param constraint the constraint
     * @return this builder
     */
    public Builder topologySpreadConstraint(TopologySpreadConstraint constraint) {
      this.topologySpreadConstraints.add(constraint);
      return this;
    }

    /**
     * Sets the priority.
     *
     * @param priority the priority; null for unset
     * @return this builder
     */
    public Builder priority(Integer priority) {
      this.priority = priority;
      return this;
    }

    /**
     * Sets the priority class name.
     *
     * @param priorityClassName the name
     * @return this builder
     */
    public Builder priorityClassName(String priorityClassName) {
      this.priorityClassName = priorityClassName;
      return this;
    }

    /**
     * Sets the preemption policy.
     *
     * @param preemptionPolicy the policy; null for unset
     * @return this builder
     */
    public Builder preemptionPolicy(PreemptionPolicy preemptionPolicy) {
      this.preemptionPolicy = preemptionPolicy;
      return this;
    }

    /**
     * Sets the scheduler name.
     *
     * @param schedulerName the profile name
     * @return this builder
     */
    public Builder schedulerName(String schedulerName) {
      this.schedulerName = schedulerName;
      return this;
    }

    /**
     * Replaces the scheduling gates.
     *
     * @param schedulingGates the gate names; null clears them
     * @return this builder
     */
    public Builder schedulingGates(List<String> schedulingGates) {
      replace(this.schedulingGates, schedulingGates);
      return this;
    }

    /**
     * Appends a scheduling gate.
     *
     * @param gate the gate name
     * @return this builder
     */
    public Builder schedulingGate(String gate) {
      this.schedulingGates.add(gate);
      return this;
    }

    /**
     * Sets the pod-level resources.
     *
     * @param resources the requirements; null for unset
     * @return this builder
     */
    public Builder resources(ResourceRequirements resources) {
      this.resources = resources;
      return this;
    }

    /**
     * Sets whether the pod uses the host network.
     *
     * @param hostNetwork the flag
     * @return this builder
     */
    public Builder hostNetwork(boolean hostNetwork) {
      this.hostNetwork = hostNetwork;
      return this;
    }

    /**
     * Builds the spec.
     *
     * @return the spec
     */
    public PodSpec build() {
      return new PodSpec(
          containers,
          initContainers,
          overhead,
          nodeName,
          nodeSelector,
          affinity,
          tolerations,
          topologySpreadConstraints,
          priority,
          priorityClassName,
          preemptionPolicy,
          schedulerName,
          schedulingGates,
          resources,
          hostNetwork);
    }
  }
}
