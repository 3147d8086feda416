package io.schedkit.plugins.defaultbinder;

import static io.schedkit.testing.SchedkitAssertions.assertThat;
import static io.schedkit.testing.Wrappers.makeNode;
import static io.schedkit.testing.Wrappers.makePod;

import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Status;
import io.schedkit.framework.cluster.ClusterView;
import io.schedkit.framework.cluster.ClusterWriteException;
import io.schedkit.framework.model.Pod;
import io.schedkit.testing.FakeClock;
import io.schedkit.testing.FakeHandle;
import java.lang.reflect.Proxy;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** Facts of upstream's TestDefaultBinder, over a {@link ClusterView} instead of an API server. */
final class DefaultBinderTest {
  private final InMemoryCluster cluster = InMemoryCluster.builder().clock(new FakeClock()).build();

  private DefaultBinder binder(ClusterView view) {
    return new DefaultBinder(FakeHandle.builder().cluster(view).build());
  }

  private static Status await(java.util.concurrent.CompletionStage<Status> stage) {
    return stage.toCompletableFuture().join();
  }

  @Test
  void bind_success_podBoundOnHost() {
    cluster.create(makeNode().name("n1").obj());
    Pod pod = cluster.create(makePod().name("p").obj());

    Status got = await(binder(cluster).bind(new CycleState(), PodInfo.of(pod), "n1"));

    assertThat(got).isSuccess();
    assertThat(cluster.pod("default", "p").orElseThrow().nodeName()).isEqualTo("n1");
  }

  @Test
  void bind_hostRejects_errorCarryingTheCause() {
    Pod pod = cluster.create(makePod().name("p").obj());

    Status got = await(binder(cluster).bind(new CycleState(), PodInfo.of(pod), "missing"));

    assertThat(got)
        .isError()
        .hasReasons("nodes \"missing\" not found")
        .hasCauseInstanceOf(ClusterWriteException.class);
  }

  @Test
  void bind_conflict_errorKeepsTheConflict() {
    cluster.create(makeNode().name("n1").obj());
    Pod pod = cluster.create(makePod().name("p").node("n1").obj());

    Status got = await(binder(cluster).bind(new CycleState(), PodInfo.of(pod), "n1"));

    assertThat(got).isError().hasCauseInstanceOf(ClusterWriteException.class);
    assertThat(((ClusterWriteException) got.cause().orElseThrow()).isConflict()).isTrue();
  }

  @Test
  void bind_stageFailedWithWrappedCause_unwrapped() {
    ClusterView view =
        bindingWith(
            () ->
                CompletableFuture.failedFuture(
                    new CompletionException(new ClusterWriteException("injecting failure"))));

    Status got =
        await(binder(view).bind(new CycleState(), PodInfo.of(makePod().name("p").obj()), "n1"));

    assertThat(got)
        .isError()
        .hasReasons("injecting failure")
        .hasCauseInstanceOf(ClusterWriteException.class);
  }

  @Test
  void bind_hostThrowsSynchronously_error() {
    ClusterView view =
        bindingWith(
            () -> {
              throw new IllegalStateException("host is down");
            });

    Status got =
        await(binder(view).bind(new CycleState(), PodInfo.of(makePod().name("p").obj()), "n1"));

    assertThat(got).isError().hasReasons("host is down");
  }

  /** A host whose bind does what {@code bind} says; no other method is expected to be called. */
  private static ClusterView bindingWith(Supplier<CompletableFuture<Void>> bind) {
    return (ClusterView)
        Proxy.newProxyInstance(
            ClusterView.class.getClassLoader(),
            new Class<?>[] {ClusterView.class},
            (proxy, method, args) -> {
              if (method.getName().equals("bind")) {
                return bind.get();
              }
              throw new UnsupportedOperationException(method.getName());
            });
  }
}
