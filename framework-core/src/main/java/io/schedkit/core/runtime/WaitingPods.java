package io.schedkit.core.runtime;

import io.schedkit.framework.Clock;
import io.schedkit.framework.Status;
import io.schedkit.framework.WaitingPod;
import io.schedkit.framework.model.Pod;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The pods parked at Permit, by UID. A pod enters when a Permit plugin returns Wait and leaves when
 * its outcome is taken by the binding cycle.
 *
 * <p>Design note: each waiting pod holds one clock timer per waiting plugin; the first rejection or
 * the last allowance completes its outcome exactly once, and cancels the remaining timers. Plugins
 * may allow or reject from any thread, including from inside another pod's scheduling cycle.
 */
public final class WaitingPods {
  private final Map<String, Entry> pods = new ConcurrentHashMap<>();
  private final Clock clock;

  /** An empty map whose timers run on {@code clock}. */
  public WaitingPods(Clock clock) {
    this.clock = clock;
  }

  /**
   * Parks {@code pod}, reserved on {@code nodeName}, until each plugin of {@code timeouts} allows
   * it; each plugin's timer rejects it when its timeout passes.
   */
  public WaitingPod add(Pod pod, String nodeName, Map<String, Duration> timeouts) {
    Entry e = new Entry(pod, nodeName);
    pods.put(key(pod), e);
    e.start(clock, timeouts);
    return e;
  }

  /** The waiting pod with {@code uid}. */
  public Optional<WaitingPod> get(String uid) {
    return Optional.ofNullable(pods.get(uid));
  }

  /** Calls {@code action} for each waiting pod. */
  public void forEach(Consumer<WaitingPod> action) {
    pods.values().forEach(action);
  }

  /** The number of waiting pods. */
  public int size() {
    return pods.size();
  }

  /**
   * The outcome of {@code pod}'s wait, which also removes it from the map once known; an already
   * completed success when the pod is not waiting.
   */
  public CompletionStage<Status> outcome(Pod pod) {
    Entry e = pods.get(key(pod));
    if (e == null) {
      return CompletableFuture.completedFuture(Status.success());
    }
    return e.result.whenComplete((s, t) -> pods.remove(key(pod), e));
  }

  /** Whether {@code pod} waits at Permit. */
  public boolean isWaiting(Pod pod) {
    return pods.containsKey(key(pod));
  }

  /** Rejects the waiting pod with {@code uid} with the message {@code removed}. */
  public boolean reject(String uid) {
    Entry e = pods.get(uid);
    if (e == null) {
      return false;
    }
    e.reject("", "removed");
    return true;
  }

  private static String key(Pod pod) {
    return pod.uid().isEmpty() ? pod.key() : pod.uid();
  }

  private static final class Entry implements WaitingPod {
    private final Pod pod;
    private final String nodeName;
    private final Map<String, Clock.Cancellable> pending = new LinkedHashMap<>();
    private final CompletableFuture<Status> result = new CompletableFuture<>();

    Entry(Pod pod, String nodeName) {
      this.pod = pod;
      this.nodeName = nodeName;
    }

    synchronized void start(Clock clock, Map<String, Duration> timeouts) {
      for (Map.Entry<String, Duration> t : timeouts.entrySet()) {
        String plugin = t.getKey();
        String message =
            "rejected due to timeout after waiting "
                + GoDuration.format(t.getValue())
                + " at plugin "
                + plugin;
        pending.put(plugin, clock.schedule(t.getValue(), () -> reject(plugin, message)));
      }
    }

    @Override
    public Pod pod() {
      return pod;
    }

    @Override
    public String nodeName() {
      return nodeName;
    }

    @Override
    public synchronized Set<String> pendingPlugins() {
      return Set.copyOf(pending.keySet());
    }

    @Override
    public void allow(String pluginName) {
      boolean done;
      synchronized (this) {
        Clock.Cancellable timer = pending.remove(pluginName);
        if (timer != null) {
          timer.cancel();
        }
        done = pending.isEmpty();
      }
      if (done) {
        result.complete(Status.success());
      }
    }

    @Override
    public void reject(String pluginName, String message) {
      synchronized (this) {
        pending.values().forEach(Clock.Cancellable::cancel);
        pending.clear();
      }
      result.complete(Status.unschedulable(message).withPlugin(pluginName));
    }
  }
}
