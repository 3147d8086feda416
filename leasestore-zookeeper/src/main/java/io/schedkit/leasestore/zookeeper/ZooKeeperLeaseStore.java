package io.schedkit.leasestore.zookeeper;

import io.schedkit.core.leaderelection.LeaderElectionRecord;
import io.schedkit.core.leaderelection.LeaseCodec;
import io.schedkit.core.leaderelection.LeaseConflictException;
import io.schedkit.core.leaderelection.LeaseStore;
import io.schedkit.core.leaderelection.LeaseStoreException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.CuratorEvent;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;

/**
 * A {@link LeaseStore} in ZooKeeper, through an Apache Curator client the host owns (started, with
 * its own retry policy and session): one znode per lease, {@code <root>/<lease>} ({@link
 * #DEFAULT_ROOT} unless named otherwise), holding the record as a Kubernetes Lease spec's JSON
 * ({@link LeaseCodec#toLeaseSpecJson}, times to the microsecond). The znode's data version is the
 * resource version: an update is {@code setData} with the expected version, so ZooKeeper itself
 * refuses a stale write ({@code BADVERSION}); a create that finds the znode is a conflict too.
 *
 * <p>Each call runs in Curator's background mode and waits at most its timeout for the result; a
 * call still running then (for example while the client reconnects) fails with a {@link
 * LeaseStoreException} and no thread stays blocked; its outcome is then unknown, since Curator
 * keeps retrying it under the client's retry policy and may apply it once the server is back. Calls
 * without a timeout use {@link Builder#defaultTimeout} (5 s). Never delete the znode while
 * schedulers run: its {@code leaseTransitions} is their fencing token. Thread-safe.
 */
public final class ZooKeeperLeaseStore implements LeaseStore {
  /** The parent of the lease znodes unless {@link Builder#root} names another. */
  public static final String DEFAULT_ROOT = "/schedkit/leases";

  private final CuratorFramework client;
  private final String path;
  private final String lease;
  private final Duration defaultTimeout;

  private ZooKeeperLeaseStore(Builder b) {
    this.client = b.client;
    this.lease = b.lease;
    this.path = ZKPaths.makePath(b.root, b.lease);
    this.defaultTimeout = b.defaultTimeout;
  }

  /** A builder; the Curator client is required. */
  public static Builder builder() {
    return new Builder();
  }

  /** The znode of the lease. */
  public String path() {
    return path;
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
    CuratorEvent e =
        await(
            "get",
            timeout,
            f -> client.getData().inBackground((c, event) -> f.complete(event)).forPath(path));
    KeeperException.Code code = KeeperException.Code.get(e.getResultCode());
    if (code == KeeperException.Code.NONODE) {
      return Optional.empty();
    }
    if (code != KeeperException.Code.OK) {
      throw failure("get", code);
    }
    return Optional.of(
        new Stored(
            LeaseCodec.fromLeaseSpecJson(new String(e.getData(), StandardCharsets.UTF_8)),
            Integer.toString(e.getStat().getVersion())));
  }

  @Override
  public Stored create(LeaderElectionRecord record, Duration timeout) {
    byte[] data = bytes(record);
    CuratorEvent e =
        await(
            "create",
            timeout,
            f ->
                client
                    .create()
                    .creatingParentContainersIfNeeded()
                    .inBackground((c, event) -> f.complete(event))
                    .forPath(path, data));
    KeeperException.Code code = KeeperException.Code.get(e.getResultCode());
    if (code == KeeperException.Code.NODEEXISTS) {
      throw new LeaseConflictException("lease " + lease + " already exists at " + path);
    }
    if (code != KeeperException.Code.OK) {
      throw failure("create", code);
    }
    return new Stored(record, "0");
  }

