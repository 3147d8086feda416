package io.schedkit.core.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Predicate;

/**
 * A seeded mutator: everything it produces is a function of the {@link SplittableRandom} it is
 * given, so an input is reproduced from the run's seed and its index alone.
 *
 * <p>Structured seeds are mutated as trees (type swaps, huge and tiny numbers, long and unusual
 * strings, many elements, deep nesting, YAML tags, anchors, aliases and merge keys, removed and
 * case-duplicated fields), then written as JSON or YAML by {@link Render}; or as text (truncation,
 * character flips, inserted tokens, duplicated, repeated and deleted lines, a BOM, other line ends,
 * alias bombs, a document nested deeply). Scalars (quantities) are mutated character by character
 * or replaced by boundary values.
 */
final class Mutator {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  /** Numbers at and past the edges of every numeric type a decoder may use. */
  static final List<String> NUMBERS =
      List.of(
          "1E2147483647",
          "-1e-999999",
          "1e999999999",
          "1e-2147483648",
          "1e99999999999",
          "-1E+2147483647",
          "9223372036854775807",
          "9223372036854775808",
          "-9223372036854775809",
          "2147483647",
          "2147483648",
          "-2147483649",
          "4294967296",
          "18446744073709551616",
          "1.7976931348623157E309",
          "4.9E-325",
          "0.0000000000000000000001",
          "1" + "0".repeat(400),
          "0." + "0".repeat(400) + "1",
          "1e400",
          "-0",
          "-0.0",
          "0",
          "-1",
          "1.5",
          "0x7FFFFFFF",
          "0xFFFFFFFFFFFFFFFFFF",
          "0o777",
          "0777",
          "0b1011",
          "1_000_000",
          ".inf",
          "-.Inf",
          ".nan",
          ".NaN",
          "NaN",
          "Infinity",
          "-Infinity",
          "+1",
          "1e",
          "1e+",
          ".5",
          "5.",
          "190:20:30");

  /** Strings that trip up encoders, decoders and validators. */
  static final List<String> STRINGS =
      List.of(
          "",
          " ",
          "\u0000",
          "a\u0000b",
          "\uFEFF",
          "\uFEFFapp",
          "\uD800",
          "\uDC00",
          "x\uD83D",
          "\uD83D\uDE00",
          "\uFFFF",
          "\uFFFE",
          "\u202Eevil",
          "a\u0301",
          "\u2028",
          "\u0085",
          "\t",
          "\r\n",
          "İ",
          "ǅ",
          "ﬃ",
          "１２３",
          "١٢٣",
          "null",
          "~",
          "true",
          "yes",
          "no",
          "off",
          "0x10",
          "1e3",
          "-",
          "Ki",
          "100m",
          "1Gi",
          "*",
          "../../etc/passwd",
          "%s%n",
          "${jndi:ldap://x/a}",
          "<script>",
          "app.kubernetes.io/name",
          "a/b/c",
          "-leading",
          "trailing-",
          "In",
          "NotIn",
          "Exists",
          "DoesNotExist",
          "Gt",
          "Lt",
          "2026-02-30T25:61:61Z",
          "0001-01-01T00:00:00Z",
          "+999999999-12-31T23:59:59.999999999Z",
          "2026-01-02T03:04:05.123456789012Z");

  /** YAML tags, standard, language-specific and custom. */
  static final List<String> TAGS =
      List.of(
          "!!binary aGVsbG8=",
          "!!binary \"not base64!\"",
          "!!python/object:os.system ls",
          "!!python/object/apply:os.system [\"ls\"]",
          "!!java.io.File /tmp",
          "!!javax.script.ScriptEngineManager [!!java.net.URLClassLoader [[!!java.net.URL"
              + " [\"http://localhost/\"]]]]",
          "!custom value",
          "!custom {a: 1}",
          "!<tag:example.com,2000:app/foo> x",
          "!!str 12",
          "!!int 0x1F",
          "!!int abc",
          "!!int 1e999999999",
          "!!float .inf",
          "!!float 1E2147483647",
          "!!null ''",
          "!!bool yes",
          "!!timestamp 2001-12-14t21:59:43.10-05:00",
          "!!set {a, b}",
          "!!omap [a: 1, b: 2]",
          "!!pairs [a: 1, a: 2]",
          "!!map {a: 1}",
          "!!seq [1, 2]",
          "!!merge <<",
          "! bare",
          "!!",
          "!");

