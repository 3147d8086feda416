package io.schedkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ./schedkit} launcher's JVM options, read from what it hands to {@code java}: a copy of
 * the script beside a jar newer than every source (so it builds nothing) runs a {@code java} that
 * prints its arguments.
 */
class LauncherScriptTest {
  private static final Path SCRIPT = Path.of("..", "schedkit").toAbsolutePath().normalize();

  @TempDir Path root;

  @Test
  void run_stopsTheJitAtC1_otherCommandsKeepIt() throws Exception {
    assertThat(javaArgs(null, "run", "--config=x.yaml"))
        .containsSubsequence(
            "-XX:+UseParallelGC", "-XX:TieredStopAtLevel=1", "-jar", "run", "--config=x.yaml");
    for (String command : List.of("simulate", "bench", "explain", "demo")) {
      assertThat(javaArgs(null, command))
          .as(command)
          .contains("-XX:+UseParallelGC")
          .doesNotContain("-XX:TieredStopAtLevel=1");
    }
  }

  @Test
  void schedkitJavaOpts_replaceTheDefaults_forRunToo() throws Exception {
    assertThat(javaArgs("-XX:+UseG1GC -Xmx1g", "run"))
        .contains("-XX:+UseG1GC", "-Xmx1g")
        .doesNotContain("-XX:+UseParallelGC", "-XX:TieredStopAtLevel=1");
    assertThat(javaArgs("", "run"))
        .doesNotContain("-XX:+UseParallelGC", "-XX:TieredStopAtLevel=1")
        .contains("-jar", "run");
  }

  /** The arguments {@code ./schedkit args...} passes to java, SCHEDKIT_JAVA_OPTS unset if null. */
  private List<String> javaArgs(String javaOpts, String... args) throws Exception {
    Path script = root.resolve("schedkit");
    Files.copy(SCRIPT, script);
    Path bin = Files.createDirectories(root.resolve("bin"));
    Path java = bin.resolve("java");
    Files.writeString(java, "#!/usr/bin/env bash\nprintf '%s\\n' \"$@\"\n");
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path jar = Files.createDirectories(root.resolve("cli/target")).resolve("schedkit.jar");
    Files.writeString(jar, "");
    ProcessBuilder pb = new ProcessBuilder("bash", script.toString());
    pb.command().addAll(List.of(args));
    Map<String, String> env = pb.environment();
    env.put("PATH", bin + ":" + System.getenv("PATH"));
    env.remove("SCHEDKIT_JAVA_OPTS");
    if (javaOpts != null) {
      env.put("SCHEDKIT_JAVA_OPTS", javaOpts);
    }
    pb.redirectErrorStream(true);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
    cleanUp(script, jar);
    return out.lines().toList();
  }

  private static void cleanUp(Path... files) throws IOException {
    for (Path f : files) {
      Files.deleteIfExists(f);
    }
  }
}
