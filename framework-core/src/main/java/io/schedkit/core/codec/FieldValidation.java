package io.schedkit.core.codec;

import java.util.Locale;

/**
 * What {@link KubeCodec} does with a field that the Kubernetes API does not define for the object's
 * kind (a misspelled {@code spec.nodeSelectr}), as the API server's field validation and {@code
 * kubectl --validate} do. Every field of the API is known, including the ones schedkit does not
 * model (status, managedFields, volumes, probes...): see {@link KubeCodec}.
 */
public enum FieldValidation {
  /**
   * An unknown field is an error: {@code pod.yaml: Pod default/web: strict decoding error: unknown
   * field "spec.nodeSelectr"}, listing every unknown field of the object. The default, as for
   * {@code kubectl} ({@code --validate=strict}).
   */
  STRICT,
  /**
   * Each unknown field is a warning in {@link DecodeResult#warnings()}: {@code pod.yaml: Pod
   * default/web: unknown field "spec.nodeSelectr"}; the object is read without it.
   */
  WARN,
  /**
   * Unknown fields are dropped without a word, and not even looked for: for objects from a live API
   * server, which may be newer than the fields schedkit knows.
   */
  IGNORE;

  /**
   * The mode a {@code --validate} value names: {@code strict}, {@code warn} or {@code ignore} (any
   * case), and kubectl's older {@code true} (strict) and {@code false} (ignore).
   *
   * @param value the option's value
   * @return the mode
   * @throws IllegalArgumentException for any other value, naming the accepted ones
   */
  public static FieldValidation parse(String value) {
    return switch (value.toLowerCase(Locale.ROOT)) {
      case "strict", "true" -> STRICT;
      case "warn" -> WARN;
      case "ignore", "false" -> IGNORE;
      default ->
          throw new IllegalArgumentException(
              "invalid value \""
                  + value
                  + "\" for validate: must be one of \"strict\", \"warn\" or \"ignore\"");
    };
  }

  /**
   * The option value of this mode: {@code strict}, {@code warn} or {@code ignore}.
   *
   * @return the lower-case name
   */
  public String optionValue() {
    return name().toLowerCase(Locale.ROOT);
  }
}
