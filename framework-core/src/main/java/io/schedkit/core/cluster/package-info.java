/**
 * The embedded cluster and the scheduler's object store: {@link
 * io.schedkit.core.cluster.InMemoryCluster}, a {@code ClusterView} that keeps objects in memory for
 * simulators, tests, the CLI and benchmarks, and {@link io.schedkit.core.store.ClusterObjectStore},
 * the {@code ObjectLister} fed by watch events.
 */
package io.schedkit.core.cluster;
