package io.schedkit.cli;

/**
 * Bad input to a command: a file that cannot be read or decoded, an invalid object or
 * configuration, an unknown profile. The message names the file, the object and the field; the
 * command line prints it alone (no stack trace) and exits with {@link SchedkitCli#EXIT_BAD_INPUT}.
 */
final class InputException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  InputException(String message) {
    super(message);
  }

  InputException(String message, Throwable cause) {
    super(message, cause);
  }
}
