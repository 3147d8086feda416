package io.schedkit.core.codec.tree;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.schedkit.framework.PluginArgs.FieldError;
import java.io.Reader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.events.AliasEvent;
import org.yaml.snakeyaml.events.CollectionStartEvent;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.NodeEvent;
import org.yaml.snakeyaml.events.ScalarEvent;
import org.yaml.snakeyaml.parser.Parser;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.ReaderException;
import org.yaml.snakeyaml.reader.StreamReader;

/**
 * YAML streams to JSON trees as Kubernetes reads YAML (go-yaml v2 through {@code
 * sigs.k8s.io/yaml}), from SnakeYAML's parser events, one document at a time:
 *
 * <ul>
 *   <li>Plain scalars resolve as go-yaml v2 resolves them: YAML 1.1 booleans ({@code y}, {@code
 *       yes}, {@code on}, {@code true} ... and their negations), nulls ({@code ~}, {@code null},
 *       empty), integers (Go's base prefixes {@code 0x}, {@code 0o}, {@code 0b}, a leading {@code
 *       0} for octal, underscores), floats; timestamps stay strings. Quoted and block scalars, and
 *       {@code !!str}, are strings. Mapping keys become strings ({@code true}, {@code 1}).
 *   <li>Anchors and aliases are resolved (an aliased value is shared, not copied), and merge keys
 *       ({@code <<: *base}, {@code <<: [*a, *b]}) add the entries the mapping does not set itself,
 *       earlier sources first.
 *   <li>A key set twice in one mapping is an error ({@code key "name" already set in map}), as the
 *       API server's strict decoding says.
 * </ul>
 *
 * <p>Named limits keep hostile input bounded: {@value #MAX_ALIAS_EXPANSION} nodes reached through
 * aliases per document (a "billion laughs" document is refused), and the {@link InputLimits}:
 * nesting depth, the length of one value (checked while the scanner reads it) and of one object (a
 * document, or an element of a List's items, so that a cluster dump of any size loads).
 */
final class YamlTrees {
  /** Nodes that aliases may expand to in one document, counted as if every alias were copied. */
  static final long MAX_ALIAS_EXPANSION = 1_000_000;

  /** Collections nested in one another. */
  static final int MAX_NESTING_DEPTH = InputLimits.MAX_NESTING_DEPTH;

  /**
   * SnakeYAML's own limit counts the whole stream (3 MiB by default), far below real dumps; the
   * {@link InputLimits} on values and objects apply instead.
   */
  static final int MAX_STREAM_CODE_POINTS = Integer.MAX_VALUE;

  /** Characters of a parser's own problem text that an error message shows. */
  private static final int MAX_PROBLEM_CHARS = 300;

  private static final String VALUE_TOO_LONG =
      "a single value (a string, a key or a comment) longer than "
          + InputLimits.count(InputLimits.MAX_VALUE_CHARS)
          + " characters, the limit";

  private static final String MERGE = "<<";
  private static final String TAG_PREFIX = "tag:yaml.org,2002:";
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final Pattern YAML_FLOAT =
      Pattern.compile("^[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?$");
  private static final Set<String> TRUE =
      Set.of("y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON");
  private static final Set<String> FALSE =
      Set.of("n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF");
  private static final Set<String> NULL = Set.of("", "~", "null", "Null", "NULL");

  private YamlTrees() {}

  /**
   * Reads every document of {@code reader} into {@code visitor}.
   *
   * @throws DocumentException naming {@code source}, the line and column, for malformed YAML and
   *     for every limit or rule above
   */
  static void read(Reader reader, String source, DocumentVisitor visitor) {
    LoaderOptions options = new LoaderOptions();
    options.setCodePointLimit(MAX_STREAM_CODE_POINTS);
    BoundedReader bounded = new BoundedReader(reader, InputLimits.MAX_VALUE_CHARS, VALUE_TOO_LONG);
    Parser parser = new ParserImpl(new StreamReader(bounded), options);
    Builder b = new Builder(source, visitor);
    try {
      while (true) {
        Event e = parser.getEvent();
        // Whatever the scanner reads before the next event is one token: a value, key or comment.
        bounded.reset(InputLimits.MAX_VALUE_CHARS, VALUE_TOO_LONG);
        if (!b.accept(e)) {
          return;
        }
      }
    } catch (MarkedYAMLException e) {
      throw new DocumentException(source, source + ": " + describe(e), e);
    } catch (ReaderException e) {
      // A character YAML does not allow in a stream: a control character, an unpaired surrogate.
      throw new DocumentException(
          source,
          String.format(
              "%s: character %d: %s (U+%04X)",
              source,
              e.getPosition() + 1,
              Character.isISOControl(e.getCodePoint())
                  ? "control characters are not allowed"
                  : "a character YAML does not allow",
              e.getCodePoint()),
          e);
    } catch (YAMLException e) {
      // A limit of the bounded reader, or a syntax error SnakeYAML reports without a position
      // (such as "A simple key is required only if it is the first token in the current line").
      BoundedReader.LimitExceeded limit = BoundedReader.cause(e);
      String problem =
          limit != null
              ? limit.getMessage()
              : FieldError.shorten(String.valueOf(e.getMessage()), MAX_PROBLEM_CHARS);
      Mark mark = b.lastMark();
      throw new DocumentException(
          source, source + ": " + (mark == null ? "" : "after " + at(mark) + ": ") + problem, e);
    }
  }

