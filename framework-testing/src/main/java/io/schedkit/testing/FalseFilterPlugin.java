package io.schedkit.testing;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.FilterPlugin;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Status;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A Filter plugin that rejects every node as Unschedulable with {@value #ERR_REASON_FAKE}
 * (upstream's {@code FalseFilterPlugin}). Thread-safe.
 */
public final class FalseFilterPlugin implements FilterPlugin {
  /** The default name, {@code FalseFilter}. */
  public static final String NAME = "FalseFilter";

  /** The reason of the fake filters' rejections (upstream's {@code ErrReasonFake}). */
  public static final String ERR_REASON_FAKE = "Nodes failed the fake plugin";

  private final AtomicInteger calls = new AtomicInteger();
  private volatile String name = NAME;

  /** A plugin named {@value #NAME}. */
  public FalseFilterPlugin() {}

  /** Renames the plugin; do it before registering it. */
  public FalseFilterPlugin named(String name) {
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
    return Status.unschedulable(ERR_REASON_FAKE);
  }

  /** How many times Filter was called. */
  public int filterCalls() {
    return calls.get();
  }
}
