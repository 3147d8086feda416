package io.schedkit.framework;

import io.schedkit.framework.model.Pod;
import java.util.List;
import java.util.Map;

/**
 * A scheduler extender: an outside service consulted at fixed places of the cycle, as
 * kube-scheduler's {@code extenders[]}. Filter runs after the Filter plugins (extenders one after
 * another on the survivors), prioritize runs in parallel with its scores multiplied by {@code
 * weight × 10}, the first interested binder binds instead of the Bind plugins, and preempt may
 * narrow preemption's candidates.
 *
 * <p>An extender is consulted only for pods it {@linkplain #isInterested is interested in}. Its
 * failures are errors for the pod unless it is {@linkplain #isIgnorable ignorable}, in which case
 * the scheduler goes on without it. Implementations must be thread-safe.
 */
public interface Extender {
  /** A name for messages and reports (the URL prefix for HTTP extenders). */
  String name();

  /** Whether failures of this extender are ignored. */
  boolean isIgnorable();

  /** Whether the extender wants to see {@code pod}. */
  boolean isInterested(Pod pod);

  /** Whether the extender filters nodes. */
  boolean isFilter();

  /** Whether the extender scores nodes. */
  boolean isPrioritizer();

  /** Whether the extender binds pods. */
  boolean isBinder();

  /** Whether the extender takes part in preemption. */
  boolean supportsPreemption();

  /** The multiplier of the extender's scores (scores are also multiplied by 10). */
  long weight();

  /** Filters {@code nodes} for {@code pod}. */
  ExtenderFilterResult filter(Pod pod, List<NodeInfo> nodes) throws Exception;

  /** Scores {@code nodes} for {@code pod}, 0 to 10 each. */
  List<NodeScore> prioritize(Pod pod, List<NodeInfo> nodes) throws Exception;

  /** Binds {@code pod} to {@code nodeName}. */
  void bind(Pod pod, String nodeName) throws Exception;

  /**
   * Narrows preemption's candidates: returns the subset of nodes (and possibly fewer victims per
   * node) the extender agrees with.
   */
  Map<String, Victims> processPreemption(
      Pod pod, Map<String, Victims> nodeNameToVictims, NodeInfoLister nodes) throws Exception;
}