  /** Fragments inserted into text as they are. */
  static final List<String> SNIPPETS =
      List.of(
          "&a ",
          "*a",
          "*undefined",
          "<<: *a\n",
          "<<: [*a, *a]\n",
          "\n---\n",
          "\n...\n",
          "%YAML 1.1\n",
          "%YAML 9.9\n",
          "%TAG ! tag:example.com,2000:\n",
          "? [complex, key]\n: value\n",
          "{",
          "}",
          "[",
          "]",
          "\"",
          "'",
          "#",
          "\t",
          ": ",
          "- ",
          "|\n",
          ">-\n",
          ",",
          "\\",
          "\\u",
          "\\uD800",
          "\uFEFF",
          "\u0000",
          "\uD800",
          "\u2028",
          "@",
          "`",
          "!!binary ",
          "!custom ",
          "/*",
          "// c\n");

  private final SplittableRandom rnd;
  private final Predicate<String> focus;
  private final boolean jsonOnly;

  /**
   * A mutator.
   *
   * @param rnd the source of every choice
   * @param focus the paths tree mutations prefer, or null for all
   * @param jsonOnly whether the boundary reads JSON only (no YAML output, tags or anchors)
   */
  Mutator(SplittableRandom rnd, Predicate<String> focus, boolean jsonOnly) {
    this.rnd = rnd;
    this.focus = focus;
    this.jsonOnly = jsonOnly;
  }

  private <T> T pick(List<T> list) {
    return list.get(rnd.nextInt(list.size()));
  }

  /** The longest input made; a longer one is cut (truncation is one of the mutations). */
  static final int MAX_INPUT = 8_000_000;

  /** One mutated input from {@code seed}. */
  String mutate(Seed seed) {
    String out = mutateUnbounded(seed);
    return out.length() > MAX_INPUT ? out.substring(0, MAX_INPUT) : out;
  }

  private String mutateUnbounded(Seed seed) {
    int mode = rnd.nextInt(100);
    if (mode < 3) {
      return jsonOnly || seed.json() ? Render.json(seed.docs()) : seed.text();
    }
    if (mode < 60) {
      boolean asJson = jsonOnly || (seed.json() ? rnd.nextInt(4) != 0 : rnd.nextInt(3) == 0);
      List<JsonNode> docs = new ArrayList<>();
      for (JsonNode d : seed.docs()) {
        docs.add(d.deepCopy());
      }
      Map<JsonNode, String> anchors = new IdentityHashMap<>();
      int ops = 1 + rnd.nextInt(3);
      for (int i = 0; i < ops; i++) {
        treeOp(docs, anchors, asJson);
      }
      String out = asJson ? Render.json(docs) : Render.yaml(docs, anchors);
      return rnd.nextInt(6) == 0 ? textOp(out) : out;
    }
    if (mode < 92) {
      String out =
          rnd.nextBoolean()
              ? seed.text()
              : jsonOnly || rnd.nextBoolean()
                  ? Render.json(seed.docs())
                  : Render.yaml(seed.docs(), Map.of());
      int ops = 1 + rnd.nextInt(3);
      for (int i = 0; i < ops; i++) {
        out = textOp(out);
      }
      return out;
    }
    if (mode < 96 && !jsonOnly) {
      return aliasBomb() + Render.yaml(seed.docs(), Map.of());
    }
    int depth = depth();
    String doc = Render.json(seed.docs()).strip();
    return rnd.nextBoolean()
        ? "[".repeat(depth) + doc + "]".repeat(depth)
        : "{\"a\":".repeat(depth) + doc + "}".repeat(depth);
  }

  // ------------------------------------------------------------------ trees

  /** A node in a tree and where it hangs. */
  private record Pos(JsonNode parent, String key, int index, JsonNode node, String path) {}

