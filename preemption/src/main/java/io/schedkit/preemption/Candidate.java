package io.schedkit.preemption;

import io.schedkit.framework.Victims;
import java.util.Objects;

/**
 * A node on which the preemptor would fit once the victims are gone: a preemption candidate found
 * by the {@link Evaluator}'s dry run (upstream's {@code Candidate}).
 *
 * @param nodeName the node the preemptor would be nominated to; never null
 * @param victims the pods to evict there, most important first, and how many of them violate a
 *     PodDisruptionBudget; never null
 */
public record Candidate(String nodeName, Victims victims) {
  /** Validates the components. */
  public Candidate {
    Objects.requireNonNull(nodeName, "nodeName");
    Objects.requireNonNull(victims, "victims");
  }
}
