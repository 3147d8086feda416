package io.schedkit.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/** Runs the command line in-process with captured stdout and stderr. */
final class CliFixtures {
  private static final ObjectMapper JSON = new ObjectMapper();

  private CliFixtures() {}

  /** What one run printed and returned. */
  record Result(int exit, String out, String err) {
    /** Each stdout line parsed as JSON. */
    List<JsonNode> jsonLines() {
      List<JsonNode> lines = new ArrayList<>();
      for (String line : out.split("\n")) {
        if (!line.isBlank()) {
          lines.add(parse(line));
        }
      }
      return lines;
    }

    /** All of stdout parsed as one JSON value. */
    JsonNode json() {
      return parse(out);
    }

    /** The stderr lines that are not warnings. */
    List<String> errorLines() {
      return err.lines().filter(l -> !l.startsWith("warning: ")).toList();
    }

    /** The warning lines of stderr. */
    List<String> warnings() {
      return err.lines().filter(l -> l.startsWith("warning: ")).toList();
    }
  }

  static Result run(String... args) {
    return run(SchedkitCli.commandLine(), args);
  }

  static Result run(CommandLine cl, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int exit = cl.execute(args);
    return new Result(exit, out.toString(), err.toString());
  }

  /** The path of a test resource under {@code /cli/}. */
  static String resource(String name) {
    URL url = CliFixtures.class.getResource("/cli/" + name);
    if (url == null) {
      throw new IllegalArgumentException("no test resource /cli/" + name);
    }
    try {
      return Path.of(url.toURI()).toString();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  static JsonNode parse(String text) {
    try {
      return JSON.readTree(text);
    } catch (IOException e) {
      throw new UncheckedIOException("not JSON: " + text, e);
    }
  }
}
