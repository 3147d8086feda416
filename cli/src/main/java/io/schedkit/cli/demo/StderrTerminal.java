package io.schedkit.cli.demo;

import java.io.Console;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Whether the process's standard error is a terminal, which decides between a progress bar redrawn
 * in place and plain lines.
 *
 * <p>{@code System.console() != null} does not answer it: on JDK 17 it says whether standard input
 * and standard output are terminals (so {@code schedkit demo 2>log} would draw the bar into the
 * log, and {@code schedkit demo >out.txt} on a terminal would not draw it), and from JDK 22 it is
 * not null even when both are redirected. The JDK cannot ask {@code isatty(2)}, so the answer
 * comes, in this order, from:
 *
 * <ol>
 *   <li>the system property {@value #PROPERTY} ({@code true} or {@code false}), which the {@code
 *       ./schedkit} launcher sets from the shell's {@code [ -t 2 ]} and a user may set to choose;
 *   <li>on Linux, where {@code /proc/self/fd/2} leads: a terminal is a {@code /dev/pts/N}, {@code
 *       /dev/ttyX} or {@code /dev/console}; a pipe, a socket, a file or {@code /dev/null} is not;
 *   <li>elsewhere, {@code System.console()}: not null, and, on a JDK that has {@code
 *       Console.isTerminal()} (22 and later), a terminal.
 * </ol>
 */
public final class StderrTerminal {
  /** The system property that states the answer: {@code true} or {@code false}. */
  public static final String PROPERTY = "schedkit.stderr.terminal";

  private static final Path FD2 = Path.of("/proc/self/fd/2");

  private StderrTerminal() {}

  /**
   * Returns whether this process's standard error is a terminal.
   *
   * @return true when it is, as far as can be told
   */
  public static boolean detect() {
    return detect(System.getProperty(PROPERTY), FD2, StderrTerminal::consoleIsTerminal);
  }

  /**
   * The decision, with its sources given.
   *
   * @param property the value of {@value #PROPERTY}, or null
   * @param fd2 the link to standard error's file ({@code /proc/self/fd/2})
   * @param fallback the answer when neither the property nor the link gives one
   * @return whether standard error is a terminal
   */
  static boolean detect(String property, Path fd2, Supplier<Boolean> fallback) {
    if (property != null && !property.isBlank()) {
      String p = property.strip().toLowerCase(Locale.ROOT);
      if (p.equals("true") || p.equals("false")) {
        return p.equals("true");
      }
    }
    Path target;
    try {
      target = Files.readSymbolicLink(fd2);
    } catch (IOException | UnsupportedOperationException | SecurityException e) {
      return fallback.get();
    }
    return isTerminalDevice(target.toString());
  }

  /**
   * Whether a path names a terminal device.
   *
   * @param path where {@code /proc/self/fd/N} leads
   * @return true for a pseudo-terminal, a tty or the console
   */
  static boolean isTerminalDevice(String path) {
    return path.matches("/dev/pts/\\d+|/dev/tty.*|/dev/console");
  }

  private static boolean consoleIsTerminal() {
    Console console = System.console();
    if (console == null) {
      return false;
    }
    try {
      Method isTerminal = Console.class.getMethod("isTerminal");
      return Boolean.TRUE.equals(isTerminal.invoke(console));
    } catch (NoSuchMethodException e) {
      // JDK 17 to 21: a console exists only when stdin and stdout are terminals
      return true;
    } catch (ReflectiveOperationException | RuntimeException e) {
      return false;
    }
  }
}
