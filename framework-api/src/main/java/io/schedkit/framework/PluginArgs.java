package io.schedkit.framework;

import java.util.List;

/**
 * The typed arguments of a configurable plugin, decoded from {@code pluginConfig[].args} of a
 * KubeSchedulerConfiguration. Implement it with a record whose components are named as upstream's
 * args fields, plus a {@code public static defaults()} factory giving upstream's defaults; the
 * decoder starts from the defaults and overrides what the configuration sets.
 */
public interface PluginArgs {
  /**
   * The problems with these args; empty when they are valid. Each error names the field relative to
   * the args object (for example {@code scoringStrategy.resources[0].weight}); the decoder adds the
   * profile and plugin.
   */
  default List<FieldError> validate() {
    return List.of();
  }

  /**
   * One invalid field, rendered as Kubernetes validation does: {@code <field>: Invalid value:
   * <value>: <detail>}.
   *
   * @param field the path of the field, relative to the args object
   * @param value the offending value (rendered with {@code String.valueOf}; strings are quoted)
   * @param detail why the value is invalid
   */
  record FieldError(String field, Object value, String detail) {
    /** The message, with {@code prefix} (such as {@code profiles[0].pluginConfig[1].args}). */
    public String render(String prefix) {
      String path = prefix.isEmpty() ? field : field.isEmpty() ? prefix : prefix + "." + field;
      String v = value instanceof String ? "\"" + value + "\"" : String.valueOf(value);
      return path + ": Invalid value: " + v + ": " + detail;
    }
  }
}
