package io.schedkit.cli;

import static io.schedkit.cli.CliFixtures.resource;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Bad input exits 2 with one message on stderr that names the file, the object and the field, and
 * no stack trace; objects of unknown kinds only warn; an internal error exits 3.
 */
final class BadInputTest {
  @TempDir Path dir;

  private static final String POD_WITH_CPU =
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: bad
      spec:
        containers:
        - name: app
          image: app:1
          resources:
            requests:
              cpu: %s
      """;

  private String file(String name, String content) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, content);
    return p.toString();
  }

  /** A case: the files to write (name, content, ...), the arguments, the expected message. */
  record Case(String name, List<String> files, List<String> args, List<String> expected) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Arguments> cases() {
    String cluster = resource("cluster.yaml");
    String pod = resource("pod-fits.yaml");
    String workload = resource("workload.yaml");
    return Stream.of(
            new Case(
                "explain: missing cluster file",
                List.of(),
                List.of("explain", "--cluster", "$/missing.yaml", "--pod", pod),
                List.of("$/missing.yaml: cannot read file: no such file")),
            new Case(
                "simulate: missing workload file",
                List.of(),
                List.of("simulate", "--cluster", cluster, "--workload", "$/nope.yaml"),
                List.of("$/nope.yaml: cannot read file: no such file")),
            new Case(
                "explain: malformed YAML",
                List.of("broken.yaml", "kind: Pod\nmetadata: {name: [x\n"),
                List.of("explain", "--cluster", cluster, "--pod", "$/broken.yaml"),
                List.of("$/broken.yaml: line ")),
            new Case(
                "explain: invalid quantity",
                List.of("pod.yaml", POD_WITH_CPU.formatted("2x")),
                List.of("explain", "--cluster", cluster, "--pod", "$/pod.yaml"),
                List.of(
                    "$/pod.yaml: Pod default/bad: spec.containers[0].resources.requests.cpu: ")),
            new Case(
                "explain: quantity with a huge exponent",
                List.of("pod.yaml", POD_WITH_CPU.formatted("1E2147483647")),
                List.of("explain", "--cluster", cluster, "--pod", "$/pod.yaml"),
                List.of(
                    "$/pod.yaml: Pod default/bad: spec.containers[0].resources.requests.cpu:"
                        + " Invalid value: \"1E2147483647\": numeric overflow")),
            new Case(
                "explain: 2,000 nested lists in YAML",
                List.of("deep.yaml", "kind: Pod\nx: " + "[".repeat(2000) + "]".repeat(2000)),
                List.of("explain", "--cluster", cluster, "--pod", "$/deep.yaml"),
                List.of("$/deep.yaml: line 2, column ", "nesting deeper than 200 levels")),
            new Case(
                "explain: 2,000 nested lists in JSON",
                List.of("deep.json", "{\"kind\": \"Pod\", \"spec\": " + "[".repeat(2000)),
                List.of("explain", "--cluster", cluster, "--pod", "$/deep.json"),
                List.of("$/deep.json: ", "nesting deeper than 200 levels")),
            new Case(
                "simulate: negative request",
                List.of("w.yaml", POD_WITH_CPU.formatted("\"-1\"")),
                List.of("simulate", "--cluster", cluster, "--workload", "$/w.yaml"),
                List.of("$/w.yaml: Pod default/bad: spec.containers[0].resources.requests")),
            new Case(
                "explain: pod file without pods",
                List.of("nodes.yaml", "apiVersion: v1\nkind: List\nitems: []\n"),
                List.of("explain", "--cluster", cluster, "--pod", "$/nodes.yaml"),
                List.of("$/nodes.yaml: no Pod found")),
            new Case(
                "explain: invalid config value",
                List.of(
                    "sched.yaml",
                    "apiVersion: kubescheduler.config.k8s.io/v1\n"
                        + "kind: KubeSchedulerConfiguration\nparallelism: 0\n"),
                List.of("explain", "--cluster", cluster, "--pod", pod, "--config", "$/sched.yaml"),
                List.of("$/sched.yaml: parallelism: Invalid value: 0")),
            new Case(
                "explain: config of another kind",
                List.of("sched.yaml", "apiVersion: v1\nkind: ConfigMap\n"),
                List.of("explain", "--cluster", cluster, "--pod", pod, "--config", "$/sched.yaml"),
                List.of("$/sched.yaml: ")),
            new Case(
                "simulate: config enabling an unknown plugin",
                List.of(
                    "sched.yaml",
                    "apiVersion: kubescheduler.config.k8s.io/v1\n"
                        + "kind: KubeSchedulerConfiguration\nprofiles:\n"
                        + "- plugins:\n    filter:\n      enabled:\n      - name: NoSuchPlugin\n"),
                List.of(
                    "simulate",
                    "--cluster",
                    cluster,
                    "--workload",
                    workload,
                    "--config",
                    "$/sched.yaml"),
                List.of("$/sched.yaml: ", "NoSuchPlugin")),
            new Case(
                "simulate: invalid arrival annotation",
                List.of(
                    "w.yaml",
                    "apiVersion: v1\nkind: Pod\nmetadata:\n  name: late\n"
                        + "  annotations: {schedkit.io/arrival: soon}\n"
                        + "spec:\n  containers: [{name: a, image: a}]\n"),
                List.of("simulate", "--cluster", cluster, "--workload", "$/w.yaml"),
                List.of(
                    "$/w.yaml: Pod default/late: metadata.annotations[schedkit.io/arrival]:"
                        + " Invalid value: \"soon\": must be a non-negative number of seconds")),
            new Case(
                "simulate: workload pod already in the cluster",
                List.of(
                    "w.yaml",
                    "apiVersion: v1\nkind: Pod\nmetadata:\n  name: db-0\n"
                        + "spec:\n  containers: [{name: a, image: a}]\n"),
                List.of("simulate", "--cluster", cluster, "--workload", "$/w.yaml"),
                List.of("$/w.yaml: Pod default/db-0: already exists in " + cluster)),
            new Case(
                "explain: duplicate object in the cluster",
                List.of(
                    "c.yaml",
                    "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n---\n"
                        + "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n"),
                List.of("explain", "--cluster", "$/c.yaml", "--pod", pod),
                List.of("$/c.yaml: ", "n1", "already exists")),
            new Case(
                "explain: unknown format",
                List.of(),
                List.of("explain", "--cluster", cluster, "--pod", pod, "--format", "yaml"),
                List.of("--format", "yaml")),
            new Case(
                "simulate: seed is not a number",
                List.of(),
                List.of("simulate", "--cluster", cluster, "--workload", workload, "--seed", "x"),
                List.of("--seed", "'x'")))
        .map(Arguments::of);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void badInput_exits2WithOneMessageNamingTheFile(Case c) throws IOException {
    for (int i = 0; i < c.files().size(); i += 2) {
      file(c.files().get(i), c.files().get(i + 1));
    }
    List<String> args = new ArrayList<>();
    for (String a : c.args()) {
      args.add(a.replace("$", dir.toString()));
    }

    CliFixtures.Result r = CliFixtures.run(args.toArray(String[]::new));

    assertThat(r.exit()).as(r.err()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).doesNotContain("Exception", "\tat ");
    String message = r.errorLines().get(0);
    String first = c.expected().get(0).replace("$", dir.toString());
    assertThat(message).startsWith(first.startsWith("--") ? "" : first);
    for (String part : c.expected()) {
      assertThat(message).contains(part.replace("$", dir.toString()));
    }
    if (!c.args().contains("--format") && !c.args().contains("--seed")) {
      assertThat(r.errorLines()).hasSize(1);
    }
  }

  @Test
  void unknownKind_isOnlyAWarning() throws IOException {
    String cluster =
        file(
            "cluster.yaml",
            Files.readString(Path.of(resource("cluster.yaml")))
                + "---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings}\n"
                + "---\napiVersion: batch/v1\nkind: CronJob\n"
                + "metadata: {name: nightly, namespace: shop}\n");

    CliFixtures.Result r =
        CliFixtures.run(
            "explain",
            "--cluster",
            cluster,
            "--pod",
            resource("pod-fits.yaml"),
            "--format",
            "json");

    assertThat(r.exit()).isZero();
    assertThat(r.jsonLines()).hasSize(1);
    assertThat(r.warnings())
        .contains(
            "warning: " + cluster + ": ignoring object of unknown kind ConfigMap settings",
            "warning: " + cluster + ": ignoring object of unknown kind CronJob shop/nightly");
    assertThat(r.errorLines()).isEmpty();
  }

  @Command(name = "boom")
  static final class Boom implements Callable<Integer> {
    @Override
    public Integer call() {
      throw new IllegalStateException("kaboom");
    }
  }

  @Test
  void internalError_exits3_stackTraceOnlyWithDebug() {
    CommandLine quiet = SchedkitCli.commandLine();
    quiet.addSubcommand(new Boom());
    CommandLine debug = SchedkitCli.commandLine();
    debug.addSubcommand(new Boom());

    CliFixtures.Result plain = CliFixtures.run(quiet, "boom");
    CliFixtures.Result traced = CliFixtures.run(debug, "boom", "--debug");

    assertThat(plain.exit()).isEqualTo(3);
    assertThat(plain.err())
        .startsWith("schedkit: internal error: java.lang.IllegalStateException: kaboom")
        .doesNotContain("\tat ");
    assertThat(traced.exit()).isEqualTo(3);
    assertThat(traced.err()).contains("kaboom", "\tat ");
  }
}
