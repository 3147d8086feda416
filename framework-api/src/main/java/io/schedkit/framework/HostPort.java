package io.schedkit.framework;

/**
 * A host port a pod wants or holds on its node: {@code (hostIP, protocol, hostPort)} with
 * kube-scheduler's defaults applied (an empty IP is {@code 0.0.0.0}, an empty protocol {@code
 * TCP}).
 *
 * @param ip the host IP, {@code 0.0.0.0} meaning every address
 * @param protocol {@code TCP}, {@code UDP} or {@code SCTP}
 * @param port the host port, greater than 0
 */
public record HostPort(String ip, String protocol, int port) {
  /** The IP that stands for every address. */
  public static final String ANY_IP = "0.0.0.0";

  /**
   * Applies the defaults.
   *
   * @param ip the host IP; null or empty means {@link #ANY_IP}
   * @param protocol the protocol; null or empty means {@code TCP}
   * @param port the host port, greater than 0
   */
  public HostPort {
    ip = ip == null || ip.isEmpty() ? ANY_IP : ip;
    protocol = protocol == null || protocol.isEmpty() ? "TCP" : protocol;
  }

  /**
   * Whether this port and {@code other} cannot both be used on one node: same protocol and port,
   * and the same IP or either of them on {@link #ANY_IP}.
   *
   * @param other another host port
   * @return true if the two ports conflict
   */
  public boolean conflictsWith(HostPort other) {
    return port == other.port
        && protocol.equals(other.protocol)
        && (ip.equals(other.ip) || ip.equals(ANY_IP) || other.ip.equals(ANY_IP));
  }
}
