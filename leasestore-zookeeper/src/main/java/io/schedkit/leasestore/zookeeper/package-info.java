/**
 * {@link io.schedkit.leasestore.zookeeper.ZooKeeperLeaseStore}: leader election's lease in a
 * ZooKeeper znode, compare-and-set with versioned {@code setData}.
 */
package io.schedkit.leasestore.zookeeper;
