package io.schedkit.core.extender;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;
import io.schedkit.core.codec.KubeCodec;
import io.schedkit.framework.NodeScore;
import io.schedkit.framework.PluginArgs.FieldError;
import io.schedkit.framework.Victims;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The JSON messages of the extender protocol v1 ({@code k8s.io/kube-scheduler/extender/v1}).
 *
 * <p>Design note: the Go types carry no JSON tags, so requests are written as Go's {@code
 * encoding/json} writes them: the capitalised field names, every field present (unset pointers,
 * maps and slices as {@code null}), map keys sorted; embedded pods and nodes are Kubernetes JSON
 * from {@link KubeCodec}. Responses are read as Go's decoder reads them: a field name matches
 * exactly or else case-insensitively, {@code null} and absent fields are zero values, unknown
 * fields are ignored, and a value of the wrong JSON type is an error naming its path. Decoding
 * errors are {@link IllegalArgumentException}s; the caller adds which call failed. Stateless.
 */
final class ExtenderWire {
  private ExtenderWire() {}

  private static final JsonNodeFactory F = JsonNodeFactory.instance;
  private static final KubeCodec CODEC = new KubeCodec();

  // ------------------------------------------------------------------ requests

  /**
   * {@code ExtenderArgs}, the request of filter and prioritize: {@code Pod}, then either {@code
   * Nodes} (a {@code NodeList}) or, for a node-cache-capable extender, {@code NodeNames}.
   */
  static ObjectNode extenderArgs(Pod pod, List<Node> nodes, boolean nodeCacheCapable) {
    ObjectNode args = F.objectNode();
    putObject(args, "Pod", pod);
    if (nodeCacheCapable) {
      args.putNull("Nodes");
      ArrayNode names = args.putArray("NodeNames");
      nodes.forEach(n -> names.add(n.name()));
    } else {
      ObjectNode list = args.putObject("Nodes");
      list.putObject("metadata");
      ArrayNode items = list.putArray("items");
      nodes.forEach(n -> items.addRawValue(new RawValue(CODEC.toCompactJson(n))));
      args.putNull("NodeNames");
    }
    return args;
  }

  /** {@code ExtenderBindingArgs}. */
  static ObjectNode bindingArgs(Pod pod, String nodeName) {
    ObjectNode args = F.objectNode();
    args.put("PodName", pod.name());
    args.put("PodNamespace", pod.namespace());
    args.put("PodUID", pod.uid());
    args.put("Node", nodeName);
    return args;
  }

  /**
   * {@code ExtenderPreemptionArgs}: {@code Pod}, then the victims as whole pods ({@code
   * NodeNameToVictims}) or, for a node-cache-capable extender, as UIDs ({@code
   * NodeNameToMetaVictims}).
   */
  static ObjectNode preemptionArgs(
      Pod pod, Map<String, Victims> nodeNameToVictims, boolean nodeCacheCapable) {
    ObjectNode args = F.objectNode();
    putObject(args, "Pod", pod);
    Map<String, Victims> sorted = new TreeMap<>(nodeNameToVictims);
    if (nodeCacheCapable) {
      args.putNull("NodeNameToVictims");
      ObjectNode byNode = args.putObject("NodeNameToMetaVictims");
      sorted.forEach(
          (node, victims) -> {
            ObjectNode v = byNode.putObject(node);
            ArrayNode pods = v.putArray("Pods");
            victims.pods().forEach(p -> pods.addObject().put("UID", p.uid()));
            v.put("NumPDBViolations", victims.numPdbViolations());
          });
    } else {
      ObjectNode byNode = args.putObject("NodeNameToVictims");
      sorted.forEach(
          (node, victims) -> {
            ObjectNode v = byNode.putObject(node);
            ArrayNode pods = v.putArray("Pods");
            victims.pods().forEach(p -> pods.addRawValue(new RawValue(CODEC.toCompactJson(p))));
            v.put("NumPDBViolations", victims.numPdbViolations());
          });
      args.putNull("NodeNameToMetaVictims");
    }
    return args;
  }

