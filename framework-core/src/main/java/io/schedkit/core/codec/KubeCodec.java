package io.schedkit.core.codec;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.fasterxml.jackson.dataformat.yaml.util.StringQuotingChecker;
import io.schedkit.core.codec.tree.DocumentException;
import io.schedkit.core.codec.tree.DocumentVisitor;
import io.schedkit.core.codec.tree.Documents;
import io.schedkit.core.codec.tree.FieldException;
import io.schedkit.core.codec.tree.Json;
import io.schedkit.core.codec.tree.ModelReader;
import io.schedkit.framework.PluginArgs.FieldError;
import io.schedkit.framework.model.KubeObject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads and writes Kubernetes objects in JSON and YAML exactly as {@code kubectl get -o json|yaml}
 * prints them: the entry point for cluster dumps, pod files and workloads.
 *
 * <p><b>Input.</b> {@link #decode(String, String)} detects JSON (the first character is {@code {}
 * or {@code [}) or YAML, and accepts a single object, a {@code kind: List} or any {@code *List}
 * kind kubectl prints ({@code PodList}, ...), a JSON array of objects, or a multi-document YAML
 * stream (empty documents are skipped). It understands {@code Node}, {@code Pod}, {@code
 * PodDisruptionBudget}, {@code PriorityClass}, {@code PodGroup}, {@code Namespace}, {@code
 * Service}, {@code ReplicationController}, {@code ReplicaSet} and {@code StatefulSet}; objects of
 * other kinds are skipped with a warning, and {@code null} is the same as an absent field. Quantities are parsed with {@link io.schedkit.framework.model.Quantity#parse}
 * (from strings or numbers), timestamps as RFC 3339, enums by their wire names. A namespaced object
 * without a namespace is placed in {@code default}. Every decoded object is then checked by {@link
 * ObjectValidator}.
 *
 * <p><b>Unknown fields.</b> As the API server's strict field validation (and {@code kubectl}'s
 * default {@code --validate=strict}), a field the Kubernetes API does not define for the object's
 * kind is an error by default: {@code pod.yaml: Pod default/web: strict decoding error: unknown field
 * "spec.nodeSelectr"}, with list indexes in the path ({@code spec.containers[0].imagePullPolice})
 * and every unknown field of the object listed. Every field of the API is known, whether schedkit
 * models it or not ({@code status}, {@code managedFields}, volumes, probes...), for the kinds above
 * and for {@code Deployment}, {@code DaemonSet}, {@code Job} and lists (their own fields); the
 * fields are those of the fabric8 Kubernetes model 8.0.0 (Kubernetes 1.37, a superset of 1.35: a
 * newer field is accepted, a misspelled one is not) and, for {@code PodGroup}, scheduler-plugins'
 * CRD. {@link FieldValidation#WARN} makes each unknown field a warning instead, {@link
 * FieldValidation#IGNORE} drops them unseen: a host converting objects from a live API server,
 * which may carry fields newer than these, should use {@code new
 * KubeCodec(FieldValidation.IGNORE)}. Objects of other kinds are not checked.
 *
 * <p><b>Errors.</b> A {@link KubeDecodeException} whose message names the source, the object and
 * the field: {@code cluster.yaml: Pod default/web-1: spec.containers[0].resources.requests.cpu:
 * quantities must match the regular expression '...'}; for malformed text {@code <source>: line N,
 * column M: <parser message>}; for an object without a kind or name {@code <source>: object #3:
 * metadata.name: Required value} (objects are numbered from 1 in file order).
 *
 * <p><b>Output.</b> {@link #toJson}, {@link #toYaml(KubeObject)} and {@link #toYaml(List)} write
 * kubectl's shape ({@code apiVersion}, {@code kind}, {@code metadata}, {@code spec}, {@code
 * status}) without empty fields; decoding the output gives back equal objects.
 *
 * <p>Thread-safe: one instance may be shared; the underlying Jackson mappers are shared by all.
 */
public final class KubeCodec {
  /** Unknown fields are named in one error until it is this long; the rest are counted. */
  private static final int MAX_UNKNOWN_FIELDS_CHARS = 1000;

  /** What an error says of one object, cut beyond this (a field path can hold a huge key). */
  private static final int MAX_DETAIL_CHARS = 1500;

  /** An object's kind and name in a message, cut beyond the longest valid name. */
  private static final int MAX_OBJECT_NAME_CHARS = 300;

  private static final ObjectMapper JSON =
      JsonMapper.builder().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();

  // Rebuilt from a default factory: YAMLFactory.builder() starts without the default parser
  // features (empty documents would read as "" instead of null).
  private static final YAMLMapper YAML =
      YAMLMapper.builder(
              new YAMLFactory().rebuild().stringQuotingChecker(new NumberLikeQuoting()).build())
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
          .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
          .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
          .build();

  private static final ObjectWriter JSON_WRITER =
      JSON.writer(
          new DefaultPrettyPrinter()
              .withSeparators(
                  Separators.createDefaultInstance()
                      .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                      .withObjectEmptySeparator("")
                      .withArrayEmptySeparator(""))
              .withObjectIndenter(new DefaultIndenter("    ", "\n"))
              .withArrayIndenter(new DefaultIndenter("    ", "\n")));

  /**
   * Jackson's minimal quoting, plus quotes around every string that starts like a number ({@code
   * 0x1F}, {@code 1e3}, {@code .5}, {@code -1}): YAML 1.1 would read those back as numbers.
   */
  private static final class NumberLikeQuoting extends StringQuotingChecker.Default {
    private static final long serialVersionUID = 1L;

    @Override
    public boolean needToQuoteValue(String value) {
      if (!value.isEmpty()) {
        char c = value.charAt(0);
        if ((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.') {
          return true;
        }
      }
      return super.needToQuoteValue(value);
    }
  }

  private final FieldValidation fieldValidation;

  /** A codec with strict field validation: an unknown field is an error, as for {@code kubectl}. */
  public KubeCodec() {
    this(FieldValidation.STRICT);
  }

  /**
   * A codec that treats unknown fields as {@code fieldValidation} says. Use {@link
   * FieldValidation#IGNORE} for objects from a live API server, which may be newer than the fields
   * this codec knows.
   *
   * @param fieldValidation what an unknown field is: an error, a warning, or nothing
   */
  public KubeCodec(FieldValidation fieldValidation) {
    this.fieldValidation = java.util.Objects.requireNonNull(fieldValidation, "fieldValidation");
  }

  /**
   * Returns what this codec does with an unknown field.
   *
   * @return the field validation mode
   */
  public FieldValidation fieldValidation() {
    return fieldValidation;
  }

  /**
   * Decodes every object of a JSON or YAML document.
   *
   * @param text the document
   * @param sourceName the name used in messages, typically the file name
   * @return the objects in file order and the warnings about skipped objects
   * @throws KubeDecodeException if the document or an object in it is invalid
   */
  public DecodeResult decode(String text, String sourceName) {
    Decoding d = new Decoding(sourceName, fieldValidation);
    try {
      Documents.read(text, sourceName, d);
    } catch (DocumentException e) {
      throw new KubeDecodeException(e.source(), e.getMessage(), e.getCause());
    }
    return new DecodeResult(d.objects, d.warnings);
  }

  /**
   * Decodes the objects of an already parsed JSON document (one object, or a list as {@link
   * #decode(String, String)} accepts), as that method would decode its text: for a caller that
   * reads objects from a stream itself, such as a watch of a live API server.
   *
   * @param tree the document
   * @param sourceName the name used in messages
   * @return the objects and the warnings about skipped objects
   * @throws KubeDecodeException if an object is invalid
   */
  public DecodeResult decode(JsonNode tree, String sourceName) {
    java.util.Objects.requireNonNull(tree, "tree");
    Decoding d = new Decoding(sourceName, fieldValidation);
    d.document(tree, 0);
    return new DecodeResult(d.objects, d.warnings);
  }

  /**
   * Decodes a JSON or YAML file; messages name it by {@code path.toString()}.
   *
   * @param path the file
   * @return the objects in file order and the warnings about skipped objects
   * @throws KubeDecodeException if the file cannot be read or is invalid
   */
  public DecodeResult decode(Path path) {
    Decoding d = new Decoding(path.toString(), fieldValidation);
    try {
      Documents.read(path, path.toString(), d);
    } catch (DocumentException e) {
      throw new KubeDecodeException(e.source(), e.getMessage(), e.getCause());
    }
    return new DecodeResult(d.objects, d.warnings);
  }

  /**
   * Returns {@code object} as pretty-printed JSON, as {@code kubectl get -o json} prints it.
   *
   * @param object the object
   * @return the JSON text, ending with a newline
   */
  public String toJson(KubeObject object) {
    try {
      return JSON_WRITER.writeValueAsString(ModelWriter.object(object)) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write " + object.kind() + " as JSON", e);
    }
  }

  /**
   * Returns {@code object} as compact JSON on one line (the same fields as {@link #toJson}), the
   * form embedded in wire messages such as extender requests.
   *
   * @param object the object
   * @return the JSON text, without a trailing newline
   */
  public String toCompactJson(KubeObject object) {
    try {
      return JSON.writeValueAsString(ModelWriter.object(object));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write " + object.kind() + " as JSON", e);
    }
  }

  /**
   * Returns {@code object} as a YAML document, as {@code kubectl get -o yaml} prints it.
   *
   * @param object the object
   * @return the YAML text
   */
  public String toYaml(KubeObject object) {
    try {
      return YAML.writeValueAsString(ModelWriter.object(object));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write " + object.kind() + " as YAML", e);
    }
  }

  /**
   * Returns {@code objects} as one {@code kind: List} ({@code apiVersion: v1}, {@code items}), as
   * {@code kubectl get -o json|yaml} prints several objects; {@link #decode} reads it back.
   *
   * @param objects the objects, in order
   * @param yaml true for YAML, false for pretty-printed JSON
   * @return the text, ending with a newline
   */
  public String toList(List<? extends KubeObject> objects, boolean yaml) {
    ObjectNode list = JSON.createObjectNode();
    list.put("apiVersion", "v1");
    list.put("kind", "List");
    com.fasterxml.jackson.databind.node.ArrayNode items = list.putArray("items");
    for (KubeObject o : objects) {
      items.add(ModelWriter.object(o));
    }
    try {
      return yaml ? YAML.writeValueAsString(list) : JSON_WRITER.writeValueAsString(list) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write a List of " + objects.size() + " objects", e);
    }
  }

  /**
   * Returns {@code objects} as a multi-document YAML stream, one document per object separated by
   * {@code ---}.
   *
   * @param objects the objects, in order
   * @return the YAML text; empty for no objects
   */
  public String toYaml(List<? extends KubeObject> objects) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < objects.size(); i++) {
      if (i > 0) {
        out.append("---\n");
      }
      out.append(toYaml(objects.get(i)));
    }
    return out.toString();
  }

  /**
   * The state of one {@link #decode} call: objects, warnings and the object counter. Documents
   * arrive one at a time, and a list's items one by one before the list's own fields; an item
   * without a {@code kind} waits for its list's {@code kind} ({@code NodeList} gives {@code Node}).
   */
  private static final class Decoding implements DocumentVisitor {
    final String source;
    final FieldValidation validation;
    final List<KubeObject> objects = new ArrayList<>();
    final List<String> warnings = new ArrayList<>();
    final List<JsonNode> kindless = new ArrayList<>();
    int count;

    Decoding(String source, FieldValidation validation) {
      this.source = source;
      this.validation = validation;
    }

    @Override
    public void item(JsonNode item) {
      if (item.isObject() && Json.get(item, "kind") == null) {
        kindless.add(item);
      } else {
        visit(item);
      }
    }

    @Override
    public void document(JsonNode root, int streamedItems) {
      if (streamedItems > 0 && root != null && root.isObject()) {
        JsonNode kindNode = Json.get(root, "kind");
        String kind = kindNode != null && kindNode.isTextual() ? kindNode.textValue() : "";
        if (!kind.endsWith("List")) {
          throw fail(
              kind.isEmpty() ? "object #" + (count + 1) : kind,
              "items: a list of objects is only allowed in a List (kind: List or <Kind>List)");
        }
        String itemKind = kind.equals("List") ? "" : kind.substring(0, kind.length() - 4);
        for (JsonNode item : kindless) {
          visit(itemKind.isEmpty() ? item : ((ObjectNode) item).deepCopy().put("kind", itemKind));
        }
        kindless.clear();
        checkFields("List", root, kind);
        return;
      }
      for (JsonNode item : kindless) {
        visit(item);
      }
      kindless.clear();
      if (root != null && !(root.isArray() && root.isEmpty() && streamedItems > 0)) {
        visit(root);
      }
    }

    void visit(JsonNode n) {
      if (Json.absent(n)) {
        return;
      }
      if (n.isArray()) {
        n.forEach(this::visit);
        return;
      }
      if (!n.isObject()) {
        throw fail("object #" + (count + 1), "expected an object, got " + Json.describe(n));
      }
      JsonNode kindNode = Json.get(n, "kind");
      String kind = kindNode != null && kindNode.isTextual() ? kindNode.textValue() : "";
      JsonNode items = Json.get(n, "items");
      if (kind.equals("List") || (kind.endsWith("List") && items != null)) {
        if (items != null && !items.isArray()) {
          throw fail(kind, "items: expected a list, got " + Json.describe(items));
        }
        checkFields("List", n, kind);
        // Typed lists from the API server (PodList, ...) omit their items' kind.
        String itemKind = kind.equals("List") ? "" : kind.substring(0, kind.length() - 4);
        if (items != null) {
          for (JsonNode item : items) {
            if (!itemKind.isEmpty() && item.isObject() && Json.get(item, "kind") == null) {
              item = ((ObjectNode) item).deepCopy().put("kind", itemKind);
            }
            visit(item);
          }
        }
        return;
      }
      int number = ++count;
      String objectId = "object #" + number;
      if (kind.isEmpty()) {
        throw fail(objectId, FieldError.required("kind", "").render(""));
      }
      ObjectNode o = (ObjectNode) n;
      String name;
      String namespace;
      try {
        ObjectNode meta = Json.object(o, "metadata", "");
        name = Json.string(meta, "name", "metadata");
        namespace = Json.string(meta, "namespace", "metadata");
      } catch (FieldException e) {
        throw fail(objectId, e.getMessage());
      }
      if (!ModelReader.KINDS.contains(kind)) {
        String key = namespace.isEmpty() ? name : namespace + "/" + name;
        // Kinds of the API that are not read (ConfigMaps, ...): their fields still count.
        String ns = namespace.isEmpty() && ModelReader.namespaced(kind) ? "default" : namespace;
        checkFields(
            kind,
            o,
            kind
                + (name.isEmpty()
                    ? " (" + objectId + ")"
                    : " " + (ns.isEmpty() ? "" : ns + "/") + name));
        warnings.add(
            source
                + ": ignoring object of unknown kind "
                + kind
                + (key.isEmpty() ? " (" + objectId + ")" : " " + key));
        return;
      }
      if (namespace.isEmpty() && ModelReader.namespaced(kind)) {
        namespace = "default";
      }
      String id = kind + " " + (namespace.isEmpty() ? name : namespace + "/" + name);
      // As the API server: unknown fields are found when decoding, before validation.
      checkFields(kind, o, name.isEmpty() ? kind + " (" + objectId + ")" : id);
      if (name.isEmpty()) {
        throw fail(objectId, FieldError.required("metadata.name", "").render(""));
      }
      KubeObject object;
      try {
        object = ModelReader.readObject(kind, o);
      } catch (IllegalArgumentException | NullPointerException e) {
        throw fail(id, e.getMessage());
      }
      List<FieldError> problems = ObjectValidator.problems(object);
      if (!problems.isEmpty()) {
        throw fail(id, problems.get(0).render(""));
      }
      objects.add(object);
    }

    /**
     * Finds the fields of {@code n} that the API does not define for {@code schemaKind} ({@code
     * List} for any list): in strict mode the first object with any is an error listing them all,
     * as the API server's strict decoding words it; in warn mode each is a warning.
     */
    void checkFields(String schemaKind, JsonNode n, String id) {
      if (validation == FieldValidation.IGNORE) {
        return;
      }
      List<String> unknown = ApiFields.get().unknownFields(schemaKind, n);
      if (unknown.isEmpty()) {
        return;
      }
      if (validation == FieldValidation.STRICT) {
        StringBuilder detail = new StringBuilder("strict decoding error: ");
        int shown = 0;
        while (shown < unknown.size() && detail.length() < MAX_UNKNOWN_FIELDS_CHARS) {
          detail.append(shown == 0 ? "" : ", ").append(ApiFields.message(unknown.get(shown++)));
        }
        if (unknown.size() > shown) {
          detail.append(", and ").append(unknown.size() - shown).append(" more unknown fields");
        }
        throw fail(id, detail.toString());
      }
      for (String path : unknown) {
        warnings.add(source + ": " + id + ": " + ApiFields.message(path));
      }
    }

    KubeDecodeException fail(String what, String detail) {
      return new KubeDecodeException(
          source,
          source
              + ": "
              + FieldError.shorten(what, MAX_OBJECT_NAME_CHARS)
              + ": "
              + FieldError.shorten(detail, MAX_DETAIL_CHARS),
          null);
    }
  }
}
