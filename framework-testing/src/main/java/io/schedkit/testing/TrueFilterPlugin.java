package io.schedkit.testing;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.FilterPlugin;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Status;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;

/** A Filter plugin that passes every node (upstream's {@code TrueFilterPlugin}). Thread-safe. */
public final class TrueFilterPlugin implements FilterPlugin {
  /** The default name, {@code TrueFilter}. */
  public static final String NAME = "TrueFilter";

  private final AtomicInteger calls = new AtomicInteger();
  private volatile String name = NAME;

  /** A plugin named {@value #NAME}. */
  public TrueFilterPlugin() {}

  /** Renames the plugin; do it before registering it. */
  public TrueFilterPlugin named(String name) {
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
    return Status.success();
  }

  /** How many times Filter was called. */
  public int filterCalls() {
    return calls.get();
  }
}
