package io.schedkit.simulation;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.framework.model.ObjectMeta;
import io.schedkit.framework.model.PodSpec;
import io.schedkit.framework.model.PodTemplateSpec;
import java.util.Random;
import org.junit.jupiter.api.Test;

final class WorkloadPodsTest {

  @Test
  void safeEncode_mapsEachCharacterAsClientGo() {
    // client-go: alphanums[int(b)%len(alphanums)]; '0' is 48, 48 % 27 = 21 -> '4'.
    assertThat(WorkloadPods.safeEncode("0123456789")).isEqualTo("456789bcdf");
  }

  @Test
  void generateName_cutsThePrefixTo58CharactersAndAddsFive() {
    String prefix = "a".repeat(70) + "-";

    String name = WorkloadPods.generateName(prefix, new Random(1));

    assertThat(name).hasSize(63).startsWith("a".repeat(58));
    assertThat(name.substring(58)).matches("[" + WorkloadPods.ALPHANUMS + "]{5}");
  }

  @Test
  void templateHash_isStableAndShapedAsUpstreams() {
    PodTemplateSpec t =
        new PodTemplateSpec(
            ObjectMeta.builder().label("app", "web").build(), PodSpec.builder().build());
    PodTemplateSpec other =
        new PodTemplateSpec(
            ObjectMeta.builder().label("app", "api").build(), PodSpec.builder().build());

    assertThat(WorkloadPods.templateHash(t)).isEqualTo(WorkloadPods.templateHash(t));
    assertThat(WorkloadPods.templateHash(t)).matches("[" + WorkloadPods.ALPHANUMS + "]{1,10}");
    assertThat(WorkloadPods.templateHash(t)).isNotEqualTo(WorkloadPods.templateHash(other));
  }
}
