package io.schedkit.benchmarks;

import io.schedkit.core.codec.DecodeResult;
import io.schedkit.core.codec.FieldValidation;
import io.schedkit.core.codec.KubeCodec;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Loading a large cluster dump: generates one as {@code kubectl get nodes -o yaml|json} prints a
 * cluster of N nodes (a single-document YAML {@code List}, the same as a multi-document YAML
 * stream, and a JSON {@code List}; about 2 KB per node, so 25,000 nodes make about 50 MB), and
 * measures {@link KubeCodec#decode(Path)} of one file: wall time and the peak of heap in use.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.schedkit.benchmarks.DumpLoad generate DIR 25000
 * java -Xmx4g -XX:+UseSerialGC -cp benchmarks/target/benchmarks.jar \
 *     io.schedkit.benchmarks.DumpLoad load DIR/nodes.yaml [strict|warn|ignore]
 * </pre>
 *
 * The optional last argument is the codec's {@link FieldValidation} (default strict): {@code
 * ignore} skips the walk for unknown fields, so the two measure its cost. The peak is the sum of
 * the heap pools' peak usage after the decode, with the serial collector: what the decode needed at
 * most, garbage included. Run each file in a JVM of its own.
 */
public final class DumpLoad {
  private DumpLoad() {}

  /**
   * {@code generate DIR NODES} or {@code load FILE [strict|warn|ignore]}.
   *
   * @param args the arguments
   * @throws IOException if a file cannot be written or read
   */
  public static void main(String[] args) throws IOException {
    if (args.length == 3 && args[0].equals("generate")) {
      generate(Path.of(args[1]), Integer.parseInt(args[2]));
    } else if ((args.length == 2 || args.length == 3) && args[0].equals("load")) {
      load(Path.of(args[1]), FieldValidation.parse(args.length == 3 ? args[2] : "strict"));
    } else {
      System.err.println(
          "usage: DumpLoad generate DIR NODES | DumpLoad load FILE [strict|warn|ignore]");
      System.exit(2);
    }
  }

