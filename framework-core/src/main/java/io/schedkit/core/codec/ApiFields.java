package io.schedkit.core.codec;

import com.fasterxml.jackson.databind.JsonNode;
import io.schedkit.framework.PluginArgs.FieldError;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The fields of the Kubernetes API for the kinds {@link KubeCodec} knows, from the resource {@code
 * api-fields.txt} beside this class (written by {@code tools/api-fields} from fabric8's Kubernetes
 * model, a superset of the fields of Kubernetes 1.35), and the walk that finds the fields of an
 * object's JSON tree that the API does not define, as the API server's strict decoding does.
 *
 * <p>Maps (labels, annotations, resource lists, {@code nodeSelector}), quantities, int-or-strings,
 * timestamps and raw JSON ({@code managedFields[].fieldsV1}) are read as single values: their keys
 * are not fields. Only names are checked; the values' types are the reader's business.
 */
final class ApiFields {

  /** An object type: its fields, each with its object type or {@link #LEAF}. */
  private static final class Type {
    final String name;
    final Map<String, Type> fields = new HashMap<>();

    Type(String name) {
      this.name = name;
    }

    @Override
    public String toString() {
      return name;
    }
  }

  /** The type of fields that hold a single value: scalars, maps, quantities, raw JSON. */
  private static final Type LEAF = new Type("");

  private static final String RESOURCE = "api-fields.txt";

  /** The schema, read once on first use. */
  private static final class Holder {
    static final ApiFields INSTANCE = load();
  }

  /** Roots by {@code kind apiVersion}, and by {@code kind *} for any other apiVersion. */
  private final Map<String, Type> roots;

  private ApiFields(Map<String, Type> roots) {
    this.roots = roots;
  }

  /** The schema of the resource. */
  static ApiFields get() {
    return Holder.INSTANCE;
  }

  /**
   * The fields of {@code object} (a {@code kind} object; for a {@code List} or {@code <Kind>List},
   * {@code List}: its items are not walked) that the API does not define, as paths from the
   * object's root with list indexes: {@code spec.containers[0].imagePullPolice}, in document order.
   *
   * @return the paths; empty when every field is known or the kind is not in the schema
   */
  List<String> unknownFields(String kind, JsonNode object) {
    JsonNode v = object.get("apiVersion");
    Type root = root(kind, v != null && v.isTextual() ? v.textValue() : "");
    if (root == null) {
      return List.of();
    }
    Walk w = new Walk();
    w.walk(root, object);
    return w.unknown == null ? List.of() : w.unknown;
  }

  private Type root(String kind, String apiVersion) {
    Type t = roots.get(kind + " " + apiVersion);
    if (t == null) {
      t = roots.get(kind + " *");
    }
    return t;
  }

  /**
   * One walk over a tree: the path to the current node is kept as a stack of field names and list
   * indexes, and made into a string only for an unknown field.
   */
  private static final class Walk {
    String[] names = new String[16];
    int[] indexes = new int[16];
    int depth;
    List<String> unknown;

    void walk(Type type, JsonNode node) {
      if (node.isObject()) {
        for (Iterator<Map.Entry<String, JsonNode>> it = node.properties().iterator();
            it.hasNext(); ) {
          Map.Entry<String, JsonNode> e = it.next();
          Type field = type.fields.get(e.getKey());
          if (field == null) {
            report(e.getKey());
          } else if (field != LEAF && e.getValue().isContainerNode()) {
            push(e.getKey(), -1);
            walk(field, e.getValue());
            depth--;
          }
        }
      } else if (node.isArray()) {
        for (int i = 0; i < node.size(); i++) {
          JsonNode item = node.get(i);
          if (item.isContainerNode()) {
            push(null, i);
            walk(type, item);
            depth--;
          }
        }
      }
    }

    private void push(String name, int index) {
      if (depth == names.length) {
        names = java.util.Arrays.copyOf(names, depth * 2);
        indexes = java.util.Arrays.copyOf(indexes, depth * 2);
      }
      names[depth] = name;
      indexes[depth] = index;
      depth++;
    }

    private void report(String field) {
      StringBuilder path = new StringBuilder();
      for (int i = 0; i < depth; i++) {
        if (names[i] == null) {
          path.append('[').append(indexes[i]).append(']');
        } else {
          path.append(path.length() == 0 ? "" : ".").append(names[i]);
        }
      }
      path.append(path.length() == 0 ? "" : ".").append(field);
      if (unknown == null) {
        unknown = new ArrayList<>();
      }
      unknown.add(path.toString());
    }
  }

  /** {@code unknown field "spec.nodeSelectr"}, as the API server words one. */
  static String message(String path) {
    // A path is shown whole up to a few hundred characters: its end names the misspelled field.
    return "unknown field "
        + (path.length() <= FieldError.MAX_RENDERED_CHARS
            ? FieldError.goQuote(path)
            : FieldError.quote(path));
  }

  private static ApiFields load() {
    InputStream in = ApiFields.class.getResourceAsStream(RESOURCE);
    if (in == null) {
      throw new IllegalStateException("missing resource " + RESOURCE);
    }
    List<String[]> rootLines = new ArrayList<>();
    List<String[]> typeLines = new ArrayList<>();
    try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        String[] words = line.trim().split(" +");
        (words[0].equals("root") ? rootLines : typeLines).add(words);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read resource " + RESOURCE, e);
    }
    Map<String, Type> types = new HashMap<>();
    for (String[] words : typeLines) {
      types.put(words[0], new Type(words[0]));
    }
    for (String[] words : typeLines) {
      Type t = types.get(words[0]);
      for (int i = 1; i < words.length; i++) {
        String w = words[i];
        int colon = w.indexOf(':');
        if (colon < 0) {
          t.fields.put(w, LEAF);
        } else {
          String ref = w.substring(w.startsWith("[]", colon + 1) ? colon + 3 : colon + 1);
          t.fields.put(w.substring(0, colon), resolve(types, ref, w));
        }
      }
    }
    Map<String, Type> roots = new HashMap<>();
    for (String[] words : rootLines) {
      roots.put(words[1] + " " + words[2], resolve(types, words[3], String.join(" ", words)));
    }
    return new ApiFields(Map.copyOf(roots));
  }

  private static Type resolve(Map<String, Type> types, String name, String where) {
    Type t = types.get(name);
    if (t == null) {
      throw new IllegalStateException(RESOURCE + ": no type " + name + " (" + where + ")");
    }
    return t;
  }
}
