package io.schedkit.testing;

import io.schedkit.framework.PreEnqueuePlugin;
import io.schedkit.framework.Status;
import io.schedkit.framework.model.Pod;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A PreEnqueue plugin that admits or gates pods as told and counts its calls: a pod given a status
 * by name with {@link #status(String, Status)} gets it, every other pod the default status (Success
 * unless set). Thread-safe.
 */
public final class FakePreEnqueuePlugin implements PreEnqueuePlugin {
  /** The default name, {@code FakePreEnqueue}. */
  public static final String NAME = "FakePreEnqueue";

  private final Map<String, Status> byPod = new ConcurrentHashMap<>();
  private final AtomicInteger calls = new AtomicInteger();
  private volatile String name = NAME;
  private volatile Status status;

  /** A plugin named {@value #NAME} that admits every pod. */
  public FakePreEnqueuePlugin() {
    this(Status.success());
  }

  /** A plugin named {@value #NAME} answering {@code status} for every pod. */
  public FakePreEnqueuePlugin(Status status) {
    this.status = Objects.requireNonNull(status, "status");
  }

  /** Renames the plugin; do it before registering it. */
  public FakePreEnqueuePlugin named(String name) {
    this.name = Objects.requireNonNull(name, "name");
    return this;
  }

  /** Answers {@code status} for pods without a status of their own from now on. */
  public FakePreEnqueuePlugin status(Status status) {
    this.status = Objects.requireNonNull(status, "status");
    return this;
  }

  /** Answers {@code status} for the pod named {@code podName} from now on. */
  public FakePreEnqueuePlugin status(String podName, Status status) {
    byPod.put(podName, Objects.requireNonNull(status, "status"));
    return this;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Status preEnqueue(Pod pod) {
    calls.incrementAndGet();
    Status s = byPod.get(pod.name());
    return s != null ? s : status;
  }

  /** How many times PreEnqueue was called. */
  public int preEnqueueCalls() {
    return calls.get();
  }
}