  /** {@code line N, column M: <context>: <problem>} for a SnakeYAML syntax error. */
  private static String describe(MarkedYAMLException e) {
    Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
    String context = e.getContext() == null ? "" : e.getContext().trim();
    String problem = e.getProblem() == null ? "" : e.getProblem().trim();
    String text =
        context.isEmpty() || problem.isEmpty() ? context + problem : context + ": " + problem;
    return mark == null ? text : at(mark) + ": " + text;
  }

  private static String at(Mark mark) {
    return "line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1);
  }

  /** A collection being read. */
  private abstract static class Frame {
    final String anchor;
    long size = 1;

    Frame(String anchor) {
      this.anchor = anchor;
    }
  }

  private static final class MapFrame extends Frame {
    final ObjectNode node = NODES.objectNode();
    final Set<String> explicit = new HashSet<>();
    final List<ObjectNode> merges = new ArrayList<>();
    final boolean root;
    boolean expectingKey = true;
    boolean mergeKey;
    String key;

    MapFrame(String anchor, boolean root) {
      super(anchor);
      this.root = root;
    }
  }

  private static final class SeqFrame extends Frame {
    final ArrayNode node = NODES.arrayNode();
    final boolean streaming;
    int streamed;

    SeqFrame(String anchor, boolean streaming) {
      super(anchor);
      this.streaming = streaming;
    }
  }

  /** A completed value and its size (nodes, with aliases counted as copies). */
  private record Anchored(JsonNode node, long size) {}

  /** The state of one stream. */
  private static final class Builder {
    private final String source;
    private final DocumentVisitor visitor;
    private final Deque<Frame> stack = new ArrayDeque<>();
    private final Map<String, Anchored> anchors = new HashMap<>();
    private final Set<String> open = new HashSet<>();
    private JsonNode root;
    private boolean hasRoot;
    private int streamedItems;
    private long expanded;
    private long objectStart;
    private Mark lastMark;

    Builder(String source, DocumentVisitor visitor) {
      this.source = source;
      this.visitor = visitor;
    }

    /** Where the last event ended; null before the first. */
    Mark lastMark() {
      return lastMark;
    }

