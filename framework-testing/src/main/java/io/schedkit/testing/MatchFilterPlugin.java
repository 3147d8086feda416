package io.schedkit.testing;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.FilterPlugin;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Status;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A Filter plugin that passes a node iff its name equals the pod's name (upstream's {@code
 * MatchFilterPlugin}): other nodes are Unschedulable with {@value
 * FalseFilterPlugin#ERR_REASON_FAKE}, and a node info without a node is an Error {@value
 * #NODE_NOT_FOUND}. Thread-safe.
 */
public final class MatchFilterPlugin implements FilterPlugin {
  /** The default name, {@code MatchFilter}. */
  public static final String NAME = "MatchFilter";

  /** The reason of the Error for a node info without a node. */
  public static final String NODE_NOT_FOUND = "node not found";

  private final AtomicInteger calls = new AtomicInteger();
  private volatile String name = NAME;

  /** A plugin named {@value #NAME}. */
  public MatchFilterPlugin() {}

  /** Renames the plugin; do it before registering it. */
  public MatchFilterPlugin named(String name) {
    this.name = Objects.requireNonNull(name, "name");
    return this;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
    calls.incrementAndGet();
    if (node.node() == null) {
      return Status.error(NODE_NOT_FOUND);
    }
    if (pod.name().equals(node.name())) {
      return Status.success();
    }
    return Status.unschedulable(FalseFilterPlugin.ERR_REASON_FAKE);
  }

  /** How many times Filter was called. */
  public int filterCalls() {
    return calls.get();
  }
}
