package io.schedkit.plugins.coscheduling;

import static io.schedkit.testing.Wrappers.makeNode;
import static io.schedkit.testing.Wrappers.makePod;

import io.schedkit.framework.Status;
import io.schedkit.framework.WaitingPod;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodGroup;
import io.schedkit.testing.FakeHandle;
import io.schedkit.testing.PodWrapper;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** Fixtures of the coscheduling tests: group members, PodGroups, a one-node fake cluster. */
final class CoschedulingFixtures {
  private CoschedulingFixtures() {}

  /** The node of upstream's tables: {@code node} with 4 cpus. */
  static final Node NODE = makeNode().name("node").capacity(Map.of("cpu", "4")).obj();

  /** A pod {@code namespace/name} (UID = name) in group {@code group}. */
  static PodWrapper member(String namespace, String name, String group) {
    return makePod().name(name).namespace(namespace).uid(name).podGroup(group);
  }

  /** A pod {@code namespace/name} (UID = name) in no group. */
  static PodWrapper loner(String namespace, String name) {
    return makePod().name(name).namespace(namespace).uid(name);
  }

  /** The PodGroup {@code namespace/name} with {@code minMember}. */
  static PodGroup group(String namespace, String name, int minMember) {
    return PodGroup.builder().namespace(namespace).name(name).minMember(minMember).build();
  }

  /** The PodGroup {@code namespace/name} with {@code minMember} and a Permit timeout. */
  static PodGroup group(String namespace, String name, int minMember, int timeoutSeconds) {
    return PodGroup.builder()
        .namespace(namespace)
        .name(name)
        .minMember(minMember)
        .scheduleTimeoutSeconds(timeoutSeconds)
        .build();
  }

  /** A fake cluster of {@link #NODE}, {@code pods} and {@code groups}. */
  static FakeHandle.Builder cluster(List<Pod> pods, List<PodGroup> groups) {
    return FakeHandle.builder().nodes(NODE).pods(pods).objects(groups);
  }

  /** Parks {@code pod} at Permit on {@code node} for the plugin, as the framework would. */
  static CompletableFuture<Status> park(FakeHandle handle, Pod pod) {
    WaitingPod w =
        handle
            .waitingPods()
            .add(pod, pod.nodeName(), Map.of(Coscheduling.NAME, Duration.ofSeconds(60)));
    return handle.waitingPods().outcome(w.pod()).toCompletableFuture();
  }
}
