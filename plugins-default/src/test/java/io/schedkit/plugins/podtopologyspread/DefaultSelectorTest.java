package io.schedkit.plugins.podtopologyspread;

import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.LabelSelectorRequirement;
import io.schedkit.framework.model.ObjectMeta;
import io.schedkit.framework.model.OwnerReference;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.Service;
import io.schedkit.framework.model.Workload;
import io.schedkit.testing.FakeHandle;
import io.schedkit.testing.Wrappers;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The selector of default constraints, as upstream's {@code helper.DefaultSelector}. */
final class DefaultSelectorTest {

  private static final ObjectMeta RS1 = ObjectMeta.builder().namespace("default").name("w").build();

  private static Pod owned(String apiVersion, String kind) {
    return pod("p")
        .label("app", "web")
        .label("tier", "front")
        .ownerReference(
            OwnerReference.builder()
                .apiVersion(apiVersion)
                .kind(kind)
                .name("w")
                .controller(true)
                .build())
        .obj();
  }

  private static Service service(String namespace, Map<String, String> selector) {
    String name =
        "s-" + String.join("-", selector.keySet()) + "-" + String.join("-", selector.values());
    return Service.builder().namespace(namespace).name(name).selector(selector).build();
  }

  static Stream<Arguments> cases() {
    LabelSelector rsSelector =
        Wrappers.makeLabelSelector().label("app", "web").exists("tier").obj();
    List<LabelSelectorRequirement> rsRequirements =
        List.of(LabelSelectorRequirement.in("app", "web"), LabelSelectorRequirement.exists("tier"));
    return Stream.of(
        arguments(
            "no service, no controller",
            pod("p").label("app", "web").obj(),
            List.of(),
            LabelSelector.everything()),
        arguments(
            "services selecting the pod are merged, others ignored",
            pod("p").label("app", "web").label("tier", "front").obj(),
            List.of(
                service("default", Map.of("app", "web")),
                service("default", Map.of("tier", "front")),
                service("default", Map.of("app", "db")),
                service("other", Map.of("app", "web"))),
            LabelSelector.of(Map.of("app", "web", "tier", "front"))),
        arguments(
            "replication controller selector joins the labels",
            owned("v1", Workload.REPLICATION_CONTROLLER),
            List.of(Workload.replicationController(RS1, Map.of("tier", "front"))),
            LabelSelector.of(Map.of("tier", "front"))),
        arguments(
            "replica set selector adds its requirements",
            owned("apps/v1", Workload.REPLICA_SET),
            List.of(service("default", Map.of("app", "web")), Workload.replicaSet(RS1, rsSelector)),
            new LabelSelector(Map.of("app", "web"), rsRequirements)),
        arguments(
            "stateful set selector adds its requirements",
            owned("apps/v1", Workload.STATEFUL_SET),
            List.of(Workload.statefulSet(RS1, rsSelector)),
            new LabelSelector(Map.of(), rsRequirements)),
        arguments(
            "replica set of another API group is not a supported controller",
            owned("extensions/v1beta1", Workload.REPLICA_SET),
            List.of(Workload.replicaSet(RS1, rsSelector)),
            LabelSelector.everything()),
        arguments(
            "unparsable apiVersion is ignored",
            owned("apps/v1/x", Workload.REPLICA_SET),
            List.of(Workload.replicaSet(RS1, rsSelector)),
            LabelSelector.everything()),
        arguments(
            "replica set without selector adds nothing",
            owned("apps/v1", Workload.REPLICA_SET),
            List.of(Workload.replicaSet(RS1, null)),
            LabelSelector.everything()),
        arguments(
            "unknown controller is ignored",
            owned("apps/v1", Workload.REPLICA_SET),
            List.of(),
            LabelSelector.everything()),
        arguments(
            "an owner that is not the controller is ignored",
            pod("p")
                .label("app", "web")
                .ownerReference(
                    OwnerReference.builder()
                        .apiVersion("apps/v1")
                        .kind(Workload.REPLICA_SET)
                        .name("w")
                        .build())
                .obj(),
            List.of(Workload.replicaSet(RS1, rsSelector)),
            LabelSelector.everything()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void of_mergesServicesAndController(
      String name, Pod pod, List<KubeObject> objects, LabelSelector want) {
    FakeHandle handle = FakeHandle.builder().objects(objects).build();

    assertThat(DefaultSelector.of(pod, handle.objects())).isEqualTo(want);
  }
}
