package io.schedkit.leasestore.jdbc;

import io.schedkit.core.leaderelection.LeaderElectionRecord;
import io.schedkit.core.leaderelection.LeaseConflictException;
import io.schedkit.core.leaderelection.LeaseStore;
import io.schedkit.core.leaderelection.LeaseStoreException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * A {@link LeaseStore} in a SQL database, through plain JDBC: one row per lease in one table, and
 * writes that are compare-and-set on a {@code version} column ({@code UPDATE ... SET version =
 * version + 1 WHERE name = ? AND version = ?}), so any database with atomic single-row updates
 * works (PostgreSQL, MySQL, MariaDB, Oracle, SQL Server, H2, ...). The version is the row's
 * resource version; it grows by one with every write.
 *
 * <p>The table ({@link #DEFAULT_TABLE} unless named otherwise) is created on first use when it is
 * missing ({@link Builder#createTable}, on by default), with portable types:
 *
 * <pre>{@code
 * CREATE TABLE schedkit_leases (
 *   name                   VARCHAR(253) NOT NULL PRIMARY KEY,
 *   version                BIGINT       NOT NULL,
 *   holder_identity        VARCHAR(253) NOT NULL,
 *   lease_duration_seconds INTEGER      NOT NULL,
 *   acquire_time           VARCHAR(40),
 *   renew_time             VARCHAR(40),
 *   leader_transitions     INTEGER      NOT NULL,
 *   strategy               VARCHAR(253) NOT NULL,
 *   preferred_holder       VARCHAR(253) NOT NULL)
 * }</pre>
 *
 * Times are ISO-8601 text (UTC, to the nanosecond), so they round-trip exactly on every database. A
 * host that manages its schema itself creates that table and turns {@code createTable} off. Never
 * delete a row while schedulers run: its {@code leader_transitions} is their fencing token.
 *
 * <p>Each call borrows a connection from the {@link DataSource} (give it a pool in production),
 * runs one statement in auto-commit mode and returns the connection. A call's timeout bounds the
 * statement ({@link java.sql.Statement#setQueryTimeout}, rounded up to whole seconds) and the
 * connection's socket reads ({@link Connection#setNetworkTimeout}); bounding the time to open a
 * connection is the data source's setting (for PostgreSQL {@code connectTimeout} and {@code
 * loginTimeout}). The elector enforces the timeout in any case. Calls without a timeout use {@link
 * Builder#defaultTimeout} (5 s). Thread-safe.
 */
public final class JdbcLeaseStore implements LeaseStore {
  /** The table used unless {@link Builder#table} names another. */
  public static final String DEFAULT_TABLE = "schedkit_leases";

  private static final Pattern IDENTIFIER =
      Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)?");
  private static final String COLUMNS =
      "holder_identity, lease_duration_seconds, acquire_time, renew_time, leader_transitions,"
          + " strategy, preferred_holder";
  private static final Executor DIRECT = Runnable::run;

  private final DataSource dataSource;
  private final String table;
  private final String lease;
  private final boolean createTable;
  private final Duration defaultTimeout;
  private volatile boolean tableChecked;

  private JdbcLeaseStore(Builder b) {
    this.dataSource = b.dataSource;
    this.table = b.table;
    this.lease = b.lease;
    this.createTable = b.createTable;
    this.defaultTimeout = b.defaultTimeout;
  }

  /** A builder; the data source is required. */
  public static Builder builder() {
    return new Builder();
  }

  /** The name of the lease (the row's key). */
  public String lease() {
    return lease;
  }

  @Override
  public Optional<Stored> get() {
    return get(defaultTimeout);
  }

  @Override
  public Stored create(LeaderElectionRecord record) {
    return create(record, defaultTimeout);
  }

  @Override
  public Stored update(LeaderElectionRecord record, String expectedResourceVersion) {
    return update(record, expectedResourceVersion, defaultTimeout);
  }

  @Override
  public Optional<Stored> get(Duration timeout) {
    String sql = "SELECT version, " + COLUMNS + " FROM " + table + " WHERE name = ?";
    try (Connection c = connection(timeout);
        PreparedStatement s = c.prepareStatement(sql)) {
      s.setQueryTimeout(seconds(timeout));
      s.setString(1, lease);
      try (ResultSet r = s.executeQuery()) {
        if (!r.next()) {
          return Optional.empty();
        }
        long version = r.getLong(1);
        LeaderElectionRecord record =
            new LeaderElectionRecord(
                r.getString(2),
                r.getInt(3),
                instant(r.getString(4)),
                instant(r.getString(5)),
                r.getInt(6),
                r.getString(7),
                r.getString(8));
        return Optional.of(new Stored(record, Long.toString(version)));
      }
    } catch (SQLException e) {
      throw failure("get", e);
    }
  }

  @Override
  public Stored create(LeaderElectionRecord record, Duration timeout) {
    Objects.requireNonNull(record, "record");
    String sql =
        "INSERT INTO "
            + table
            + " (name, version, "
            + COLUMNS
            + ") VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?)";
    try (Connection c = connection(timeout);
        PreparedStatement s = c.prepareStatement(sql)) {
      s.setQueryTimeout(seconds(timeout));
      s.setString(1, lease);
      bind(s, 2, record);
      s.executeUpdate();
      return new Stored(record, "1");
    } catch (SQLException e) {
      if (isDuplicateKey(e)) {
        throw new LeaseConflictException("lease " + lease + " already exists in " + table);
      }
      throw failure("create", e);
    }
  }

  @Override
  public Stored update(
      LeaderElectionRecord record, String expectedResourceVersion, Duration timeout) {
    Objects.requireNonNull(record, "record");
    long expected;
    try {
      expected = Long.parseLong(expectedResourceVersion);
    } catch (NumberFormatException | NullPointerException e) {
      throw new LeaseConflictException(
          "lease " + lease + ": version " + expectedResourceVersion + " was never written here");
    }
    String sql =
        "UPDATE "
            + table
            + " SET version = version + 1, holder_identity = ?, lease_duration_seconds = ?,"
            + " acquire_time = ?, renew_time = ?, leader_transitions = ?, strategy = ?,"
            + " preferred_holder = ? WHERE name = ? AND version = ?";
    try (Connection c = connection(timeout);
        PreparedStatement s = c.prepareStatement(sql)) {
      s.setQueryTimeout(seconds(timeout));
      bind(s, 1, record);
      s.setString(8, lease);
      s.setLong(9, expected);
      if (s.executeUpdate() != 1) {
        throw new LeaseConflictException(
            "lease "
                + lease
                + " changed since version "
                + expected
                + " (or no longer exists); read it again");
      }
      return new Stored(record, Long.toString(expected + 1));
    } catch (SQLException e) {
      throw failure("update", e);
    }
  }

  // ------------------------------------------------------------------ internals

  /** A connection in auto-commit mode with the timeout on its socket; the table ensured. */
  private Connection connection(Duration timeout) throws SQLException {
    Connection c = dataSource.getConnection();
    try {
      c.setAutoCommit(true);
      c.setNetworkTimeout(
          DIRECT, (int) Math.min(Integer.MAX_VALUE, Math.max(1, timeout.toMillis())));
      if (!tableChecked && createTable) {
        ensureTable(c, timeout);
      }
      return c;
    } catch (SQLException | RuntimeException e) {
      c.close();
      throw e;
    }
  }

  /** Creates the table unless a query on it works; a concurrent creation is not an error. */
  private void ensureTable(Connection c, Duration timeout) throws SQLException {
    try (PreparedStatement probe =
        c.prepareStatement("SELECT COUNT(*) FROM " + table + " WHERE 1 = 0")) {
      probe.setQueryTimeout(seconds(timeout));
      probe.executeQuery().close();
      tableChecked = true;
      return;
    } catch (SQLException missing) {
      // Some databases (PostgreSQL) abort the transaction on an error; auto-commit ends it.
    }
    String ddl =
        "CREATE TABLE "
            + table
            + " (name VARCHAR(253) NOT NULL PRIMARY KEY, version BIGINT NOT NULL,"
            + " holder_identity VARCHAR(253) NOT NULL, lease_duration_seconds INTEGER NOT NULL,"
            + " acquire_time VARCHAR(40), renew_time VARCHAR(40),"
            + " leader_transitions INTEGER NOT NULL, strategy VARCHAR(253) NOT NULL,"
            + " preferred_holder VARCHAR(253) NOT NULL)";
    try (PreparedStatement create = c.prepareStatement(ddl)) {
      create.setQueryTimeout(seconds(timeout));
      create.executeUpdate();
    } catch (SQLException raced) {
      // Another process created it meanwhile; the probe decides.
      try (PreparedStatement probe =
          c.prepareStatement("SELECT COUNT(*) FROM " + table + " WHERE 1 = 0")) {
        probe.executeQuery().close();
      } catch (SQLException stillMissing) {
        stillMissing.addSuppressed(raced);
        throw stillMissing;
      }
    }
    tableChecked = true;
  }

  private static void bind(PreparedStatement s, int first, LeaderElectionRecord r)
      throws SQLException {
    s.setString(first, r.holderIdentity());
    s.setInt(first + 1, r.leaseDurationSeconds());
    s.setString(first + 2, r.acquireTime() == null ? null : r.acquireTime().toString());
    s.setString(first + 3, r.renewTime() == null ? null : r.renewTime().toString());
    s.setInt(first + 4, r.leaderTransitions());
    s.setString(first + 5, r.strategy());
    s.setString(first + 6, r.preferredHolder());
  }

  private static Instant instant(String text) {
    return text == null || text.isEmpty() ? null : Instant.parse(text);
  }

  /** The statement timeout in whole seconds, rounded up (JDBC counts seconds; 0 means none). */
  private static int seconds(Duration timeout) {
    long millis = Math.max(1, timeout.toMillis());
    return (int) Math.min(Integer.MAX_VALUE, (millis + 999) / 1000);
  }

  /** A duplicate primary key: SQLState class 23 (integrity constraint violation). */
  private static boolean isDuplicateKey(SQLException e) {
    for (SQLException x = e; x != null; x = x.getNextException()) {
      if (x instanceof java.sql.SQLIntegrityConstraintViolationException
          || (x.getSQLState() != null && x.getSQLState().startsWith("23"))) {
        return true;
      }
    }
    return false;
  }

  private LeaseStoreException failure(String operation, SQLException e) {
    return new LeaseStoreException(
        operation + " of lease " + lease + " in " + table + " failed: " + e.getMessage(), e);
  }

  // ------------------------------------------------------------------ builder

  /** Builds a {@link JdbcLeaseStore}. */
  public static final class Builder {
    private DataSource dataSource;
    private String table = DEFAULT_TABLE;
    private String lease = "kube-scheduler";
    private boolean createTable = true;
    private Duration defaultTimeout = Duration.ofSeconds(5);

    private Builder() {}

    /** Where connections come from (required; a pool in production). */
    public Builder dataSource(DataSource dataSource) {
      this.dataSource = dataSource;
      return this;
    }

    /**
     * The table, optionally with its schema ({@code schema.table}; letters, digits and {@code _}
     * only); default {@link #DEFAULT_TABLE}.
     */
    public Builder table(String table) {
      this.table = Objects.requireNonNull(table, "table");
      return this;
    }

    /** The lease's name, the row's key (default {@code kube-scheduler}). */
    public Builder lease(String lease) {
      this.lease = Objects.requireNonNull(lease, "lease");
      return this;
    }

    /** Whether a missing table is created on first use (default true). */
    public Builder createTable(boolean createTable) {
      this.createTable = createTable;
      return this;
    }

    /** The timeout of calls made without one (default 5 s). */
    public Builder defaultTimeout(Duration defaultTimeout) {
      this.defaultTimeout = Objects.requireNonNull(defaultTimeout, "defaultTimeout");
      return this;
    }

    /**
     * Builds the store; nothing is read or written until the first call.
     *
     * @throws IllegalArgumentException without a data source, with an empty lease name, or with a
     *     table name that is not a plain identifier
     */
    public JdbcLeaseStore build() {
      if (dataSource == null) {
        throw new IllegalArgumentException("a DataSource is required");
      }
      if (lease.isEmpty() || lease.length() > 253) {
        throw new IllegalArgumentException("lease name must have 1 to 253 characters: " + lease);
      }
      if (!IDENTIFIER.matcher(table).matches()) {
        throw new IllegalArgumentException(
            "table must be an identifier (letters, digits, _; optionally schema.table): " + table);
      }
      if (defaultTimeout.isNegative() || defaultTimeout.isZero()) {
        throw new IllegalArgumentException("defaultTimeout must be positive: " + defaultTimeout);
      }
      return new JdbcLeaseStore(this);
    }
  }
}
