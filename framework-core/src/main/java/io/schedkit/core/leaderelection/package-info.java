/**
 * Leader election over a lease, as client-go's {@code tools/leaderelection}: {@link
 * io.schedkit.core.leaderelection.LeaderElector} acquires and renews a {@link
 * io.schedkit.core.leaderelection.LeaderElectionRecord} kept in a host's {@link
 * io.schedkit.core.leaderelection.LeaseStore} (a {@code coordination.k8s.io/v1} Lease, or anything
 * with compare-and-set), so that of several schedulers sharing a cluster only one schedules. {@link
 * io.schedkit.core.leaderelection.InMemoryLeaseStore} is the embedded store, {@link
 * io.schedkit.core.leaderelection.LeaseCodec} the JSON of records and Leases.
 */
package io.schedkit.core.leaderelection;
