package io.schedkit.framework;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The typed arguments of a configurable plugin, decoded from {@code pluginConfig[].args} of a
 * KubeSchedulerConfiguration. Implement it with a record whose components are named as upstream's
 * args fields, plus a {@code public static defaults()} factory giving upstream's defaults; the
 * decoder starts from the defaults and overrides what the configuration sets.
 */
public interface PluginArgs {
  /**
   * The problems with these args; empty when they are valid. Each error names the field relative to
   * the args object (for example {@code scoringStrategy.resources[0].weight}); the decoder adds the
   * profile and plugin.
   *
   * @return the errors, in field order; empty when the args are valid
   */
  default List<FieldError> validate() {
    return List.of();
  }

  /**
   * One invalid field, rendered as Kubernetes' {@code field.Error} does: {@code <field>: <type>:
   * <value>: <detail>}, for example {@code hardPodAffinityWeight: Invalid value: 101: not in valid
   * range [0, 100]} or {@code scoringStrategy.type: Unsupported value: "Foo": supported values:
   * "LeastAllocated", "MostAllocated", "RequestedToCapacityRatio"}.
   *
   * <p>The value is rendered as Go's {@code %v}/{@code %q} would print it: strings and enums (by
   * their {@code toString()}, the wire name) quoted, numbers and booleans plain, null as {@code
   * null}, a list of strings as {@code []string{"a", "b"}}, anything else by its {@code
   * toString()}. {@link Type#REQUIRED} and {@link Type#FORBIDDEN} errors print no value.
   *
   * @param type the kind of problem
   * @param field the path of the field, relative to the args object; {@code ""} for the object
   *     itself
   * @param value the offending value
   * @param detail why the value is invalid; {@code ""} when there is nothing to add
   */
  record FieldError(Type type, String field, Object value, String detail) {

    /** The kinds of field errors, with Kubernetes' wording ({@code field.ErrorType}). */
    public enum Type {
      /** A malformed or out-of-range value. */
      INVALID("Invalid value", true),
      /** A value that must be set is missing. */
      REQUIRED("Required value", false),
      /** A value that must be unique is repeated. */
      DUPLICATE("Duplicate value", true),
      /** A value outside an enumeration. */
      NOT_SUPPORTED("Unsupported value", true),
      /** A value not permitted in this context. */
      FORBIDDEN("Forbidden", false),
      /** A referenced value that does not exist. */
      NOT_FOUND("Not found", true);

      private final String text;
      private final boolean showsValue;

      Type(String text, boolean showsValue) {
        this.text = text;
        this.showsValue = showsValue;
      }

      /**
       * Returns Kubernetes' wording of this type, such as {@code Invalid value}.
       *
       * @return the wording
       */
      public String text() {
        return text;
      }
    }

    /**
     * Validates the components; null field and detail read as {@code ""}.
     *
     * @param type the kind of problem
     * @param field the path of the field, relative to the args object
     * @param value the offending value
     * @param detail why the value is invalid
     */
    public FieldError {
      Objects.requireNonNull(type, "type");
      field = field == null ? "" : field;
      detail = detail == null ? "" : detail;
    }

    /**
     * An {@link Type#INVALID} error: {@code <field>: Invalid value: <value>: <detail>}.
     *
     * @param field the path of the field
     * @param value the offending value
     * @param detail why it is invalid
     */
    public FieldError(String field, Object value, String detail) {
      this(Type.INVALID, field, value, detail);
    }

    /**
     * Returns an {@link Type#INVALID} error.
     *
     * @param field the path of the field
     * @param value the offending value
     * @param detail why it is invalid
     * @return the error
     */
    public static FieldError invalid(String field, Object value, String detail) {
      return new FieldError(Type.INVALID, field, value, detail);
    }

    /**
     * Returns a {@link Type#REQUIRED} error: {@code <field>: Required value[: <detail>]}.
     *
     * @param field the path of the field
     * @param detail what is missing; may be {@code ""}
     * @return the error
     */
    public static FieldError required(String field, String detail) {
      return new FieldError(Type.REQUIRED, field, "", detail);
    }

    /**
     * Returns a {@link Type#FORBIDDEN} error: {@code <field>: Forbidden: <detail>}.
     *
     * @param field the path of the field
     * @param detail why it is forbidden
     * @return the error
     */
    public static FieldError forbidden(String field, String detail) {
      return new FieldError(Type.FORBIDDEN, field, "", detail);
    }

    /**
     * Returns a {@link Type#DUPLICATE} error: {@code <field>: Duplicate value: <value>}.
     *
     * @param field the path of the field
     * @param value the repeated value
     * @return the error
     */
    public static FieldError duplicate(String field, Object value) {
      return new FieldError(Type.DUPLICATE, field, value, "");
    }

