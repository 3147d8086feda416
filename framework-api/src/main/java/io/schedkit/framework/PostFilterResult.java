package io.schedkit.framework;

import java.util.Objects;
import java.util.Optional;

/**
 * What a {@link PostFilterPlugin} returns: a status and, on success, the node the pod is nominated
 * to.
 *
 * @param status the plugin's status; never null
 * @param nominatingInfo the nomination, or null for none
 */
public record PostFilterResult(Status status, NominatingInfo nominatingInfo) {
  /** Validates the components. */
  public PostFilterResult {
    Objects.requireNonNull(status, "status");
  }

  /** Success with the pod nominated to {@code nodeName}. */
  public static PostFilterResult nominated(String nodeName) {
    return new PostFilterResult(Status.success(), NominatingInfo.override(nodeName));
  }

  /** A result with the given status and no nomination. */
  public static PostFilterResult of(Status status) {
    return new PostFilterResult(status, null);
  }

  /** The nominated node, if any (empty also when the nomination clears the node). */
  public Optional<String> nominatedNodeName() {
    return nominatingInfo == null || nominatingInfo.nominatedNodeName().isEmpty()
        ? Optional.empty()
        : Optional.of(nominatingInfo.nominatedNodeName());
  }
}
