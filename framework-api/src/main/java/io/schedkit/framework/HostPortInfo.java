package io.schedkit.framework;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The host ports used on a node, counted per {@link HostPort} so removing one pod's ports does not
 * free a port another pod still holds. Read-only for plugins; {@link NodeInfo} maintains it.
 */
public final class HostPortInfo {
  // Empty and shared until a port is added: most nodes use no host port, and every NodeInfo copy
  // (one per snapshot change, one per preemption dry-run node) copies this.
  private Map<HostPort, Integer> used;

  HostPortInfo() {
    this.used = Map.of();
  }

  private HostPortInfo(HostPortInfo other) {
    this.used = other.used.isEmpty() ? Map.of() : new HashMap<>(other.used);
  }

  /**
   * Whether {@code wanted} conflicts with a port in use.
   *
   * @param wanted a port the pod wants, with defaults applied
   * @return true if a pod on the node already holds a conflicting port
   */
  public boolean conflicts(HostPort wanted) {
    if (used.isEmpty()) {
      return false;
    }
    if (!wanted.ip().equals(HostPort.ANY_IP)) {
      return used.containsKey(wanted)
          || used.containsKey(new HostPort(HostPort.ANY_IP, wanted.protocol(), wanted.port()));
    }
    for (HostPort p : used.keySet()) {
      if (p.conflictsWith(wanted)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The ports in use.
   *
   * @return a read-only view of the distinct ports in use
   */
  public Set<HostPort> ports() {
    return Collections.unmodifiableSet(used.keySet());
  }

  /**
   * The number of distinct ports in use.
   *
   * @return the number of ports, 0 if none
   */
  public int size() {
    return used.size();
  }

  void add(HostPort port) {
    if (!(used instanceof HashMap)) {
      used = new HashMap<>();
    }
    used.merge(port, 1, Integer::sum);
  }

  void remove(HostPort port) {
    if (!used.isEmpty()) {
      used.computeIfPresent(port, (k, n) -> n <= 1 ? null : n - 1);
    }
  }

  HostPortInfo copy() {
    return new HostPortInfo(this);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof HostPortInfo && ((HostPortInfo) o).used.equals(used);
  }

  @Override
  public int hashCode() {
    return used.hashCode();
  }

  @Override
  public String toString() {
    return used.toString();
  }
}
