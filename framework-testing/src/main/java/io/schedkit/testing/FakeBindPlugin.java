package io.schedkit.testing;

import io.schedkit.framework.BindPlugin;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Status;
import io.schedkit.framework.model.Pod;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;

/**
 * A Bind plugin that records every bind call and answers a given status, Success by default,
 * without writing anywhere. {@link #bindWith} replaces the answer by a function, for example one
 * returning a future the test completes later to simulate a slow host. Thread-safe.
 */
public final class FakeBindPlugin implements BindPlugin {
  /** The default name, {@code FakeBind}. */
  public static final String NAME = "FakeBind";

  /**
   * One bind call.
   *
   * @param pod the pod
   * @param nodeName the node it was bound to
   */
  public record Binding(Pod pod, String nodeName) {}

  private final List<Binding> bindings = new ArrayList<>();
  private volatile String name = NAME;
  private volatile BiFunction<Pod, String, CompletionStage<Status>> answer;

  /** A plugin named {@value #NAME} that binds successfully. */
  public FakeBindPlugin() {
    this(Status.success());
  }

  /** A plugin named {@value #NAME} answering {@code status}. */
  public FakeBindPlugin(Status status) {
    status(status);
  }

  /** Renames the plugin; do it before registering it. */
  public FakeBindPlugin named(String name) {
    this.name = Objects.requireNonNull(name, "name");
    return this;
  }

  /** Answers {@code status} (at once) from now on. */
  public FakeBindPlugin status(Status status) {
    Objects.requireNonNull(status, "status");
    this.answer = (pod, node) -> CompletableFuture.completedFuture(status);
    return this;
  }

  /** Answers what {@code answer} returns for the pod and node from now on. */
  public FakeBindPlugin bindWith(BiFunction<Pod, String, CompletionStage<Status>> answer) {
    this.answer = Objects.requireNonNull(answer, "answer");
    return this;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public CompletionStage<Status> bind(CycleState state, PodInfo pod, String nodeName) {
    synchronized (bindings) {
      bindings.add(new Binding(pod.pod(), nodeName));
    }
    return answer.apply(pod.pod(), nodeName);
  }

  /** Every bind call so far, in order (a copy). */
  public List<Binding> bindings() {
    synchronized (bindings) {
      return List.copyOf(bindings);
    }
  }

  /** How many times Bind was called. */
  public int bindCalls() {
    synchronized (bindings) {
      return bindings.size();
    }
  }
}