  /**
   * Adds the place of {@code n} and of everything under it to {@code out}. A subtree hung in
   * several places (a {@link #many} list repeats one node) is walked at its first place only: its
   * places multiply with every level of repetition, its nodes do not.
   */
  private void collect(
      JsonNode parent,
      String key,
      int index,
      JsonNode n,
      String path,
      List<Pos> out,
      Set<JsonNode> walked) {
    out.add(new Pos(parent, key, index, n, path));
    if (Render.rawOf(n) != null || !n.isContainerNode() || !walked.add(n)) {
      return;
    }
    if (n.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = n.properties().iterator(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        collect(n, e.getKey(), -1, e.getValue(), path + "." + e.getKey(), out, walked);
      }
    } else {
      for (int i = 0; i < n.size(); i++) {
        collect(n, null, i, n.get(i), path + "[" + i + "]", out, walked);
      }
    }
  }

  private static void replace(Pos p, JsonNode with) {
    if (p.parent() instanceof ObjectNode o) {
      o.set(p.key(), with);
    } else if (p.parent() instanceof ArrayNode a) {
      a.set(p.index(), with);
    }
  }

  private void treeOp(List<JsonNode> docs, Map<JsonNode, String> anchors, boolean asJson) {
    ArrayNode root = F.arrayNode();
    docs.forEach(root::add);
    List<Pos> all = new ArrayList<>();
    Set<JsonNode> walked = Collections.newSetFromMap(new IdentityHashMap<>());
    for (int i = 0; i < root.size(); i++) {
      collect(root, null, i, root.get(i), "", all, walked);
    }
    List<Pos> candidates = all;
    if (focus != null) {
      List<Pos> focused = all.stream().filter(p -> focus.test(p.path())).toList();
      if (!focused.isEmpty()) {
        candidates = focused;
      }
    }
    int at = rnd.nextInt(candidates.size());
    Pos p = candidates.get(at);
    int op = rnd.nextInt(asJson ? 11 : 15);
    switch (op) {
      case 0, 1 -> replace(p, Render.raw(pick(NUMBERS)));
      case 2 -> replace(p, F.textNode(pick(NUMBERS)));
      case 3 -> replace(p, swapType(p.node()));
      case 4 -> replace(p, F.textNode(longString()));
      case 5 -> replace(p, F.textNode(unicode()));
      case 6 -> replace(p, many(p.node()));
      case 7 -> replace(p, Render.raw(deep()));
      case 8 -> {
        if (p.parent() instanceof ObjectNode o) {
          o.remove(p.key());
        } else if (p.parent() instanceof ArrayNode a && a != root) {
          a.remove(p.index());
        }
      }
      case 9 -> {
        if (p.parent() instanceof ObjectNode o) {
          String k = p.key();
          String variant =
              rnd.nextBoolean()
                  ? k.toUpperCase(Locale.ROOT)
                  : rnd.nextBoolean() ? pick(STRINGS) + k : longString();
          o.set(variant, rnd.nextBoolean() ? p.node() : swapType(p.node()));
        }
      }
      case 10 -> replace(p, rnd.nextBoolean() ? F.nullNode() : F.booleanNode(rnd.nextBoolean()));
      case 11 -> replace(p, Render.raw(pick(TAGS)));
      case 12, 13 -> {
        // An anchor on one node and an alias to it elsewhere (possibly inside it).
        String name = "a" + anchors.size();
        Pos target = all.get(rnd.nextInt(all.size()));
        if (target.parent() != root) {
          anchors.put(target.node(), name);
        }
        replace(p, Render.raw(rnd.nextInt(8) == 0 ? "*undefined" : "*" + name));
      }
      default -> {
        ObjectNode o = null;
        for (int i = 0; i < 8 && o == null; i++) {
          Pos q = all.get(rnd.nextInt(all.size()));
          if (q.node() instanceof ObjectNode on) {
            o = on;
          }
        }
        if (o != null) {
          Pos source = all.get(rnd.nextInt(all.size()));
          String name = "m" + anchors.size();
          if (source.parent() != root) {
            anchors.put(source.node(), name);
          }
          o.set(
              "<<",
              Render.raw(
                  switch (rnd.nextInt(4)) {
                    case 0 -> "*" + name;
                    case 1 -> "[*" + name + ", *" + name + "]";
                    case 2 -> "{merged: 1, kind: Pod}";
                    default -> "[1, 2]";
                  }));
        }
      }
    }
  }

  private JsonNode swapType(JsonNode n) {
    return switch (rnd.nextInt(6)) {
      case 0 -> F.objectNode().set("value", n);
      case 1 -> F.arrayNode().add(n);
      case 2 -> F.textNode(n.isValueNode() ? n.asText() : n.toString());
      case 3 -> Render.raw(pick(NUMBERS));
      case 4 -> n.isContainerNode() ? F.textNode("") : F.objectNode();
      default -> n.isArray() ? F.objectNode() : F.arrayNode();
    };
  }

