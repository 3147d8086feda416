/**
 * The host contract: {@link io.schedkit.framework.cluster.ClusterView}, through which a host
 * application supplies cluster state and carries out the scheduler's decisions, and the events and
 * object sets it exchanges.
 */
package io.schedkit.framework.cluster;
