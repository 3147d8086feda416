package io.schedkit.testing;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PreFilterPlugin;
import io.schedkit.framework.PreFilterResult;
import io.schedkit.framework.Status;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A PreFilter plugin that answers a given {@link PreFilterResult} (upstream's {@code
 * FakePreFilterPlugin}) and counts its calls. It has no PreFilter extensions. Thread-safe.
 */
public final class FakePreFilterPlugin implements PreFilterPlugin {
  /** The default name, {@code FakePreFilter}. */
  public static final String NAME = "FakePreFilter";

  private final AtomicInteger calls = new AtomicInteger();
  private volatile String name;
  private volatile PreFilterResult result;

  /** A plugin named {@value #NAME} answering success over all nodes. */
  public FakePreFilterPlugin() {
    this(NAME, PreFilterResult.success());
  }

  /** A plugin named {@code name} answering {@code result}. */
  public FakePreFilterPlugin(String name, PreFilterResult result) {
    this.name = Objects.requireNonNull(name, "name");
    this.result = Objects.requireNonNull(result, "result");
  }

  /** Renames the plugin; do it before registering it. */
  public FakePreFilterPlugin named(String name) {
    this.name = Objects.requireNonNull(name, "name");
    return this;
  }

  /** Answers {@code result} from now on. */
  public FakePreFilterPlugin result(PreFilterResult result) {
    this.result = Objects.requireNonNull(result, "result");
    return this;
  }

  /** Answers a result with {@code status} over all nodes from now on. */
  public FakePreFilterPlugin status(Status status) {
    return result(PreFilterResult.of(status));
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public PreFilterResult preFilter(CycleState state, PodInfo pod, List<NodeInfo> nodes) {
    calls.incrementAndGet();
    return result;
  }

  /** How many times PreFilter was called. */
  public int preFilterCalls() {
    return calls.get();
  }
}
