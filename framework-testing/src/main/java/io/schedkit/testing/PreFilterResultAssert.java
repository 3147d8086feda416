package io.schedkit.testing;

import io.schedkit.framework.PreFilterResult;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import org.assertj.core.api.AbstractAssert;

/**
 * AssertJ assertions on a {@link PreFilterResult}: its node subset, and its status through {@link
 * #status()}. Obtain one from {@link SchedkitAssertions#assertThat(PreFilterResult)}.
 */
public final class PreFilterResultAssert
    extends AbstractAssert<PreFilterResultAssert, PreFilterResult> {

  /** Assertions on {@code actual}. */
  public PreFilterResultAssert(PreFilterResult actual) {
    super(actual, PreFilterResultAssert.class);
  }

  /** Verifies that the result does not restrict the nodes. */
  public PreFilterResultAssert allowsAllNodes() {
    isNotNull();
    if (!actual.allNodes()) {
      failWithMessage(
          "%nExpecting the pre-filter result to allow all nodes but it allows only%n  %s",
          new TreeSet<>(actual.nodeNames()));
    }
    return this;
  }

  /** Verifies that the result restricts the nodes to exactly {@code nodeNames}. */
  public PreFilterResultAssert hasNodeNames(String... nodeNames) {
    isNotNull();
    Set<String> expected = new TreeSet<>(Arrays.asList(nodeNames));
    if (actual.allNodes()) {
      failWithMessage(
          "%nExpecting the pre-filter result to allow only%n  %s%nbut it allows all nodes",
          expected);
    }
    Set<String> actualNames = new TreeSet<>(actual.nodeNames());
    if (!actualNames.equals(expected)) {
      throw failureWithActualExpected(
          actualNames,
          expected,
          "%nExpecting the pre-filter result to allow only%n  %s%nbut it allows%n  %s",
          expected,
          actualNames);
    }
    return this;
  }

  /** Assertions on the result's status. */
  public StatusAssert status() {
    isNotNull();
    return new StatusAssert(actual.status());
  }
}
