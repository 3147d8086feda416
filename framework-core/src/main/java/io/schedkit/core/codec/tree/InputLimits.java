package io.schedkit.core.codec.tree;

import com.fasterxml.jackson.core.StreamReadConstraints;
import java.util.Locale;

/**
 * The named limits both decoders apply while reading JSON and YAML, so that hostile input fails
 * fast with a message naming the limit instead of exhausting time, memory or the stack:
 *
 * <ul>
 *   <li>{@value #MAX_NESTING_DEPTH} levels of nested lists and maps: every recursive walk of a tree
 *       (decoding, field checks, validation) stays far from the end of the stack.
 *   <li>{@value #MAX_VALUE_CHARS} characters (1 MiB) in a single value (a string or a key, or a
 *       YAML comment): the API server allows 256 KiB of annotations per object and 1 MiB of data
 *       per ConfigMap; SnakeYAML's scanner takes more than linear time on one long value, so the
 *       limit also bounds the time taken to refuse one.
 *   <li>{@value #MAX_OBJECT_CHARS} characters (8 MiB) in one object: a document, or one element of
 *       a List's {@code items}, each counted on its own so that a dump of any number of objects
 *       loads. The API server refuses request bodies over 3 MiB of JSON; YAML's indentation can
 *       more than double that.
 *   <li>{@value #MAX_NUMBER_CHARS} characters in a number, and no number whose magnitude needs more
 *       than {@value #MAX_INTEGER_DIGITS} integer digits is ever expanded (int32 and int64 fields
 *       refuse it as out of range).
 * </ul>
 */
public final class InputLimits {
  /** Lists and maps nested in one another. */
  public static final int MAX_NESTING_DEPTH = 200;

  /** Characters in one value, key or comment. */
  public static final int MAX_VALUE_CHARS = 1024 * 1024;

  /** Characters in one document or one element of a List's items. */
  public static final int MAX_OBJECT_CHARS = 8 * 1024 * 1024;

  /** Characters in one JSON number (Jackson's default). */
  public static final int MAX_NUMBER_CHARS = 1000;

  /** Integer digits a number may have before it is refused instead of expanded (int64 has 19). */
  public static final int MAX_INTEGER_DIGITS = 20;

  private InputLimits() {}

  /**
   * Jackson's read constraints with these limits, the size of a whole document aside (the
   * Kubernetes decoders count each object on its own; an extender's reply is bounded as it is
   * received).
   */
  public static StreamReadConstraints jackson() {
    return StreamReadConstraints.builder()
        .maxNestingDepth(MAX_NESTING_DEPTH)
        .maxStringLength(MAX_VALUE_CHARS)
        .maxNameLength(MAX_VALUE_CHARS)
        .maxNumberLength(MAX_NUMBER_CHARS)
        .build();
  }

  /**
   * {@link #jackson()} with a whole document limited to {@value #MAX_OBJECT_CHARS} characters, for
   * readers of a single object (a Lease).
   */
  public static StreamReadConstraints jacksonOneObject() {
    return jackson().rebuild().maxDocumentLength(MAX_OBJECT_CHARS).build();
  }

  /**
   * The message refusing a text of {@code chars} characters, longer than {@value
   * #MAX_OBJECT_CHARS}, the limit of one object.
   */
  public static String objectTooLongMessage(long chars) {
    return count(chars) + " characters, more than " + count(MAX_OBJECT_CHARS) + ", the limit";
  }

  /** {@code n} with thousands separators: {@code 1,048,576}. */
  static String count(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }

  /** The message of the nesting limit. */
  static String nestingMessage() {
    return "nesting deeper than " + MAX_NESTING_DEPTH + " levels, the limit";
  }
}
