package io.schedkit.testing;

/**
 * Which parts of a pod's (anti-)affinity a {@link PodWrapper} helper fills: upstream's {@code
 * PodAffinityKind}, with the same constants so ported tables translate name for name ({@code
 * st.PodAntiAffinityWithRequiredReq} is {@link #POD_ANTI_AFFINITY_WITH_REQUIRED_REQ}).
 *
 * <p>Preferred terms get weight 1, as upstream. Unlike upstream, passing an anti-affinity kind to
 * an affinity helper (or the reverse) fails instead of silently adding an empty affinity.
 */
public enum PodAffinityKind {
  /** Adds nothing. */
  NIL_POD_AFFINITY(false, false, false),
  /** A required pod affinity term. */
  POD_AFFINITY_WITH_REQUIRED_REQ(false, true, false),
  /** A preferred pod affinity term with weight 1. */
  POD_AFFINITY_WITH_PREFERRED_REQ(false, false, true),
  /** A required pod affinity term and the same term preferred with weight 1. */
  POD_AFFINITY_WITH_REQUIRED_PREFERRED_REQ(false, true, true),
  /** A required pod anti-affinity term. */
  POD_ANTI_AFFINITY_WITH_REQUIRED_REQ(true, true, false),
  /** A preferred pod anti-affinity term with weight 1. */
  POD_ANTI_AFFINITY_WITH_PREFERRED_REQ(true, false, true),
  /** A required pod anti-affinity term and the same term preferred with weight 1. */
  POD_ANTI_AFFINITY_WITH_REQUIRED_PREFERRED_REQ(true, true, true);

  private final boolean anti;
  private final boolean required;
  private final boolean preferred;

  PodAffinityKind(boolean anti, boolean required, boolean preferred) {
    this.anti = anti;
    this.required = required;
    this.preferred = preferred;
  }

  /** Whether this kind is for pod anti-affinity. */
  public boolean isAnti() {
    return anti;
  }

  /** Whether this kind adds a required term. */
  public boolean isRequired() {
    return required;
  }

  /** Whether this kind adds a preferred term. */
  public boolean isPreferred() {
    return preferred;
  }
}
