package io.schedkit.framework;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a {@link PostFilterPlugin} returns: a status, on success the node the pod is nominated to,
 * and, for a preemption plugin, the candidates it found (which explain reports).
 *
 * @param status the plugin's status; never null
 * @param nominatingInfo the nomination, or null for none
 * @param candidates the preemption candidates found, by node name (sorted); empty if none or not a
 *     preemption plugin
 * @param tiedNodes the other candidate nodes that the plugin's criteria rate exactly as high as the
 *     nominated one, in candidate order: the nomination among them was a tie-break, which explain
 *     reports; empty when the nominated node was strictly the best or the plugin does not say
 */
public record PostFilterResult(
    Status status,
    NominatingInfo nominatingInfo,
    Map<String, Victims> candidates,
    List<String> tiedNodes) {
  /**
   * Validates the components and copies the candidates (iterated in name order).
   *
   * @param status the plugin's status; not null
   * @param nominatingInfo the nomination, or null for none
   * @param candidates the preemption candidates by node name; null means none
   * @param tiedNodes the candidates tied with the nominated node; null means none
   */
  public PostFilterResult {
    Objects.requireNonNull(status, "status");
    if (candidates == null || candidates.isEmpty()) {
      candidates = Map.of();
    } else if (!(candidates instanceof KeySortedOnIteration)) {
      // An earlier result's candidates are already an immutable copy (a plugin wrapping a result).
      candidates = new KeySortedOnIteration<>(candidates);
    }
    tiedNodes = tiedNodes == null ? List.of() : List.copyOf(tiedNodes);
  }

  /**
   * A result whose nomination was no tie-break.
   *
   * @param status the plugin's status; not null
   * @param nominatingInfo the nomination, or null for none
   * @param candidates the preemption candidates by node name; null means none
   */
  public PostFilterResult(
      Status status, NominatingInfo nominatingInfo, Map<String, Victims> candidates) {
    this(status, nominatingInfo, candidates, List.of());
  }

  /**
   * This result, saying that its nomination was a tie-break among the nominated node and {@code
   * tiedNodes}.
   *
   * @param tiedNodes the other candidate nodes exactly as good as the nominated one; not null
   * @return the result
   */
  public PostFilterResult withTiedNodes(List<String> tiedNodes) {
    return new PostFilterResult(status, nominatingInfo, candidates, tiedNodes);
  }

  /**
   * A result without candidates.
   *
   * @param status the plugin's status; not null
   * @param nominatingInfo the nomination, or null for none
   */
  public PostFilterResult(Status status, NominatingInfo nominatingInfo) {
    this(status, nominatingInfo, Map.of());
  }

  /**
   * A result whose candidates come as two lists, node names and their victims by the same index (a
   * node listed twice counts with its last victims): the same result as the canonical constructor
   * with the equivalent map, without building that map first. A preemption finds hundreds of
   * candidates per attempt.
   *
   * @param status the plugin's status; not null
   * @param nominatingInfo the nomination, or null for none
   * @param nodeNames the candidates' node names; not null
   * @param victims each candidate's victims, indexed like {@code nodeNames}
   * @return the result
   * @throws IllegalArgumentException if the lists differ in size
   */
  public static PostFilterResult withCandidates(
      Status status, NominatingInfo nominatingInfo, List<String> nodeNames, List<Victims> victims) {
    return new PostFilterResult(
        status,
        nominatingInfo,
        nodeNames.isEmpty() && victims.isEmpty()
            ? Map.of()
            : new KeySortedOnIteration<>(nodeNames, victims));
  }

  /**
   * Success with the pod nominated to {@code nodeName}.
   *
   * @param nodeName the node the pod is nominated to
   * @return a Success result with an overriding nomination
   */
  public static PostFilterResult nominated(String nodeName) {
    return new PostFilterResult(Status.success(), NominatingInfo.override(nodeName));
  }

  /**
   * A result with the given status and no nomination.
   *
   * @param status the plugin's status; not null
   * @return the result
   */
  public static PostFilterResult of(Status status) {
    return new PostFilterResult(status, null);
  }

  /**
   * The nominated node, if any (empty also when the nomination clears the node).
   *
   * @return the node's name, or empty
   */
  public Optional<String> nominatedNodeName() {
    return nominatingInfo == null || nominatingInfo.nominatedNodeName().isEmpty()
        ? Optional.empty()
        : Optional.of(nominatingInfo.nominatedNodeName());
  }

  /**
   * The victims on the nominated node, if a candidate there was reported.
   *
   * @return the victims, or empty if there is no nomination or no candidate on that node
   */
  public Optional<Victims> nominatedVictims() {
    return nominatedNodeName().map(candidates::get);
  }
}
