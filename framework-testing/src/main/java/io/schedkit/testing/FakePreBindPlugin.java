package io.schedkit.testing;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PreBindPlugin;
import io.schedkit.framework.Status;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A PreBind plugin that answers a given status (upstream's {@code FakePreBindPlugin}) and counts
 * its calls. Thread-safe.
 */
public final class FakePreBindPlugin implements PreBindPlugin {
  /** The default name, {@code FakePreBind}. */
  public static final String NAME = "FakePreBind";

  private final AtomicInteger calls = new AtomicInteger();
  private volatile String name = NAME;
  private volatile Status status;

  /** A plugin named {@value #NAME} that succeeds. */
  public FakePreBindPlugin() {
    this(Status.success());
  }

  /** A plugin named {@value #NAME} answering {@code status}. */
  public FakePreBindPlugin(Status status) {
    this.status = Objects.requireNonNull(status, "status");
  }

  /** Renames the plugin; do it before registering it. */
  public FakePreBindPlugin named(String name) {
    this.name = Objects.requireNonNull(name, "name");
    return this;
  }

  /** Answers {@code status} from now on. */
  public FakePreBindPlugin status(Status status) {
    this.status = Objects.requireNonNull(status, "status");
    return this;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Status preBind(CycleState state, PodInfo pod, String nodeName) {
    calls.incrementAndGet();
    return status;
  }

  /** How many times PreBind was called. */
  public int preBindCalls() {
    return calls.get();
  }
}
