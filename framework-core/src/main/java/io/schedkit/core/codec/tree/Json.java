package io.schedkit.core.codec.tree;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.schedkit.framework.PluginArgs.FieldError;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Strict, path-aware reads of JSON trees as Kubernetes decodes them: {@code null} and a missing
 * field are the same, scalars must have the field's type (a string field does not accept {@code
 * 1}), and every problem is a {@link FieldException} naming the field path.
 */
public final class Json {
  private Json() {}

  /** {@code parent.name}, or {@code name} at the root. */
  public static String child(String path, String name) {
    return path.isEmpty() ? name : path + "." + name;
  }

  /** {@code path[i]}. */
  public static String index(String path, int i) {
    return path + "[" + i + "]";
  }

  /** The field {@code name} of {@code obj}, or null when absent or {@code null}. */
  public static JsonNode get(JsonNode obj, String name) {
    JsonNode n = obj == null ? null : obj.get(name);
    return n == null || n.isNull() || n.isMissingNode() ? null : n;
  }

  /** Whether {@code n} is absent ({@code null}, missing or JSON {@code null}). */
  public static boolean absent(JsonNode n) {
    return n == null || n.isNull() || n.isMissingNode();
  }

  /** What a node is, for messages: {@code string "x"}, {@code number 3}, {@code an object}. */
  public static String describe(JsonNode n) {
    if (n.isTextual()) {
      return "string " + FieldError.quote(n.textValue());
    }
    if (n.isNumber()) {
      return "number " + FieldError.shorten(n.asText(), FieldError.MAX_QUOTED_CHARS);
    }
    if (n.isBoolean()) {
      return "boolean " + n.asText();
    }
    if (n.isObject()) {
      return "an object";
    }
    if (n.isArray()) {
      return "a list";
    }
    return n.getNodeType().toString().toLowerCase(java.util.Locale.ROOT);
  }

  public static FieldException typeError(String path, String expected, JsonNode got) {
    return FieldException.at(path, "expected " + expected + ", got " + describe(got));
  }

  /** The object at {@code obj.name}; null when absent. */
  public static ObjectNode object(JsonNode obj, String name, String path) {
    JsonNode n = get(obj, name);
    if (n == null) {
      return null;
    }
    return n.isObject() ? (ObjectNode) n : asObject(n, child(path, name));
  }

  /** {@code n} as an object; null when absent. */
  public static ObjectNode asObject(JsonNode n, String path) {
    if (absent(n)) {
      return null;
    }
    if (!n.isObject()) {
      throw typeError(path, "an object", n);
    }
    return (ObjectNode) n;
  }

  /** The string at {@code obj.name}; {@code ""} when absent. */
  public static String string(JsonNode obj, String name, String path) {
    JsonNode n = get(obj, name);
    if (n == null) {
      return "";
    }
    if (n.isTextual()) {
      return n.textValue();
    }
    return asString(n, child(path, name));
  }

  /** {@code n} as a string; {@code ""} when absent. */
  public static String asString(JsonNode n, String path) {
    if (absent(n)) {
      return "";
    }
    if (!n.isTextual()) {
      throw typeError(path, "a string", n);
    }
    return n.textValue();
  }

  /** The boolean at {@code obj.name}; false when absent. */
  public static boolean bool(JsonNode obj, String name, String path) {
    Boolean b = optBool(obj, name, path);
    return b != null && b;
  }

  /** The boolean at {@code obj.name}; null when absent. */
  public static Boolean optBool(JsonNode obj, String name, String path) {
    JsonNode n = get(obj, name);
    if (n == null) {
      return null;
    }
    if (!n.isBoolean()) {
      throw typeError(child(path, name), "a boolean", n);
    }
    return n.booleanValue();
  }

  /** The 32-bit integer at {@code obj.name}; 0 when absent. */
  public static int int32(JsonNode obj, String name, String path) {
    Integer i = optInt32(obj, name, path);
    return i == null ? 0 : i;
  }

  /** The 32-bit integer at {@code obj.name}; null when absent. */
  public static Integer optInt32(JsonNode obj, String name, String path) {
    return asInt32(get(obj, name), child(path, name));
  }