  private static void putObject(ObjectNode parent, String field, KubeObject object) {
    parent.putRawValue(field, new RawValue(CODEC.toCompactJson(object)));
  }

  // ------------------------------------------------------------------ responses

  /**
   * A decoded {@code ExtenderFilterResult}.
   *
   * @param nodeNames {@code NodeNames}, or null when absent
   * @param nodes the names of the {@code Nodes.items}, or null when {@code Nodes} is absent
   * @param failedNodes {@code FailedNodes}
   * @param failedAndUnresolvableNodes {@code FailedAndUnresolvableNodes}
   * @param error {@code Error}, {@code ""} when none
   */
  record FilterResult(
      List<String> nodeNames,
      List<String> nodes,
      Map<String, String> failedNodes,
      Map<String, String> failedAndUnresolvableNodes,
      String error) {}

  /**
   * The victims an extender keeps on one node ({@code MetaVictims}).
   *
   * @param uids the UIDs of the victims, in the extender's order
   * @param numPdbViolations {@code NumPDBViolations}
   */
  record MetaVictims(List<String> uids, int numPdbViolations) {}

  /** Decodes an {@code ExtenderFilterResult}. */
  static FilterResult filterResult(JsonNode body) {
    JsonNode o = object(body, "");
    List<String> nodeNames = null;
    List<String> nodes = null;
    Map<String, String> failed = Map.of();
    Map<String, String> unresolvable = Map.of();
    String error = "";
    if (o != null) {
      nodeNames = strings(field(o, "NodeNames"), "NodeNames");
      JsonNode list = object(field(o, "Nodes"), "Nodes");
      if (list != null) {
        nodes = new ArrayList<>();
        JsonNode items = array(field(list, "items"), "Nodes.items");
        for (int i = 0; items != null && i < items.size(); i++) {
          String path = "Nodes.items[" + i + "]";
          JsonNode node = object(items.get(i), path);
          JsonNode meta = node == null ? null : object(field(node, "metadata"), path + ".metadata");
          nodes.add(meta == null ? "" : string(field(meta, "name"), path + ".metadata.name"));
        }
      }
      failed = stringMap(field(o, "FailedNodes"), "FailedNodes");
      unresolvable =
          stringMap(field(o, "FailedAndUnresolvableNodes"), "FailedAndUnresolvableNodes");
      error = string(field(o, "Error"), "Error");
    }
    return new FilterResult(nodeNames, nodes, failed, unresolvable, error);
  }

  /** Decodes a {@code HostPriorityList}. */
  static List<NodeScore> hostPriorityList(JsonNode body) {
    JsonNode list = array(body, "");
    List<NodeScore> scores = new ArrayList<>();
    for (int i = 0; list != null && i < list.size(); i++) {
      String path = "[" + i + "]";
      JsonNode hp = object(list.get(i), path);
      if (hp == null) {
        scores.add(new NodeScore("", 0));
        continue;
      }
      scores.add(
          new NodeScore(
              string(field(hp, "Host"), path + ".Host"),
              int64(field(hp, "Score"), path + ".Score")));
    }
    return scores;
  }

  /** Decodes an {@code ExtenderBindingResult}: its {@code Error}, {@code ""} when none. */
  static String bindingError(JsonNode body) {
    JsonNode o = object(body, "");
    return o == null ? "" : string(field(o, "Error"), "Error");
  }

