package io.schedkit.core.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.Workload;
import io.schedkit.framework.model.WorkloadSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Workload controllers with their templates: decoded, validated, written back. */
final class KubeCodecWorkloadTest {
  private final KubeCodec codec = new KubeCodec();

  private static final String CONTROLLERS =
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: nginx-deployment
        labels: {app.kubernetes.io/name: nginx}
      spec:
        replicas: 3
        paused: false
        selector:
          matchLabels: {app.kubernetes.io/name: nginx}
        template:
          metadata:
            labels: {app.kubernetes.io/name: nginx}
            annotations: {schedkit.io/duration: "60"}
          spec:
            containers:
            - name: nginx
              image: nginx:1.14.2
              resources: {requests: {cpu: 250m}}
      ---
      apiVersion: apps/v1
      kind: StatefulSet
      metadata: {name: zk, namespace: data}
      spec:
        selector: {matchLabels: {app: zk}}
        replicas: 3
        podManagementPolicy: Parallel
        ordinals: {start: 5}
        template:
          metadata: {labels: {app: zk}}
          spec:
            containers: [{name: zk, image: zk}]
      ---
      apiVersion: apps/v1
      kind: DaemonSet
      metadata: {name: fluentd, namespace: kube-system}
      spec:
        selector: {matchLabels: {name: fluentd}}
        template:
          metadata: {labels: {name: fluentd}}
          spec:
            tolerations: [{key: node-role.kubernetes.io/master, effect: NoSchedule}]
            containers: [{name: fluentd, image: fluentd}]
      ---
      apiVersion: batch/v1
      kind: Job
      metadata: {name: pi}
      spec:
        completions: 8
        parallelism: 2
        completionMode: Indexed
        backoffLimit: 4
        suspend: true
        template:
          spec:
            containers: [{name: pi, image: perl}]
            restartPolicy: Never
      ---
      apiVersion: v1
      kind: ReplicationController
      metadata: {name: legacy}
      spec:
        replicas: 2
        selector: {app: legacy}
        template:
          metadata: {labels: {app: legacy}}
          spec:
            containers: [{name: c, image: c}]
      """;

  @Test
  void decode_readsEachControllersTemplateAndCounts() {
    List<KubeObject> objects = codec.decode(CONTROLLERS, "controllers.yaml").objects();

    assertThat(objects)
        .extracting(KubeObject::kind)
        .containsExactly("Deployment", "StatefulSet", "DaemonSet", "Job", "ReplicationController");
    Workload deployment = (Workload) objects.get(0);
    assertThat(deployment.spec().replicas()).isEqualTo(3);
    assertThat(deployment.template().metadata().labels())
        .containsEntry("app.kubernetes.io/name", "nginx");
    assertThat(deployment.template().metadata().annotations())
        .containsEntry("schedkit.io/duration", "60");
    assertThat(deployment.template().spec().containers().get(0).image()).isEqualTo("nginx:1.14.2");
    Workload zk = (Workload) objects.get(1);
    assertThat(zk.spec().parallelPodManagement()).isTrue();
    assertThat(zk.spec().ordinalsStart()).isEqualTo(5);
    Workload ds = (Workload) objects.get(2);
    assertThat(ds.apiVersion()).isEqualTo("apps/v1");
    assertThat(ds.template().spec().tolerations()).hasSize(1);
    Workload job = (Workload) objects.get(3);
    assertThat(job.apiVersion()).isEqualTo("batch/v1");
    assertThat(job.spec())
        .extracting(
            WorkloadSpec::completions,
            WorkloadSpec::parallelism,
            WorkloadSpec::indexed,
            WorkloadSpec::backoffLimit,
            WorkloadSpec::suspend)
        .containsExactly(8, 2, true, 4, true);
    Workload rc = (Workload) objects.get(4);
    assertThat(rc.spec().replicas()).isEqualTo(2);
    assertThat(rc.selector().matchLabels()).containsEntry("app", "legacy");
  }

  @Test
  void writeThenDecode_givesTheSameControllers() {
    List<KubeObject> objects = codec.decode(CONTROLLERS, "controllers.yaml").objects();

    String yaml = codec.toYaml(objects);
    List<KubeObject> back = codec.decode(yaml, "written.yaml").objects();

    assertThat(back).isEqualTo(objects);
    assertThat(yaml).contains("apiVersion: batch/v1\nkind: Job");
  }

  @Test
  void decode_refusesATemplateItsSelectorDoesNotSelect() {
    String yaml =
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web}
        spec:
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: api}}
            spec:
              containers: [{name: c, image: c}]
        """;

    assertThatThrownBy(() -> codec.decode(yaml, "web.yaml"))
        .isInstanceOf(KubeDecodeException.class)
        .hasMessage(
            "web.yaml: Deployment default/web: spec.template.metadata.labels: Invalid value:"
                + " map[string]string{\"app\":\"api\"}: `selector` does not match template"
                + " `labels`");
  }

  @Test
  void decode_refusesNegativeReplicasAndAnUnknownPolicy() {
    assertThatThrownBy(
            () ->
                codec.decode(
                    "apiVersion: apps/v1\nkind: ReplicaSet\nmetadata: {name: rs}\n"
                        + "spec: {replicas: -1}\n",
                    "rs.yaml"))
        .hasMessage(
            "rs.yaml: ReplicaSet default/rs: spec.replicas: Invalid value: -1: must be greater"
                + " than or equal to 0");
    assertThatThrownBy(
            () ->
                codec.decode(
                    "apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: ss}\n"
                        + "spec: {podManagementPolicy: Sometimes}\n",
                    "ss.yaml"))
        .hasMessage(
            "ss.yaml: StatefulSet default/ss: spec.podManagementPolicy: Unsupported value:"
                + " \"Sometimes\": supported values: \"OrderedReady\", \"Parallel\"");
  }
}
