package io.schedkit.core;

import io.schedkit.framework.Status;
import java.util.List;
import java.util.Map;

/**
 * The answer to "where would this pod go, and why not elsewhere?": one scheduling cycle run as a
 * dry run over every node, with every plugin's verdict. Produced by {@link Scheduler#explain}; the
 * facts {@code schedkit explain} prints.
 *
 * @param pod {@code namespace/name}
 * @param profile the profile that evaluated the pod
 * @param result {@code Scheduled}, {@code Unschedulable} or {@code Error}
 * @param selectedNode the node the pod would go to; null unless {@code Scheduled}
 * @param message kube-scheduler's failure message (with its preemption part); empty when scheduled
 * @param preemption what preemption would do; null unless a PostFilter plugin nominated a node
 * @param nodes every node, in name order; for a gated pod, what the cycle would find once the gate
 *     opens
 * @param gate the PreEnqueue plugin that holds the pod out of the active queue; null when none
 *     does. Then {@code result} is {@code Unschedulable}, {@code selectedNode} and {@code
 *     preemption} are null, and {@code message} says why the pod waits
 */
public record Explanation(
    String pod,
    String profile,
    String result,
    String selectedNode,
    String message,
    Preemption preemption,
    List<NodeVerdict> nodes,
    Gate gate) {

  /**
   * kube-scheduler's message for a pod with scheduling gates: its {@code PodScheduled} condition is
   * False with reason {@value #SCHEDULING_GATED_REASON} and this message.
   */
  public static final String SCHEDULING_GATED_MESSAGE =
      "Scheduling is blocked due to non-empty scheduling gates";

  /** The reason of a gated pod's {@code PodScheduled} condition. */
  public static final String SCHEDULING_GATED_REASON = "SchedulingGated";

  /** The result of a pod that would be placed. */
  public static final String SCHEDULED = "Scheduled";

  /** The result of a pod that fits nowhere now. */
  public static final String UNSCHEDULABLE = "Unschedulable";

  /** The result of a pod whose evaluation failed. */
  public static final String ERROR = "Error";

  /** Copies the list. */
  public Explanation {
    nodes = List.copyOf(nodes);
  }

  /**
   * An explanation of a pod that no PreEnqueue plugin holds.
   *
   * @param pod {@code namespace/name}
   * @param profile the profile that evaluated the pod
   * @param result {@code Scheduled}, {@code Unschedulable} or {@code Error}
   * @param selectedNode the node the pod would go to; null unless {@code Scheduled}
   * @param message kube-scheduler's failure message; empty when scheduled
   * @param preemption what preemption would do; null unless a PostFilter plugin nominated a node
   * @param nodes every node, in name order
   */
  public Explanation(
      String pod,
      String profile,
      String result,
      String selectedNode,
      String message,
      Preemption preemption,
      List<NodeVerdict> nodes) {
    this(pod, profile, result, selectedNode, message, preemption, nodes, null);
  }

  /**
   * The PreEnqueue plugin that keeps a pod out of the active queue, so that no scheduling cycle is
   * attempted for it: kube-scheduler's SchedulingGates for a pod with {@code spec.schedulingGates},
   * or another plugin (Coscheduling holds a gang's pods until enough of them exist).
   *
   * @param plugin the plugin's name
   * @param reason {@value #SCHEDULING_GATED_REASON} for scheduling gates, else the plugin's status
   *     code ({@code UnschedulableAndUnresolvable}, ...)
   * @param message the plugin's status message, e.g. {@code waiting for scheduling gates:
   *     [example.com/quota]}
   * @param schedulingGates the pod's scheduling gates, in order; empty when another plugin holds it
   */
  public record Gate(String plugin, String reason, String message, List<String> schedulingGates) {
    /** Copies the list. */
    public Gate {
      schedulingGates = List.copyOf(schedulingGates);
    }

    /**
     * Why the pod waits, as one message: kube-scheduler's {@value #SCHEDULING_GATED_MESSAGE} for
     * scheduling gates, else {@code held at PreEnqueue by plugin <plugin>: <message>}.
     *
     * @return the message
     */
    public String why() {
      return schedulingGates.isEmpty()
          ? "held at PreEnqueue by plugin " + plugin + ": " + message
          : SCHEDULING_GATED_MESSAGE;
    }
  }

  /**
   * This explanation for a pod that {@code gate} holds: {@code Unschedulable}, nothing selected or
   * preempted, the message kube-scheduler gives such a pod.
   *
   * @param gate the gate
   * @return the explanation
   */
  public Explanation gatedBy(Gate gate) {
    return new Explanation(pod, profile, UNSCHEDULABLE, null, gate.why(), null, nodes, gate);
  }

  /**
   * One node's verdict.
   *
   * @param name the node name
   * @param filter the filter status (Success, or the rejecting plugin's status)
   * @param scores per Score plugin (and per prioritizing extender), in plugin order; empty for
   *     rejected nodes
   * @param totalScore the sum of weighted scores; null for rejected nodes
   */
  public record NodeVerdict(
      String name, Status filter, Map<String, PluginScore> scores, Long totalScore) {
    /** Copies the map (keeping its order). */
    public NodeVerdict {
      scores = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(scores));
    }
  }

  /**
   * One plugin's score of one node.
   *
   * @param raw what Score returned
   * @param normalized after NormalizeScore (equal to raw without it)
   * @param weighted normalized × weight
   */
  public record PluginScore(long raw, long normalized, long weighted) {}

  /**
   * What preemption would do.
   *
   * @param nominatedNode the node the pod would be nominated to
   * @param victims the pods that would be evicted there ({@code namespace/name})
   * @param candidates every candidate node found by the dry run, in node name order
   * @param tiedNodes the other candidate nodes the preemption's criteria rate exactly as high as
   *     {@code nominatedNode}, in name order: among them the nomination is the scheduler's seeded
   *     random tie-break (the candidate offset), so another seed or an earlier draw may nominate
   *     any of them; empty when {@code nominatedNode} is strictly the best
   */
  public record Preemption(
      String nominatedNode,
      List<String> victims,
      List<Candidate> candidates,
      List<String> tiedNodes) {
    /** Copies the lists. */
    public Preemption {
      victims = List.copyOf(victims);
      candidates = List.copyOf(candidates);
      tiedNodes = tiedNodes == null ? List.of() : List.copyOf(tiedNodes);
    }

    /**
     * A preemption whose nomination was no tie-break.
     *
     * @param nominatedNode the node the pod would be nominated to
     * @param victims the pods that would be evicted there ({@code namespace/name})
     * @param candidates every candidate node found by the dry run, in node name order
     */
    public Preemption(String nominatedNode, List<String> victims, List<Candidate> candidates) {
      this(nominatedNode, victims, candidates, List.of());
    }
  }

  /**
   * A preemption candidate.
   *
   * @param node the node
   * @param victims its victims ({@code namespace/name})
   * @param numPdbViolations how many victims violate a PodDisruptionBudget
   */
  public record Candidate(String node, List<String> victims, int numPdbViolations) {
    /** Copies the list. */
    public Candidate {
      victims = List.copyOf(victims);
    }
  }
}
