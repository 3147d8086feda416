package io.schedkit.core.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * One seed input: its text and, for structured boundaries, its documents as trees.
 *
 * @param name the file the seed comes from
 * @param text the seed as written
 * @param docs the documents, empty for a scalar boundary (quantities)
 * @param json whether the seed is JSON
 */
record Seed(String name, String text, List<JsonNode> docs, boolean json) {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final YAMLMapper YAML = new YAMLMapper();

  /** The seeds of {@code fuzz/seeds/<dir>} on the test class path, in file name order. */
  static List<Seed> load(String dir, boolean structured) {
    URL url = Seed.class.getClassLoader().getResource("fuzz/seeds/" + dir);
    if (url == null) {
      throw new IllegalStateException("no seed folder fuzz/seeds/" + dir);
    }
    List<Seed> seeds = new ArrayList<>();
    try (Stream<Path> files = Files.list(Path.of(url.toURI()))) {
      for (Path f : files.sorted().toList()) {
        String text = Files.readString(f, StandardCharsets.UTF_8);
        String name = f.getFileName().toString();
        if (!structured) {
          for (String line : text.split("\n")) {
            if (!line.isBlank()) {
              seeds.add(new Seed(name, line.strip(), List.of(), false));
            }
          }
          continue;
        }
        boolean json = name.endsWith(".json");
        List<JsonNode> docs = new ArrayList<>();
        if (json) {
          docs.add(JSON.readTree(text));
        } else {
          for (JsonNode d : YAML.readerFor(JsonNode.class).<JsonNode>readValues(text).readAll()) {
            if (d != null && !d.isNull() && !d.isMissingNode()) {
              docs.add(d);
            }
          }
        }
        seeds.add(new Seed(name, text, List.copyOf(docs), json));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
    return List.copyOf(seeds);
  }
}