    /** Handles one event; false at the end of the stream. */
    boolean accept(Event e) {
      lastMark = e.getEndMark();
      if (stack.peek() instanceof SeqFrame s && s.streaming && startsNode(e)) {
        objectStart = e.getStartMark().getIndex(); // each streamed item counts on its own
      }
      if (e.getEndMark().getIndex() - objectStart > InputLimits.MAX_OBJECT_CHARS) {
        throw fail(
            e,
            "an object (a document, or an element of a List's items) longer than "
                + InputLimits.count(InputLimits.MAX_OBJECT_CHARS)
                + " characters, the limit");
      }
      switch (e.getEventId()) {
        case StreamEnd -> {
          return false;
        }
        case DocumentStart -> {
          objectStart = e.getStartMark().getIndex();
          anchors.clear();
          root = null;
          hasRoot = false;
          streamedItems = 0;
          expanded = 0;
        }
        case DocumentEnd -> visitor.document(hasRoot ? root : null, streamedItems);
        case MappingStart -> {
          checkDepth(e);
          String anchor = ((NodeEvent) e).getAnchor();
          opened(anchor);
          stack.push(new MapFrame(anchor, stack.isEmpty()));
        }
        case SequenceStart -> {
          checkDepth(e);
          String anchor = ((CollectionStartEvent) e).getAnchor();
          opened(anchor);
          Frame parent = stack.peek();
          boolean streaming =
              parent instanceof MapFrame m
                  && m.root
                  && !m.expectingKey
                  && !m.mergeKey
                  && "items".equals(m.key)
                  && anchor == null;
          stack.push(new SeqFrame(anchor, streaming));
        }
        case MappingEnd -> {
          MapFrame m = (MapFrame) stack.pop();
          for (ObjectNode source : m.merges) {
            Iterator<Map.Entry<String, JsonNode>> it = source.properties().iterator();
            while (it.hasNext()) {
              Map.Entry<String, JsonNode> f = it.next();
              if (!m.node.has(f.getKey())) {
                m.node.set(f.getKey(), f.getValue());
              }
            }
          }
          closed(m, m.node);
          value(m.node, m.size, e);
        }
        case SequenceEnd -> {
          SeqFrame s = (SeqFrame) stack.pop();
          if (s.streaming) {
            streamedItems = s.streamed;
          }
          closed(s, s.node);
          value(s.node, s.size, e);
        }
        case Scalar -> {
          ScalarEvent s = (ScalarEvent) e;
          JsonNode v;
          if (stack.peek() instanceof MapFrame m
              && m.expectingKey
              && s.isPlain()
              && s.getTag() == null
              && MERGE.equals(s.getValue())) {
            m.mergeKey = true;
            m.expectingKey = false;
            return true;
          }
          v = scalar(s);
          if (s.getAnchor() != null) {
            anchors.put(s.getAnchor(), new Anchored(v, 1));
          }
          value(v, 1, e);
        }
        case Alias -> {
          String anchor = ((AliasEvent) e).getAnchor();
          Anchored a = anchors.get(anchor);
          if (a == null) {
            throw fail(
                e,
                open.contains(anchor)
                    ? "anchor '" + anchor + "' value contains itself"
                    : "unknown anchor '" + anchor + "' referenced");
          }
          expanded += a.size();
          if (expanded > MAX_ALIAS_EXPANSION) {
            throw fail(
                e,
                "aliases expand to more than "
                    + String.format(Locale.ROOT, "%,d", MAX_ALIAS_EXPANSION)
                    + " nodes, the limit for one document (a \"billion laughs\" document?)");
          }
          value(a.node(), a.size(), e);
        }
        default -> {
          // StreamStart, Comment: nothing to build
        }
      }
      return true;
    }

    private void checkDepth(Event e) {
      if (stack.size() >= MAX_NESTING_DEPTH) {
        throw fail(e, InputLimits.nestingMessage());
      }
    }

    private static boolean startsNode(Event e) {
      return switch (e.getEventId()) {
        case MappingStart, SequenceStart, Scalar, Alias -> true;
        default -> false;
      };
    }

    private void opened(String anchor) {
      if (anchor != null) {
        open.add(anchor);
      }
    }

    private void closed(Frame f, JsonNode node) {
      if (f.anchor != null) {
        open.remove(f.anchor);
        anchors.put(f.anchor, new Anchored(node, f.size));
      }
    }

    /** A completed value: a document root, a list element, a key or a mapping value. */
    private void value(JsonNode v, long size, Event e) {
      Frame top = stack.peek();
      if (top == null) {
        root = v;
        hasRoot = true;
        return;
      }
      top.size += size;
      if (top instanceof SeqFrame s) {
        if (s.streaming) {
          s.streamed++;
          visitor.item(v);
          objectStart = e.getEndMark().getIndex(); // the list's own fields count from here
        } else {
          s.node.add(v);
        }
        return;
      }
      MapFrame m = (MapFrame) top;
      if (m.expectingKey) {
        m.key = key(v, e);
        m.expectingKey = false;
        return;
      }
      m.expectingKey = true;
      if (m.mergeKey) {
        m.mergeKey = false;
        merge(m, v, e);
        return;
      }
      if (!m.explicit.add(m.key)) {
        throw fail(e, "key " + FieldError.quote(m.key) + " already set in map");
      }
      m.node.set(m.key, v);
    }

    private void merge(MapFrame m, JsonNode v, Event e) {
      if (v.isObject()) {
        m.merges.add((ObjectNode) v);
      } else if (v.isArray()) {
        for (JsonNode source : v) {
          if (!source.isObject()) {
            throw fail(e, "map merge requires map or sequence of maps as the value");
          }
          m.merges.add((ObjectNode) source);
        }
      } else {
        throw fail(e, "map merge requires map or sequence of maps as the value");
      }
    }

