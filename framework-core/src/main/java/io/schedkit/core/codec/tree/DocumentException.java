package io.schedkit.core.codec.tree;

/**
 * A document that cannot be read or parsed: the decoders turn it into their own exception ({@code
 * KubeDecodeException}, {@code ConfigException}) with the same message.
 */
public final class DocumentException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String source;

  /**
   * Creates the exception.
   *
   * @param source the name of the document
   * @param message the full message, starting with {@code source}
   * @param cause the underlying exception, or null
   */
  public DocumentException(String source, String message, Throwable cause) {
    super(message, cause);
    this.source = source;
  }

  /**
   * The name of the document that failed.
   *
   * @return the source name
   */
  public String source() {
    return source;
  }
}