  private JsonNode many(JsonNode n) {
    int count = count();
    if (rnd.nextBoolean()) {
      // Copies of a subtree only as many as keep the input within MAX_INPUT.
      int copies = n.isContainerNode() ? MAX_INPUT / 4 / Math.max(1, n.toString().length()) : 0;
      ArrayNode a = F.arrayNode(count);
      for (int i = 0; i < count; i++) {
        a.add(i < copies && rnd.nextInt(4) != 0 ? n : F.textNode("v" + i));
      }
      return a;
    }
    ObjectNode o = F.objectNode();
    for (int i = 0; i < count; i++) {
      o.put("k" + i, "v" + i);
    }
    return o;
  }

  // Sizes: mostly small, a few large, very few huge (the huge ones cost most of a run's time).
  private int count() {
    int r = rnd.nextInt(1000);
    return r < 700
        ? 1 + rnd.nextInt(100)
        : r < 970 ? 1_000 + rnd.nextInt(4_000) : r < 995 ? 20_000 : 100_000;
  }

  private int depth() {
    int r = rnd.nextInt(1000);
    return r < 400
        ? 10 + rnd.nextInt(200)
        : r < 850 ? 1_000 + rnd.nextInt(2_000) : r < 995 ? 20_000 : 200_000;
  }

  private String deep() {
    int d = depth();
    return switch (rnd.nextInt(3)) {
      case 0 -> "[".repeat(d) + "1" + "]".repeat(d);
      case 1 -> "{\"a\": ".repeat(d) + "1" + "}".repeat(d);
      default -> "[{\"a\": ".repeat(d / 2) + "null" + "}]".repeat(d / 2);
    };
  }

  private String longString() {
    int r = rnd.nextInt(1000);
    int len =
        r < 600
            ? 64 + rnd.nextInt(512)
            : r < 950 ? 2_000 + rnd.nextInt(10_000) : r < 997 ? 100_000 : 2_000_000;
    String unit =
        switch (rnd.nextInt(5)) {
          case 0 -> "a";
          case 1 -> "9";
          case 2 -> "é";
          case 3 -> "\uD83D\uDE00";
          default -> pick(STRINGS);
        };
    if (unit.isEmpty()) {
      unit = "x";
    }
    return unit.repeat(len / unit.length() + 1).substring(0, len);
  }

  private String unicode() {
    StringBuilder sb = new StringBuilder();
    int n = 1 + rnd.nextInt(4);
    for (int i = 0; i < n; i++) {
      sb.append(rnd.nextInt(3) == 0 ? Character.toString(randomChar()) : pick(STRINGS));
    }
    return sb.toString();
  }

  private char randomChar() {
    return switch (rnd.nextInt(4)) {
      case 0 -> (char) rnd.nextInt(0x20);
      case 1 -> (char) (0xD800 + rnd.nextInt(0x800));
      case 2 -> (char) rnd.nextInt(0x80);
      default -> (char) rnd.nextInt(0x10000);
    };
  }

  // ------------------------------------------------------------------ text

