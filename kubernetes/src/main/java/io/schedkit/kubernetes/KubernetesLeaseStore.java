package io.schedkit.kubernetes;

import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.schedkit.core.leaderelection.LeaderElectionRecord;
import io.schedkit.core.leaderelection.LeaseCodec;
import io.schedkit.core.leaderelection.LeaseConflictException;
import io.schedkit.core.leaderelection.LeaseStore;
import io.schedkit.core.leaderelection.LeaseStoreException;
import java.util.Objects;
import java.util.Optional;

/**
 * The lease of leader election as a {@code coordination.k8s.io/v1} Lease, as client-go's {@code
 * LeaseLock}: the record's fields are the Lease spec's ({@code holderIdentity}, {@code
 * leaseDurationSeconds}, {@code acquireTime}, {@code renewTime}, {@code leaseTransitions}, written
 * by {@link LeaseCodec}), and {@code metadata.resourceVersion} is the version that makes writes
 * compare-and-set: an update names the version it read and the API server refuses it with 409 when
 * the Lease changed since.
 *
 * <p>Failures: 409 on create (the Lease exists) or update (another writer got there first) and 404
 * on update (the Lease was deleted) are {@link LeaseConflictException}s; anything else (the server
 * unreachable, a timeout, 403 from RBAC) is a {@link LeaseStoreException} naming the Lease. Each
 * call is one request, bounded by the client's request timeout.
 */
public final class KubernetesLeaseStore implements LeaseStore {
  private final KubernetesClient client;
  private final KubernetesSerialization serialization;
  private final String namespace;
  private final String name;

  /**
   * The Lease {@code namespace/name} through {@code client}.
   *
   * @param client the connected client; not null
   * @param namespace the Lease's namespace (the configuration's {@code resourceNamespace})
   * @param name the Lease's name (the configuration's {@code resourceName})
   */
  public KubernetesLeaseStore(KubernetesClient client, String namespace, String name) {
    this.client = Objects.requireNonNull(client, "client");
    this.serialization = client.getKubernetesSerialization();
    this.namespace = requireText(namespace, "namespace");
    this.name = requireText(name, "name");
  }

  private static String requireText(String s, String what) {
    if (s == null || s.isEmpty()) {
      throw new IllegalArgumentException("the Lease's " + what + " must not be empty");
    }
    return s;
  }

  /** {@code namespace/name} of the Lease. */
  @Override
  public String toString() {
    return "Lease " + namespace + "/" + name;
  }

  @Override
  public Optional<Stored> get() {
    Lease lease;
    try {
      lease = client.leases().inNamespace(namespace).withName(name).get();
    } catch (KubernetesClientException e) {
      throw failure("reading", e);
    }
    return lease == null ? Optional.empty() : Optional.of(stored(lease));
  }

  @Override
  public Stored create(LeaderElectionRecord record) {
    Lease lease = lease(record, null);
    try {
      return stored(client.leases().inNamespace(namespace).resource(lease).create());
    } catch (KubernetesClientException e) {
      if (e.getCode() == 409) {
        throw new LeaseConflictException(
            "leases.coordination.k8s.io \"" + name + "\" already exists");
      }
      throw failure("creating", e);
    }
  }

  @Override
  public Stored update(LeaderElectionRecord record, String expectedResourceVersion) {
    Objects.requireNonNull(expectedResourceVersion, "expectedResourceVersion");
    Lease lease = lease(record, expectedResourceVersion);
    try {
      return stored(
          client
              .leases()
              .inNamespace(namespace)
              .resource(lease)
              .lockResourceVersion(expectedResourceVersion)
              .update());
    } catch (KubernetesClientException e) {
      if (e.getCode() == 409 || e.getCode() == 404) {
        throw new LeaseConflictException(
            "updating "
                + this
                + " at resourceVersion "
                + expectedResourceVersion
                + ": "
                + e.getCode()
                + " "
                + statusMessage(e));
      }
      throw failure("updating", e);
    }
  }

  private Lease lease(LeaderElectionRecord record, String resourceVersion) {
    String json =
        LeaseCodec.toLeaseJson(
            namespace, name, new Stored(record, resourceVersion == null ? "0" : resourceVersion));
    Lease lease = serialization.unmarshal(json, Lease.class);
    lease.getMetadata().setResourceVersion(resourceVersion);
    return lease;
  }

  private Stored stored(Lease lease) {
    try {
      return LeaseCodec.fromLeaseJson(serialization.asJson(lease));
    } catch (IllegalArgumentException e) {
      throw new LeaseStoreException(this + " is not a valid lease: " + e.getMessage(), e);
    }
  }

  private LeaseStoreException failure(String doing, KubernetesClientException e) {
    String code = e.getCode() > 0 ? e.getCode() + " " : "";
    return new LeaseStoreException(doing + " " + this + ": " + code + statusMessage(e), e);
  }

  private static String statusMessage(KubernetesClientException e) {
    return e.getStatus() != null && e.getStatus().getMessage() != null
        ? e.getStatus().getMessage()
        : String.valueOf(e.getMessage());
  }
}
