package io.schedkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The console examples of the README and of {@code docs/cli.md} are what the commands print today.
 * Every {@code $ ./schedkit ...} line of a {@code console} block is run in-process and what it
 * prints (stdout, then stderr) must equal the lines the block shows after it, once what truly
 * varies between runs (wall-clock time and rates, and bench's measurements) is masked on both
 * sides. A {@code json} block that the text introduces as the previous command's output {@code with
 * --format json} is compared as JSON.
 *
 * <p>File arguments resolve, in order, against the repository's root (the README names real paths),
 * the command line's test inputs {@code cli/src/test/resources/cli/} (which docs/cli.md names by
 * their file names), or a {@code yaml} block of the same document whose first line is {@code #
 * NAME}. The demo runs with {@code --no-progress} and its report goes to a temporary file; the path
 * it prints is put back as the document shows it.
 */
final class DocExamplesTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Path INPUTS = ROOT.resolve("cli/src/test/resources/cli");
  private static final List<String> FILE_OPTIONS =
      List.of("--cluster", "--pod", "--workload", "--config");

  /** What varies between runs of the same command, each replaced by its group-free mask. */
  private static final List<Mask> MASKS =
      List.of(
          // demo: "in 1.21 s of wall time (496 pods/s)", or "(1,824 pods/s)" on a fast machine
          new Mask(
              "in [0-9.,]+ s of wall time \\([0-9.,]+ pods/s\\)", "in W s of wall time (R pods/s)"),
          // simulate: "(0.323 s wall, 18.6 pods/s; 1.52 s since the process started)"
          new Mask(
              "\\([0-9.,]+ s wall, [0-9.,]+ pods/s; [0-9.,]+ s since the process started\\)",
              "(W s wall, R pods/s; P s since the process started)"),
          // bench --format json: the measurements and the machine
          new Mask(
              "\"(podsPerSecond|p50Micros|p99Micros|cpuMicrosPerPod|allocatedKiBPerPod|wallSeconds"
                  + "|heapUsedMiB"
                  + "|heapMaxMiB|threads)\":[0-9.]+",
              "\"$1\":M"));

  @TempDir Path tmp;

  private record Mask(String regex, String replacement) {
    String apply(String text) {
      return Pattern.compile(regex).matcher(text).replaceAll(replacement);
    }
  }

  /** One {@code $ ./schedkit ...} line and the lines shown after it. */
  private record Example(String doc, List<String> args, String expected) {}

  private static String read(String doc) throws IOException {
    return Files.readString(ROOT.resolve(doc), StandardCharsets.UTF_8);
  }

  /** The fenced blocks of a Markdown text: language, body, start and end offsets. */
  private record Block(String language, String body, int start, int end) {}

  private static List<Block> blocks(String text) {
    List<Block> blocks = new ArrayList<>();
    Matcher open = Pattern.compile("(?m)^```([a-z]*)\\n").matcher(text);
    int from = 0;
    while (open.find(from)) {
      int bodyStart = open.end();
      int close = text.indexOf("\n```", bodyStart - 1);
      assertThat(close).as("a closed block at offset %d", open.start()).isNotNegative();
      blocks.add(
          new Block(open.group(1), text.substring(bodyStart, close + 1), open.start(), close + 4));
      from = close + 4;
    }
    return blocks;
  }

  private static List<Example> examples(String doc, Block block) {
    List<Example> examples = new ArrayList<>();
    List<String> lines = block.body().lines().toList();
    int i = 0;
    while (i < lines.size()) {
      String line = lines.get(i);
      assertThat(line).as("%s: a console block starts with a command", doc).startsWith("$ ");
      StringBuilder command = new StringBuilder(line.substring(2));
      while (command.toString().endsWith("\\")) {
        command.setLength(command.length() - 1);
        command.append(' ').append(lines.get(++i).strip());
      }
      i++;
      StringBuilder expected = new StringBuilder();
      while (i < lines.size() && !lines.get(i).startsWith("$ ")) {
        expected.append(lines.get(i++)).append('\n');
      }
      List<String> words = Arrays.asList(command.toString().strip().split("\\s+"));
      assertThat(words.get(0)).as("%s: %s", doc, command).isEqualTo("./schedkit");
      examples.add(new Example(doc, words.subList(1, words.size()), expected.toString()));
    }
    return examples;
  }

  /** Runs an example's command with its files resolved; returns what it printed, as shown. */
  private String run(String text, Example example, String... extra) throws IOException {
    List<String> args = new ArrayList<>(example.args());
    args.addAll(List.of(extra));
    List<String[]> shownAs = new ArrayList<>();
    for (int i = 0; i + 1 < args.size(); i++) {
      if (FILE_OPTIONS.contains(args.get(i))) {
        String name = args.get(i + 1);
        String path = resolve(text, example.doc(), name);
        shownAs.add(new String[] {path, name});
        args.set(i + 1, path);
      }
    }
    if (args.get(0).equals("demo")) {
      args.add("--no-progress");
      if (!args.contains("--report")) {
        String report = tmp.resolve("schedkit-report.html").toString();
        args.addAll(List.of("--report", report));
        shownAs.add(new String[] {report, "schedkit-report.html"});
      }
    }
    CliFixtures.Result r = CliFixtures.run(args.toArray(String[]::new));
    String printed = r.out() + r.err();
    for (String[] s : shownAs) {
      printed = printed.replace(s[0], s[1]);
    }
    return printed;
  }

  private String resolve(String text, String doc, String name) throws IOException {
    for (Path p : List.of(ROOT.resolve(name), INPUTS.resolve(name))) {
      if (Files.isRegularFile(p)) {
        return p.toString();
      }
    }
    for (Block b : blocks(text)) {
      if (b.language().equals("yaml") && b.body().startsWith("# " + name + "\n")) {
        Path p = tmp.resolve(name);
        Files.writeString(p, b.body(), StandardCharsets.UTF_8);
        return p.toString();
      }
    }
    throw new AssertionError(
        doc
            + " runs a command on "
            + name
            + ", which is neither in the repository, nor in "
            + ROOT.relativize(INPUTS)
            + ", nor a yaml block of the document starting '# "
            + name
            + "'");
  }

  private static String masked(String text) {
    for (Mask m : MASKS) {
      text = m.apply(text);
    }
    return text;
  }

  /** Checks every console example of a document; returns how many commands it ran. */
  private int checkConsoleExamples(String doc) throws IOException {
    String text = read(doc);
    List<Block> blocks = blocks(text);
    int ran = 0;
    for (int b = 0; b < blocks.size(); b++) {
      Block block = blocks.get(b);
      if (!block.language().equals("console")) {
        continue;
      }
      List<Example> examples = examples(doc, block);
      for (Example e : examples) {
        assertThat(masked(run(text, e)))
            .as("%s: what ./schedkit %s prints", doc, String.join(" ", e.args()))
            .isEqualTo(masked(e.expected()));
        ran++;
      }
      if (b + 1 < blocks.size() && blocks.get(b + 1).language().equals("json")) {
        Block json = blocks.get(b + 1);
        String between = text.substring(block.end(), json.start());
        if (between.contains("--format json")) {
          Example last = examples.get(examples.size() - 1);
          JsonNode printed = CliFixtures.parse(run(text, last, "--format", "json"));
          JsonNode shown = CliFixtures.parse(json.body());
          for (JsonNode node : List.of(printed, shown)) {
            if (node.get("stats") instanceof ObjectNode stats) {
              stats.remove(List.of("wallSeconds", "podsPerSecond", "processWallSeconds"));
            }
          }
          assertThat(printed)
              .as("%s: what ./schedkit %s --format json prints", doc, String.join(" ", last.args()))
              .isEqualTo(shown);
          ran++;
        }
      }
    }
    return ran;
  }

  @Test
  void readme_consoleExamples_printWhatTheReadmeShows() throws IOException {
    // the demo and explain
    assertThat(checkConsoleExamples("README.md")).isEqualTo(2);
  }

  @Test
  void cliDoc_consoleExamples_printWhatTheDocShows() throws IOException {
    // bad input, a mistyped command, two unknown fields, explain twice, simulate twice, bench;
    // and two of them again with --format json
    assertThat(checkConsoleExamples("docs/cli.md")).isEqualTo(11);
  }

  @Test
  void masks_hideOnlyWhatVaries() {
    assertThat(
            masked(
                "Simulated 1.0 s of virtual time (3 scheduling cycles) in 0.21 s of wall time (496 pods/s)."))
        .isEqualTo(
            "Simulated 1.0 s of virtual time (3 scheduling cycles) in W s of wall time (R pods/s).");
    assertThat(
            masked(
                "Simulated 1092.0 s of virtual time (1126 scheduling cycles) in 0.33 s of wall time"
                    + " (1,824 pods/s)."))
        .isEqualTo(
            "Simulated 1092.0 s of virtual time (1126 scheduling cycles) in W s of wall time"
                + " (R pods/s).");
    assertThat(masked("(1,204.5 s wall, 2,318.6 pods/s; 1,210.1 s since the process started)"))
        .isEqualTo("(W s wall, R pods/s; P s since the process started)");
    assertThat(
            masked(
                "6 pods: 5 scheduled; 32.0 virtual seconds"
                    + " (0.323 s wall, 18.6 pods/s; 1.52 s since the process started)"))
        .isEqualTo(
            "6 pods: 5 scheduled; 32.0 virtual seconds"
                + " (W s wall, R pods/s; P s since the process started)");
    assertThat(
            masked("{\"nodes\":250,\"podsPerSecond\":567.7,\"threads\":2,\"mode\":\"adaptive\"}"))
        .isEqualTo("{\"nodes\":250,\"podsPerSecond\":M,\"threads\":M,\"mode\":\"adaptive\"}");
  }
}