  /** {@code n} as a 32-bit integer; null when absent. */
  public static Integer asInt32(JsonNode n, String path) {
    BigInteger v = integral(n, path, "a 32-bit integer");
    if (v == null) {
      return null;
    }
    if (v.bitLength() > 31) {
      throw typeError(path, "a 32-bit integer", n);
    }
    return v.intValue();
  }

  /** The 64-bit integer at {@code obj.name}; 0 when absent. */
  public static long int64(JsonNode obj, String name, String path) {
    Long l = optInt64(obj, name, path);
    return l == null ? 0 : l;
  }

  /** The 64-bit integer at {@code obj.name}; null when absent. */
  public static Long optInt64(JsonNode obj, String name, String path) {
    return asInt64(get(obj, name), child(path, name));
  }

  /** {@code n} as a 64-bit integer; null when absent. */
  public static Long asInt64(JsonNode n, String path) {
    BigInteger v = integral(n, path, "a 64-bit integer");
    if (v == null) {
      return null;
    }
    if (v.bitLength() > 63) {
      throw typeError(path, "a 64-bit integer", n);
    }
    return v.longValue();
  }

  private static BigInteger integral(JsonNode n, String path, String expected) {
    if (absent(n)) {
      return null;
    }
    if (n.isIntegralNumber()) {
      return n.bigIntegerValue();
    }
    if (n.isNumber()) {
      BigDecimal d = n.decimalValue();
      if (d.signum() == 0) {
        return BigInteger.ZERO;
      }
      d = d.stripTrailingZeros();
      // Integer digits, known before expanding: 1E+2147483647 is refused, never built.
      if (d.scale() <= 0 && (long) d.precision() - d.scale() <= InputLimits.MAX_INTEGER_DIGITS) {
        return d.toBigIntegerExact();
      }
    }
    throw typeError(path, expected, n);
  }

  /**
   * The text of a number node without an exponent ({@code 1000}, {@code 0.5}) when that is short,
   * else in scientific notation ({@code 1E+2147483647}): never expanded beyond {@value
   * InputLimits#MAX_NUMBER_CHARS} characters.
   */
  public static String numberText(JsonNode n) {
    if (n.isIntegralNumber()) {
      return n.bigIntegerValue().toString();
    }
    BigDecimal d = n.decimalValue();
    if (d.signum() == 0) {
      return "0";
    }
    d = d.stripTrailingZeros();
    long plainLength = Math.max((long) d.precision() - d.scale(), 0) + Math.max(d.scale(), 0);
    return plainLength <= InputLimits.MAX_NUMBER_CHARS ? d.toPlainString() : d.toString();
  }

  /** The RFC 3339 time at {@code obj.name}; null when absent. */
  public static Instant time(JsonNode obj, String name, String path) {
    JsonNode n = get(obj, name);
    if (n == null) {
      return null;
    }
    if (n.isTextual()) {
      Instant t = utcSeconds(n.textValue());
      if (t != null) {
        return t;
      }
    }
    return asTime(n, child(path, name));
  }

  /**
   * {@code s} when it is a time in the form the API server writes ({@code 2006-01-02T15:04:05Z}, a
   * day of month up to 28), read without a general parser; else null, for {@link #asTime} to read
   * or refuse.
   */
  private static Instant utcSeconds(String s) {
    if (s.length() != 20
        || s.charAt(4) != '-'
        || s.charAt(7) != '-'
        || s.charAt(10) != 'T'
        || s.charAt(13) != ':'
        || s.charAt(16) != ':'
        || s.charAt(19) != 'Z') {
      return null;
    }
    int year = digits(s, 0, 4);
    int month = digits(s, 5, 2);
    int day = digits(s, 8, 2);
    int hour = digits(s, 11, 2);
    int minute = digits(s, 14, 2);
    int second = digits(s, 17, 2);
    if (year < 0
        || month < 1
        || month > 12
        || day < 1
        || day > 28
        || hour < 0
        || hour > 23
        || minute < 0
        || minute > 59
        || second < 0
        || second > 59) {
      return null;
    }
    long days = java.time.LocalDate.of(year, month, day).toEpochDay();
    return Instant.ofEpochSecond(days * 86_400L + hour * 3600L + minute * 60L + second);
  }

  /** The decimal number of {@code length} ASCII digits at {@code from}; -1 if one is not. */
  private static int digits(String s, int from, int length) {
    int v = 0;
    for (int i = from; i < from + length; i++) {
      char c = s.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      v = v * 10 + (c - '0');
    }
    return v;
  }

