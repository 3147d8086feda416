package io.schedkit.testing;

import static io.schedkit.testing.SchedkitAssertions.assertThat;
import static io.schedkit.testing.SchedkitAssertions.assertThatThrownBy;
import static io.schedkit.testing.Wrappers.makeNode;
import static io.schedkit.testing.Wrappers.makePod;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.schedkit.framework.Code;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PreFilterResult;
import io.schedkit.framework.Status;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

final class SchedkitAssertionsTest {
  private static final Status CPU =
      Status.unschedulable("Insufficient cpu", "Insufficient memory")
          .withPlugin("NodeResourcesFit");
  private static final Status ERROR = Status.error(new IllegalStateException("boom"));

  private static NodeInfo node() {
    return makeNode()
        .name("n1")
        .capacity(Map.of("cpu", "4", "memory", "8Gi"))
        .nodeInfo(
            makePod().name("p1").req(Map.of("cpu", "1", "memory", "1Gi")).obj(),
            makePod().name("p2").req(Map.of("cpu", "500m")).obj());
  }

  @Test
  void matchingAssertions_pass() {
    assertThat(CPU)
        .hasCode(Code.UNSCHEDULABLE)
        .isUnschedulable()
        .isRejected()
        .hasReasons("Insufficient cpu", "Insufficient memory")
        .hasReasonsContaining("Insufficient memory")
        .hasMessage("Insufficient cpu, Insufficient memory")
        .hasMessageContaining("cpu, Insuff")
        .hasPlugin("NodeResourcesFit");
    assertThat(Status.success()).isSuccess().isNotRejected().hasNoReasons().hasPlugin("");
    assertThat(ERROR).isError().hasReasons("boom").hasCauseInstanceOf(IllegalStateException.class);
    assertThat(Status.skip()).isSkip();
    assertThat(Status.waiting()).isWait();
    assertThat(Status.unresolvable("x")).isUnschedulableAndUnresolvable();
    assertThat(node())
        .hasName("n1")
        .hasPods("p2", "p1")
        .hasRequested(Map.of("cpu", "1500m", "memory", "1Gi"))
        .hasNonZeroRequested(Map.of("cpu", "1500m", "memory", "1224Mi"))
        .hasAllocatable(Map.of("cpu", "4", "memory", "8Gi", "pods", "32"));
    assertThat(makeNode().nodeInfo()).hasNoPods();
    assertThat(PreFilterResult.nodes(Set.of("a", "b"))).hasNodeNames("b", "a");
    assertThat(PreFilterResult.success()).allowsAllNodes().status().isSuccess();
  }

  @Test
  void otherTypes_stillGetAssertjAssertions() {
    assertThat("text").startsWith("te");
    assertThat(3).isPositive();
  }

  static Stream<Arguments> mismatches() {
    return Stream.of(
        arguments("isSuccess on a rejection", call(() -> assertThat(CPU).isSuccess())),
        arguments(
            "hasCode with another code",
            call(() -> assertThat(CPU).hasCode(Code.UNSCHEDULABLE_AND_UNRESOLVABLE))),
        arguments("isSkip on success", call(() -> assertThat(Status.success()).isSkip())),
        arguments("isWait on success", call(() -> assertThat(Status.success()).isWait())),
        arguments("isError on a rejection", call(() -> assertThat(CPU).isError())),
        arguments("isRejected on success", call(() -> assertThat(Status.success()).isRejected())),
        arguments("isNotRejected on a rejection", call(() -> assertThat(CPU).isNotRejected())),
        arguments(
            "hasReasons in another order",
            call(() -> assertThat(CPU).hasReasons("Insufficient memory", "Insufficient cpu"))),
        arguments(
            "hasReasons with fewer reasons",
            call(() -> assertThat(CPU).hasReasons("Insufficient cpu"))),
        arguments("hasNoReasons with reasons", call(() -> assertThat(CPU).hasNoReasons())),
        arguments(
            "hasReasonsContaining a missing reason",
            call(() -> assertThat(CPU).hasReasonsContaining("Insufficient cpu", "Too many pods"))),
        arguments(
            "hasMessage differing", call(() -> assertThat(CPU).hasMessage("Insufficient cpu"))),
        arguments(
            "hasMessageContaining absent text",
            call(() -> assertThat(CPU).hasMessageContaining("pods"))),
        arguments("hasPlugin of another plugin", call(() -> assertThat(CPU).hasPlugin("Other"))),
        arguments(
            "hasCauseInstanceOf without a cause",
            call(() -> assertThat(CPU).hasCauseInstanceOf(RuntimeException.class))),
        arguments(
            "hasCauseInstanceOf of another type",
            call(() -> assertThat(ERROR).hasCauseInstanceOf(IllegalArgumentException.class))),
        arguments("null status", call(() -> assertThat((Status) null).isSuccess())),
        arguments("hasName differing", call(() -> assertThat(node()).hasName("n2"))),
        arguments("hasPods missing one", call(() -> assertThat(node()).hasPods("p1"))),
        arguments(
            "hasPods with an extra", call(() -> assertThat(node()).hasPods("p1", "p2", "p3"))),
        arguments("hasNoPods with pods", call(() -> assertThat(node()).hasNoPods())),
        arguments(
            "hasRequested differing",
            call(() -> assertThat(node()).hasRequested(Map.of("cpu", "1500m")))),
        arguments(
            "hasNonZeroRequested differing",
            call(() -> assertThat(node()).hasNonZeroRequested(Map.of("cpu", "1500m")))),
        arguments(
            "hasAllocatable differing",
            call(() -> assertThat(node()).hasAllocatable(Map.of("cpu", "4")))),
        arguments("null node info", call(() -> assertThat((NodeInfo) null).hasNoPods())),
        arguments(
            "allowsAllNodes on a subset",
            call(() -> assertThat(PreFilterResult.nodes(Set.of("a"))).allowsAllNodes())),
        arguments(
            "hasNodeNames on all nodes",
            call(() -> assertThat(PreFilterResult.success()).hasNodeNames("a"))),
        arguments(
            "hasNodeNames differing",
            call(() -> assertThat(PreFilterResult.nodes(Set.of("a"))).hasNodeNames("a", "b"))),
        arguments(
            "status of a pre-filter result",
            call(() -> assertThat(PreFilterResult.skip()).status().isSuccess())));
  }

  private static ThrowingCallable call(ThrowingCallable c) {
    return c;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("mismatches")
  void mismatchingAssertions_fail(String name, ThrowingCallable assertion) {
    assertThatThrownBy(assertion).isInstanceOf(AssertionError.class);
  }

  @Test
  void failureMessages_nameWhatWasExpectedAndWhatWasFound() {
    assertThatThrownBy(() -> assertThat(CPU).hasCode(Code.SUCCESS))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("Success")
        .hasMessageContaining("Unschedulable from NodeResourcesFit: Insufficient cpu");
    assertThatThrownBy(() -> assertThat(node()).hasPods("p1", "p3"))
        .hasMessageContaining("[p1, p3]")
        .hasMessageContaining("p2");
  }
}
