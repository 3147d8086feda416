package io.schedkit.testing;

import io.schedkit.framework.Code;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.FilterPlugin;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Status;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A Filter plugin that answers per node what it was told and counts its calls (upstream's {@code
 * FakeFilterPlugin}). A node given a code with {@link #failing} is rejected with that code and the
 * reason {@code "injecting failure for pod <pod name>"}, as upstream; a node given a status with
 * {@link #status} gets exactly that status; every other node passes. Thread-safe.
 */
public final class FakeFilterPlugin implements FilterPlugin {
  /** The default name, {@code FakeFilter}. */
  public static final String NAME = "FakeFilter";

  private final Map<String, Code> codes = new ConcurrentHashMap<>();
  private final Map<String, Status> statuses = new ConcurrentHashMap<>();
  private final AtomicInteger calls = new AtomicInteger();
  private volatile String name = NAME;

  /** A plugin named {@value #NAME} that passes every node. */
  public FakeFilterPlugin() {}

  /** A plugin named {@value #NAME} failing the nodes of {@code failedNodeReturnCodes}. */
  public FakeFilterPlugin(Map<String, Code> failedNodeReturnCodes) {
    codes.putAll(failedNodeReturnCodes);
  }

  /** Renames the plugin; do it before registering it. */
  public FakeFilterPlugin named(String name) {
    this.name = Objects.requireNonNull(name, "name");
    return this;
  }

  /** Fails {@code nodeName} with {@code code} and upstream's injected-failure reason. */
  public FakeFilterPlugin failing(String nodeName, Code code) {
    codes.put(nodeName, Objects.requireNonNull(code, "code"));
    return this;
  }

  /** Answers {@code status} for {@code nodeName} (takes precedence over {@link #failing}). */
  public FakeFilterPlugin status(String nodeName, Status status) {
    statuses.put(nodeName, Objects.requireNonNull(status, "status"));
    return this;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
    calls.incrementAndGet();
    String nodeName = node.name();
    Status explicit = statuses.get(nodeName);
    if (explicit != null) {
      return explicit;
    }
    Code code = codes.get(nodeName);
    if (code != null) {
      return Status.of(code, "injecting failure for pod " + pod.name());
    }
    return Status.success();
  }

  /** How many times Filter was called (upstream's {@code NumFilterCalled}). */
  public int filterCalls() {
    return calls.get();
  }

  /** Sets the call count back to zero. */
  public void resetCalls() {
    calls.set(0);
  }
}
