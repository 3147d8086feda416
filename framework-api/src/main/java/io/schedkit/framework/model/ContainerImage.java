package io.schedkit.framework.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An image present on a node ({@code v1.ContainerImage}), read by ImageLocality.
 *
 * @param names the names the image is known by, in order
 * @param sizeBytes the image size in bytes
 */
public record ContainerImage(List<String> names, long sizeBytes) {

  /**
   * Copies the names.
   *
   * @param names the names the image is known by, in order
   * @param sizeBytes the image size in bytes
   */
  public ContainerImage {
    names = Copies.list(names);
  }

  /**
   * Returns an image with the given size and names.
   *
   * @param sizeBytes the size in bytes
   * @param names the names
   * @return the image
   */
  public static ContainerImage of(long sizeBytes, String... names) {
    return new ContainerImage(Arrays.asList(names), sizeBytes);
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
   * Returns a builder initialised from this image.
   *
   * @return the builder
   */
  public Builder toBuilder() {
    return new Builder().names(names).sizeBytes(sizeBytes);
  }

  /** Builds {@link ContainerImage}s. */
  public static final class Builder {
    private final List<String> names = new ArrayList<>();
    private long sizeBytes;

    private Builder() {}

    /**
     * Replaces the names.
     *
     * @param names the names; null clears them
     * @return this builder
     */
    public Builder names(List<String> names) {
      this.names.clear();
      if (names != null) {
        this.names.addAll(names);
      }
      return this;
    }

    /**
     * Appends a name.
     *
     * @param name the name
     * @return this builder
     */
    public Builder name(String name) {
      this.names.add(name);
      return this;
    }

    /**
     * Sets the size.
     *
     * @param sizeBytes the size in bytes
     * @return this builder
     */
    public Builder sizeBytes(long sizeBytes) {
      this.sizeBytes = sizeBytes;
      return this;
    }

    /**
     * Builds the image.
     *
     * @return the image
     */
    public ContainerImage build() {
      return new ContainerImage(names, sizeBytes);
    }
  }
}
