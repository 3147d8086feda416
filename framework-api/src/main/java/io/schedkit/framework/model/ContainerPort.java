package io.schedkit.framework.model;

/**
 * A port a container exposes ({@code v1.ContainerPort}); a non-zero {@code hostPort} is what the
 * NodePorts plugin checks for conflicts.
 *
 * @param name the port's name; {@code ""} when unset
 * @param containerPort the port inside the container
 * @param hostPort the port on the node, 0 when none
 * @param protocol {@code TCP}, {@code UDP} or {@code SCTP}; {@code ""} when unset (the API server
 *     defaults it to {@code TCP})
 * @param hostIP the host address to bind; {@code ""} when unset (all addresses)
 */
public record ContainerPort(
    String name, int containerPort, int hostPort, String protocol, String hostIP) {

  /**
   * Normalises null strings to {@code ""}.
   *
   * @param name the port's name; {@code ""} when unset
   * @param containerPort the port inside the container
   * @param hostPort the port on the node, 0 when none
   * @param protocol {@code TCP}, {@code UDP} or {@code SCTP}; {@code ""} when unset (the API server
   *     defaults it to {@code TCP})
   * @param hostIP the host address to bind; {@code ""} when unset (all addresses)
   */
  public ContainerPort {
    name = Copies.str(name);
    protocol = Copies.str(protocol);
    hostIP = Copies.str(hostIP);
  }

  /**
   * Returns a new, empty builder.
   *
   * @return the builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Returns a builder initialised from this port.
   *
   * @return the builder
   */
  public Builder toBuilder() {
    return new Builder()
        .name(name)
        .containerPort(containerPort)
        .hostPort(hostPort)
        .protocol(protocol)
        .hostIP(hostIP);
  }

  /** Builds {@link ContainerPort}s. */
  public static final class Builder {
    private String name = "";
    private int containerPort;
    private int hostPort;
    private String protocol = "";
    private String hostIP = "";

    private Builder() {}

    /**
     * Sets the name.
     *
     * @param name the name
     * @return this builder
     */
    public Builder name(String name) {
      this.name = name;
      return this;
    }

    /**
     * Sets the container port.
     *
     * @param containerPort the port
     * @return this builder
     */
    public Builder containerPort(int containerPort) {
      this.containerPort = containerPort;
      return this;
    }

    /**
     * Sets the host port.
     *
     * @param hostPort the port, 0 for none
     * @return this builder
     */
    public Builder hostPort(int hostPort) {
      this.hostPort = hostPort;
      return this;
    }

    /**
     * Sets the protocol.
     *
     * @param protocol the protocol
     * @return this builder
     */
    public Builder protocol(String protocol) {
      this.protocol = protocol;
      return this;
    }

    /**
     * Sets the host IP.
     *
     * @param hostIP the address
     * @return this builder
     */
    public Builder hostIP(String hostIP) {
      this.hostIP = hostIP;
      return this;
    }

    /**
     * Builds the port.
     *
     * @return the port
     */
    public ContainerPort build() {
      return new ContainerPort(name, containerPort, hostPort, protocol, hostIP);
    }
  }
}
