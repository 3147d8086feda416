package io.schedkit.examples.samples;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.PermitPlugin;
import io.schedkit.framework.PermitResult;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.WaitingPod;
import io.schedkit.framework.model.Namespace;
import io.schedkit.framework.model.Pod;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A sample Permit plugin: a release gate. Pods labelled {@value #LABEL}={@value #CANARY} get a node
 * as usual, then wait at Permit — keeping their node reserved — until their namespace carries the
 * annotation {@value #APPROVAL}{@code : "true"} (set by a person or a release pipeline); then they
 * bind. Other pods pass at once.
 *
 * <p>How it waits: Permit returns {@link PermitResult#waitFor Wait} with {@link
 * CanaryGateArgs#waitSeconds()}; while canary pods wait, a timer on the scheduler's clock checks
 * their namespaces every {@link CanaryGateArgs#pollSeconds()} and calls {@link WaitingPod#allow}
 * for the approved ones. A pod not approved in time is rejected by the framework's timeout ({@code
 * rejected due to timeout after waiting 10m0s at plugin CanaryGate}): it is unreserved, freeing the
 * node, and retried later. Because all waiting goes through the clock, the gate runs on virtual
 * time in simulations and tests exactly as on the system clock live.
 *
 * <p>Register it (by class, or with a factory) and enable it at permit or multiPoint:
 *
 * <pre>{@code
 * Registry registry = Registry.discover().register(CanaryGate.class);
 * // profiles[0].plugins.multiPoint.enabled: [{name: CanaryGate}]
 * // pluginConfig: [{name: CanaryGate, args: {waitSeconds: 300}}]
 * }</pre>
 *
 * <p>Design note (threads): Permit runs on the scheduling thread and the poll on the clock's
 * thread; the only state is whether a poll is scheduled, an atomic flag. {@link WaitingPod#allow}
 * is thread-safe, and allowing a pod that timed out meanwhile has no effect.
 */
public final class CanaryGate implements PermitPlugin {
  /** The plugin's registry name. */
  public static final String NAME = "CanaryGate";

  /** The pod label that marks a release stage. */
  public static final String LABEL = "release";

  /** The value of {@value #LABEL} that this gate holds. */
  public static final String CANARY = "canary";

  /** The namespace annotation that approves the namespace's canaries. */
  public static final String APPROVAL = "schedkit.io/canary-approved";

  private final FrameworkHandle handle;
  private final Duration wait;
  private final Duration poll;
  private final AtomicBoolean polling = new AtomicBoolean();

  /**
   * Creates the plugin; the registry calls this constructor.
   *
   * @param args how long to wait and how often to check
   * @param handle the framework handle: the clock, the objects, the waiting pods
   */
  public CanaryGate(CanaryGateArgs args, FrameworkHandle handle) {
    this.handle = handle;
    this.wait = Duration.ofSeconds(args.waitSeconds());
    this.poll = Duration.ofSeconds(args.pollSeconds());
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public PermitResult permit(CycleState state, PodInfo pod, String nodeName) {
    if (!isCanary(pod.pod()) || approved(pod.namespace())) {
      return PermitResult.allow();
    }
    schedulePoll();
    return PermitResult.waitFor(wait);
  }

  private static boolean isCanary(Pod pod) {
    return CANARY.equals(pod.labels().get(LABEL));
  }

  private boolean approved(String namespace) {
    return handle
        .objects()
        .namespace(namespace)
        .map(Namespace::metadata)
        .map(m -> "true".equals(m.annotations().get(APPROVAL)))
        .orElse(false);
  }

  private void schedulePoll() {
    if (polling.compareAndSet(false, true)) {
      handle.clock().schedule(poll, this::poll);
    }
  }

  /** Allows the approved waiting canaries; polls again while some still wait. */
  private void poll() {
    polling.set(false);
    AtomicBoolean stillWaiting = new AtomicBoolean();
    handle.forEachWaitingPod(
        w -> {
          if (isCanary(w.pod()) && w.pendingPlugins().contains(NAME)) {
            if (approved(w.pod().namespace())) {
              w.allow(NAME);
            } else {
              stillWaiting.set(true);
            }
          }
        });
    if (stillWaiting.get()) {
      schedulePoll();
    }
  }
}
