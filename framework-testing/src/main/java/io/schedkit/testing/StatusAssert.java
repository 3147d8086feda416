package io.schedkit.testing;

import io.schedkit.framework.Code;
import io.schedkit.framework.Status;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.assertj.core.api.AbstractAssert;

/**
 * AssertJ assertions on a {@link Status}: {@code
 * assertThat(status).hasCode(Code.UNSCHEDULABLE).hasReasons("Insufficient cpu")}. Obtain one from
 * {@link SchedkitAssertions#assertThat(Status)}. Every assertion fails on a null status.
 */
public final class StatusAssert extends AbstractAssert<StatusAssert, Status> {

  /** Assertions on {@code actual}. */
  public StatusAssert(Status actual) {
    super(actual, StatusAssert.class);
  }

  /** Verifies that the code is Success. */
  public StatusAssert isSuccess() {
    return hasCode(Code.SUCCESS);
  }

  /** Verifies that the code is Skip. */
  public StatusAssert isSkip() {
    return hasCode(Code.SKIP);
  }

  /** Verifies that the code is Wait. */
  public StatusAssert isWait() {
    return hasCode(Code.WAIT);
  }

  /** Verifies that the code is Error. */
  public StatusAssert isError() {
    return hasCode(Code.ERROR);
  }

  /** Verifies that the code is Unschedulable. */
  public StatusAssert isUnschedulable() {
    return hasCode(Code.UNSCHEDULABLE);
  }

  /** Verifies that the code is UnschedulableAndUnresolvable. */
  public StatusAssert isUnschedulableAndUnresolvable() {
    return hasCode(Code.UNSCHEDULABLE_AND_UNRESOLVABLE);
  }

  /** Verifies that the code is {@code code}. */
  public StatusAssert hasCode(Code code) {
    isNotNull();
    if (actual.code() != code) {
      throw failureWithActualExpected(
          actual.code(),
          code,
          "%nExpecting status%n  %s%nto have code%n  %s%nbut had%n  %s",
          actual,
          code,
          actual.code());
    }
    return this;
  }

  /**
   * Verifies that the code rejects the pod (Unschedulable, UnschedulableAndUnresolvable or
   * Pending).
   */
  public StatusAssert isRejected() {
    isNotNull();
    if (!actual.isRejected()) {
      failWithMessage("%nExpecting status%n  %s%nto be a rejection but it is not", actual);
    }
    return this;
  }

  /** Verifies that the code does not reject the pod. */
  public StatusAssert isNotRejected() {
    isNotNull();
    if (actual.isRejected()) {
      failWithMessage("%nExpecting status%n  %s%nnot to be a rejection but it is", actual);
    }
    return this;
  }

  /** Verifies that the reasons are exactly {@code reasons}, in this order. */
  public StatusAssert hasReasons(String... reasons) {
    isNotNull();
    List<String> expected = Arrays.asList(reasons);
    if (!actual.reasons().equals(expected)) {
      throw failureWithActualExpected(
          actual.reasons(),
          expected,
          "%nExpecting status%n  %s%nto have exactly the reasons%n  %s%nbut had%n  %s",
          actual,
          expected,
          actual.reasons());
    }
    return this;
  }

  /** Verifies that the status has no reasons. */
  public StatusAssert hasNoReasons() {
    return hasReasons();
  }

  /** Verifies that the reasons include each of {@code reasons} (exact strings, any order). */
  public StatusAssert hasReasonsContaining(String... reasons) {
    isNotNull();
    List<String> missing = new ArrayList<>();
    for (String r : reasons) {
      if (!actual.reasons().contains(r)) {
        missing.add(r);
      }
    }
    if (!missing.isEmpty()) {
      failWithMessage(
          "%nExpecting status%n  %s%nto have among its reasons%n  %s%nbut these were missing%n  %s",
          actual, Arrays.asList(reasons), missing);
    }
    return this;
  }

  /** Verifies that the message (the reasons joined with {@code ", "}) is {@code message}. */
  public StatusAssert hasMessage(String message) {
    isNotNull();
    if (!actual.message().equals(message)) {
      throw failureWithActualExpected(
          actual.message(),
          message,
          "%nExpecting status%n  %s%nto have the message%n  \"%s\"%nbut had%n  \"%s\"",
          actual,
          message,
          actual.message());
    }
    return this;
  }

  /** Verifies that the message contains {@code fragment}. */
  public StatusAssert hasMessageContaining(String fragment) {
    isNotNull();
    if (!actual.message().contains(fragment)) {
      failWithMessage(
          "%nExpecting status%n  %s%nto have a message containing%n  \"%s\"%nbut it does not",
          actual, fragment);
    }
    return this;
  }

  /** Verifies that the status is attributed to the plugin named {@code pluginName}. */
  public StatusAssert hasPlugin(String pluginName) {
    isNotNull();
    if (!actual.plugin().equals(pluginName)) {
      throw failureWithActualExpected(
          actual.plugin(),
          pluginName,
          "%nExpecting status%n  %s%nto come from plugin%n  \"%s\"%nbut it came from%n  \"%s\"",
          actual,
          pluginName,
          actual.plugin());
    }
    return this;
  }

  /** Verifies that the status carries a cause that is an instance of {@code type}. */
  public StatusAssert hasCauseInstanceOf(Class<? extends Throwable> type) {
    isNotNull();
    Throwable cause = actual.cause().orElse(null);
    if (!type.isInstance(cause)) {
      failWithMessage(
          "%nExpecting status%n  %s%nto have a cause of type%n  %s%nbut its cause was%n  %s",
          actual, type.getName(), cause);
    }
    return this;
  }
}
