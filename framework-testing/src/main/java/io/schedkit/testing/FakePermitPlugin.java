package io.schedkit.testing;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.PermitPlugin;
import io.schedkit.framework.PermitResult;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Status;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A Permit plugin that answers a given status and timeout (upstream's {@code FakePermitPlugin}) and
 * counts its calls. With a Wait status the pod waits up to the timeout; release it through the
 * handle's waiting pod, or let a {@link FakeClock} pass the timeout. Thread-safe.
 */
public final class FakePermitPlugin implements PermitPlugin {
  /** The default name, {@code FakePermit}. */
  public static final String NAME = "FakePermit";

  private final AtomicInteger calls = new AtomicInteger();
  private volatile String name = NAME;
  private volatile Status status;
  private volatile Duration timeout;

  /** A plugin named {@value #NAME} that allows every pod. */
  public FakePermitPlugin() {
    this(Status.success(), Duration.ZERO);
  }

  /** A plugin named {@value #NAME} answering {@code status} with {@code timeout}. */
  public FakePermitPlugin(Status status, Duration timeout) {
    this.status = Objects.requireNonNull(status, "status");
    this.timeout = Objects.requireNonNull(timeout, "timeout");
  }

  /** Renames the plugin; do it before registering it. */
  public FakePermitPlugin named(String name) {
    this.name = Objects.requireNonNull(name, "name");
    return this;
  }

  /** Answers {@code status} with {@code timeout} from now on. */
  public FakePermitPlugin answer(Status status, Duration timeout) {
    this.status = Objects.requireNonNull(status, "status");
    this.timeout = Objects.requireNonNull(timeout, "timeout");
    return this;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public PermitResult permit(CycleState state, PodInfo pod, String nodeName) {
    calls.incrementAndGet();
    return new PermitResult(status, timeout);
  }

  /** How many times Permit was called. */
  public int permitCalls() {
    return calls.get();
  }
}
