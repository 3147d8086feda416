package io.schedkit.core.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.POJONode;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Writes trees as JSON or block-style YAML by hand, so that a mutated tree can carry what a
 * serializer would refuse or normalize: raw tokens ({@link #raw}) written as they are (huge
 * numbers, tags, aliases, deep flow nesting), anchors on any node, and lone surrogates in strings.
 *
 * <p>Writing stops soon after {@link Mutator#MAX_INPUT} characters: a tree that shares subtrees (a
 * node repeated in a list, inside a node repeated again) can stand for far more text than fits in a
 * heap, and the input is cut at that length anyway.
 */
final class Render {
  private Render() {}

  /** A token written verbatim in place of a node. */
  record Raw(String token) {}

  /** Whether {@code sb} holds as much as an input may; the writers stop adding to it. */
  private static boolean full(StringBuilder sb) {
    return sb.length() > Mutator.MAX_INPUT;
  }

  private static final Pattern PLAIN = Pattern.compile("[A-Za-z_/][A-Za-z0-9._/-]*");
  private static final Set<String> RESERVED =
      Set.of("true", "false", "null", "yes", "no", "on", "off", "y", "n", "~");

  /** A node written as {@code token}, verbatim. */
  static JsonNode raw(String token) {
    return JsonNodeFactory.instance.pojoNode(new Raw(token));
  }

  static Raw rawOf(JsonNode n) {
    return n instanceof POJONode p && p.getPojo() instanceof Raw r ? r : null;
  }

  /** The documents as JSON: one document as is, several as a JSON array. */
  static String json(List<JsonNode> docs) {
    StringBuilder sb = new StringBuilder();
    if (docs.size() == 1) {
      json(sb, docs.get(0), 0);
    } else {
      sb.append("[\n");
      for (int i = 0; i < docs.size() && !full(sb); i++) {
        if (i > 0) {
          sb.append(",\n");
        }
        json(sb, docs.get(i), 1);
      }
      sb.append("\n]");
    }
    return sb.append('\n').toString();
  }

  private static void json(StringBuilder sb, JsonNode n, int indent) {
    Raw raw = rawOf(n);
    if (raw != null) {
      sb.append(raw.token());
    } else if (n.isObject()) {
      sb.append('{');
      int i = 0;
      for (Iterator<Map.Entry<String, JsonNode>> it = n.properties().iterator();
          it.hasNext() && !full(sb); ) {
        Map.Entry<String, JsonNode> e = it.next();
        sb.append(i++ > 0 ? "," : "").append('\n').append("  ".repeat(indent + 1));
        quote(sb, e.getKey());
        sb.append(": ");
        json(sb, e.getValue(), indent + 1);
      }
      sb.append(i > 0 ? "\n" + "  ".repeat(indent) : "").append('}');
    } else if (n.isArray()) {
      sb.append('[');
      for (int i = 0; i < n.size() && !full(sb); i++) {
        sb.append(i > 0 ? ", " : "");
        json(sb, n.get(i), indent + 1);
      }
      sb.append(']');
    } else if (n.isTextual()) {
      quote(sb, n.textValue());
    } else {
      sb.append(n.asText());
    }
  }

  /** The documents as a YAML stream, {@code anchors} placed on their nodes. */
  static String yaml(List<JsonNode> docs, Map<JsonNode, String> anchors) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < docs.size() && !full(sb); i++) {
      JsonNode doc = docs.get(i);
      if (doc.isObject() && doc.size() > 0 && !anchors.containsKey(doc) && rawOf(doc) == null) {
        if (i > 0) {
          sb.append("---\n");
        }
        entries(sb, doc, 0, anchors);
      } else {
        sb.append("---");
        value(sb, doc, 2, anchors);
      }
    }
    return sb.toString();
  }

  private static void entries(
      StringBuilder sb, JsonNode object, int indent, Map<JsonNode, String> anchors) {
    for (Iterator<Map.Entry<String, JsonNode>> it = object.properties().iterator();
        it.hasNext() && !full(sb); ) {
      Map.Entry<String, JsonNode> e = it.next();
      sb.append(" ".repeat(indent)).append(key(e.getKey())).append(':');
      value(sb, e.getValue(), indent + 2, anchors);
    }
  }

  private static void value(
      StringBuilder sb, JsonNode n, int indent, Map<JsonNode, String> anchors) {
    String anchor = anchors.get(n);
    if (anchor != null) {
      sb.append(" &").append(anchor);
    }
    Raw raw = rawOf(n);
    if (raw != null) {
      sb.append(' ').append(raw.token()).append('\n');
    } else if (n.isObject() && n.size() > 0) {
      sb.append('\n');
      entries(sb, n, indent, anchors);
    } else if (n.isArray() && n.size() > 0) {
      sb.append('\n');
      for (Iterator<JsonNode> it = n.elements(); it.hasNext() && !full(sb); ) {
        JsonNode item = it.next();
        sb.append(" ".repeat(indent)).append('-');
        value(sb, item, indent + 2, anchors);
      }
    } else {
      sb.append(' ').append(scalar(n)).append('\n');
    }
  }

  private static String key(String k) {
    return k.equals("<<") ? k : plainOrQuoted(k);
  }

  private static String scalar(JsonNode n) {
    if (n.isObject()) {
      return "{}";
    }
    if (n.isArray()) {
      return "[]";
    }
    if (n.isTextual()) {
      return plainOrQuoted(n.textValue());
    }
    return n.asText();
  }

  private static String plainOrQuoted(String s) {
    if (PLAIN.matcher(s).matches() && !RESERVED.contains(s.toLowerCase(java.util.Locale.ROOT))) {
      return s;
    }
    StringBuilder sb = new StringBuilder(s.length() + 2);
    quote(sb, s);
    return sb.toString();
  }

  /** A double-quoted string, valid in JSON and YAML; lone surrogates are written as they are. */
  static void quote(StringBuilder sb, String s) {
    sb.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\t' -> sb.append("\\t");
        case '\r' -> sb.append("\\r");
        default -> {
          if (c < 0x20 || c == 0x7f) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    sb.append('"');
  }
}
