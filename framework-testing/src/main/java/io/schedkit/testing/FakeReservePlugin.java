package io.schedkit.testing;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.ReservePlugin;
import io.schedkit.framework.Status;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A Reserve plugin that answers a given status (upstream's {@code FakeReservePlugin}) and counts
 * its Reserve and Unreserve calls. Thread-safe.
 */
public final class FakeReservePlugin implements ReservePlugin {
  /** The default name, {@code FakeReserve}. */
  public static final String NAME = "FakeReserve";

  private final AtomicInteger reserveCalls = new AtomicInteger();
  private final AtomicInteger unreserveCalls = new AtomicInteger();
  private volatile String name = NAME;
  private volatile Status status;

  /** A plugin named {@value #NAME} that reserves successfully. */
  public FakeReservePlugin() {
    this(Status.success());
  }

  /** A plugin named {@value #NAME} answering {@code status}. */
  public FakeReservePlugin(Status status) {
    this.status = Objects.requireNonNull(status, "status");
  }

  /** Renames the plugin; do it before registering it. */
  public FakeReservePlugin named(String name) {
    this.name = Objects.requireNonNull(name, "name");
    return this;
  }

  /** Answers {@code status} from now on. */
  public FakeReservePlugin status(Status status) {
    this.status = Objects.requireNonNull(status, "status");
    return this;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Status reserve(CycleState state, PodInfo pod, String nodeName) {
    reserveCalls.incrementAndGet();
    return status;
  }

  @Override
  public void unreserve(CycleState state, PodInfo pod, String nodeName) {
    unreserveCalls.incrementAndGet();
  }

  /** How many times Reserve was called. */
  public int reserveCalls() {
    return reserveCalls.get();
  }

  /** How many times Unreserve was called. */
  public int unreserveCalls() {
    return unreserveCalls.get();
  }
}