  private static void load(Path file, FieldValidation validation) {
    System.gc();
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      pool.resetPeakUsage();
    }
    long start = System.nanoTime();
    DecodeResult r = new KubeCodec(validation).decode(file);
    double seconds = (System.nanoTime() - start) / 1e9;
    long peak = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        peak += pool.getPeakUsage().getUsed();
      }
    }
    System.gc();
    long retained = Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory();
    System.out.printf(
        Locale.ROOT,
        "%s (%s): %d objects in %.2f s; peak heap %.0f MB; retained after decode %.0f MB%n",
        file.getFileName(),
        validation.optionValue(),
        r.objects().size(),
        seconds,
        peak / 1e6,
        retained / 1e6);
  }

  private static void generate(Path dir, int nodes) throws IOException {
    Files.createDirectories(dir);
    try (Writer single = writer(dir.resolve("nodes.yaml"));
        Writer multi = writer(dir.resolve("nodes-multi.yaml"));
        Writer json = writer(dir.resolve("nodes.json"))) {
      single.write("apiVersion: v1\nitems:\n");
      json.write("{\n    \"apiVersion\": \"v1\",\n    \"items\": [\n");
      for (int i = 0; i < nodes; i++) {
        String yaml = nodeYaml(i);
        single.write(yaml.indent(2).replaceFirst("^  ", "- "));
        if (i > 0) {
          multi.write("---\n");
          json.write(",\n");
        }
        multi.write(yaml);
        json.write(nodeJson(i));
      }
      single.write("kind: List\nmetadata:\n  resourceVersion: \"\"\n");
      json.write(
          "\n    ],\n    \"kind\": \"List\",\n    \"metadata\": {\n"
              + "        \"resourceVersion\": \"\"\n    }\n}\n");
    }
  }

  private static Writer writer(Path p) throws IOException {
    return new BufferedWriter(Files.newBufferedWriter(p, StandardCharsets.UTF_8), 1 << 16);
  }

  private static String name(int i) {
    return String.format(
        Locale.ROOT,
        "ip-10-%d-%d-%d.eu-west-1.compute.internal",
        i / 65536 % 256,
        i / 256 % 256,
        i % 256);
  }

  private static String zone(int i) {
    return "eu-west-1" + "abc".charAt(i % 3);
  }

  /** One node as {@code kubectl get node -o yaml} prints it (trimmed of managedFields). */
  static String nodeYaml(int i) {
    String n = name(i);
    StringBuilder sb = new StringBuilder();
    sb.append("apiVersion: v1\nkind: Node\nmetadata:\n  annotations:\n")
        .append("    node.alpha.kubernetes.io/ttl: \"0\"\n")
        .append("    volumes.kubernetes.io/controller-managed-attach-detach: \"true\"\n")
        .append("  creationTimestamp: \"2025-03-01T10:00:00Z\"\n  labels:\n")
        .append("    beta.kubernetes.io/arch: amd64\n    beta.kubernetes.io/os: linux\n")
        .append("    kubernetes.io/arch: amd64\n")
        .append("    kubernetes.io/hostname: ")
        .append(n)
        .append('\n')
        .append("    kubernetes.io/os: linux\n")
        .append("    node.kubernetes.io/instance-type: m6i.2xlarge\n")
        .append("    topology.kubernetes.io/region: eu-west-1\n")
        .append("    topology.kubernetes.io/zone: ")
        .append(zone(i))
        .append('\n')
        .append("  name: ")
        .append(n)
        .append('\n')
        .append("  resourceVersion: \"")
        .append(1000 + i)
        .append("\"\n")
        .append("  uid: 6f1c")
        .append(String.format(Locale.ROOT, "%08x", i))
        .append("-0000-4000-8000-000000000000\n")
        .append("spec:\n  providerID: aws:///")
        .append(zone(i))
        .append("/i-0")
        .append(String.format(Locale.ROOT, "%016x", i))
        .append('\n')
        .append("status:\n  addresses:\n  - address: 10.0.")
        .append(i % 256)
        .append(".1\n    type: InternalIP\n  - address: ")
        .append(n)
        .append("\n    type: Hostname\n")
        .append("  allocatable:\n    cpu: 7910m\n    ephemeral-storage: \"95491281146\"\n")
        .append("    hugepages-1Gi: \"0\"\n    hugepages-2Mi: \"0\"\n    memory: 31526868Ki\n")
        .append("    pods: \"58\"\n")
        .append("  capacity:\n    cpu: \"8\"\n    ephemeral-storage: 104845292Ki\n")
        .append("    hugepages-1Gi: \"0\"\n    hugepages-2Mi: \"0\"\n    memory: 32544724Ki\n")
        .append("    pods: \"58\"\n  conditions:\n");
    for (String[] c :
        new String[][] {
          {
            "MemoryPressure",
            "False",
            "KubeletHasSufficientMemory",
            "kubelet has sufficient memory available"
          },
          {"DiskPressure", "False", "KubeletHasNoDiskPressure", "kubelet has no disk pressure"},
          {
            "PIDPressure",
            "False",
            "KubeletHasSufficientPID",
            "kubelet has sufficient PID available"
          },
          {"Ready", "True", "KubeletReady", "kubelet is posting ready status"}
        }) {
      sb.append("  - lastHeartbeatTime: \"2025-03-02T10:00:00Z\"\n")
          .append("    lastTransitionTime: \"2025-03-01T10:00:00Z\"\n")
          .append("    message: ")
          .append(c[3])
          .append('\n')
          .append("    reason: ")
          .append(c[2])
          .append('\n')
          .append("    status: \"")
          .append(c[1])
          .append("\"\n")
          .append("    type: ")
          .append(c[0])
          .append('\n');
    }
    sb.append("  daemonEndpoints:\n    kubeletEndpoint:\n      Port: 10250\n  images:\n");
    for (int k = 0; k < 4; k++) {
      sb.append("  - names:\n    - registry.example.com/team/app-")
          .append(k)
          .append("@sha256:")
          .append(String.format(Locale.ROOT, "%064x", k * 7919L + 17))
          .append("\n    - registry.example.com/team/app-")
          .append(k)
          .append(":v1.")
          .append(k)
          .append("\n    sizeBytes: ")
          .append(100_000_000L + k * 1_234_567L)
          .append('\n');
    }
    sb.append("  nodeInfo:\n    architecture: amd64\n    bootID: 0b1c")
        .append(String.format(Locale.ROOT, "%08x", i))
        .append("-1111-4000-8000-000000000000\n")
        .append("    containerRuntimeVersion: containerd://1.7.22\n")
        .append("    kernelVersion: 6.1.109-118.189.amzn2023.x86_64\n")
        .append("    kubeProxyVersion: v1.35.0\n    kubeletVersion: v1.35.0\n")
        .append("    machineID: ec2")
        .append(String.format(Locale.ROOT, "%029x", i))
        .append('\n')
        .append("    operatingSystem: linux\n    osImage: Amazon Linux 2023.6.20241010\n")
        .append("    systemUUID: ec2")
        .append(String.format(Locale.ROOT, "%05x", i))
        .append("-2222-3333-4444-555555555555\n");
    return sb.toString();
  }

  private static String nodeJson(int i) {
    // The same node through the codec's JSON writer would drop fields it does not model; this
    // converts the YAML text with Jackson instead, as kubectl prints JSON.
    try {
      com.fasterxml.jackson.databind.ObjectMapper yaml =
          new com.fasterxml.jackson.dataformat.yaml.YAMLMapper();
      Object tree = yaml.readValue(nodeYaml(i), Object.class);
      String text =
          new com.fasterxml.jackson.databind.ObjectMapper()
              .writerWithDefaultPrettyPrinter()
              .writeValueAsString(tree);
      return text.indent(8).stripTrailing();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
