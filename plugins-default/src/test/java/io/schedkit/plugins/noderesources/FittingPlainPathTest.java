package io.schedkit.plugins.noderesources;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.cache.MutableNodeColumns;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Status;
import io.schedkit.testing.PodWrapper;
import io.schedkit.testing.Wrappers;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The Filter's straight-line check for requests without scalar resources against the general check
 * it short-cuts: on random nodes (few pod slots, some full, some allocating no ephemeral storage)
 * and random requests (some zero, some over the allocatable), a node passes exactly when the
 * general check finds nothing lacking, and a failing node's status lists what the general check
 * lists.
 */
final class FittingPlainPathTest {
  @Test
  void plainPath_agreesWithGeneralCheck() {
    Random r = new Random(20261122L);
    int passed = 0;
    int failed = 0;
    for (int round = 0; round < 3_000; round++) {
      NodeInfo node = NodeInfo.of(randomNode(r, "n" + round));
      for (int k = r.nextInt(4); k > 0; k--) {
        node.addPod(PodInfo.of(randomPod(r, "p" + round + "-" + k, node.name())));
      }
      Fitting.Request request =
          Fitting.Request.of(PodInfo.of(randomPod(r, "in" + round, "")), Set.of(), Set.of());
      assertThat(request.scalarIds()).isEmpty();
      Status status = Fitting.filter(request, node);
      List<InsufficientResource> lacking = new java.util.ArrayList<>();
      int count = Fitting.check(request, node, lacking);
      String context = "round " + round + ": " + request + " on " + node;
      assertThat(status.isSuccess()).as(context).isEqualTo(count == 0);
      // The same verdict from the node's row of the columns (null only for several failures).
      MutableNodeColumns columns = new MutableNodeColumns(3);
      columns.set(2, node);
      Status fromColumns = Fitting.filterPlain(request.requests(), columns, 2);
      if (count >= 2) {
        assertThat(fromColumns).as(context + ", from the columns").isNull();
      } else {
        assertThat(fromColumns).as(context + ", from the columns").isEqualTo(status);
      }
      assertThat(Fitting.fitsPlain(request.requests(), columns, 2))
          .as(context + ", fits from the columns")
          .isEqualTo(count == 0);
      if (count == 0) {
        passed++;
      } else {
        failed++;
        assertThat(status.reasons())
            .as(context)
            .containsExactlyElementsOf(lacking.stream().map(InsufficientResource::reason).toList());
      }
    }
    assertThat(passed).isGreaterThan(300);
    assertThat(failed).isGreaterThan(300);
  }

  private static io.schedkit.framework.model.Node randomNode(Random r, String name) {
    Map<String, String> capacity = new HashMap<>();
    capacity.put("cpu", (r.nextInt(8) + 1) * 500 + "m");
    capacity.put("memory", (r.nextInt(8) + 1) + "Gi");
    capacity.put("pods", String.valueOf(1 + r.nextInt(4)));
    if (r.nextBoolean()) {
      capacity.put("ephemeral-storage", (r.nextInt(4) + 1) + "Gi");
    }
    return Wrappers.makeNode().name(name).capacity(capacity).obj();
  }

  private static io.schedkit.framework.model.Pod randomPod(Random r, String name, String node) {
    PodWrapper p = Wrappers.makePod().name(name).uid(name).node(node);
    Map<String, String> req = new HashMap<>();
    if (r.nextInt(4) > 0) {
      req.put("cpu", r.nextInt(2000) + "m");
    }
    if (r.nextInt(4) > 0) {
      req.put("memory", r.nextInt(3000) + "Mi");
    }
    if (r.nextInt(3) == 0) {
      req.put("ephemeral-storage", r.nextInt(2000) + "Mi");
    }
    if (!req.isEmpty()) {
      p.req(req);
    }
    return p.obj();
  }
}
