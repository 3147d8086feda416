package io.schedkit.core.cluster;

import io.schedkit.framework.model.KubeObject;

/**
 * The identity of a stored object: its kind, namespace and name. Two objects with the same key are
 * versions of one object.
 */
record ObjectKey(String kind, String namespace, String name) {

  /** The key of {@code object}. */
  static ObjectKey of(KubeObject object) {
    return new ObjectKey(object.kind(), object.metadata().namespace(), object.metadata().name());
  }

  /** The key as messages print it: {@code Pod default/p1}, {@code Node n1}. */
  @Override
  public String toString() {
    return namespace.isEmpty() ? kind + " " + name : kind + " " + namespace + "/" + name;
  }
}
