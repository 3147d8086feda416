package io.schedkit.kubernetes;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Runs a test class against a real etcd and kube-apiserver ({@link KubeApiServer}), one server per
 * class, from the binaries in the folder named by {@code KUBEBUILDER_ASSETS}, with the class's
 * {@link ApiServerArgs} if any; injects the server as a {@link KubeApiServer} parameter. Without
 * the variable the class is skipped with one line saying so, so the build passes on any machine
 * with a JDK.
 */
public final class RealApiServer
    implements ExecutionCondition, BeforeAllCallback, AfterAllCallback, ParameterResolver {
  /** The reason given when the assets are missing. */
  public static final String SKIP = "KUBEBUILDER_ASSETS not set: skipping real API server tests";

  private static final ExtensionContext.Namespace NS =
      ExtensionContext.Namespace.create(RealApiServer.class);

  private static Path assets() {
    String a = System.getenv("KUBEBUILDER_ASSETS");
    return a == null || a.isEmpty() ? null : Path.of(a);
  }

  @Override
  public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
    Path a = assets();
    if (a == null) {
      return ConditionEvaluationResult.disabled(SKIP);
    }
    if (!Files.isExecutable(a.resolve("kube-apiserver"))
        || !Files.isExecutable(a.resolve("etcd"))) {
      return ConditionEvaluationResult.disabled(
          "KUBEBUILDER_ASSETS=" + a + " holds no executable etcd and kube-apiserver: skipping");
    }
    return ConditionEvaluationResult.enabled("KUBEBUILDER_ASSETS=" + a);
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    ApiServerArgs args = context.getRequiredTestClass().getAnnotation(ApiServerArgs.class);
    context
        .getStore(NS)
        .put(
            KubeApiServer.class,
            KubeApiServer.start(
                assets(), args == null ? java.util.List.of() : java.util.List.of(args.value())));
  }

  @Override
  public void afterAll(ExtensionContext context) {
    KubeApiServer s = context.getStore(NS).remove(KubeApiServer.class, KubeApiServer.class);
    if (s != null) {
      s.close();
    }
  }

  @Override
  public boolean supportsParameter(ParameterContext p, ExtensionContext c) {
    return p.getParameter().getType() == KubeApiServer.class;
  }

  @Override
  public Object resolveParameter(ParameterContext p, ExtensionContext c) {
    return c.getStore(NS).get(KubeApiServer.class, KubeApiServer.class);
  }
}
