package io.schedkit.framework.model;

import java.util.ArrayList;
import java.util.List;

/**
 * A container of a pod ({@code v1.Container}), reduced to what scheduling reads: its resources,
 * image and ports, and the restart policy that makes an init container a sidecar.
 *
 * @param name the container's name; {@code ""} when unset
 * @param image the image reference, as ImageLocality matches it against node images
 * @param resources the requests and limits; never null
 * @param ports the exposed ports, in order
 * @param restartPolicy the container-level restart policy ({@code "Always"} marks a restartable
 *     init container, a sidecar); null when unset
 */
public record Container(
    String name,
    String image,
    ResourceRequirements resources,
    List<ContainerPort> ports,
    String restartPolicy) {

  /** The restart policy value that makes an init container restartable (a sidecar). */
  public static final String RESTART_POLICY_ALWAYS = "Always";

  /**
   * Normalises nulls and copies the ports.
   *
   * @param name the container's name; {@code ""} when unset
   * @param image the image reference, as ImageLocality matches it against node images
   * @param resources the requests and limits; never null
   * @param ports the exposed ports, in order
   * @param restartPolicy the container-level restart policy ({@code "Always"} marks a restartable
   *     init container, a sidecar); null when unset
   */
  public Container {
    name = Copies.str(name);
    image = Copies.str(image);
    resources = resources == null ? ResourceRequirements.empty() : resources;
    ports = Copies.list(ports);
  }

  /**
   * Returns whether this is a restartable init container, a sidecar ({@code restartPolicy ==
   * "Always"}); only meaningful for init containers.
   *
   * @return true for a sidecar
   */
  public boolean isRestartableInit() {
    return RESTART_POLICY_ALWAYS.equals(restartPolicy);
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
   * Returns a builder initialised from this container.
   *
   * @return the builder
   */
  public Builder toBuilder() {
    return new Builder()
        .name(name)
        .image(image)
        .resources(resources)
        .ports(ports)
        .restartPolicy(restartPolicy);
  }

  /** Builds {@link Container}s. */
  public static final class Builder {
    private String name = "";
    private String image = "";
    private ResourceRequirements.Builder resources = ResourceRequirements.builder();
    private final List<ContainerPort> ports = new ArrayList<>();
    private String restartPolicy;

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
     * Sets the image.
     *
     * @param image the image reference
     * @return this builder
     */
    public Builder image(String image) {
      this.image = image;
      return this;
    }

    /**
     * Replaces the requests and limits.
     *
     * @param resources the requirements; null for none
     * @return this builder
     */
    public Builder resources(ResourceRequirements resources) {
      this.resources = resources == null ? ResourceRequirements.builder() : resources.toBuilder();
      return this;
    }

    /**
     * Replaces the requests.
     *
     * @param requests the requests
     * @return this builder
     */
    public Builder requests(ResourceList requests) {
      this.resources.requests(requests);
      return this;
    }

    /**
     * Sets one request.
     *
     * @param resource the resource name
     * @param quantity the quantity, parsed with {@link Quantity#parse}
     * @return this builder
     */
    public Builder request(String resource, String quantity) {
      this.resources.request(resource, quantity);
      return this;
    }

    /**
     * Replaces the limits.
     *
     * @param limits the limits
     * @return this builder
     */
    public Builder limits(ResourceList limits) {
      this.resources.limits(limits);
      return this;
    }

    /**
     * Sets one limit.
     *
     * @param resource the resource name
     * @param quantity the quantity, parsed with {@link Quantity#parse}
     * @return this builder
     */
    public Builder limit(String resource, String quantity) {
      this.resources.limit(resource, quantity);
      return this;
    }

    /**
     * Replaces the ports.
     *
     * @param ports the ports; null clears them
     * @return this builder
     */
    public Builder ports(List<ContainerPort> ports) {
      this.ports.clear();
      if (ports != null) {
        this.ports.addAll(ports);
      }
      return this;
    }

    /**
     * Appends a port.
     *
     * @param port the port
     * @return this builder
     */
    public Builder port(ContainerPort port) {
      this.ports.add(port);
      return this;
    }

    /**
     * Appends a host port: container port and host port {@code hostPort}, the given protocol.
     *
     * @param hostPort the port on the node and in the container
     * @param protocol the protocol, for example {@code TCP}
     * @return this builder
     */
    public Builder hostPort(int hostPort, String protocol) {
      return port(
          ContainerPort.builder()
              .containerPort(hostPort)
              .hostPort(hostPort)
              .protocol(protocol)
              .build());
    }

    /**
     * Sets the restart policy.
     *
     * @param restartPolicy the policy, {@code "Always"} for a sidecar; null for unset
     * @return this builder
     */
    public Builder restartPolicy(String restartPolicy) {
      this.restartPolicy = restartPolicy;
      return this;
    }

    /**
     * Builds the container.
     *
     * @return the container
     */
    public Container build() {
      return new Container(name, image, resources.build(), ports, restartPolicy);
    }
  }
}
