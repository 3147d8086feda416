package io.schedkit.testing;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.NodeToStatus;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PostFilterPlugin;
import io.schedkit.framework.PostFilterResult;
import io.schedkit.framework.Status;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A PostFilter plugin that answers a given result, counts its calls and keeps the node statuses it
 * was last given. By default it answers Unschedulable without a nomination, the neutral "could not
 * help" that lets the next PostFilter plugin try; {@link PostFilterResult#nominated} makes it
 * nominate a node as preemption would. Thread-safe.
 */
public final class FakePostFilterPlugin implements PostFilterPlugin {
  /** The default name, {@code FakePostFilter}. */
  public static final String NAME = "FakePostFilter";

  private final AtomicInteger calls = new AtomicInteger();
  private volatile String name = NAME;
  private volatile PostFilterResult result;
  private volatile NodeToStatus lastNodeStatuses;

  /** A plugin named {@value #NAME} answering Unschedulable. */
  public FakePostFilterPlugin() {
    this(PostFilterResult.of(Status.unschedulable()));
  }

  /** A plugin named {@value #NAME} answering {@code result}. */
  public FakePostFilterPlugin(PostFilterResult result) {
    this.result = Objects.requireNonNull(result, "result");
  }

  /** Renames the plugin; do it before registering it. */
  public FakePostFilterPlugin named(String name) {
    this.name = Objects.requireNonNull(name, "name");
    return this;
  }

  /** Answers {@code result} from now on. */
  public FakePostFilterPlugin result(PostFilterResult result) {
    this.result = Objects.requireNonNull(result, "result");
    return this;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public PostFilterResult postFilter(
      CycleState state, PodInfo pod, NodeToStatus filteredNodeStatuses) {
    calls.incrementAndGet();
    lastNodeStatuses = filteredNodeStatuses;
    return result;
  }

  /** How many times PostFilter was called. */
  public int postFilterCalls() {
    return calls.get();
  }

  /** The node statuses of the last call, if any. */
  public Optional<NodeToStatus> lastNodeStatuses() {
    return Optional.ofNullable(lastNodeStatuses);
  }
}
