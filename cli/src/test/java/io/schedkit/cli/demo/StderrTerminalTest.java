package io.schedkit.cli.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Telling whether stderr is a terminal, from each of its sources. */
final class StderrTerminalTest {
  @TempDir Path dir;

  private static final Supplier<Boolean> NO_FALLBACK =
      () -> {
        throw new AssertionError("the fallback was asked");
      };

  /** A stand-in for {@code /proc/self/fd/2} leading where a real one would. */
  private Path fd2(String target) throws IOException {
    Path link = dir.resolve("fd2-" + Math.abs(target.hashCode()));
    return Files.createSymbolicLink(link, Path.of(target));
  }

  @Test
  void property_decides_beforeAnythingElse() throws IOException {
    assertThat(StderrTerminal.detect("true", fd2("pipe:[123]"), NO_FALLBACK)).isTrue();
    assertThat(StderrTerminal.detect("false", fd2("/dev/pts/0"), NO_FALLBACK)).isFalse();
    assertThat(StderrTerminal.detect(" TRUE ", fd2("/dev/null"), NO_FALLBACK)).isTrue();
  }

  @Test
  void property_unsetOrUnreadable_theLinkDecides() throws IOException {
    assertThat(StderrTerminal.detect(null, fd2("/dev/pts/3"), NO_FALLBACK)).isTrue();
    assertThat(StderrTerminal.detect("", fd2("/dev/tty1"), NO_FALLBACK)).isTrue();
    assertThat(StderrTerminal.detect("maybe", fd2("pipe:[4242]"), NO_FALLBACK)).isFalse();
  }

  @Test
  void link_aPipeAFileASocketOrDevNull_isNotATerminal() throws IOException {
    for (String target :
        new String[] {"pipe:[123]", "/tmp/demo.log", "socket:[99]", "/dev/null", "/dev/ptmx"}) {
      assertThat(StderrTerminal.detect(null, fd2(target), NO_FALLBACK)).as(target).isFalse();
    }
    for (String target : new String[] {"/dev/pts/12", "/dev/tty", "/dev/ttyS0", "/dev/console"}) {
      assertThat(StderrTerminal.detect(null, fd2(target), NO_FALLBACK)).as(target).isTrue();
    }
  }

  @Test
  void noLink_theFallbackDecides() {
    Path missing = dir.resolve("no-proc/self/fd/2");
    assertThat(StderrTerminal.detect(null, missing, () -> true)).isTrue();
    assertThat(StderrTerminal.detect(null, missing, () -> false)).isFalse();
  }

  @Test
  void detect_underTheTestRunner_isNotATerminal() {
    // surefire's forked JVM writes stderr into a pipe (no property set here)
    if (System.getProperty(StderrTerminal.PROPERTY) == null
        && Files.isSymbolicLink(Path.of("/proc/self/fd/2"))) {
      assertThat(StderrTerminal.detect()).isFalse();
    }
  }
}
