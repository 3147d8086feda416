package io.schedkit.core.runtime;

/**
 * What the runtime does with a {@link Throwable} thrown by a plugin. Anything but a {@link
 * VirtualMachineError} is contained: it becomes an Error status naming the plugin, the pod is
 * requeued and the scheduler goes on, so an {@link Error} such as {@link NoClassDefFoundError} or
 * {@link AssertionError} is treated exactly like an exception. A {@link VirtualMachineError}
 * ({@link OutOfMemoryError}, {@link StackOverflowError}, {@link InternalError}) leaves the JVM in
 * no state to go on: it is rethrown, and stops the scheduler ({@code Scheduler#failure()}).
 */
public final class PluginFailures {
  private PluginFailures() {}

  /**
   * {@code t} when it may be contained; a {@link VirtualMachineError} is rethrown instead.
   *
   * @param t what a plugin threw
   * @return {@code t}
   * @throws VirtualMachineError if {@code t} is one
   */
  public static Throwable contained(Throwable t) {
    if (t instanceof VirtualMachineError e) {
      throw e;
    }
    return t;
  }

  /**
   * The {@link VirtualMachineError} behind {@code t} (itself, or the cause of a completion or
   * execution exception), or null.
   *
   * @param t a failure, or null
   * @return the virtual machine error, or null
   */
  public static VirtualMachineError fatal(Throwable t) {
    Throwable c = t == null ? null : Framework.unwrapped(t);
    return c instanceof VirtualMachineError e ? e : null;
  }
}