    /**
     * Returns a {@link Type#NOT_SUPPORTED} error: {@code <field>: Unsupported value: <value>:
     * supported values: "a", "b"}, the supported values in the given order.
     *
     * @param field the path of the field
     * @param value the unsupported value
     * @param supported the supported values
     * @return the error
     */
    public static FieldError notSupported(
        String field, Object value, Collection<String> supported) {
      StringBuilder detail = new StringBuilder();
      for (String s : supported) {
        detail.append(detail.length() == 0 ? "supported values: " : ", ").append(goQuote(s));
      }
      return new FieldError(Type.NOT_SUPPORTED, field, value, detail.toString());
    }

    /**
     * The message, with {@code prefix} (such as {@code profiles[0].pluginConfig[1].args}) joined to
     * the field path by a dot (or directly before an index such as {@code [0]}). The path and the
     * detail are each cut after {@link #MAX_TEXT_CHARS} characters, the value as {@link
     * #renderValue} does.
     *
     * @param prefix the path of the args object; {@code ""} for none
     * @return the rendered error
     */
    public String render(String prefix) {
      String path = shorten(join(prefix, field), MAX_TEXT_CHARS);
      StringBuilder s = new StringBuilder(path).append(": ").append(type.text);
      if (type.showsValue) {
        s.append(": ").append(renderValue(value));
      }
      if (!detail.isEmpty()) {
        s.append(": ").append(shorten(detail, MAX_TEXT_CHARS));
      }
      return s.toString();
    }

    /**
     * This error with its field moved under {@code prefix}.
     *
     * @param prefix the path to prepend
     * @return the error with the longer path
     */
    public FieldError under(String prefix) {
      return new FieldError(type, join(prefix, field), value, detail);
    }

    private static String join(String prefix, String field) {
      if (prefix.isEmpty()) {
        return field;
      }
      if (field.isEmpty()) {
        return prefix;
      }
      return field.startsWith("[") ? prefix + field : prefix + "." + field;
    }

    /**
     * Renders a value as Kubernetes prints a field error's bad value (see the class comment).
     *
     * @param value the value
     * @return the rendering
     */
    public static String renderValue(Object value) {
      if (value == null) {
        return "null";
      }
      if (value instanceof String || value instanceof Enum) {
        return quote(value.toString());
      }
      if (value instanceof List<?> list && list.stream().allMatch(e -> e instanceof String)) {
        StringBuilder s = new StringBuilder("[]string{");
        for (int i = 0; i < list.size(); i++) {
          s.append(i == 0 ? "" : ", ").append(goQuote((String) list.get(i)));
        }
        return shorten(s.append('}').toString(), MAX_RENDERED_CHARS);
      }
      if (value instanceof Map<?, ?> map
          && map.entrySet().stream()
              .allMatch(e -> e.getKey() instanceof String && e.getValue() instanceof String)) {
        // Go's %#v of a map[string]string: keys sorted.
        StringBuilder s = new StringBuilder("map[string]string{");
        map.keySet().stream()
            .map(String.class::cast)
            .sorted()
            .forEach(
                k ->
                    s.append(s.charAt(s.length() - 1) == '{' ? "" : ", ")
                        .append(goQuote(k))
                        .append(':')
                        .append(goQuote((String) map.get(k))));
        return shorten(s.append('}').toString(), MAX_RENDERED_CHARS);
      }
      return shorten(value.toString(), MAX_RENDERED_CHARS);
    }

    /** Characters of a quoted string value that a message shows. */
    public static final int MAX_QUOTED_CHARS = 64;

    /** Characters of any other rendered value (a list, a map) that a message shows. */
    public static final int MAX_RENDERED_CHARS = 256;

    /**
     * Characters of a field path or a detail that a message shows: a path may hold a map key, and a
     * detail a name, as long as the input made them.
     */
    public static final int MAX_TEXT_CHARS = 512;

    /**
     * Quotes a value for a message as {@link #goQuote} does, shortened when long: the first {@value
     * #MAX_QUOTED_CHARS} characters, then {@code ...} and the total length, as in {@code
     * "aaaa..."... (1048576 characters)}, so that an error never repeats a huge input.
     *
     * @param s the string
     * @return the quoted, possibly shortened, string
     */
    public static String quote(String s) {
      if (s.length() <= MAX_QUOTED_CHARS) {
        return goQuote(s);
      }
      return goQuote(head(s, MAX_QUOTED_CHARS)) + "... (" + s.length() + " characters)";
    }

    /**
     * {@code s}, or its first {@code max} characters followed by {@code ...} and the total length.
     *
     * @param s the text
     * @param max the characters kept
     * @return the text, possibly shortened
     */
    public static String shorten(String s, int max) {
      return s.length() <= max ? s : head(s, max) + "... (" + s.length() + " characters)";
    }

    /** The first {@code max} characters of {@code s}, not splitting a surrogate pair. */
    private static String head(String s, int max) {
      int end = Character.isHighSurrogate(s.charAt(max - 1)) ? max - 1 : max;
      return s.substring(0, end);
    }