  /** {@code n} as an RFC 3339 time; null when absent. */
  public static Instant asTime(JsonNode n, String path) {
    if (absent(n)) {
      return null;
    }
    if (!n.isTextual()) {
      throw typeError(path, "an RFC 3339 timestamp", n);
    }
    Instant utc = utcSeconds(n.textValue());
    if (utc != null) {
      return utc;
    }
    try {
      return OffsetDateTime.parse(n.textValue(), DateTimeFormatter.ISO_OFFSET_DATE_TIME)
          .toInstant();
    } catch (DateTimeParseException e) {
      throw FieldException.of(
          FieldError.invalid(
              path,
              n.textValue(),
              "must be an RFC 3339 timestamp such as \"2006-01-02T15:04:05Z\""));
    }
  }

  /**
   * The enum constant at {@code obj.name} whose wire name (by {@code wire}) is the string there;
   * null when absent or empty. An unknown value is {@code Unsupported value}, listing the wire
   * names in order.
   */
  public static <E extends Enum<E>> E enumValue(
      JsonNode obj, String name, String path, Class<E> type, Function<E, String> wire) {
    return asEnum(get(obj, name), child(path, name), type, wire);
  }

  /** {@code n} as an enum constant by wire name; null when absent or empty. */
  public static <E extends Enum<E>> E asEnum(
      JsonNode n, String path, Class<E> type, Function<E, String> wire) {
    String s = asString(n, path);
    if (s.isEmpty()) {
      return null;
    }
    E[] values = type.getEnumConstants();
    for (E e : values) {
      if (wire.apply(e).equals(s)) {
        return e;
      }
    }
    List<String> supported =
        Arrays.stream(values).map(wire).sorted(Comparator.naturalOrder()).toList();
    throw FieldException.of(FieldError.notSupported(path, s, supported));
  }

  /** The string map at {@code obj.name}, in key order; empty when absent. */
  public static Map<String, String> stringMap(JsonNode obj, String name, String path) {
    JsonNode n = get(obj, name);
    return n == null ? new TreeMap<>() : asStringMap(n, child(path, name));
  }

  /** {@code n} as a string map, in key order; empty when absent. */
  public static Map<String, String> asStringMap(JsonNode n, String path) {
    return asMap(n, path, Json::asString);
  }

  /** {@code n} as a map whose values are read by {@code value}; empty when absent. */
  public static <V> Map<String, V> asMap(
      JsonNode n, String path, BiFunction<JsonNode, String, V> value) {
    ObjectNode o = asObject(n, path);
    Map<String, V> out = new TreeMap<>();
    if (o == null) {
      return out;
    }
    Iterator<Map.Entry<String, JsonNode>> it = o.properties().iterator();
    while (it.hasNext()) {
      Map.Entry<String, JsonNode> e = it.next();
      if (absent(e.getValue())) {
        continue;
      }
      V v = value.apply(e.getValue(), child(path, e.getKey()));
      if (v != null) {
        out.put(e.getKey(), v);
      }
    }
    return out;
  }

  /** The list at {@code obj.name}, each element read by {@code element}; empty when absent. */
  public static <T> List<T> list(
      JsonNode obj, String name, String path, BiFunction<JsonNode, String, T> element) {
    JsonNode n = get(obj, name);
    return n == null ? new ArrayList<>() : asList(n, child(path, name), element);
  }

  /** {@code n} as a list, each element read by {@code element}; empty when absent. */
  public static <T> List<T> asList(
      JsonNode n, String path, BiFunction<JsonNode, String, T> element) {
    List<T> out = new ArrayList<>();
    if (absent(n)) {
      return out;
    }
    if (!n.isArray()) {
      throw typeError(path, "a list", n);
    }
    ArrayNode a = (ArrayNode) n;
    for (int i = 0; i < a.size(); i++) {
      T t = element.apply(a.get(i), index(path, i));
      if (t != null) {
        out.add(t);
      }
    }
    return out;
  }

  /** The string list at {@code obj.name}; empty when absent. */
  public static List<String> stringList(JsonNode obj, String name, String path) {
    return list(obj, name, path, Json::asString);
  }
}
