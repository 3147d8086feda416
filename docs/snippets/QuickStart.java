import io.schedkit.core.Explanation;
import io.schedkit.core.Scheduler;
import io.schedkit.core.clock.VirtualClock;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.core.codec.KubeCodec;
import io.schedkit.framework.model.Pod;

/** Schedules two pods on a small cluster, then explains why one of them stays pending. */
public final class QuickStart {
  public static void main(String[] args) {
    // Kubernetes objects in YAML (here in flow style); KubeCodec reads files too (decode(Path)).
    String yaml =
        """
        # two nodes, a running pod (spec.nodeName) and two pending pods
        {apiVersion: v1, kind: Node, metadata: {name: node-a, labels: {disktype: ssd}},
         status: {allocatable: {cpu: "4", memory: 16Gi, pods: "110"}}}
        ---
        {apiVersion: v1, kind: Node, metadata: {name: node-b},
         status: {allocatable: {cpu: "8", memory: 32Gi, pods: "110"}}}
        ---
        {apiVersion: v1, kind: Pod, metadata: {name: db}, spec: {nodeName: node-a,
         containers: [{name: db, image: postgres, resources: {requests: {cpu: "2"}}}]}}
        ---
        {apiVersion: v1, kind: Pod, metadata: {name: web},
         spec: {containers: [{name: web, image: nginx, resources: {requests: {cpu: "1"}}}]}}
        ---
        {apiVersion: v1, kind: Pod, metadata: {name: cache}, spec: {nodeSelector: {disktype: ssd},
         containers: [{name: cache, image: redis, resources: {requests: {cpu: "3"}}}]}}
        """;
    VirtualClock clock = new VirtualClock(); // virtual time; leave it out for the system clock
    InMemoryCluster cluster = InMemoryCluster.builder().clock(clock).build(); // or your ClusterView
    cluster.createAll(new KubeCodec().decode(yaml, "quickstart.yaml").objects());

    // The plugins found on the class path, kube-scheduler's default profile; seeded: repeatable.
    try (Scheduler scheduler =
        Scheduler.builder().cluster(cluster).clock(clock).parallelism(1).seed(42).build()) {
      scheduler.runUntilIdle(); // scheduling and binding cycles until no pod can progress
      for (Pod pod : cluster.pods()) {
        System.out.println(pod.key() + " -> " + (pod.isAssigned() ? pod.nodeName() : "pending"));
      }
      // The pod to explain: the cluster's copy (any Pod will do, one read from a file too).
      Pod cache = cluster.pod("default", "cache").orElseThrow();
      Explanation why = scheduler.explain(cache); // a dry run over every node
      System.out.println(why.result() + ": " + why.message());
      for (Explanation.NodeVerdict node : why.nodes()) {
        System.out.println(
            "  " + node.name() + " " + node.filter().code() + " " + node.filter().reasons());
      }
    }
  }
}
