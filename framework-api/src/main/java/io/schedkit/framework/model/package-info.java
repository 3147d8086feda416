/**
 * The schedkit object model: immutable Java records mirroring the Kubernetes API objects the
 * scheduler reads ({@link io.schedkit.framework.model.Pod}, {@link
 * io.schedkit.framework.model.Node}, their specs and statuses, taints, tolerations, selectors,
 * affinity, topology spread constraints, PodDisruptionBudgets, PriorityClasses, PodGroups), plus
 * exact resource arithmetic ({@link io.schedkit.framework.model.Quantity}, {@link
 * io.schedkit.framework.model.ResourceList}).
 *
 * <h2>Conventions</h2>
 *
 * <ul>
 *   <li><b>Names.</b> Records and their components are named as in the Kubernetes Go/JSON API
 *       (camelCase), so {@code pod.spec().nodeSelector()} is {@code pod.spec.nodeSelector}.
 *   <li><b>Null rule.</b> A Go <em>pointer</em> field ({@code *int32 priority}, {@code *Affinity},
 *       {@code *LabelSelector}, {@code *int64 tolerationSeconds}, {@code deletionTimestamp}, ...)
 *       is a nullable component, documented "null when unset". A Go <em>value</em> field is never
 *       null: strings default to {@code ""}, lists and maps to empty, numbers to 0. Compact
 *       constructors normalise null strings and collections accordingly; enum-valued fields without
 *       an "unset" meaning (a taint's effect, a requirement's operator) are required.
 *   <li><b>Immutability.</b> Records are deeply immutable: constructors copy lists (order kept) and
 *       maps (iterated in key order, so output built from them is deterministic) into unmodifiable
 *       collections. Null elements, keys and values are rejected.
 *   <li><b>Builders.</b> Every record has a static {@code builder()} returning a nested {@code
 *       Builder} with fluent setters named like the components, adders for collections ({@code
 *       label(k, v)}, {@code container(c)}, {@code toleration(t)}), and {@code toBuilder()} for
 *       copies with changes. Pod, PodDisruptionBudget, PodGroup, Service and Workload builders
 *       default the namespace to {@code default}; the Node builder defaults allocatable to
 *       capacity.
 *   <li><b>Enums.</b> Closed Kubernetes value sets are enums with {@code wireName()} (the exact
 *       Kubernetes spelling) and {@code fromWireName(String)}; open sets (pod phase, condition
 *       types, protocols) are strings.
 *   <li><b>Time.</b> Times are {@link java.time.Instant}s.
 *   <li><b>Matching.</b> Selector and toleration matching ({@code LabelSelector.matches}, {@code
 *       NodeSelector.matches}, {@code Toleration.tolerates}) follows upstream v1.35 exactly, never
 *       throws at match time, and does not allocate.
 * </ul>
 */
package io.schedkit.framework.model;
