package io.schedkit.core.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.schedkit.core.codec.KubeCodec;
import io.schedkit.core.codec.tree.Documents;
import io.schedkit.core.codec.tree.FieldException;
import io.schedkit.core.codec.tree.Json;
import io.schedkit.core.codec.tree.ModelReader;
import io.schedkit.framework.PluginArgs;
import io.schedkit.framework.PluginArgs.FieldError;
import io.schedkit.framework.Registry;
import io.schedkit.framework.config.RawArgs;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the untyped args of a {@code pluginConfig} entry ({@link RawArgs}, the JSON tree as maps
 * and lists) into a plugin's args record, merged over the plugin's default args: what
 * kube-scheduler's {@code SetDefaults_*Args} and the JSON decoder do together.
 *
 * <p><b>Mapping.</b> Record components are read by name from the JSON object; a field absent or
 * {@code null} keeps the default's value (a nested record is merged field by field the same way; a
 * list is replaced as a whole, its elements decoded without defaults). Supported component types:
 * {@code String}; {@code int}, {@code long}, {@code double}, {@code boolean} and their boxes;
 * enums, matched by {@code toString()} (the wire name); {@link Duration} as a Go duration string
 * ({@code 30s}); {@code List} and {@code Map<String, V>} of supported types; nested records; and
 * the model types the {@link KubeCodec} reads ({@code NodeAffinity}, {@code
 * TopologySpreadConstraint}, {@code LabelSelector}, {@code Toleration}, {@code ResourceList}, ...).
 * Unknown fields, including {@code apiVersion} and {@code kind}, are ignored.
 *
 * <p><b>Errors.</b> An {@link IllegalArgumentException} whose message starts with the field path
 * relative to the args, for example {@code scoringStrategy.type: Unsupported value: "Fast":
 * supported values: "LeastAllocated", "MostAllocated", "RequestedToCapacityRatio"}.
 *
 * <p>{@code new ArgsDecoder()::decode} is a {@code FrameworkBuilder.ArgsConverter}. Stateless and
 * thread-safe.
 */
public final class ArgsDecoder {

  /** A decoder; it holds no state. */
  public ArgsDecoder() {}

  /**
   * Decodes {@code raw} into {@code entry}'s args type, over its default args.
   *
   * @param raw the untyped args
   * @param entry the plugin's registry entry
   * @return the typed args, or {@code raw} itself when the plugin has no args type
   * @throws IllegalArgumentException if a field cannot be decoded; the message starts with its path
   */
  public PluginArgs decode(RawArgs raw, Registry.Entry entry) {
    if (entry.argsType() == null) {
      return raw;
    }
    return decodeInto(raw.values(), entry.argsType(), entry.defaultArgs().get());
  }

  /**
   * Decodes {@code values} (a JSON object as maps, lists and scalars) into {@code type}, over
   * {@code defaults}.
   *
   * @param values the JSON object
   * @param type the args record type
   * @param defaults the values of fields {@code values} does not set; null to start from zero
   *     values
   * @param <A> the args type
   * @return the args
   * @throws IllegalArgumentException if a field cannot be decoded, or {@code type} is not a record
   *     of supported component types
   */
  public <A extends PluginArgs> A decode(Map<String, Object> values, Class<A> type, A defaults) {
    return decodeInto(values, type, defaults);
  }

  private static <A extends PluginArgs> A decodeInto(
      Map<String, Object> values, Class<A> type, PluginArgs defaults) {
    return type.cast(decodeTree(Documents.toTree(values), type, defaults, ""));
  }

  /** Decodes a JSON tree into {@code type} over {@code defaults}; paths start with {@code path}. */
  static Object decodeTree(JsonNode tree, Class<?> type, Object defaults, String path) {
    if (!type.isRecord()) {
      throw new IllegalArgumentException(
          "args type " + type.getName() + " is not a record; cannot decode it");
    }
    Object value = read(type, tree, defaults, path);
    return value == null ? defaults : value;
  }

