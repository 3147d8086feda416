package io.schedkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

final class BenchCommandTest {

  private record Run(int exit, String out, String err) {}

  private static Run run(String... args) {
    CommandLine cl = BenchCommand.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(err));
    int exit = cl.execute(args);
    return new Run(exit, out.toString(), err.toString());
  }

  @Test
  void json_tinyScaledWorkload_printsTheContractFields() {
    Run r =
        run(
            "SchedulingBasic/5000Nodes_10000Pods",
            "--scale",
            "0.01",
            "--warmup",
            "0",
            "--parallelism",
            "1",
            "--format",
            "json");

    assertThat(r.exit()).as(r.err()).isZero();
    List<String> lines = r.out().lines().toList();
    assertThat(lines).hasSize(1);
    String json = lines.get(0);
    assertThat(json)
        .startsWith("{\"name\":\"SchedulingBasic/5000Nodes_10000Pods\",")
        .contains("\"nodes\":50,", "\"initPods\":10,", "\"measuredPods\":100,")
        .contains("\"boundPods\":100,", "\"mode\":\"adaptive\"", "\"threads\":1")
        .contains("\"kubeThresholdPodsPerSecond\":680}");
    assertThat(number(json, "podsPerSecond")).isPositive();
    double p50 = number(json, "p50Micros");
    assertThat(p50).isPositive();
    assertThat(number(json, "p99Micros")).isGreaterThanOrEqualTo(p50);
    assertThat(number(json, "heapUsedMiB")).isPositive();
  }

  @Test
  void list_prefix_namesTheTestCasesWorkloads() {
    Run r = run("--list", "SchedulingBasic");

    assertThat(r.exit()).isZero();
    assertThat(r.out().lines())
        .containsExactly(
            "SchedulingBasic/500Nodes",
            "SchedulingBasic/5000Nodes_10000Pods",
            "SchedulingBasic/5000Nodes_50000Pods",
            "SchedulingBasic/15000Nodes",
            "SchedulingBasic/5000Nodes_10000Pods_ReplicaSet",
            "SchedulingBasic/15000Nodes_150000InitPods");
  }

  @Test
  void unknownName_exitsWithUsageError() {
    Run r = run("NoSuchWorkload/1Node", "--list");

    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("no workload named NoSuchWorkload/1Node");
    assertThat(r.out()).isEmpty();
  }

  @Test
  void text_printsHeaderAndOneRowPerWorkload() {
    Run r =
        run(
            "TopologySpreading/5000Nodes_5000Pods",
            "--scale",
            "0.01",
            "--warmup",
            "0",
            "--parallelism",
            "1");

    assertThat(r.exit()).as(r.err()).isZero();
    List<String> lines = r.out().lines().toList();
    assertThat(lines).hasSize(3);
    assertThat(lines.get(0))
        .startsWith("WORKLOAD")
        .contains("PODS/S", "P50(us)", "P99(us)", " KUBE* ");
    assertThat(lines.get(1))
        .startsWith("TopologySpreading/5000Nodes_5000Pods")
        .contains(" 460 ", "adaptive/1t")
        .doesNotContain("bound)");
    // kube-scheduler's floor (460 pods/s) is for 5000 nodes, not for this run's 50: said so
    assertThat(lines.get(2))
        .isEqualTo(
            "* KUBE: kube-scheduler's scheduler_perf CI floor in pods/s for the full-size"
                + " workload (--scale 1), not for these rows at --scale 0.01.");
  }

  @Test
  void scaledFloorNote_namesTheScaleAsGiven() {
    assertThat(BenchCommand.scaledFloorNote(0.5)).endsWith("at --scale 0.5.");
    assertThat(BenchCommand.scaledFloorNote(2)).endsWith("at --scale 2.");
    assertThat(BenchCommand.scaledFloorNote(0.1)).contains("full-size workload (--scale 1)");
  }

  @Test
  void runs_measuresSeveralTimes_andReportsOneCompleteRun() {
    Run r =
        run(
            "SchedulingBasic/500Nodes",
            "--scale",
            "0.02",
            "--warmup",
            "0",
            "--runs",
            "3",
            "--parallelism",
            "1",
            "--format",
            "json");

    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out().lines()).hasSize(1);
    assertThat(number(r.out(), "boundPods")).isEqualTo(number(r.out(), "measuredPods"));
  }

  @Test
  void runs_belowOne_isAUsageError() {
    Run r = run("SchedulingBasic/500Nodes", "--runs", "0");

    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("runs must be at least 1, got 0");
  }

  @Test
  void warmupTime_negative_isAUsageError() {
    Run r = run("SchedulingBasic/500Nodes", "--warmup-time", "-1");

    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("warmupSeconds must not be negative");
  }

  @Test
  void warmupTime_runsAndStillReportsOneMeasuredRun() {
    Run r =
        run(
            "SchedulingBasic/500Nodes",
            "--scale",
            "0.02",
            "--warmup",
            "0.5",
            "--warmup-time",
            "0.05",
            "--parallelism",
            "1",
            "--format",
            "json");

    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out().lines()).hasSize(1);
    assertThat(number(r.out(), "boundPods")).isEqualTo(number(r.out(), "measuredPods"));
  }

  @Test
  void defaults_warmUpForOneFullRunAndSixSeconds_andTheHelpSaysSo() {
    BenchCommand command = new BenchCommand();
    assertThat(command.warmup).isEqualTo(1.0);
    assertThat(command.warmupTime).isEqualTo(6.0);

    StringWriter help = new StringWriter();
    BenchCommand.commandLine().usage(new PrintWriter(help));
    String text = help.toString().replaceAll("\\s+", " ");
    assertThat(text).contains("(default 1.0; 0 for none)").contains("(default 6.0; 0 for none)");
  }

  private static double number(String json, String field) {
    Matcher m = Pattern.compile("\"" + field + "\":([0-9.]+)").matcher(json);
    assertThat(m.find()).as(field + " in " + json).isTrue();
    return Double.parseDouble(m.group(1));
  }
}