  /**
   * Decodes an {@code ExtenderPreemptionResult}: its {@code NodeNameToMetaVictims}, in the
   * response's order; a node whose entry is {@code null} keeps no victims.
   */
  static Map<String, MetaVictims> preemptionResult(JsonNode body) {
    JsonNode o = object(body, "");
    Map<String, MetaVictims> out = new LinkedHashMap<>();
    JsonNode byNode =
        o == null ? null : object(field(o, "NodeNameToMetaVictims"), "NodeNameToMetaVictims");
    if (byNode == null) {
      return out;
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = byNode.properties().iterator();
        it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      String path = "NodeNameToMetaVictims." + key(e.getKey());
      JsonNode mv = object(e.getValue(), path);
      List<String> uids = new ArrayList<>();
      int violations = 0;
      if (mv != null) {
        JsonNode pods = array(field(mv, "Pods"), path + ".Pods");
        for (int i = 0; pods != null && i < pods.size(); i++) {
          String podPath = path + ".Pods[" + i + "]";
          JsonNode metaPod = pods.get(i);
          if (metaPod.isNull()) {
            throw new IllegalArgumentException(podPath + ": expected an object, got null");
          }
          uids.add(string(field(object(metaPod, podPath), "UID"), podPath + ".UID"));
        }
        long n = int64(field(mv, "NumPDBViolations"), path + ".NumPDBViolations");
        if (n < Integer.MIN_VALUE || n > Integer.MAX_VALUE) {
          throw new IllegalArgumentException(
              path + ".NumPDBViolations: " + n + " is out of range for a victim count");
        }
        violations = (int) n;
      }
      out.put(e.getKey(), new MetaVictims(uids, violations));
    }
    return out;
  }

  // ------------------------------------------------------------------ Go-style field access

  /**
   * The value of field {@code name} of {@code object}: the exact name first, else the first field
   * whose name equals it ignoring case; null when absent or {@code null}.
   */
  static JsonNode field(JsonNode object, String name) {
    JsonNode v = object.get(name);
    if (v == null) {
      for (Iterator<Map.Entry<String, JsonNode>> it = object.properties().iterator();
          it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        if (e.getKey().equalsIgnoreCase(name)) {
          v = e.getValue();
          break;
        }
      }
    }
    return v == null || v.isNull() ? null : v;
  }

  private static JsonNode object(JsonNode n, String path) {
    if (n == null || n.isNull()) {
      return null;
    }
    if (!n.isObject()) {
      throw typeError(path, "an object", n);
    }
    return n;
  }

  private static JsonNode array(JsonNode n, String path) {
    if (n == null || n.isNull()) {
      return null;
    }
    if (!n.isArray()) {
      throw typeError(path, "an array", n);
    }
    return n;
  }

  private static String string(JsonNode n, String path) {
    if (n == null || n.isNull()) {
      return "";
    }
    if (!n.isTextual()) {
      throw typeError(path, "a string", n);
    }
    return n.textValue();
  }

  private static long int64(JsonNode n, String path) {
    if (n == null || n.isNull()) {
      return 0;
    }
    if (!n.isIntegralNumber() || !n.canConvertToLong()) {
      throw typeError(path, "an integer", n);
    }
    return n.longValue();
  }

  /** A list of strings; null when absent (Go's nil slice pointer), {@code null} items read "". */
  private static List<String> strings(JsonNode n, String path) {
    JsonNode a = array(n, path);
    if (a == null) {
      return null;
    }
    List<String> out = new ArrayList<>(a.size());
    for (int i = 0; i < a.size(); i++) {
      out.add(string(a.get(i), path + "[" + i + "]"));
    }
    return out;
  }

  private static Map<String, String> stringMap(JsonNode n, String path) {
    JsonNode o = object(n, path);
    if (o == null) {
      return Map.of();
    }
    Map<String, String> out = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = o.properties().iterator(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      out.put(e.getKey(), string(e.getValue(), path + "." + key(e.getKey())));
    }
    return out;
  }

  private static String shortText(JsonNode n) {
    return io.schedkit.framework.PluginArgs.FieldError.shorten(
        n.toString(), io.schedkit.framework.PluginArgs.FieldError.MAX_QUOTED_CHARS);
  }

  /** A map key as a path names it: cut after the length of a Kubernetes name. */
  private static String key(String k) {
    return FieldError.shorten(k, 253);
  }

  private static IllegalArgumentException typeError(String path, String expected, JsonNode n) {
    String got =
        n.isObject()
            ? "an object"
            : n.isArray()
                ? "an array"
                : n.isTextual()
                    ? "a string"
                    : n.isBoolean()
                        ? "a boolean"
                        : n.isNumber() ? "the number " + shortText(n) : "null";
    return new IllegalArgumentException(
        (path.isEmpty() ? "" : path + ": ") + "expected " + expected + ", got " + got);
  }
}
