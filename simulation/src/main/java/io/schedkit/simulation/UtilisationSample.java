package io.schedkit.simulation;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One node's resource use at one virtual time: the sum of the requests of the pods bound there and
 * the node's allocatable resources. Utilisation is a step function, so a sample holds until the
 * next sample of the same node.
 *
 * @param time virtual seconds since the start of the simulation
 * @param node the node name
 * @param requested the requests of the pods on the node by resource name ({@code cpu} in
 *     millicores, {@code memory} and {@code ephemeral-storage} in bytes, extended resources in
 *     their units); resources nobody requests are absent
 * @param allocatable the node's allocatable resources, in the same units
 */
public record UtilisationSample(
    double time, String node, Map<String, Long> requested, Map<String, Long> allocatable) {

  /** Copies the maps, keeping their order. */
  public UtilisationSample {
    requested = Collections.unmodifiableMap(new LinkedHashMap<>(requested));
    allocatable = Collections.unmodifiableMap(new LinkedHashMap<>(allocatable));
  }

  /**
   * Returns the fraction of {@code resource} requested on the node.
   *
   * @param resource a resource name, for example {@code cpu}
   * @return requested / allocatable, or 0 when the node has none of it
   */
  public double fraction(String resource) {
    long total = allocatable.getOrDefault(resource, 0L);
    return total <= 0 ? 0 : (double) requested.getOrDefault(resource, 0L) / total;
  }
}