    /** A mapping key as a JSON key, as {@code sigs.k8s.io/yaml} converts it. */
    private String key(JsonNode k, Event e) {
      if (k.isTextual()) {
        return k.textValue();
      }
      if (k.isBoolean() || k.isIntegralNumber()) {
        return k.asText();
      }
      if (k.isNumber()) {
        return k.decimalValue().stripTrailingZeros().toString();
      }
      throw fail(
          e,
          "unsupported map key: "
              + (k.isNull() ? "null" : k.isObject() ? "a map" : k.isArray() ? "a list" : k));
    }

    private DocumentException fail(Event e, String message) {
      return new DocumentException(
          source, source + ": " + at(e.getStartMark()) + ": " + message, null);
    }

    /** A scalar's JSON value, as go-yaml v2 resolves it. */
    private JsonNode scalar(ScalarEvent s) {
      String value = s.getValue();
      String tag = s.getTag();
      if (tag != null && tag.startsWith("!!")) {
        tag = TAG_PREFIX + tag.substring(2);
      }
      if (tag != null && tag.startsWith(TAG_PREFIX)) {
        String type = tag.substring(TAG_PREFIX.length());
        switch (type) {
          case "str", "binary", "timestamp" -> {
            return NODES.textNode(value);
          }
          case "null" -> {
            return NODES.nullNode();
          }
          default -> {
            JsonNode resolved = plain(value, s);
            if (!resolved.isTextual()) {
              return resolved;
            }
            throw fail(s, "cannot decode " + FieldError.quote(value) + " as a " + tag);
          }
        }
      }
      if (tag != null || s.getScalarStyle() != DumperOptions.ScalarStyle.PLAIN) {
        return NODES.textNode(value);
      }
      return plain(value, s);
    }

    private JsonNode plain(String value, ScalarEvent s) {
      if (NULL.contains(value)) {
        return NODES.nullNode();
      }
      if (TRUE.contains(value)) {
        return NODES.booleanNode(true);
      }
      if (FALSE.contains(value)) {
        return NODES.booleanNode(false);
      }
      char c = value.charAt(0);
      if (c == '.' || c == '+' || c == '-') {
        String lower = value.toLowerCase(Locale.ROOT);
        if (lower.equals(".nan") || lower.endsWith(".inf")) {
          throw fail(s, "unsupported value " + value + ": JSON has no " + value);
        }
      }
      if ((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.') {
        String digits = value.replace("_", "");
        BigInteger i = goInt(digits);
        if (i != null && i.bitLength() <= 64) {
          // As Jackson's parsers give them: int, else long, else big integer.
          return i.bitLength() <= 31
              ? NODES.numberNode(i.intValue())
              : i.bitLength() <= 63 ? NODES.numberNode(i.longValue()) : NODES.numberNode(i);
        }
        if (YAML_FLOAT.matcher(digits).matches()) {
          // A float64, as go-yaml resolves it (1.10 is 1.1); out of its range (1e999), go-yaml's
          // ParseFloat fails and the scalar stays a string.
          double d = Double.parseDouble(digits);
          if (!Double.isInfinite(d)) {
            return NODES.numberNode(BigDecimal.valueOf(d));
          }
        }
      }
      return NODES.textNode(value);
    }
  }

  /**
   * {@code s} as Go's {@code strconv.ParseInt(s, 0, 64)} (or {@code ParseUint}) reads it: an
   * optional sign, then {@code 0x}/{@code 0o}/{@code 0b} prefixes or a leading {@code 0} for octal;
   * null when it is not an integer.
   */
  static BigInteger goInt(String s) {
    int i = 0;
    boolean negative = false;
    if (!s.isEmpty() && (s.charAt(0) == '+' || s.charAt(0) == '-')) {
      negative = s.charAt(0) == '-';
      i = 1;
    }
    String body = s.substring(i);
    int radix = 10;
    if (body.length() > 1 && body.charAt(0) == '0') {
      char p = Character.toLowerCase(body.charAt(1));
      if (p == 'x' || p == 'o' || p == 'b') {
        radix = p == 'x' ? 16 : p == 'o' ? 8 : 2;
        body = body.substring(2);
      } else {
        radix = 8;
        body = body.substring(1);
      }
    }
    if (body.isEmpty()) {
      return null;
    }
    int significant = 0;
    while (significant < body.length() - 1 && body.charAt(significant) == '0') {
      significant++;
    }
    if (body.length() - significant > 64) {
      return null; // more than 64 binary digits: no int64 or uint64, not worth expanding
    }
    for (int k = 0; k < body.length(); k++) {
      if (Character.digit(body.charAt(k), radix) < 0) {
        return null;
      }
    }
    BigInteger v = new BigInteger(body, radix);
    return negative ? v.negate() : v;
  }
}