  private String textOp(String s) {
    if (s.isEmpty()) {
      return pick(SNIPPETS);
    }
    int i = rnd.nextInt(s.length() + 1);
    switch (rnd.nextInt(12)) {
      case 0 -> {
        return s.substring(0, i);
      }
      case 1, 2 -> {
        int at = Math.min(i, s.length() - 1);
        char c = s.charAt(at);
        char flipped = rnd.nextBoolean() ? (char) (c ^ (1 << rnd.nextInt(8))) : randomChar();
        return s.substring(0, at) + flipped + s.substring(at + 1);
      }
      case 3, 4 -> {
        String snippet = jsonOnly && rnd.nextBoolean() ? pick(NUMBERS) : pick(SNIPPETS);
        return s.substring(0, i) + snippet + s.substring(i);
      }
      case 5, 6 -> {
        // A line again: a duplicate key, or a repeated list item.
        List<String> lines = new ArrayList<>(List.of(s.split("\n", -1)));
        int l = rnd.nextInt(lines.size());
        int times = rnd.nextInt(4) == 0 ? count() : 1;
        times = Math.min(times, MAX_INPUT / 2 / (lines.get(l).length() + 1));
        for (int t = 0; t < times; t++) {
          lines.add(l, lines.get(l));
        }
        return String.join("\n", lines);
      }
      case 7 -> {
        List<String> lines = new ArrayList<>(List.of(s.split("\n", -1)));
        lines.remove(rnd.nextInt(lines.size()));
        return String.join("\n", lines);
      }
      case 8 -> {
        return switch (rnd.nextInt(4)) {
          case 0 -> "\uFEFF" + s;
          case 1 -> s.replace("\n", "\r\n");
          case 2 -> s.replace("\n", "\r");
          default -> s.replace("  ", "\t");
        };
      }
      case 9 -> {
        // A number in the text becomes an edge number.
        int start = -1;
        for (int k = i; k < s.length(); k++) {
          if (Character.isDigit(s.charAt(k))) {
            start = k;
            break;
          }
        }
        if (start < 0) {
          return s + pick(NUMBERS);
        }
        int end = start;
        while (end < s.length() && (Character.isDigit(s.charAt(end)) || s.charAt(end) == '.')) {
          end++;
        }
        return s.substring(0, start) + pick(NUMBERS) + s.substring(end);
      }
      case 10 -> {
        return s.substring(0, i)
            + (rnd.nextBoolean() ? pick(TAGS) + " " : pick(STRINGS))
            + s.substring(i);
      }
      default -> {
        String d = deep();
        return s.substring(0, i) + d + s.substring(i);
      }
    }
  }

  /** Top-level keys that expand to {@code 10^levels} elements through aliases. */
  private String aliasBomb() {
    int levels = 2 + rnd.nextInt(9);
    StringBuilder sb =
        new StringBuilder("lol0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for (int i = 1; i < levels; i++) {
      sb.append("lol").append(i).append(": &l").append(i).append(" [");
      for (int j = 0; j < 10; j++) {
        sb.append(j > 0 ? ", " : "").append("*l").append(i - 1);
      }
      sb.append("]\n");
    }
    if (rnd.nextBoolean()) {
      sb.append("merged:\n  <<: [*l0, *l").append(levels - 1).append("]\n");
    }
    return sb.toString();
  }

  // ------------------------------------------------------------------ scalars

  /** A mutated scalar (a quantity) from {@code seed}. */
  String mutateScalar(String seed) {
    int mode = rnd.nextInt(100);
    if (mode < 15) {
      return pick(NUMBERS);
    }
    if (mode < 20) {
      return pick(STRINGS);
    }
    if (mode < 30) {
      int r = rnd.nextInt(100);
      int digits =
          r < 60
              ? 15 + rnd.nextInt(30)
              : r < 90 ? 900 + rnd.nextInt(300) : r < 99 ? 20_000 : 1_000_000;
      String body = (rnd.nextBoolean() ? "9" : "1").repeat(digits);
      return switch (rnd.nextInt(4)) {
        case 0 -> body;
        case 1 -> "0." + body;
        case 2 -> body + pick(List.of("Ei", "E", "n", "e-" + body, "e" + digits));
        default -> "1e" + (rnd.nextBoolean() ? "-" : "") + body;
      };
    }
    String s = seed;
    int ops = 1 + rnd.nextInt(4);
    String alphabet = "0123456789.+-eEinumkKMGTP ";
    for (int k = 0; k < ops; k++) {
      int i = rnd.nextInt(s.length() + 1);
      char c = rnd.nextInt(5) == 0 ? randomChar() : alphabet.charAt(rnd.nextInt(alphabet.length()));
      s =
          switch (rnd.nextInt(6)) {
            case 0 -> s.substring(0, i) + c + s.substring(i);
            case 1 -> i < s.length() ? s.substring(0, i) + s.substring(i + 1) : s;
            case 2 -> i < s.length() ? s.substring(0, i) + c + s.substring(i + 1) : s + c;
            case 3 -> s.substring(0, i);
            case 4 ->
                s
                    + pick(
                        List.of(
                            "e2147483647",
                            "e-2147483648",
                            "e2147483648",
                            "E999999999",
                            "Ei",
                            "Ki",
                            "n",
                            "e+",
                            "i"));
            default -> s + seed;
          };
    }
    return s;
  }
}
