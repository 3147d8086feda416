package io.schedkit.chaos;

import io.schedkit.core.clock.VirtualClock;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.framework.cluster.ClusterObjects;
import io.schedkit.framework.cluster.ClusterView;
import io.schedkit.framework.cluster.ClusterWriteException;
import io.schedkit.framework.cluster.FencingToken;
import io.schedkit.framework.cluster.WatchEvent;
import io.schedkit.framework.model.Pod;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The scheduler's view of an {@link InMemoryCluster} with write faults injected from a seeded
 * random: writes that throw, that complete with an error, that complete later on the virtual clock,
 * and binds that are applied while the caller is told they failed (a lost response). Reads and
 * watches pass through untouched.
 */
final class ChaosCluster implements ClusterView {
  /** The kinds of write the faults apply to. */
  enum Write {
    BIND,
    EVICT,
    STATUS
  }

  /** Fault rates of one kind of write, each in [0, 1]. */
  record Rates(double fail, double slow, double lostResponse) {
    static final Rates NONE = new Rates(0, 0, 0);
  }

  private final InMemoryCluster delegate;
  private final VirtualClock clock;
  private final Random random;
  private final Consumer<String> violations;
  private final Map<Write, Rates> rates = new java.util.EnumMap<>(Write.class);
  private final Map<String, Long> faults = new TreeMap<>();
  private final Set<String> lostResponses = new HashSet<>();
  private int outstanding;

  ChaosCluster(
      InMemoryCluster delegate, VirtualClock clock, long seed, Consumer<String> violations) {
    this.delegate = delegate;
    this.clock = clock;
    this.random = new Random(seed);
    this.violations = violations;
    for (Write w : Write.values()) {
      rates.put(w, Rates.NONE);
    }
  }

  void rates(Write write, Rates r) {
    rates.put(write, r);
  }

  /** Stops injecting faults (writes already delayed still complete later). */
  void calm() {
    for (Write w : Write.values()) {
      rates.put(w, Rates.NONE);
    }
  }

  /** Faults injected so far, by kind. */
  Map<String, Long> faults() {
    return faults;
  }

  /** Delayed writes not completed yet. */
  int outstanding() {
    return outstanding;
  }

  @Override
  public ClusterObjects list() {
    return delegate.list();
  }

  @Override
  public AutoCloseable watch(Consumer<WatchEvent> listener) {
    return delegate.watch(listener);
  }

  @Override
  public CompletionStage<Void> bind(Pod pod, String nodeName) {
    return write(Write.BIND, pod, nodeName, () -> delegate.bind(pod, nodeName));
  }

  @Override
  public CompletionStage<Void> bind(Pod pod, String nodeName, FencingToken token) {
    return write(Write.BIND, pod, nodeName, () -> delegate.bind(pod, nodeName, token));
  }

  @Override
  public CompletionStage<Void> evict(Pod victim, Pod preemptor) {
    return write(Write.EVICT, victim, "", () -> delegate.evict(victim, preemptor));
  }

  @Override
  public CompletionStage<Void> evict(Pod victim, Pod preemptor, FencingToken token) {
    return write(Write.EVICT, victim, "", () -> delegate.evict(victim, preemptor, token));
  }

  @Override
  public CompletionStage<Void> nominate(Pod pod, String nodeName) {
    return write(Write.STATUS, pod, nodeName, () -> delegate.nominate(pod, nodeName));
  }

  @Override
  public CompletionStage<Void> nominate(Pod pod, String nodeName, FencingToken token) {
    return write(Write.STATUS, pod, nodeName, () -> delegate.nominate(pod, nodeName, token));
  }

  @Override
  public CompletionStage<Void> reportUnschedulable(Pod pod, String message) {
    return write(Write.STATUS, pod, "", () -> delegate.reportUnschedulable(pod, message));
  }

  @Override
  public CompletionStage<Void> reportUnschedulable(Pod pod, String message, FencingToken token) {
    return write(Write.STATUS, pod, "", () -> delegate.reportUnschedulable(pod, message, token));
  }

  @Override
  public CompletionStage<Void> fence(FencingToken token) {
    return delegate.fence(token);
  }

  private CompletionStage<Void> write(
      Write write, Pod pod, String nodeName, Supplier<CompletionStage<Void>> call) {
    String name = write.name().toLowerCase(java.util.Locale.ROOT);
    if (write == Write.BIND) {
      checkNotBoundYet(pod, nodeName);
    }
    Rates r = rates.get(write);
    double x = random.nextDouble();
    if (x < r.fail()) {
      boolean thrown = random.nextBoolean();
      count(name + (thrown ? "-throws" : "-fails"));
      ClusterWriteException e =
          new ClusterWriteException("chaos: " + name + " of pod " + pod.key() + " failed");
      if (thrown) {
        throw e;
      }
      return CompletableFuture.failedFuture(e);
    }
    x -= r.fail();
    if (x < r.lostResponse()) {
      count(name + "-response-lost");
      lostResponses.add(pod.uid());
      CompletableFuture<Void> done = call.get().toCompletableFuture();
      return done.handle(
          (v, t) -> {
            throw new ClusterWriteException(
                "chaos: " + name + " of pod " + pod.key() + ": no response (timed out)");
          });
    }
    x -= r.lostResponse();
    if (x < r.slow()) {
      count(name + "-slow");
      Duration delay = Duration.ofMillis(50 + random.nextInt(3000));
      CompletableFuture<Void> result = new CompletableFuture<>();
      outstanding++;
      clock.schedule(
          delay,
          () -> {
            outstanding--;
            CompletionStage<Void> s;
            try {
              s = call.get();
            } catch (RuntimeException e) {
              result.completeExceptionally(e);
              return;
            }
            s.whenComplete(
                (v, t) -> {
                  if (t == null) {
                    result.complete(null);
                  } else {
                    result.completeExceptionally(t);
                  }
                });
          });
      return result;
    }
    return call.get();
  }

  /**
   * A bind of a pod the cluster already shows bound (same UID) is a pod bound twice, unless an
   * earlier bind of it was applied with its response lost.
   */
  private void checkNotBoundYet(Pod pod, String nodeName) {
    delegate
        .pod(pod.namespace(), pod.name())
        .filter(p -> p.uid().equals(pod.uid()) && p.isAssigned())
        .filter(p -> !lostResponses.contains(p.uid()))
        .ifPresent(
            p ->
                violations.accept(
                    "pod bound twice: "
                        + p.key()
                        + " is bound to "
                        + p.nodeName()
                        + " and a bind to "
                        + nodeName
                        + " was issued"));
  }

  private void count(String kind) {
    faults.merge(kind, 1L, Long::sum);
  }
}