  private static Object read(Type type, JsonNode n, Object defaultValue, String path) {
    if (Json.absent(n)) {
      return defaultValue;
    }
    Class<?> c = rawClass(type);
    if (c == String.class) {
      return Json.asString(n, path);
    }
    if (c == int.class || c == Integer.class) {
      return Json.asInt32(n, path);
    }
    if (c == long.class || c == Long.class) {
      return Json.asInt64(n, path);
    }
    if (c == boolean.class || c == Boolean.class) {
      if (!n.isBoolean()) {
        throw Json.typeError(path, "a boolean", n);
      }
      return n.booleanValue();
    }
    if (c == double.class || c == Double.class) {
      if (!n.isNumber() || Double.isInfinite(n.doubleValue())) {
        throw Json.typeError(path, "a number", n); // 1E+400 is no float64, as Go's json says
      }
      return n.doubleValue();
    }
    if (c == Duration.class) {
      String s = Json.asString(n, path);
      try {
        return Durations.parse(s);
      } catch (IllegalArgumentException e) {
        throw FieldException.of(FieldError.invalid(path, s, e.getMessage()));
      }
    }
    if (c.isEnum()) {
      return readEnum(c, n, path);
    }
    if (c == List.class) {
      Type element = typeArgument(type, 0, path);
      return Json.asList(n, path, (e, p) -> read(element, e, null, p));
    }
    if (c == Map.class) {
      if (typeArgument(type, 0, path) != String.class) {
        throw new IllegalArgumentException(path + ": only maps with string keys can be decoded");
      }
      Type value = typeArgument(type, 1, path);
      return new LinkedHashMap<>(Json.asMap(n, path, (e, p) -> read(value, e, null, p)));
    }
    if (ModelReader.readable(c)) {
      return ModelReader.value(c, n, path);
    }
    if (c.isRecord()) {
      return readRecord(c, n, defaultValue, path);
    }
    throw new IllegalArgumentException(
        (path.isEmpty() ? "" : path + ": ") + "cannot decode values of type " + c.getName());
  }

  private static Object readEnum(Class<?> c, JsonNode n, String path) {
    String s = Json.asString(n, path);
    Object[] constants = c.getEnumConstants();
    for (Object e : constants) {
      if (e.toString().equals(s)) {
        return e;
      }
    }
    List<String> supported = Arrays.stream(constants).map(Object::toString).toList();
    throw FieldException.of(FieldError.notSupported(path, s, supported));
  }

  private static Object readRecord(Class<?> c, JsonNode n, Object defaults, String path) {
    ObjectNode o = Json.asObject(n, path);
    RecordComponent[] components = c.getRecordComponents();
    Object[] args = new Object[components.length];
    Class<?>[] types = new Class<?>[components.length];
    for (int i = 0; i < components.length; i++) {
      RecordComponent rc = components[i];
      types[i] = rc.getType();
      Object def = defaults == null ? null : accessor(rc, defaults);
      Object v =
          read(rc.getGenericType(), Json.get(o, rc.getName()), def, Json.child(path, rc.getName()));
      args[i] = v == null ? zero(rc.getType()) : v;
    }
    try {
      Constructor<?> canonical = c.getDeclaredConstructor(types);
      return canonical.newInstance(args);
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      if (cause instanceof IllegalArgumentException || cause instanceof NullPointerException) {
        throw FieldException.at(path, String.valueOf(cause.getMessage()));
      }
      throw new IllegalArgumentException(path + ": cannot create " + c.getSimpleName(), cause);
    } catch (ReflectiveOperationException e) {
      throw new IllegalArgumentException(
          "cannot create " + c.getName() + " reflectively: " + e.getMessage(), e);
    }
  }

  private static Object accessor(RecordComponent rc, Object record) {
    try {
      return rc.getAccessor().invoke(record);
    } catch (ReflectiveOperationException e) {
      throw new IllegalArgumentException(
          "cannot read " + rc.getName() + " of " + record.getClass().getName(), e);
    }
  }

  /** The value of an unset component: 0 or false for primitives, null otherwise. */
  private static Object zero(Class<?> type) {
    if (!type.isPrimitive()) {
      return null;
    }
    if (type == boolean.class) {
      return false;
    }
    if (type == long.class) {
      return 0L;
    }
    if (type == double.class) {
      return 0.0;
    }
    if (type == float.class) {
      return 0f;
    }
    if (type == short.class) {
      return (short) 0;
    }
    if (type == byte.class) {
      return (byte) 0;
    }
    if (type == char.class) {
      return (char) 0;
    }
    return 0;
  }

  private static Class<?> rawClass(Type type) {
    if (type instanceof Class<?> c) {
      return c;
    }
    if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> c) {
      return c;
    }
    throw new IllegalArgumentException("cannot decode values of type " + type.getTypeName());
  }

  private static Type typeArgument(Type type, int index, String path) {
    if (type instanceof ParameterizedType p) {
      Type arg = p.getActualTypeArguments()[index];
      if (arg instanceof Class<?> || arg instanceof ParameterizedType) {
        return arg;
      }
    }
    throw new IllegalArgumentException(
        (path.isEmpty() ? "" : path + ": ") + "cannot decode the raw or wildcard type " + type);
  }
}
