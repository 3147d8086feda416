package io.schedkit.core.codec;

/**
 * Thrown when a Kubernetes document cannot be decoded into the model: malformed JSON or YAML, a
 * missing {@code kind} or {@code metadata.name}, a field of the wrong type, an invalid quantity,
 * enum value or timestamp, or a value the API server would reject (a negative request). The message
 * names the source, the object and the field path, for example {@code pods.yaml: Pod default/p:
 * spec.tolerations[1].effect: Unsupported value: "NoScheduleX": supported values: "NoExecute",
 * "NoSchedule", "PreferNoSchedule"}.
 */
public final class KubeDecodeException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The name of the document that failed, as given to the decoder. */
  private final String source;

  /**
   * Creates the exception.
   *
   * @param source the name of the document that failed
   * @param message the full message, starting with {@code source}
   * @param cause the underlying parser exception, or null
   */
  public KubeDecodeException(String source, String message, Throwable cause) {
    super(message, cause);
    this.source = source;
  }

  /**
   * Returns the name of the document that failed.
   *
   * @return the source name
   */
  public String source() {
    return source;
  }
}
