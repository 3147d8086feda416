package io.schedkit.simulation.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.simulation.SimulationEvent;
import io.schedkit.simulation.SimulationResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Pods' lives and preemptions from simulation events. */
final class TimelineTest {

  @Test
  void onEvent_recordsEachPodsLife() {
    Timeline t = new Timeline();
    t.onEvent(new SimulationEvent.Started(0, 3, 2));
    t.onEvent(new SimulationEvent.Created(1, "Pod", "ns/low"));
    t.onEvent(new SimulationEvent.Bound(1, "ns/low", "n1"));
    t.onEvent(new SimulationEvent.Created(2, "Node", "n3"));
    t.onEvent(new SimulationEvent.Created(5, "Pod", "ns/high"));
    t.onEvent(new SimulationEvent.Unschedulable(5, "ns/high", "0/2 nodes are available: ..."));
    t.onEvent(new SimulationEvent.Evicted(5, "ns/low", "n1", "ns/high"));
    t.onEvent(new SimulationEvent.Evicted(5, "kube-system/old", "n2", "ns/high"));
    t.onEvent(new SimulationEvent.Bound(6, "ns/high", "n1"));
    t.onEvent(new SimulationEvent.Completed(16, "ns/high", "n1"));
    t.onEvent(new SimulationEvent.Created(20, "Pod", "ns/never"));
    t.onEvent(
        new SimulationEvent.Finished(30, new SimulationResult.Stats(3, 1, 1, 2, 4, 30, 0.1, 30)));

    List<Timeline.PodLife> pods = t.pods();
    assertThat(pods)
        .extracting(Timeline.PodLife::pod)
        .containsExactly("ns/low", "ns/high", "kube-system/old", "ns/never");
    Timeline.PodLife low = pods.get(0);
    assertThat(low.outcome()).isEqualTo(Timeline.Outcome.EVICTED);
    assertThat(low.evictedBy()).isEqualTo("ns/high");
    assertThat(low.ended()).isEqualTo(5);
    Timeline.PodLife high = pods.get(1);
    assertThat(high.created()).isEqualTo(5);
    assertThat(high.bound()).isEqualTo(6);
    assertThat(high.waited()).isEqualTo(1);
    assertThat(high.firstUnschedulable()).isEqualTo(5);
    assertThat(high.outcome()).isEqualTo(Timeline.Outcome.COMPLETED);
    Timeline.PodLife old = pods.get(2);
    assertThat(old.created()).isZero();
    assertThat(old.bound()).isZero(); // it was running when the cluster was loaded
    assertThat(old.node()).isEqualTo("n2");
    Timeline.PodLife never = pods.get(3);
    assertThat(never.outcome()).isEqualTo(Timeline.Outcome.PENDING);
    assertThat(never.bound()).isNaN();
    assertThat(t.preemptions())
        .containsExactly(
            new Timeline.Preemption(5, "ns/high", "ns/low", "n1"),
            new Timeline.Preemption(5, "ns/high", "kube-system/old", "n2"));
    assertThat(t.end()).isEqualTo(30);
    assertThat(t.finished()).isTrue();
  }

  @Test
  void onEvent_aPodCreatedAgainUnderItsName_hasASecondLife() {
    Timeline t = new Timeline();
    t.onEvent(new SimulationEvent.Created(0, "Pod", "default/zk-1"));
    t.onEvent(new SimulationEvent.Bound(0, "default/zk-1", "n1"));
    t.onEvent(new SimulationEvent.Evicted(10, "default/zk-1", "n1", "default/big"));
    t.onEvent(new SimulationEvent.Created(10, "Pod", "default/zk-1"));
    t.onEvent(new SimulationEvent.Bound(12, "default/zk-1", "n2"));

    List<Timeline.PodLife> lives = t.pods();

    assertThat(lives)
        .extracting(Timeline.PodLife::pod)
        .containsExactly("default/zk-1", "default/zk-1");
    assertThat(lives.get(0).outcome()).isEqualTo(Timeline.Outcome.EVICTED);
    assertThat(lives.get(0).node()).isEqualTo("n1");
    assertThat(lives.get(1).created()).isEqualTo(10);
    assertThat(lives.get(1).bound()).isEqualTo(12);
    assertThat(lives.get(1).node()).isEqualTo("n2");
    assertThat(lives.get(1).outcome()).isEqualTo(Timeline.Outcome.RUNNING);
  }
}
