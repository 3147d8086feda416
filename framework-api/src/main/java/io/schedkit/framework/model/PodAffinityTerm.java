package io.schedkit.framework.model;

import java.util.ArrayList;
import java.util.List;

/**
 * A set of pods, and the topology domain they define, that an inter-pod (anti-)affinity rule refers
 * to ({@code v1.PodAffinityTerm}).
 *
 * <p>The term selects pods whose namespace qualifies and whose labels match {@code labelSelector}.
 * Namespaces: with no {@code namespaces} and a null {@code namespaceSelector}, only the namespace
 * of the pod that owns the term; otherwise the listed namespaces plus those whose labels match
 * {@code namespaceSelector} (the empty selector means all namespaces). A null {@code labelSelector}
 * matches no pod, the empty one every pod.
 *
 * @param labelSelector the pods' label query; null when unset (matches no pod)
 * @param namespaces namespace names, in order
 * @param topologyKey the node label whose value defines the domain; {@code ""} when unset
 * @param namespaceSelector the namespaces' label query; null when unset
 * @param matchLabelKeys keys of the owner pod's labels merged into {@code labelSelector} as {@code
 *     In} requirements (at pod creation upstream)
 * @param mismatchLabelKeys keys of the owner pod's labels merged into {@code labelSelector} as
 *     {@code NotIn} requirements
 */
public record PodAffinityTerm(
    LabelSelector labelSelector,
    List<String> namespaces,
    String topologyKey,
    LabelSelector namespaceSelector,
    List<String> matchLabelKeys,
    List<String> mismatchLabelKeys) {

  /**
   * Normalises nulls and copies the lists.
   *
   * @param labelSelector the pods' label query; null when unset (matches no pod)
   * @param namespaces namespace names, in order
   * @param topologyKey the node label whose value defines the domain; {@code ""} when unset
   * @param namespaceSelector the namespaces' label query; null when unset
   * @param matchLabelKeys keys of the owner pod's labels merged into {@code labelSelector} as
   *     {@code In} requirements (at pod creation upstream)
   * @param mismatchLabelKeys keys of the owner pod's labels merged into {@code labelSelector} as
   *     {@code NotIn} requirements
   */
  public PodAffinityTerm {
    namespaces = Copies.list(namespaces);
    topologyKey = Copies.str(topologyKey);
    matchLabelKeys = Copies.list(matchLabelKeys);
    mismatchLabelKeys = Copies.list(mismatchLabelKeys);
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
   * Returns a builder initialised from this term.
   *
   * @return the builder
   */
  public Builder toBuilder() {
    return new Builder()
        .labelSelector(labelSelector)
        .namespaces(namespaces)
        .topologyKey(topologyKey)
        .namespaceSelector(namespaceSelector)
        .matchLabelKeys(matchLabelKeys)
        .mismatchLabelKeys(mismatchLabelKeys);
  }

  /** Builds {@link PodAffinityTerm}s. */
  public static final class Builder {
    private LabelSelector labelSelector;
    private final List<String> namespaces = new ArrayList<>();
    private String topologyKey = "";
    private LabelSelector namespaceSelector;
    private final List<String> matchLabelKeys = new ArrayList<>();
    private final List<String> mismatchLabelKeys = new ArrayList<>();

    private Builder() {}

    /**
     * Sets the pods' label query.
     *
     * @param labelSelector the selector; null for unset
     * @return this builder
     */
    public Builder labelSelector(LabelSelector labelSelector) {
      this.labelSelector = labelSelector;
      return this;
    }

    /**
     * Replaces the namespaces.
     *
     * @param namespaces the names; null clears them
     * @return this builder
     */
    public Builder namespaces(List<String> namespaces) {
      replace(this.namespaces, namespaces);
      return this;
    }

    /**
     * Appends a namespace.
     *
     * @param namespace the name
     * @return this builder
     */
    public Builder namespace(String namespace) {
      this.namespaces.add(namespace);
      return this;
    }

    /**
     * Sets the topology key.
     *
     * @param topologyKey the node label key
     * @return this builder
     */
    public Builder topologyKey(String topologyKey) {
      this.topologyKey = topologyKey;
      return this;
    }

    /**
     * Sets the namespaces' label query.
     *
     * @param namespaceSelector the selector; null for unset
     * @return this builder
     */
    public Builder namespaceSelector(LabelSelector namespaceSelector) {
      this.namespaceSelector = namespaceSelector;
      return this;
    }

    /**
     * Replaces the match label keys.
     *
     * @param matchLabelKeys the keys; null clears them
     * @return this builder
     */
    public Builder matchLabelKeys(List<String> matchLabelKeys) {
      replace(this.matchLabelKeys, matchLabelKeys);
      return this;
    }

    /**
     * Appends a match label key.
     *
     * @param key the key
     * @return this builder
     */
    public Builder matchLabelKey(String key) {
      this.matchLabelKeys.add(key);
      return this;
    }

    /**
     * Replaces the mismatch label keys.
     *
     * @param mismatchLabelKeys the keys; null clears them
     * @return this builder
     */
    public Builder mismatchLabelKeys(List<String> mismatchLabelKeys) {
      replace(this.mismatchLabelKeys, mismatchLabelKeys);
      return this;
    }

    /**
     * Appends a mismatch label key.
     *
     * @param key the key
     * @return this builder
     */
    public Builder mismatchLabelKey(String key) {
      this.mismatchLabelKeys.add(key);
      return this;
    }

    private static void replace(List<String> target, List<String> source) {
      target.clear();
      if (source != null) {
        target.addAll(source);
      }
    }

    /**
     * Builds the term.
     *
     * @return the term
     */
    public PodAffinityTerm build() {
      return new PodAffinityTerm(
          labelSelector,
          namespaces,
          topologyKey,
          namespaceSelector,
          matchLabelKeys,
          mismatchLabelKeys);
    }
  }
}
