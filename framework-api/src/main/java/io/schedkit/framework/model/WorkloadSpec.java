package io.schedkit.framework.model;

/**
 * What a {@link Workload} controller creates: its pod template and how many pods, as the fields of
 * its kind's {@code spec} say. Each field applies to the kinds named; null or false is unset, and
 * the controllers' defaults apply.
 *
 * @param replicas Deployment, ReplicaSet, ReplicationController, StatefulSet: how many pods; null
 *     means 1
 * @param template every kind: the pods' template; null when the object has none (a workload created
 *     for its selector only)
 * @param podManagementPolicy StatefulSet: {@value #ORDERED_READY} (null means this) or {@value
 *     #PARALLEL}
 * @param ordinalsStart StatefulSet {@code spec.ordinals.start}: the first ordinal; null means 0
 * @param parallelism Job: how many pods run at once; null means 1
 * @param completions Job: how many pods must succeed; null means that one success completes the job
 *     once its other pods are done
 * @param completionMode Job: {@value #NON_INDEXED} (null means this) or {@value #INDEXED}
 * @param backoffLimit Job: how many failed pods fail the job; null means 6
 * @param suspend Job: created suspended (no pod is created)
 * @param paused Deployment: created paused (no ReplicaSet is created)
 */
public record WorkloadSpec(
    Integer replicas,
    PodTemplateSpec template,
    String podManagementPolicy,
    Integer ordinalsStart,
    Integer parallelism,
    Integer completions,
    String completionMode,
    Integer backoffLimit,
    boolean suspend,
    boolean paused) {

  /**
   * StatefulSet {@code podManagementPolicy}: ordinal N+1 is created once N is running and ready.
   */
  public static final String ORDERED_READY = "OrderedReady";

  /** StatefulSet {@code podManagementPolicy}: every pod is created at once. */
  public static final String PARALLEL = "Parallel";

  /** Job {@code completionMode}: any {@code completions} successful pods complete the job. */
  public static final String NON_INDEXED = "NonIndexed";

  /** Job {@code completionMode}: one successful pod per index 0 to {@code completions - 1}. */
  public static final String INDEXED = "Indexed";

  /** The spec of a workload that creates no pods: every field unset. */
  public static final WorkloadSpec NONE =
      new WorkloadSpec(null, null, null, null, null, null, null, null, false, false);

  /**
   * Normalises the empty strings to null.
   *
   * @param replicas see the record
   * @param template see the record
   * @param podManagementPolicy see the record
   * @param ordinalsStart see the record
   * @param parallelism see the record
   * @param completions see the record
   * @param completionMode see the record
   * @param backoffLimit see the record
   * @param suspend see the record
   * @param paused see the record
   */
  public WorkloadSpec {
    podManagementPolicy =
        podManagementPolicy == null || podManagementPolicy.isEmpty() ? null : podManagementPolicy;
    completionMode = completionMode == null || completionMode.isEmpty() ? null : completionMode;
  }

  /**
   * Returns {@code replicas}, 1 when unset.
   *
   * @return the number of replicas
   */
  public int replicasOrDefault() {
    return replicas == null ? 1 : replicas;
  }

  /**
   * Returns whether a StatefulSet creates its pods all at once ({@value #PARALLEL}).
   *
   * @return true for Parallel pod management
   */
  public boolean parallelPodManagement() {
    return PARALLEL.equals(podManagementPolicy);
  }

  /**
   * Returns whether a Job's completions are indexed.
   *
   * @return true for Indexed completion
   */
  public boolean indexed() {
    return INDEXED.equals(completionMode);
  }

  /**
   * Returns a new builder with every field unset.
   *
   * @return the builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Returns a builder initialised from this spec.
   *
   * @return the builder
   */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.replicas = replicas;
    b.template = template;
    b.podManagementPolicy = podManagementPolicy;
    b.ordinalsStart = ordinalsStart;
    b.parallelism = parallelism;
    b.completions = completions;
    b.completionMode = completionMode;
    b.backoffLimit = backoffLimit;
    b.suspend = suspend;
    b.paused = paused;
    return b;
  }

  /** Builds {@link WorkloadSpec}s. */
  public static final class Builder {
    private Integer replicas;
    private PodTemplateSpec template;
    private String podManagementPolicy;
    private Integer ordinalsStart;
    private Integer parallelism;
    private Integer completions;
    private String completionMode;
    private Integer backoffLimit;
    private boolean suspend;
    private boolean paused;

    private Builder() {}

    /**
     * Sets the replicas.
     *
     * @param replicas the replicas; null for unset
     * @return this builder
     */
    public Builder replicas(Integer replicas) {
      this.replicas = replicas;
      return this;
    }

    /**
     * Sets the pod template.
     *
     * @param template the template; null for none
     * @return this builder
     */
    public Builder template(PodTemplateSpec template) {
      this.template = template;
      return this;
    }

    /**
     * Sets the pod template.
     *
     * @param metadata the pods' metadata
     * @param spec the pods' spec
     * @return this builder
     */
    public Builder template(ObjectMeta metadata, PodSpec spec) {
      return template(new PodTemplateSpec(metadata, spec));
    }

    /**
     * Sets the StatefulSet's pod management policy.
     *
     * @param policy {@value WorkloadSpec#ORDERED_READY} or {@value WorkloadSpec#PARALLEL}; null for
     *     unset
     * @return this builder
     */
    public Builder podManagementPolicy(String policy) {
      this.podManagementPolicy = policy;
      return this;
    }

    /**
     * Sets the StatefulSet's first ordinal.
     *
     * @param start the first ordinal; null for unset
     * @return this builder
     */
    public Builder ordinalsStart(Integer start) {
      this.ordinalsStart = start;
      return this;
    }

    /**
     * Sets the Job's parallelism.
     *
     * @param parallelism the parallelism; null for unset
     * @return this builder
     */
    public Builder parallelism(Integer parallelism) {
      this.parallelism = parallelism;
      return this;
    }

    /**
     * Sets the Job's completions.
     *
     * @param completions the completions; null for unset
     * @return this builder
     */
    public Builder completions(Integer completions) {
      this.completions = completions;
      return this;
    }

    /**
     * Sets the Job's completion mode.
     *
     * @param mode {@value WorkloadSpec#NON_INDEXED} or {@value WorkloadSpec#INDEXED}; null for
     *     unset
     * @return this builder
     */
    public Builder completionMode(String mode) {
      this.completionMode = mode;
      return this;
    }

    /**
     * Sets the Job's backoff limit.
     *
     * @param backoffLimit the limit; null for unset
     * @return this builder
     */
    public Builder backoffLimit(Integer backoffLimit) {
      this.backoffLimit = backoffLimit;
      return this;
    }

    /**
     * Sets whether the Job is suspended.
     *
     * @param suspend true when suspended
     * @return this builder
     */
    public Builder suspend(boolean suspend) {
      this.suspend = suspend;
      return this;
    }

    /**
     * Sets whether the Deployment is paused.
     *
     * @param paused true when paused
     * @return this builder
     */
    public Builder paused(boolean paused) {
      this.paused = paused;
      return this;
    }

    /**
     * Builds the spec.
     *
     * @return the spec
     */
    public WorkloadSpec build() {
      return new WorkloadSpec(
          replicas,
          template,
          podManagementPolicy,
          ordinalsStart,
          parallelism,
          completions,
          completionMode,
          backoffLimit,
          suspend,
          paused);
    }
  }
}
