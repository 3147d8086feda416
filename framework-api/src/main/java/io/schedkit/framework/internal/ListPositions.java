package io.schedkit.framework.internal;

import io.schedkit.framework.NodeInfo;
import java.util.Objects;
import java.util.function.ObjIntConsumer;

/**
 * Not part of the API: how the scheduler's snapshot records where it keeps a {@link NodeInfo} in
 * its node list ({@link NodeInfo#listPosition()}). The module exports this package to the runtime
 * only; plugins read positions through {@link io.schedkit.framework.fastpath.IndexedNodeLister}.
 */
public final class ListPositions {
  private static ObjIntConsumer<NodeInfo> setter;

  private ListPositions() {}

  /**
   * Installs the setter; {@code NodeInfo} calls it once, when its class is initialized.
   *
   * @param nodeInfoSetter writes a NodeInfo's position
   * @throws IllegalStateException when a setter is already installed
   */
  public static synchronized void install(ObjIntConsumer<NodeInfo> nodeInfoSetter) {
    if (setter != null) {
      throw new IllegalStateException("the NodeInfo position setter is already installed");
    }
    setter = Objects.requireNonNull(nodeInfoSetter, "nodeInfoSetter");
  }

  /**
   * Records that the lister which owns {@code node} keeps it at {@code position}.
   *
   * @param node the node
   * @param position the index in the lister's list, or -1
   */
  public static void set(NodeInfo node, int position) {
    setter.accept(node, position);
  }
}
