package io.schedkit.plugins.defaultbinder;

import io.schedkit.framework.BindPlugin;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Status;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;

/**
 * Binds pods through the host (upstream {@code DefaultBinder}, Bind): where kube-scheduler posts a
 * {@code Binding} to the API server, this plugin calls {@link
 * io.schedkit.framework.cluster.ClusterView#bind} on the profile's cluster. The scheduler keeps the
 * pod assumed until the host's watch shows it bound.
 *
 * <p>Bind: Success when the host's write completes; Error carrying the failure (its message first
 * among the reasons) when the write fails, synchronously or asynchronously, so the binding cycle
 * unreserves, forgets and requeues the pod. O(1) besides the host's write.
 */
public final class DefaultBinder implements BindPlugin {
  /** The plugin name. */
  public static final String NAME = "DefaultBinder";

  private final FrameworkHandle handle;

  /**
   * Creates the plugin.
   *
   * @param handle the profile's handle, whose {@link FrameworkHandle#cluster()} receives the binds
   */
  public DefaultBinder(FrameworkHandle handle) {
    this.handle = handle;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public CompletionStage<Status> bind(CycleState state, PodInfo pod, String nodeName) {
    CompletionStage<Void> write;
    try {
      write = handle.cluster().bind(pod.pod(), nodeName);
    } catch (RuntimeException e) {
      return CompletableFuture.completedFuture(Status.error(e));
    }
    return write.handle((v, failure) -> failure == null ? Status.success() : asError(failure));
  }

  /** An Error carrying the failure, unwrapped from the future's wrappers. */
  private static Status asError(Throwable failure) {
    Throwable cause = failure;
    while ((cause instanceof CompletionException || cause instanceof ExecutionException)
        && cause.getCause() != null) {
      cause = cause.getCause();
    }
    return Status.error(cause);
  }
}
