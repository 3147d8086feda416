/**
 * {@link io.schedkit.leasestore.jdbc.JdbcLeaseStore}: leader election's lease in a SQL database
 * table, one row per lease, compare-and-set on a version column.
 */
package io.schedkit.leasestore.jdbc;
