package io.schedkit.framework.model;

import java.util.ArrayList;
import java.util.List;

/**
 * Inter-pod anti-affinity rules ({@code v1.PodAntiAffinity}): the pod wants to avoid topology
 * domains that run pods matching the terms.
 *
 * @param requiredDuringSchedulingIgnoredDuringExecution the terms every candidate node's domain
 *     must satisfy (no pod matching any term in the domain), in order
 * @param preferredDuringSchedulingIgnoredDuringExecution the preferences; a node's score subtracts
 *     the weight of each term whose domain has a matching pod, in order
 */
public record PodAntiAffinity(
    List<PodAffinityTerm> requiredDuringSchedulingIgnoredDuringExecution,
    List<WeightedPodAffinityTerm> preferredDuringSchedulingIgnoredDuringExecution) {

  /**
   * Normalises nulls and copies the lists.
   *
   * @param requiredDuringSchedulingIgnoredDuringExecution the terms every candidate node's domain
   *     must satisfy (no pod matching any term in the domain), in order
   * @param preferredDuringSchedulingIgnoredDuringExecution the preferences; a node's score
   *     subtracts the weight of each term whose domain has a matching pod, in order
   */
  public PodAntiAffinity {
    requiredDuringSchedulingIgnoredDuringExecution =
        Copies.list(requiredDuringSchedulingIgnoredDuringExecution);
    preferredDuringSchedulingIgnoredDuringExecution =
        Copies.list(preferredDuringSchedulingIgnoredDuringExecution);
  }

  /**
   * Returns {@link #requiredDuringSchedulingIgnoredDuringExecution()}.
   *
   * @return the required terms
   */
  public List<PodAffinityTerm> required() {
    return requiredDuringSchedulingIgnoredDuringExecution;
  }

  /**
   * Returns {@link #preferredDuringSchedulingIgnoredDuringExecution()}.
   *
   * @return the weighted preferences
   */
  public List<WeightedPodAffinityTerm> preferred() {
    return preferredDuringSchedulingIgnoredDuringExecution;
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
   * Returns a builder initialised from these rules.
   *
   * @return the builder
   */
  public Builder toBuilder() {
    return new Builder()
        .requiredDuringSchedulingIgnoredDuringExecution(
            requiredDuringSchedulingIgnoredDuringExecution)
        .preferredDuringSchedulingIgnoredDuringExecution(
            preferredDuringSchedulingIgnoredDuringExecution);
  }

  /** Builds {@link PodAntiAffinity} rules. */
  public static final class Builder {
    private final List<PodAffinityTerm> required = new ArrayList<>();
    private final List<WeightedPodAffinityTerm> preferred = new ArrayList<>();

    private Builder() {}

    /**
     * Replaces the required terms.
     *
     * @param terms the terms; null clears them
     * @return this builder
     */
    public Builder requiredDuringSchedulingIgnoredDuringExecution(List<PodAffinityTerm> terms) {
      required.clear();
      if (terms != null) {
        required.addAll(terms);
      }
      return this;
    }

    /**
     * Replaces the preferences.
     *
     * @param terms the weighted terms; null clears them
     * @return this builder
     */
    public Builder preferredDuringSchedulingIgnoredDuringExecution(
        List<WeightedPodAffinityTerm> terms) {
      preferred.clear();
      if (terms != null) {
        preferred.addAll(terms);
      }
      return this;
    }

    /**
     * Appends a required term.
     *
     * @param term the term
     * @return this builder
     */
    public Builder required(PodAffinityTerm term) {
      required.add(term);
      return this;
    }

    /**
     * Appends a preference.
     *
     * @param term the weighted term
     * @return this builder
     */
    public Builder preferred(WeightedPodAffinityTerm term) {
      preferred.add(term);
      return this;
    }

    /**
     * Appends a preference built from its parts.
     *
     * @param weight the weight
     * @param term the term
     * @return this builder
     */
    public Builder preferred(int weight, PodAffinityTerm term) {
      return preferred(new WeightedPodAffinityTerm(weight, term));
    }

    /**
     * Builds the rules.
     *
     * @return the rules
     */
    public PodAntiAffinity build() {
      return new PodAntiAffinity(required, preferred);
    }
  }
}
