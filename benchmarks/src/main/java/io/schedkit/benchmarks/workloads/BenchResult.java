package io.schedkit.benchmarks.workloads;

import java.util.Locale;

/**
 * What one benchmark run measured.
 *
 * <p>Throughput is measured pods divided by the wall time from the creation of the first measured
 * pod until the last one is bound (creation and event handling included). The per-pod time of a
 * measured pod is the wall time between the bind of the measured pod bound before it (or the start
 * of the measurement) and its own bind: its scheduling and binding cycles plus whatever else the
 * scheduler did in between (failed cycles of churn pods, preemption, deletions).
 *
 * @param name the workload's name
 * @param nodes the number of nodes
 * @param initPods the number of initial pods
 * @param measuredPods the number of measured pods
 * @param boundPods how many measured pods were bound (equal to {@code measuredPods} on success)
 * @param podsPerSecond measured pods bound per wall-clock second
 * @param p50Micros the median per-pod time, in microseconds
 * @param p99Micros the 99th percentile per-pod time, in microseconds
 * @param cpuMicrosPerPod CPU time of the scheduling thread during the measurement per bound pod, in
 *     microseconds (Filter/Score workers not included; a figure that other load on the machine
 *     disturbs less than wall time)
 * @param allocatedKiBPerPod heap the scheduling thread allocated during the measurement per bound
 *     pod, in KiB (Filter/Score workers not included; 0 where the JVM cannot tell); unlike time, it
 *     does not drift with the machine
 * @param wallSeconds the measured wall time
 * @param heapUsedMiB heap in use after the run, after a full collection (the live set holding the
 *     cluster, the scheduler's cache and queue), in MiB
 * @param heapMaxMiB the JVM's maximum heap, in MiB
 * @param mode {@code adaptive} or {@code N%} ({@code percentageOfNodesToScore})
 * @param threads the scheduler's parallelism (Filter and Score workers, caller included)
 * @param kubeThreshold kube-scheduler's CI floor for the name, in pods/s, or 0
 */
public record BenchResult(
    String name,
    int nodes,
    int initPods,
    int measuredPods,
    int boundPods,
    double podsPerSecond,
    double p50Micros,
    double p99Micros,
    double cpuMicrosPerPod,
    double allocatedKiBPerPod,
    double wallSeconds,
    double heapUsedMiB,
    double heapMaxMiB,
    String mode,
    int threads,
    int kubeThreshold) {

  /** Whether every measured pod was bound. */
  public boolean complete() {
    return boundPods == measuredPods;
  }

  /** One JSON object on one line, with the fields of CLI.md first. */
  public String toJson() {
    return "{\"name\":"
        + quote(name)
        + ",\"nodes\":"
        + nodes
        + ",\"initPods\":"
        + initPods
        + ",\"measuredPods\":"
        + measuredPods
        + ",\"podsPerSecond\":"
        + num(podsPerSecond)
        + ",\"p50Micros\":"
        + num(p50Micros)
        + ",\"p99Micros\":"
        + num(p99Micros)
        + ",\"cpuMicrosPerPod\":"
        + num(cpuMicrosPerPod)
        + ",\"allocatedKiBPerPod\":"
        + num(allocatedKiBPerPod)
        + ",\"boundPods\":"
        + boundPods
        + ",\"wallSeconds\":"
        + String.format(Locale.ROOT, "%.3f", wallSeconds)
        + ",\"heapUsedMiB\":"
        + num(heapUsedMiB)
        + ",\"heapMaxMiB\":"
        + num(heapMaxMiB)
        + ",\"mode\":"
        + quote(mode)
        + ",\"threads\":"
        + threads
        + ",\"kubeThresholdPodsPerSecond\":"
        + (kubeThreshold > 0 ? Integer.toString(kubeThreshold) : "null")
        + "}";
  }

  private static String num(double v) {
    return String.format(Locale.ROOT, "%.1f", v);
  }

  private static String quote(String s) {
    StringBuilder b = new StringBuilder(s.length() + 2).append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        default -> {
          if (c < 0x20) {
            b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.append('"').toString();
  }
}
