package io.schedkit.core;

import io.schedkit.core.runtime.Framework;
import io.schedkit.core.runtime.PluginFailures;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Status;
import io.schedkit.framework.extender.Extender;
import io.schedkit.framework.model.Pod;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * The binding cycle of one assumed pod: WaitOnPermit, PreBind, Bind (a binding extender first),
 * PostBind. It runs as a chain of stages on the binding executor, so a pod waiting at Permit or a
 * slow host write holds no thread.
 *
 * <p>Just before Bind, {@code bindGuard} is asked whether binding may start (the scheduler still
 * leads its election); if not, the cycle fails with its status without binding.
 *
 * <p>The cycle completes with Success, or with the failing status; the scheduler then unreserves,
 * forgets and requeues the pod ({@link Scheduler}).
 */
final class BindingCycle {
  private final Framework fwk;
  private final CycleState state;
  private final PodInfo assumed;
  private final String nodeName;
  private final List<Extender> extenders;
  private final Executor executor;
  private final Runnable onPreBindDone;
  private final Supplier<Status> bindGuard;

  BindingCycle(
      Framework fwk,
      CycleState state,
      PodInfo assumed,
      String nodeName,
      List<Extender> extenders,
      Executor executor,
      Runnable onPreBindDone,
      Supplier<Status> bindGuard) {
    this.fwk = fwk;
    this.state = state;
    this.assumed = assumed;
    this.nodeName = nodeName;
    this.extenders = extenders;
    this.executor = executor;
    this.onPreBindDone = onPreBindDone;
    this.bindGuard = bindGuard;
  }

  /**
   * Runs the cycle; the stage completes with its final status, and exceptionally only with a {@link
   * VirtualMachineError}.
   */
  CompletionStage<Status> run() {
    return fwk.waitOnPermit(assumed.pod())
        .thenComposeAsync(
            permit -> {
              if (!permit.isSuccess()) {
                return CompletableFuture.completedFuture(permit);
              }
              Status pre = fwk.runPreBindPlugins(state, assumed, nodeName);
              if (!pre.isSuccess()) {
                return CompletableFuture.completedFuture(pre);
              }
              onPreBindDone.run();
              Status guard = bindGuard.get();
              return guard.isSuccess() ? bind() : CompletableFuture.completedFuture(guard);
            },
            executor)
        .handle(
            (s, t) ->
                t != null ? Status.error(PluginFailures.contained(Framework.unwrapped(t))) : s);
  }

  private CompletionStage<Status> bind() {
    Pod pod = assumed.pod();
    for (Extender e : extenders) {
      if (!e.isBinder() || !e.isInterested(pod)) {
        continue;
      }
      try {
        e.bind(pod, nodeName);
        return CompletableFuture.completedFuture(Status.success());
      } catch (Exception ex) {
        if (e.isIgnorable()) {
          continue;
        }
        return CompletableFuture.completedFuture(Status.error(ex));
      }
    }
    return fwk.runBindPlugins(state, assumed, nodeName);
  }
}
