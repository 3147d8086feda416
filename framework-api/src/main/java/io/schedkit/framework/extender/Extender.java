package io.schedkit.framework.extender;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeInfoLister;
import io.schedkit.framework.NodeScore;
import io.schedkit.framework.Victims;
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
  /** The lowest score an extender's prioritize may give (kube-scheduler's MinExtenderPriority). */
  long MIN_PRIORITY = 0;

  /**
   * The highest score an extender's prioritize may give (kube-scheduler's MaxExtenderPriority). The
   * scheduler clamps scores outside [{@link #MIN_PRIORITY}, {@code MAX_PRIORITY}] to the range, so
   * a reply out of range cannot overflow a node's total.
   */
  long MAX_PRIORITY = 10;

  /**
   * A name for messages and reports (the URL prefix for HTTP extenders).
   *
   * @return the name
   */
  String name();

  /**
   * Whether failures of this extender are ignored.
   *
   * @return true if the scheduler goes on without the extender when it fails
   */
  boolean isIgnorable();

  /**
   * Whether the extender wants to see {@code pod}.
   *
   * @param pod the pod being scheduled
   * @return true if the extender is consulted for the pod
   */
  boolean isInterested(Pod pod);

  /**
   * Whether the extender filters nodes.
   *
   * @return true if {@link #filter} is called
   */
  boolean isFilter();

  /**
   * Whether the extender scores nodes.
   *
   * @return true if {@link #prioritize} is called
   */
  boolean isPrioritizer();

  /**
   * Whether the extender binds pods.
   *
   * @return true if {@link #bind} is called instead of the Bind plugins
   */
  boolean isBinder();

  /**
   * Whether the extender takes part in preemption.
   *
   * @return true if {@link #processPreemption} is called
   */
  boolean supportsPreemption();

  /**
   * The multiplier of the extender's scores (scores are also multiplied by 10).
   *
   * @return the weight, positive for a prioritizer
   */
  long weight();

  /**
   * Filters {@code nodes} for {@code pod}.
   *
   * @param pod the pod being scheduled
   * @param nodes the nodes that passed the Filter plugins and the previous extenders
   * @return the feasible nodes and why the others failed
   * @throws Exception if the call fails; an error for the pod unless the extender is ignorable
   */
  ExtenderFilterResult filter(Pod pod, List<NodeInfo> nodes) throws Exception;

  /**
   * Scores {@code nodes} for {@code pod}, 0 to 10 each.
   *
   * @param pod the pod being scheduled
   * @param nodes the feasible nodes
   * @return a score per node; nodes left out get nothing from this extender
   * @throws Exception if the call fails; the scheduler then goes on without this extender's scores
   */
  List<NodeScore> prioritize(Pod pod, List<NodeInfo> nodes) throws Exception;

  /**
   * Binds {@code pod} to {@code nodeName}.
   *
   * @param pod the pod to bind
   * @param nodeName the node to bind it to
   * @throws Exception if the binding fails; the binding cycle fails unless the extender is
   *     ignorable
   */
  void bind(Pod pod, String nodeName) throws Exception;

  /**
   * Narrows preemption's candidates: returns the subset of nodes (and possibly fewer victims per
   * node) the extender agrees with.
   *
   * @param pod the preemptor
   * @param nodeNameToVictims the candidates: the victims on each node
   * @param nodes the snapshot's nodes
   * @return the candidates the extender keeps, each with at least one victim; an empty map rules
   *     out preemption
   * @throws Exception if the call fails; an error for the pod unless the extender is ignorable
   */
  Map<String, Victims> processPreemption(
      Pod pod, Map<String, Victims> nodeNameToVictims, NodeInfoLister nodes) throws Exception;
}
