/**
 * A {@code LeaseStore} over any SQL database through JDBC: one row per lease, compare-and-set on a
 * version column. Depends on the runtime and {@code java.sql} only; the application brings the
 * driver.
 */
module io.schedkit.leasestore.jdbc {
  requires transitive io.schedkit.core;
  requires transitive java.sql;

  exports io.schedkit.leasestore.jdbc;
}
