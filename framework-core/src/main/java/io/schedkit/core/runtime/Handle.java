package io.schedkit.core.runtime;

import io.schedkit.framework.Clock;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeInfoLister;
import io.schedkit.framework.NominatedRequests;
import io.schedkit.framework.ObjectLister;
import io.schedkit.framework.Parallelizer;
import io.schedkit.framework.PluginRunner;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PodNominator;
import io.schedkit.framework.Status;
import io.schedkit.framework.WaitingPod;
import io.schedkit.framework.cluster.ClusterView;
import io.schedkit.framework.extender.Extender;
import io.schedkit.framework.model.Pod;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.Consumer;

/**
 * The {@link FrameworkHandle} of one profile. Plugins receive it while the framework is still being
 * built, so the runner is bound afterwards; calling the runner during plugin construction fails.
 */
final class Handle implements FrameworkHandle, PluginRunner {
  private final String profileName;
  private final FrameworkServices services;
  private final WaitingPods waitingPods;
  private volatile Framework framework;

  Handle(String profileName, FrameworkServices services, WaitingPods waitingPods) {
    this.profileName = profileName;
    this.services = services;
    this.waitingPods = waitingPods;
  }

  void bind(Framework framework) {
    this.framework = framework;
  }

  private Framework framework() {
    Framework f = framework;
    if (f == null) {
      throw new IllegalStateException("the framework is not built yet");
    }
    return f;
  }

  @Override
  public String profileName() {
    return profileName;
  }

  @Override
  public NodeInfoLister snapshot() {
    return services.snapshot().get();
  }

  @Override
  public ObjectLister objects() {
    return services.objects();
  }

  @Override
  public PodNominator nominator() {
    return services.nominator();
  }

  @Override
  public PluginRunner runner() {
    return this;
  }

  @Override
  public Optional<WaitingPod> waitingPod(String uid) {
    return waitingPods.get(uid);
  }

  @Override
  public void forEachWaitingPod(Consumer<WaitingPod> action) {
    waitingPods.forEach(action);
  }

  @Override
  public boolean rejectWaitingPod(String uid) {
    return waitingPods.reject(uid);
  }

  @Override
  public Parallelizer parallelizer() {
    return services.parallelizer();
  }

  @Override
  public List<Extender> extenders() {
    return services.extenders();
  }

  @Override
  public ClusterView cluster() {
    return services.cluster();
  }

  @Override
  public Clock clock() {
    return services.clock();
  }

  @Override
  public Random random() {
    return services.random();
  }

  @Override
  public void activate(Collection<Pod> pods) {
    services.activator().accept(pods);
  }

  @Override
  public Status runPreFilterExtensionAddPod(
      CycleState state, PodInfo podToSchedule, PodInfo podToAdd, NodeInfo node) {
    return framework().runPreFilterExtensionAddPod(state, podToSchedule, podToAdd, node);
  }

  @Override
  public Status runPreFilterExtensionRemovePod(
      CycleState state, PodInfo podToSchedule, PodInfo podToRemove, NodeInfo node) {
    return framework().runPreFilterExtensionRemovePod(state, podToSchedule, podToRemove, node);
  }

  @Override
  public Status runFilterPlugins(CycleState state, PodInfo pod, NodeInfo node) {
    return framework().runFilterPlugins(state, pod, node);
  }

  @Override
  public Status runFilterPluginsWithNominatedPods(CycleState state, PodInfo pod, NodeInfo node) {
    return framework().runFilterPluginsWithNominatedPods(state, pod, node);
  }

  @Override
  public NominatedRequests nominatedRequests(PodInfo pod, NodeInfo node) {
    return framework().nominatedRequests(pod, node);
  }

  @Override
  public NominatedRequests nominatedRequestsAt(PodInfo pod, int position) {
    return framework().nominatedRequestsAt(pod, position);
  }

  @Override
  public List<PodInfo> nominatedPodsAt(int position) {
    return framework().nominatedPodsAt(position);
  }

  @Override
  public boolean runsPreFilterExtensions(CycleState state) {
    return framework().runsPreFilterExtensions(state);
  }

  @Override
  public boolean filtersAreNodeLocal(CycleState state) {
    return framework().filtersAreNodeLocal(state);
  }

  @Override
  public List<String> filterPluginNames(CycleState state) {
    return framework().filterPluginNames(state);
  }
}
