package io.schedkit.core.codec.tree;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Receives the documents of a text as {@link Documents#read} parses them, one at a time, so that a
 * large file is never held whole as a tree. The elements of a document's top-level {@code items}
 * list (a {@code List} of objects) are handed over one by one as soon as each is read, and left out
 * of the root.
 */
public interface DocumentVisitor {
  /**
   * One element of the current document's top-level {@code items} list, in order.
   *
   * @param item the element
   */
  void item(JsonNode item);

  /**
   * The end of a document.
   *
   * @param root the document's root value; null for an empty document. When its elements went to
   *     {@link #item}, its {@code items} field is an empty list
   * @param streamedItems how many elements went to {@link #item}
   */
  void document(JsonNode root, int streamedItems);
}