  @Override
  public Stored update(
      LeaderElectionRecord record, String expectedResourceVersion, Duration timeout) {
    int expected;
    try {
      expected = Integer.parseInt(expectedResourceVersion);
    } catch (NumberFormatException | NullPointerException e) {
      throw new LeaseConflictException(
          "lease " + lease + ": version " + expectedResourceVersion + " was never written here");
    }
    byte[] data = bytes(record);
    CuratorEvent e =
        await(
            "update",
            timeout,
            f ->
                client
                    .setData()
                    .withVersion(expected)
                    .inBackground((c, event) -> f.complete(event))
                    .forPath(path, data));
    KeeperException.Code code = KeeperException.Code.get(e.getResultCode());
    if (code == KeeperException.Code.BADVERSION || code == KeeperException.Code.NONODE) {
      throw new LeaseConflictException(
          "lease " + lease + " changed since version " + expected + " (or no longer exists)");
    }
    if (code != KeeperException.Code.OK) {
      throw failure("update", code);
    }
    Stat stat = e.getStat();
    return new Stored(record, Integer.toString(stat.getVersion()));
  }

  // ------------------------------------------------------------------ internals

  /** Something that starts a background operation completing {@code f} with its event. */
  @FunctionalInterface
  private interface Operation {
    void start(CompletableFuture<CuratorEvent> f) throws Exception;
  }

  /** Starts {@code op} in the background and waits for its event at most {@code timeout}. */
  private CuratorEvent await(String name, Duration timeout, Operation op) {
    CompletableFuture<CuratorEvent> f = new CompletableFuture<>();
    try {
      op.start(f);
      return f.get(Math.max(1, timeout.toNanos()), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      throw new LeaseStoreException(
          name + " of lease " + lease + " timed out after " + timeout.toMillis() + " ms", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new LeaseStoreException(name + " of lease " + lease + " interrupted", e);
    } catch (ExecutionException e) {
      throw new LeaseStoreException(name + " of lease " + lease + " failed", e.getCause());
    } catch (Exception e) {
      throw new LeaseStoreException(name + " of lease " + lease + " failed: " + e, e);
    }
  }

  private LeaseStoreException failure(String name, KeeperException.Code code) {
    return new LeaseStoreException(
        name + " of lease " + lease + " at " + path + " failed: " + code);
  }

  private static byte[] bytes(LeaderElectionRecord record) {
    Objects.requireNonNull(record, "record");
    return LeaseCodec.toLeaseSpecJson(record).getBytes(StandardCharsets.UTF_8);
  }

  // ------------------------------------------------------------------ builder

  /** Builds a {@link ZooKeeperLeaseStore}. */
  public static final class Builder {
    private CuratorFramework client;
    private String root = DEFAULT_ROOT;
    private String lease = "kube-scheduler";
    private Duration defaultTimeout = Duration.ofSeconds(5);

    private Builder() {}

    /** The Curator client, started by the host (required). */
    public Builder client(CuratorFramework client) {
      this.client = client;
      return this;
    }

    /** The parent znode of the leases (default {@link #DEFAULT_ROOT}). */
    public Builder root(String root) {
      this.root = Objects.requireNonNull(root, "root");
      return this;
    }

    /** The lease's name, the znode's name (default {@code kube-scheduler}). */
    public Builder lease(String lease) {
      this.lease = Objects.requireNonNull(lease, "lease");
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
     * @throws IllegalArgumentException without a client, or with a lease name that is not a single
     *     znode name
     */
    public ZooKeeperLeaseStore build() {
      if (client == null) {
        throw new IllegalArgumentException("a CuratorFramework client is required");
      }
      if (lease.isEmpty() || lease.contains("/")) {
        throw new IllegalArgumentException("lease must be a znode name without '/': " + lease);
      }
      if (defaultTimeout.isNegative() || defaultTimeout.isZero()) {
        throw new IllegalArgumentException("defaultTimeout must be positive: " + defaultTimeout);
      }
      return new ZooKeeperLeaseStore(this);
    }
  }
}