    /**
     * Quotes a string as Go's {@code strconv.Quote}: double quotes, with backslash escapes for
     * quotes, backslashes and control characters.
     *
     * @param s the string
     * @return the quoted string
     */
    public static String goQuote(String s) {
      StringBuilder out = new StringBuilder(s.length() + 2).append('"');
      for (int i = 0; i < s.length(); i++) {
        char c = s.charAt(i);
        switch (c) {
          case '"' -> out.append("\\\"");
          case '\\' -> out.append("\\\\");
          case '\n' -> out.append("\\n");
          case '\t' -> out.append("\\t");
          case '\r' -> out.append("\\r");
          case '\u0007' -> out.append("\\a");
          case '\b' -> out.append("\\b");
          case '\f' -> out.append("\\f");
          case '\u000b' -> out.append("\\v");
          default -> {
            if (c < 0x20 || c == 0x7f) {
              out.append(String.format("\\x%02x", (int) c));
            } else {
              out.append(c);
            }
          }
        }
      }
      return out.append('"').toString();
    }

    private static final String QUALIFIED_NAME_FMT = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
    private static final String QUALIFIED_NAME_MSG =
        "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with"
            + " an alphanumeric character";
    private static final Pattern QUALIFIED_NAME = Pattern.compile(QUALIFIED_NAME_FMT);
    private static final String LABEL_VALUE_FMT = "(" + QUALIFIED_NAME_FMT + ")?";
    private static final String LABEL_VALUE_MSG =
        "a valid label must be an empty string or consist of alphanumeric characters, '-', '_'"
            + " or '.', and must start and end with an alphanumeric character";
    private static final Pattern LABEL_VALUE = Pattern.compile(LABEL_VALUE_FMT);
    private static final String DNS1123_LABEL_FMT = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
    private static final String DNS1123_SUBDOMAIN_FMT =
        DNS1123_LABEL_FMT + "(\\." + DNS1123_LABEL_FMT + ")*";
    private static final String DNS1123_SUBDOMAIN_MSG =
        "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-'"
            + " or '.', and must start and end with an alphanumeric character";
    private static final Pattern DNS1123_SUBDOMAIN = Pattern.compile(DNS1123_SUBDOMAIN_FMT);

    /**
     * The problems of {@code value} as a qualified name (a label key, a resource name), worded as
     * apimachinery's {@code validation.IsQualifiedName}; empty when valid.
     *
     * @param value the name
     * @return the problems, in upstream's order
     */
    public static List<String> qualifiedNameProblems(String value) {
      List<String> errs = new ArrayList<>();
      String[] parts = value.split("/", -1);
      String name;
      switch (parts.length) {
        case 1 -> name = parts[0];
        case 2 -> {
          String prefix = parts[0];
          name = parts[1];
          if (prefix.isEmpty()) {
            errs.add("prefix part must be non-empty");
          } else {
            if (prefix.length() > 253) {
              errs.add("prefix part must be no more than 253 characters");
            }
            if (!DNS1123_SUBDOMAIN.matcher(prefix).matches()) {
              errs.add(
                  "prefix part "
                      + regexError(DNS1123_SUBDOMAIN_MSG, DNS1123_SUBDOMAIN_FMT, "example.com"));
            }
          }
        }
        default -> {
          errs.add(
              "a qualified name "
                  + regexError(
                      QUALIFIED_NAME_MSG, QUALIFIED_NAME_FMT, "MyName", "my.name", "123-abc")
                  + " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')");
          return errs;
        }
      }
      if (name.isEmpty()) {
        errs.add("name part must be non-empty");
      } else if (name.length() > 63) {
        errs.add("name part must be no more than 63 characters");
      }
      if (!QUALIFIED_NAME.matcher(name).matches()) {
        errs.add(
            "name part "
                + regexError(
                    QUALIFIED_NAME_MSG, QUALIFIED_NAME_FMT, "MyName", "my.name", "123-abc"));
      }
      return errs;
    }

    /**
     * The problems of {@code value} as a label value, worded as apimachinery's {@code
     * validation.IsValidLabelValue}; empty when valid.
     *
     * @param value the label value
     * @return the problems, in upstream's order
     */
    public static List<String> labelValueProblems(String value) {
      List<String> errs = new ArrayList<>();
      if (value.length() > 63) {
        errs.add("must be no more than 63 characters");
      }
      if (!LABEL_VALUE.matcher(value).matches()) {
        errs.add(regexError(LABEL_VALUE_MSG, LABEL_VALUE_FMT, "MyValue", "my_value", "12345"));
      }
      return errs;
    }

    /**
     * Upstream's {@code ValidateLabelName}: one {@link Type#INVALID} error per problem of {@code
     * value} as a qualified name.
     *
     * @param field the path of the field
     * @param value the name
     * @return the errors; empty when valid
     */
    public static List<FieldError> labelName(String field, String value) {
      return qualifiedNameProblems(value).stream().map(m -> invalid(field, value, m)).toList();
    }

    private static String regexError(String msg, String fmt, String... examples) {
      StringBuilder s = new StringBuilder(msg).append(" (e.g. ");
      for (int i = 0; i < examples.length; i++) {
        s.append(i > 0 ? " or " : "").append('\'').append(examples[i]).append("', ");
      }
      return s.append("regex used for validation is '").append(fmt).append("')").toString();
    }
  }
}
