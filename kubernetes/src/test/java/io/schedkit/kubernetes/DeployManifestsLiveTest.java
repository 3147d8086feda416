package io.schedkit.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.authentication.TokenRequest;
import io.fabric8.kubernetes.api.model.authentication.TokenRequestBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.schedkit.framework.config.SchedulerConfiguration;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The manifests of {@code deploy/} against a real API server that enforces RBAC: they are valid
 * objects, and a scheduler authenticated as the {@code schedkit} ServiceAccount, with only the
 * permissions of {@code deploy/rbac.yaml} and the configuration of {@code deploy/configmap.yaml},
 * watches the cluster, takes its Lease and binds pods (any missing permission fails with 403).
 */
@ExtendWith(RealApiServer.class)
@ApiServerArgs("--authorization-mode=RBAC")
final class DeployManifestsLiveTest {
  private static final Path DEPLOY = Path.of("..", "deploy");

  @Test
  void manifestsApply_andTheServiceAccountCanScheduleWithThem(KubeApiServer server)
      throws Exception {
    try (KubernetesClient admin = server.client()) {
      List<String> files =
          List.of(
              "namespace.yaml",
              "serviceaccount.yaml",
              "rbac.yaml",
              "configmap.yaml",
              "deployment.yaml");
      for (String f : files) {
        try (InputStream in = Files.newInputStream(DEPLOY.resolve(f))) {
          for (HasMetadata o : admin.load(in).items()) {
            admin.resource(o).create();
          }
        }
      }
      assertThat(
              admin
                  .apps()
                  .deployments()
                  .inNamespace("schedkit")
                  .withName("schedkit")
                  .get()
                  .getSpec()
                  .getReplicas())
          .isEqualTo(2);
      String configYaml =
          admin
              .configMaps()
              .inNamespace("schedkit")
              .withName("schedkit-config")
              .get()
              .getData()
              .get("config.yaml");
      SchedulerConfiguration config =
          LiveSchedulers.config(configYaml.substring(configYaml.indexOf("clientConnection")));
      assertThat(config.leaderElection().leaderElect()).isTrue();
      assertThat(config.profiles()).extracting(p -> p.schedulerName()).containsExactly("schedkit");

      TokenRequest token =
          admin
              .serviceAccounts()
              .inNamespace("schedkit")
              .withName("schedkit")
              .tokenRequest(
                  new TokenRequestBuilder()
                      .withNewSpec()
                      .withExpirationSeconds(3600L)
                      .endSpec()
                      .build());
      Config asSchedkit =
          new ConfigBuilder(server.config()).withOauthToken(token.getStatus().getToken()).build();
      admin
          .resource(new NamespaceBuilder().withNewMetadata().withName("apps").endMetadata().build())
          .create();
      admin.resource(TestObjects.node("worker", "8", "32Gi")).create();
      try (KubernetesClient client =
              KubernetesClients.build(asSchedkit, config.clientConnection());
          LiveSchedulers live = LiveSchedulers.start(client, config, "schedkit-0")) {
        List<HasMetadata> pods = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
          pods.add(TestObjects.pod("apps", "p-" + i, "schedkit", "100m", "64Mi"));
        }
        TestObjects.createAll(admin, pods);
        Await.until(
            "10 pods bound by the ServiceAccount's scheduler",
            Duration.ofSeconds(60),
            () ->
                TestObjects.pods(admin, "apps").stream()
                    .map(Pod::getSpec)
                    .allMatch(s -> s.getNodeName() != null));
        assertThat(
                admin
                    .leases()
                    .inNamespace("schedkit")
                    .withName("schedkit")
                    .get()
                    .getSpec()
                    .getHolderIdentity())
            .isEqualTo("schedkit-0");
        assertThat(live.scheduler.boundCount()).isEqualTo(10);
        Await.until(
            "the Scheduled events written with the ServiceAccount",
            Duration.ofSeconds(30),
            () ->
                admin.v1().events().inNamespace("apps").list().getItems().stream()
                        .filter(e -> "Scheduled".equals(e.getReason()))
                        .count()
                    == 10);
      }
    }
  }
}
