package io.schedkit.testing;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PreFilterResult;
import io.schedkit.framework.Status;
import org.assertj.core.api.Assertions;

/**
 * The entry point of schedkit's AssertJ assertions. It extends AssertJ's {@link Assertions}, so one
 * static import, {@code import static io.schedkit.testing.SchedkitAssertions.*;}, gives both
 * AssertJ's {@code assertThat} for every other type and these:
 *
 * <pre>{@code
 * assertThat(status).hasCode(Code.UNSCHEDULABLE).hasReasons("Insufficient cpu");
 * assertThat(nodeInfo).hasPods("p1", "p2").hasRequested(Map.of("cpu", "2"));
 * assertThat(preFilterResult).hasNodeNames("n1").status().isSuccess();
 * }</pre>
 */
public class SchedkitAssertions extends Assertions {
  /** Only static use; subclass to add more assertions. */
  protected SchedkitAssertions() {}

  /** Assertions on a status. */
  public static StatusAssert assertThat(Status actual) {
    return new StatusAssert(actual);
  }

  /** Assertions on a node info. */
  public static NodeInfoAssert assertThat(NodeInfo actual) {
    return new NodeInfoAssert(actual);
  }

  /** Assertions on a pre-filter result. */
  public static PreFilterResultAssert assertThat(PreFilterResult actual) {
    return new PreFilterResultAssert(actual);
  }
}
