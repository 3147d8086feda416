/**
 * Scheduler extenders over HTTP, as kube-scheduler's {@code extenders[]}: {@link
 * io.schedkit.core.extender.HttpExtender} speaks the extender protocol v1 (filter, prioritize,
 * bind, preempt) to an outside service, and {@link io.schedkit.core.extender.Extenders} turns a
 * configuration's extenders into {@link io.schedkit.framework.extender.Extender}s.
 */
package io.schedkit.core.extender;
