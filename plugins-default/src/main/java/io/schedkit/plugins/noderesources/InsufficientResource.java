package io.schedkit.plugins.noderesources;

/**
 * One resource a node lacks for a pod, as NodeResourcesFit's Filter finds it (upstream's {@code
 * InsufficientResource}): what to say, and the numbers behind it, for callers that want more than
 * the status (autoscalers, explain output).
 *
 * @param resourceName the resource, such as {@code cpu}, {@code pods} or {@code example.com/gpu}
 * @param reason the Filter reason, such as {@code Insufficient cpu} or {@code Too many pods}
 * @param requested what the pod requests (1 for {@code pods})
 * @param used what the node's pods already request (their number for {@code pods})
 * @param capacity what the node can allocate
 * @param unresolvable whether the request exceeds the node's allocatable on its own, so evicting
 *     pods cannot help (never for {@code pods})
 */
public record InsufficientResource(
    String resourceName,
    String reason,
    long requested,
    long used,
    long capacity,
    boolean unresolvable) {}
