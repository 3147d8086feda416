package io.schedkit.core.codec.tree;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Text to JSON trees, as both decoders read their input: a file as UTF-8, JSON or YAML detected by
 * the first character, a YAML stream split into its documents, and parser errors reworded as {@code
 * line N, column M: <problem>}. Failures are {@link DocumentException}s naming the source.
 */
public final class Documents {
  private static final ObjectMapper JSON =
      JsonMapper.builder().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();

  // Built from a default factory: YAMLFactory.builder() starts without the default parser
  // features (empty documents would read as "" instead of null).
  private static final YAMLMapper YAML =
      YAMLMapper.builder(new YAMLFactory())
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .build();

  private Documents() {}

  /** Reads a file as UTF-8, failing with a {@link DocumentException} naming it. */
  public static String read(Path path) {
    try {
      return Files.readString(path, StandardCharsets.UTF_8);
    } catch (IOException e) {
      String why =
          e instanceof NoSuchFileException
              ? "no such file"
              : e instanceof AccessDeniedException ? "permission denied" : e.getMessage();
      throw new DocumentException(path.toString(), path + ": cannot read file: " + why, e);
    }
  }

  /**
   * Parses a JSON or YAML text into its documents (one for JSON or a single YAML document; several
   * for a YAML stream). Empty YAML documents come back as null or missing nodes.
   */
  public static List<JsonNode> parse(String text, String source) {
    String t = text.startsWith("\uFEFF") ? text.substring(1) : text;
    ObjectMapper mapper = looksLikeJson(t) ? JSON : YAML;
    List<JsonNode> docs = new ArrayList<>();
    try (MappingIterator<JsonNode> it = mapper.readerFor(JsonNode.class).readValues(t)) {
      while (it.hasNextValue()) {
        docs.add(it.nextValue());
      }
    } catch (JsonProcessingException e) {
      throw new DocumentException(source, source + ": " + parseError(e), e);
    } catch (IOException e) {
      throw new DocumentException(source, source + ": " + e.getMessage(), e);
    }
    return docs;
  }

  /** Converts a JSON tree value (maps, lists, scalars) into a tree, for decoding plugin args. */
  public static JsonNode toTree(Object value) {
    return JSON.valueToTree(value);
  }

  /** Converts a tree into plain Java values (maps, lists, strings, numbers, booleans). */
  public static Object fromTree(JsonNode node) {
    return JSON.convertValue(node, Object.class);
  }

  private static boolean looksLikeJson(String t) {
    for (int i = 0; i < t.length(); i++) {
      char c = t.charAt(i);
      if (!Character.isWhitespace(c)) {
        return c == '{' || c == '[';
      }
    }
    return false;
  }

  private static final Pattern YAML_MARK =
      Pattern.compile("^ in '[^']*', line (\\d+), column (\\d+):?$");

  /**
   * {@code line N, column M: <message>} for a parser error. SnakeYAML's multi-line messages (a
   * context and a problem, each followed by its position and a snippet) become {@code <context>:
   * <problem>} at the problem's position.
   */
  private static String parseError(JsonProcessingException e) {
    String original = e.getOriginalMessage() == null ? "invalid document" : e.getOriginalMessage();
    List<String> messages = new ArrayList<>();
    List<String> marks = new ArrayList<>();
    StringBuilder pending = new StringBuilder();
    for (String line : original.split("\n")) {
      Matcher m = YAML_MARK.matcher(line);
      if (m.matches()) {
        messages.add(pending.toString().trim());
        marks.add("line " + m.group(1) + ", column " + m.group(2));
        pending.setLength(0);
      } else if (!line.startsWith(" ") && !line.isBlank()) {
        pending.append(' ').append(line.trim());
      }
    }
    if (!marks.isEmpty()) {
      String problem = messages.get(messages.size() - 1);
      String context = messages.size() > 1 ? messages.get(0) : "";
      String text =
          context.isEmpty() || problem.isEmpty() ? context + problem : context + ": " + problem;
      return marks.get(marks.size() - 1) + ": " + text;
    }
    JsonLocation loc = e.getLocation();
    int nl = original.indexOf('\n');
    String first = (nl < 0 ? original : original.substring(0, nl)).trim();
    return loc == null || loc.getLineNr() < 0
        ? first
        : "line " + loc.getLineNr() + ", column " + loc.getColumnNr() + ": " + first;
  }
}
