package io.schedkit.framework;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The result of a plugin call: a {@link Code}, the reasons a human reads, an optional cause for
 * errors, and the name of the plugin that produced it.
 *
 * <p>Statuses are immutable. Success is {@link #success()}, never {@code null}. The framework
 * records the producing plugin on every non-success status it receives ({@link
 * #withPlugin(String)}), so diagnosis can say which plugin rejected a node.
 *
 * <p>{@link #reasons()} follows kube-scheduler: when a cause is set its message comes first. {@link
 * #message()} joins the reasons with {@code ", "}.
 */
public final class Status {
  private static final Status SUCCESS = new Status(Code.SUCCESS, List.of(), null, "");
  private static final Status SKIP = new Status(Code.SKIP, List.of(), null, "");

  private final Code code;
  private final List<String> reasons;
  private final Throwable cause;
  private final String plugin;

  private Status(Code code, List<String> reasons, Throwable cause, String plugin) {
    this.code = code;
    this.reasons = reasons;
    this.cause = cause;
    this.plugin = plugin;
  }

  /**
   * The shared success status.
   *
   * @return the Success status, without reasons
   */
  public static Status success() {
    return SUCCESS;
  }

  /**
   * The shared skip status.
   *
   * @return the Skip status, without reasons
   */
  public static Status skip() {
    return SKIP;
  }

  /**
   * A status with the given code and reasons (none is allowed).
   *
   * @param code the code; not null
   * @param reasons the reasons, in order
   * @return the status
   */
  public static Status of(Code code, String... reasons) {
    Objects.requireNonNull(code, "code");
    if (code == Code.SUCCESS && reasons.length == 0) {
      return SUCCESS;
    }
    if (code == Code.SKIP && reasons.length == 0) {
      return SKIP;
    }
    return new Status(code, List.of(reasons), null, "");
  }

  /**
   * A status with the given code and reasons.
   *
   * @param code the code; not null
   * @param reasons the reasons, in order; copied
   * @return the status
   */
  public static Status of(Code code, List<String> reasons) {
    Objects.requireNonNull(code, "code");
    return new Status(code, List.copyOf(reasons), null, "");
  }

  /**
   * An {@link Code#UNSCHEDULABLE} status with the given reasons.
   *
   * @param reasons the reasons, in upstream's wording (for example {@code "Insufficient cpu"})
   * @return the status
   */
  public static Status unschedulable(String... reasons) {
    return of(Code.UNSCHEDULABLE, reasons);
  }

  /**
   * An {@link Code#UNSCHEDULABLE_AND_UNRESOLVABLE} status with the given reasons.
   *
   * @param reasons the reasons, in upstream's wording
   * @return the status
   */
  public static Status unresolvable(String... reasons) {
    return of(Code.UNSCHEDULABLE_AND_UNRESOLVABLE, reasons);
  }

  /**
   * An {@link Code#ERROR} status whose single reason is {@code message}.
   *
   * @param message what went wrong
   * @return the status
   */
  public static Status error(String message) {
    return of(Code.ERROR, message);
  }

  /**
   * An {@link Code#ERROR} status carrying {@code cause}; its message is the first reason.
   *
   * @param cause what went wrong; not null
   * @return the status
   */
  public static Status error(Throwable cause) {
    Objects.requireNonNull(cause, "cause");
    return new Status(Code.ERROR, List.of(), cause, "");
  }

  /**
   * A {@link Code#WAIT} status (for Permit plugins).
   *
   * @param reasons the reasons, if any
   * @return the status
   */
  public static Status waiting(String... reasons) {
    return of(Code.WAIT, reasons);
  }

  /**
   * This status's code.
   *
   * @return the code, never null
   */
  public Code code() {
    return code;
  }

  /**
   * The reasons, in order; when a cause is set its message (or its class name when it has none)
   * comes first.
   *
   * @return the reasons, read-only; empty if there are none
   */
  public List<String> reasons() {
    if (cause == null) {
      return reasons;
    }
    List<String> all = new ArrayList<>(reasons.size() + 1);
    all.add(causeMessage(cause));
    all.addAll(reasons);
    return Collections.unmodifiableList(all);
  }

  /**
   * The reasons joined with {@code ", "}; empty for a plain success.
   *
   * @return the message; {@code ""} when there are no reasons
   */
  public String message() {
    return String.join(", ", reasons());
  }

  /**
   * The cause of an error status, if any.
   *
   * @return the cause, or empty
   */
  public Optional<Throwable> cause() {
    return Optional.ofNullable(cause);
  }

  /**
   * The name of the plugin that produced this status; empty when unknown.
   *
   * @return the plugin name, or {@code ""}
   */
  public String plugin() {
    return plugin;
  }

  /**
   * A copy of this status attributed to {@code pluginName}.
   *
   * @param pluginName the plugin's name; not null
   * @return the attributed status ({@code this} if it already names that plugin)
   */
  public Status withPlugin(String pluginName) {
    Objects.requireNonNull(pluginName, "pluginName");
    if (pluginName.equals(plugin)) {
      return this;
    }
    return new Status(code, reasons, cause, pluginName);
  }

  /**
   * A copy of this status with {@code reason} appended.
   *
   * @param reason the reason to append
   * @return the new status; this one is unchanged
   */
  public Status withReason(String reason) {
    List<String> all = new ArrayList<>(reasons);
    all.add(reason);
    return new Status(code, List.copyOf(all), cause, plugin);
  }

  /**
   * Whether the code is {@link Code#SUCCESS}.
   *
   * @return true for Success
   */
  public boolean isSuccess() {
    return code == Code.SUCCESS;
  }

  /**
   * Whether the code is {@link Code#SKIP}.
   *
   * @return true for Skip
   */
  public boolean isSkip() {
    return code == Code.SKIP;
  }

  /**
   * Whether the code is {@link Code#WAIT}.
   *
   * @return true for Wait
   */
  public boolean isWait() {
    return code == Code.WAIT;
  }

  /**
   * Whether the code is {@link Code#ERROR}.
   *
   * @return true for Error
   */
  public boolean isError() {
    return code == Code.ERROR;
  }

  /**
   * Whether the code rejects the pod ({@link Code#isRejection()}).
   *
   * @return true for Unschedulable, UnschedulableAndUnresolvable and Pending
   */
  public boolean isRejected() {
    return code.isRejection();
  }

  private static String causeMessage(Throwable t) {
    String m = t.getMessage();
    return m == null ? t.getClass().getName() : m;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof Status)) {
      return false;
    }
    Status other = (Status) o;
    return code == other.code && reasons().equals(other.reasons()) && plugin.equals(other.plugin);
  }

  @Override
  public int hashCode() {
    return Objects.hash(code, reasons(), plugin);
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder(code.toString());
    if (!plugin.isEmpty()) {
      sb.append(" from ").append(plugin);
    }
    List<String> all = reasons();
    if (!all.isEmpty()) {
      sb.append(": ").append(String.join(", ", all));
    }
    return sb.toString();
  }
}
