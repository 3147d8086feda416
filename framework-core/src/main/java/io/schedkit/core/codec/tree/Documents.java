package io.schedkit.core.codec.tree;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.schedkit.framework.PluginArgs.FieldError;
import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
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
 * Text to JSON trees, as both decoders read their input: a file as UTF-8 (a binary or non-UTF-8
 * file is named as such), JSON or YAML detected by the first character, a YAML stream split into
 * its documents ({@link YamlTrees}: anchors, aliases and merge keys resolved, duplicate keys
 * refused, named limits), and parser errors reworded as {@code line N, column M: <problem>}. {@link
 * #read(Path, String, DocumentVisitor)} streams: one document at a time, and the elements of a
 * top-level {@code items} list one at a time, so that a large dump is never held whole. Failures
 * are {@link DocumentException}s naming the source.
 */
public final class Documents {
  private static final ObjectMapper JSON =
      JsonMapper.builder(JsonFactory.builder().streamReadConstraints(InputLimits.jackson()).build())
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
          .build();

  /** Bytes looked at for a NUL, the mark of a binary file. */
  private static final int SNIFF_BYTES = 8192;

  private Documents() {}

  /** Reads a file as UTF-8, failing with a {@link DocumentException} naming it. */
  public static String read(Path path) {
    StringBuilder sb = new StringBuilder();
    try (Reader r = open(path)) {
      char[] buf = new char[8192];
      for (int n; (n = r.read(buf)) >= 0; ) {
        sb.append(buf, 0, n);
      }
    } catch (IOException e) {
      throw unreadable(path, e);
    }
    return sb.toString();
  }

  /**
   * Reads the documents of a JSON or YAML file into {@code visitor}, one at a time.
   *
   * @param path the file
   * @param source the name messages use
   * @param visitor receives the documents
   * @throws DocumentException if the file cannot be read, is not UTF-8 text, or is malformed
   */
  public static void read(Path path, String source, DocumentVisitor visitor) {
    try (Reader r = open(path)) {
      read(r, source, visitor);
    } catch (IOException e) {
      throw unreadable(path, e);
    } catch (UncheckedIOException e) {
      throw unreadable(path, e.getCause());
    } catch (RuntimeException e) {
      CharacterCodingException coding = codingCause(e);
      if (coding != null) {
        throw unreadable(path, coding);
      }
      throw e;
    }
  }

  /**
   * Parses a JSON or YAML text into its documents (one for JSON or a single YAML document; several
   * for a YAML stream). Empty YAML documents come back as null.
   */
  public static List<JsonNode> parse(String text, String source) {
    List<JsonNode> docs = new ArrayList<>();
    List<JsonNode> items = new ArrayList<>();
    read(
        new StringReader(text),
        source,
        new DocumentVisitor() {
          @Override
          public void item(JsonNode item) {
            items.add(item);
          }

          @Override
          public void document(JsonNode root, int streamedItems) {
            if (streamedItems > 0 && root != null && root.isObject()) {
              ((ObjectNode) root).putArray("items").addAll(items);
            } else if (streamedItems > 0 && root != null && root.isArray()) {
              ((ArrayNode) root).addAll(items);
            }
            items.clear();
            docs.add(root);
          }
        });
    return docs;
  }

  /** Reads the documents of {@code text} into {@code visitor}. */
  public static void read(String text, String source, DocumentVisitor visitor) {
    read(new StringReader(text), source, visitor);
  }

  /** Converts a JSON tree value (maps, lists, scalars) into a tree, for decoding plugin args. */
  public static JsonNode toTree(Object value) {
    return JSON.valueToTree(value);
  }

  /** Converts a tree into plain Java values (maps, lists, strings, numbers, booleans). */
  public static Object fromTree(JsonNode node) {
    return JSON.convertValue(node, Object.class);
  }

  private static void read(Reader reader, String source, DocumentVisitor visitor) {
    BufferedReader r = new BufferedReader(reader, 1 << 16);
    boolean json;
    try {
      json = looksLikeJson(r);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (json) {
      readJson(r, source, visitor);
    } else {
      YamlTrees.read(r, source, visitor);
    }
  }

  /** A reader of {@code path} as strict UTF-8, after checking it is not a binary file. */
  private static Reader open(Path path) throws IOException {
    InputStream in = new BufferedInputStream(Files.newInputStream(path), SNIFF_BYTES);
    in.mark(SNIFF_BYTES);
    byte[] head = in.readNBytes(SNIFF_BYTES);
    in.reset();
    for (byte b : head) {
      if (b == 0) {
        in.close();
        throw new BinaryFileException();
      }
    }
    CharsetDecoder utf8 =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    return new InputStreamReader(in, utf8);
  }

  /** A NUL byte near the start of a file: not text. */
  private static final class BinaryFileException extends IOException {
    private static final long serialVersionUID = 1L;
  }

  private static DocumentException unreadable(Path path, Throwable e) {
    String why;
    if (e instanceof BinaryFileException) {
      why = "a binary file, not YAML or JSON text";
    } else if (e instanceof CharacterCodingException) {
      why = "not UTF-8 text (Kubernetes reads YAML and JSON as UTF-8)";
    } else if (e instanceof NoSuchFileException) {
      why = "no such file";
    } else if (e instanceof AccessDeniedException) {
      why = "permission denied";
    } else {
      why = e.getMessage();
    }
    return new DocumentException(path.toString(), path + ": cannot read file: " + why, e);
  }

  private static CharacterCodingException codingCause(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof CharacterCodingException c) {
        return c;
      }
    }
    return null;
  }

  /** Whether the first character after white space (and a byte order mark) opens JSON. */
  private static boolean looksLikeJson(BufferedReader r) throws IOException {
    int limit = 1 << 16;
    r.mark(limit);
    boolean json = false;
    for (int i = 0; i < limit; i++) {
      int c = r.read();
      if (c < 0) {
        break;
      }
      if (c == '\uFEFF' && i == 0) {
        r.mark(limit);
        continue;
      }
      if (!Character.isWhitespace(c)) {
        json = c == '{' || c == '[';
        break;
      }
    }
    r.reset();
    return json;
  }

  /**
   * JSON values in sequence (usually one), each a document; a root object's {@code items} list and
   * a root list's elements are handed to {@link DocumentVisitor#item} one at a time.
   */
  private static void readJson(Reader reader, String source, DocumentVisitor visitor) {
    BoundedReader bounded =
        new BoundedReader(reader, InputLimits.MAX_OBJECT_CHARS, OBJECT_TOO_LONG);
    try (JsonParser p = JSON.createParser(bounded)) {
      try {
        readJson(p, bounded, source, visitor);
      } catch (BoundedReader.LimitExceeded e) {
        throw new DocumentException(
            source, source + ": after " + position(p) + ": " + e.getMessage(), e);
      } catch (NumberFormatException e) {
        // A number Jackson cannot hold as a BigDecimal (an exponent of more than ten digits).
        throw new DocumentException(
            source, source + ": after " + position(p) + ": a number out of range", e);
      }
    } catch (JsonProcessingException e) {
      throw new DocumentException(source, source + ": " + parseError(e), e);
    } catch (IOException e) {
      if (codingCause(e) != null) {
        throw new UncheckedIOException(e);
      }
      throw new DocumentException(source, source + ": " + e.getMessage(), e);
    }
  }

  private static final String OBJECT_TOO_LONG =
      "an object (a document, or an element of a List's items) longer than "
          + InputLimits.count(InputLimits.MAX_OBJECT_CHARS)
          + " characters, the limit";

  /** Renews the budget of {@code bounded}: one more object may be read. */
  private static void nextObject(BoundedReader bounded) {
    bounded.reset(InputLimits.MAX_OBJECT_CHARS, OBJECT_TOO_LONG);
  }

  private static void readJson(
      JsonParser p, BoundedReader bounded, String source, DocumentVisitor visitor)
      throws IOException {
    for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
      nextObject(bounded);
      if (t == JsonToken.START_ARRAY) {
        int n = 0;
        while (p.nextToken() != JsonToken.END_ARRAY) {
          nextObject(bounded);
          visitor.item(p.readValueAsTree());
          n++;
        }
        visitor.document(JSON.createArrayNode(), n);
      } else if (t == JsonToken.START_OBJECT) {
        ObjectNode root = JSON.createObjectNode();
        int n = 0;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          String name = p.currentName();
          if (root.has(name)) {
            throw new DocumentException(
                source,
                source + ": " + position(p) + ": duplicate field " + FieldError.quote(name),
                null);
          }
          if (name.equals("items") && p.nextToken() == JsonToken.START_ARRAY) {
            while (p.nextToken() != JsonToken.END_ARRAY) {
              nextObject(bounded);
              visitor.item(p.readValueAsTree());
              n++;
            }
            nextObject(bounded);
            root.putArray("items");
          } else {
            if (!name.equals("items")) {
              p.nextToken();
            }
            root.set(name, p.readValueAsTree());
          }
        }
        visitor.document(root, n);
      } else {
        visitor.document(p.readValueAsTree(), 0);
      }
    }
  }

  private static String position(JsonParser p) {
    JsonLocation loc = p.currentLocation();
    return "line " + loc.getLineNr() + ", column " + loc.getColumnNr();
  }

  /** {@code line N, column M: <message>} for a JSON parser error. */
  private static String parseError(JsonProcessingException e) {
    String original = e.getOriginalMessage() == null ? "invalid document" : e.getOriginalMessage();
    if (e instanceof StreamConstraintsException) {
      original = constraint(original);
    }
    Matcher dup = DUPLICATE.matcher(original);
    if (dup.find()) {
      original = "duplicate field " + FieldError.quote(dup.group(1));
    }
    JsonLocation loc = e.getLocation();
    int nl = original.indexOf('\n');
    String first = (nl < 0 ? original : original.substring(0, nl)).trim();
    return loc == null || loc.getLineNr() < 0
        ? first
        : "line " + loc.getLineNr() + ", column " + loc.getColumnNr() + ": " + first;
  }

  /** Jackson's message of a broken read constraint, as the named limit. */
  private static String constraint(String message) {
    if (message.contains("nesting depth")) {
      return InputLimits.nestingMessage();
    }
    if (message.startsWith("Number value length")) {
      return "a number longer than "
          + InputLimits.count(InputLimits.MAX_NUMBER_CHARS)
          + " characters, the limit";
    }
    if (message.startsWith("String value length") || message.startsWith("Name length")) {
      return "a single value (a string or a key) longer than "
          + InputLimits.count(InputLimits.MAX_VALUE_CHARS)
          + " characters, the limit";
    }
    return message;
  }

  private static final Pattern DUPLICATE = Pattern.compile("^Duplicate field '(.*)'");
}
