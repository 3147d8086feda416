package io.schedkit.examples.samples;

import io.schedkit.framework.PluginArgs;
import java.util.ArrayList;
import java.util.List;

/**
 * The args of {@link GpuBinPacking}, decoded from {@code pluginConfig[].args} of a
 * KubeSchedulerConfiguration:
 *
 * <pre>{@code
 * pluginConfig:
 * - name: GpuBinPacking
 *   args:
 *     resource: amd.com/gpu
 * }</pre>
 *
 * @param resource the GPU extended resource; default {@code nvidia.com/gpu}
 */
public record GpuBinPackingArgs(String resource) implements PluginArgs {

  /**
   * Returns the defaults.
   *
   * @return {@code resource: nvidia.com/gpu}
   */
  public static GpuBinPackingArgs defaults() {
    return new GpuBinPackingArgs("nvidia.com/gpu");
  }

  /** The resource must be an extended resource name ({@code <domain>/<name>}). */
  @Override
  public List<FieldError> validate() {
    List<FieldError> errors = new ArrayList<>();
    if (resource == null || resource.isEmpty()) {
      errors.add(new FieldError(FieldError.Type.REQUIRED, "resource", null, ""));
    } else if (!resource.contains("/") || resource.startsWith("kubernetes.io/")) {
      errors.add(
          new FieldError(
              FieldError.Type.INVALID,
              "resource",
              resource,
              "must be an extended resource name, such as nvidia.com/gpu"));
    }
    return errors;
  }
}
