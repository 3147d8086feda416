package io.schedkit.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's Java stays true: its library snippet is {@code docs/snippets/QuickStart.java}, which
 * compiles against the modules and prints what the README says it prints; its plugin is the one
 * {@link ReadmeExampleTest} runs.
 */
final class ReadmeTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  private static String readme() throws IOException {
    return Files.readString(ROOT.resolve("README.md"), StandardCharsets.UTF_8);
  }

  /** The body of the first fenced block of {@code language} after {@code marker}. */
  private static String block(String text, String marker, String language) {
    int at = text.indexOf(marker);
    assertThat(at).as("the README has %s", marker).isNotNegative();
    String fence = "```" + language + "\n";
    int start = text.indexOf(fence, at);
    assertThat(start).as("a %s block after %s", language, marker).isNotNegative();
    start += fence.length();
    int end = text.indexOf("```\n", start);
    return text.substring(start, end);
  }

  @Test
  void quickStart_isTheSnippetFile_compilesAndPrintsWhatTheReadmeShows(@TempDir Path dir)
      throws Exception {
    String readme = readme();
    String snippet =
        Files.readString(ROOT.resolve("docs/snippets/QuickStart.java"), StandardCharsets.UTF_8);
    assertThat(block(readme, "The whole program", "java")).isEqualTo(snippet);

    Path source = dir.resolve("QuickStart.java");
    Files.writeString(source, snippet);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
    int status =
        javac.run(
            null,
            diagnostics,
            diagnostics,
            "-Xlint:all",
            "-Werror",
            "-cp",
            System.getProperty("java.class.path"),
            "-d",
            dir.toString(),
            source.toString());
    assertThat(status).as(diagnostics.toString(StandardCharsets.UTF_8)).isZero();

    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream original = System.out;
    try (URLClassLoader loader =
        new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
      Method main = loader.loadClass("QuickStart").getMethod("main", String[].class);
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      main.invoke(null, (Object) new String[0]);
    } finally {
      System.setOut(original);
    }
    assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo(block(readme, "It prints:", "text"));
  }

  @Test
  void pluginExample_isTheOneTheTestRuns() throws IOException {
    String test =
        Files.readString(
            Path.of("src/test/java/io/schedkit/examples/ReadmeExampleTest.java"),
            StandardCharsets.UTF_8);
    int from = test.indexOf("// --- README: plugin ---\n");
    int to = test.indexOf("  // --- README: end ---", from);
    List<String> lines = new ArrayList<>();
    for (String line : test.substring(from, to).split("\n", -1)) {
      lines.add(line.startsWith("  ") ? line.substring(2) : line);
    }
    // The test nests the class; the README shows it as a top-level class.
    String plugin =
        (String.join("\n", lines.subList(1, lines.size())).strip() + "\n")
            .replace("public static final class", "public final class");
    assertThat(block(readme(), "## Writing a plugin", "java")).isEqualTo(plugin);
  }
}
