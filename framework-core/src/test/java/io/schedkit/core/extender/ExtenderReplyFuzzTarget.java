package io.schedkit.core.extender;

/**
 * The extender reply boundary as the fuzz harness sees it, without a network: a 200 reply's body
 * goes through {@link HttpExtender}'s own parsing and the {@link ExtenderWire} decoder of the verb,
 * every failure an {@link ExtenderException} as {@code HttpExtender} reports it.
 */
public final class ExtenderReplyFuzzTarget {
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
    String prefix =
        "decoding " + verb + " response from extender at URL http://extender/" + verb + ": ";
    var tree = HttpExtender.parseBody(body, prefix);
    HttpExtender.decode(
        () ->
            switch (verb) {
              case "filter" -> ExtenderWire.filterResult(tree);
              case "prioritize" -> ExtenderWire.hostPriorityList(tree);
              case "bind" -> ExtenderWire.bindingError(tree);
              case "preempt" -> ExtenderWire.preemptionResult(tree);
              default -> throw new IllegalStateException("unknown verb " + verb);
            },
        prefix);
  }
}
