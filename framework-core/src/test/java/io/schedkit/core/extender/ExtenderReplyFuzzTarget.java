package io.schedkit.core.extender;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;

/**
 * The extender reply boundary as the fuzz harness sees it, without a network: a 200 reply's body
 * goes through the steps {@link HttpExtender} applies to it (Jackson's tree parser configured as
 * {@code HttpExtender}'s, then the {@link ExtenderWire} decoder of the verb), and every failure
 * becomes an {@link ExtenderException} as {@code HttpExtender} reports it.
 */
public final class ExtenderReplyFuzzTarget {
  private static final ObjectMapper JSON = JsonMapper.builder().build();

  private ExtenderReplyFuzzTarget() {}

  /**
   * Decodes a reply body of {@code verb}: {@code filter}, {@code prioritize}, {@code bind} or
   * {@code preempt}.
   *
   * @param verb the verb whose reply this is
   * @param body the reply body
   * @throws ExtenderException if the body is malformed or does not have the reply's shape
   */
  public static void decode(String verb, byte[] body) throws ExtenderException {
    String prefix = "decoding " + verb + " response from extender at URL http://extender/" + verb;
    JsonNode tree;
    try {
      tree = JSON.readTree(body);
    } catch (JsonProcessingException e) {
      throw new ExtenderException(prefix + ": " + e.getOriginalMessage(), e);
    } catch (IOException e) {
      throw new ExtenderException(prefix + ": " + e.getMessage(), e);
    }
    if (tree == null || tree.isMissingNode()) {
      throw new ExtenderException(prefix + ": empty body");
    }
    try {
      switch (verb) {
        case "filter" -> ExtenderWire.filterResult(tree);
        case "prioritize" -> ExtenderWire.hostPriorityList(tree);
        case "bind" -> ExtenderWire.bindingError(tree);
        case "preempt" -> ExtenderWire.preemptionResult(tree);
        default -> throw new IllegalStateException("unknown verb " + verb);
      }
    } catch (IllegalArgumentException e) {
      throw new ExtenderException(prefix + ": " + e.getMessage(), e);
    }
  }
}
