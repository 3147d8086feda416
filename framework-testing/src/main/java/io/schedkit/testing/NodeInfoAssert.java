package io.schedkit.testing;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Resource;
import io.schedkit.framework.model.ResourceList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.AbstractAssert;

/**
 * AssertJ assertions on a {@link NodeInfo}: its pods and its resource aggregates. Obtain one from
 * {@link SchedkitAssertions#assertThat(NodeInfo)}. Resources are compared as the scheduler counts
 * them ({@link Resource}: cpu in millicores, memory in bytes), so {@code "1"} and {@code "1000m"}
 * cpu are equal, and a resource the scheduler does not track is ignored. Every assertion fails on a
 * null node info.
 */
public final class NodeInfoAssert extends AbstractAssert<NodeInfoAssert, NodeInfo> {

  /** Assertions on {@code actual}. */
  public NodeInfoAssert(NodeInfo actual) {
    super(actual, NodeInfoAssert.class);
  }

  /** Verifies that the node's name is {@code name}. */
  public NodeInfoAssert hasName(String name) {
    isNotNull();
    if (!actual.name().equals(name)) {
      throw failureWithActualExpected(
          actual.name(),
          name,
          "%nExpecting node info%n  %s%nto be of node%n  \"%s\"%nbut it is of%n  \"%s\"",
          actual,
          name,
          actual.name());
    }
    return this;
  }

  /** Verifies that the node holds exactly the pods named {@code podNames}, in any order. */
  public NodeInfoAssert hasPods(String... podNames) {
    isNotNull();
    List<String> actualNames = podNames();
    List<String> expected = Arrays.asList(podNames);
    List<String> a = new ArrayList<>(actualNames);
    List<String> e = new ArrayList<>(expected);
    a.sort(null);
    e.sort(null);
    if (!a.equals(e)) {
      throw failureWithActualExpected(
          a,
          e,
          "%nExpecting node info%n  %s%nto hold exactly the pods (in any order)%n  %s%nbut it"
              + " holds%n  %s",
          actual,
          expected,
          actualNames);
    }
    return this;
  }

  /** Verifies that the node holds no pods. */
  public NodeInfoAssert hasNoPods() {
    return hasPods();
  }

  /** Verifies that the summed requests of the node's pods are {@code requested}. */
  public NodeInfoAssert hasRequested(Map<String, String> requested) {
    return hasRequested(ResourceList.parse(requested));
  }

  /** Verifies that the summed requests of the node's pods are {@code requested}. */
  public NodeInfoAssert hasRequested(ResourceList requested) {
    return hasRequested(Resource.of(requested));
  }

  /** Verifies that the summed requests of the node's pods are {@code requested}. */
  public NodeInfoAssert hasRequested(Resource requested) {
    isNotNull();
    return compare("requested", actual.requested(), requested);
  }

  /** Verifies the summed requests with scoring defaults (see {@link NodeInfo#nonZeroRequested}). */
  public NodeInfoAssert hasNonZeroRequested(Map<String, String> requested) {
    isNotNull();
    return compare(
        "non-zero requested",
        actual.nonZeroRequested(),
        Resource.of(ResourceList.parse(requested)));
  }

  /** Verifies that the node's allocatable resources are {@code allocatable}. */
  public NodeInfoAssert hasAllocatable(Map<String, String> allocatable) {
    isNotNull();
    return compare(
        "allocatable", actual.allocatable(), Resource.of(ResourceList.parse(allocatable)));
  }

  private NodeInfoAssert compare(String what, Resource actualValue, Resource expected) {
    if (!actualValue.equals(expected)) {
      throw failureWithActualExpected(
          actualValue,
          expected,
          "%nExpecting node info%n  %s%nto have %s%n  %s%nbut had%n  %s",
          actual,
          what,
          expected,
          actualValue);
    }
    return this;
  }

  private List<String> podNames() {
    List<String> names = new ArrayList<>();
    for (PodInfo p : actual.pods()) {
      names.add(p.name());
    }
    return names;
  }
}
