package io.schedkit.core.leaderelection;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.schedkit.core.codec.tree.InputLimits;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * The JSON forms of a {@link LeaderElectionRecord}, with client-go's field names, for hosts that
 * keep the lease in Kubernetes or next to Kubernetes tools:
 *
 * <ul>
 *   <li>the record itself ({@link #toJson}), as client-go marshals {@code LeaderElectionRecord}:
 *       {@code holderIdentity, leaseDurationSeconds, acquireTime, renewTime, leaderTransitions,
 *       strategy, preferredHolder}, times in RFC 3339 to the second, an unset time {@code null};
 *   <li>a {@code coordination.k8s.io/v1} Lease spec ({@link #toLeaseSpecJson}): {@code
 *       holderIdentity, leaseDurationSeconds, acquireTime, renewTime, leaseTransitions}, times in
 *       RFC 3339 to the microsecond, {@code strategy} and {@code preferredHolder} only when set;
 *   <li>a whole Lease ({@link #toLeaseJson}) whose {@code metadata.resourceVersion} is the {@link
 *       LeaseStore.Stored#resourceVersion()}.
 * </ul>
 *
 * Output is compact, fields in client-go's order; decoding treats a missing field and {@code null}
 * alike and rejects a field of the wrong type with an {@link IllegalArgumentException} naming it.
 * Reading is bounded as the Kubernetes decoders' is ({@link InputLimits}): nesting, one value and
 * the whole text (one object) beyond their limits are refused with an {@link
 * IllegalArgumentException} naming the limit.
 */
public final class LeaseCodec {
  /** The Lease's {@code apiVersion}. */
  public static final String LEASE_API_VERSION = "coordination.k8s.io/v1";

  // Reads as the Kubernetes decoders do: nesting, one value and the whole object bounded.
  private static final ObjectMapper MAPPER =
      JsonMapper.builder(
              JsonFactory.builder().streamReadConstraints(InputLimits.jacksonOneObject()).build())
          .build();
  private static final DateTimeFormatter SECONDS =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ssXXX").withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter MICROS =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSXXX").withZone(ZoneOffset.UTC);

  private LeaseCodec() {}

  // ------------------------------------------------------------------ the record

  /** The record as client-go's {@code LeaderElectionRecord} JSON. */
  public static String toJson(LeaderElectionRecord record) {
    ObjectNode n = MAPPER.createObjectNode();
    n.put("holderIdentity", record.holderIdentity());
    n.put("leaseDurationSeconds", record.leaseDurationSeconds());
    putTime(n, "acquireTime", record.acquireTime(), SECONDS);
    putTime(n, "renewTime", record.renewTime(), SECONDS);
    n.put("leaderTransitions", record.leaderTransitions());
    n.put("strategy", record.strategy());
    n.put("preferredHolder", record.preferredHolder());
    return write(n);
  }

  /** Reads client-go's {@code LeaderElectionRecord} JSON. */
  public static LeaderElectionRecord fromJson(String json) {
    JsonNode n = object(parse(json), "");
    return new LeaderElectionRecord(
        string(n, "holderIdentity"),
        integer(n, "leaseDurationSeconds"),
        time(n, "acquireTime"),
        time(n, "renewTime"),
        integer(n, "leaderTransitions"),
        string(n, "strategy"),
        string(n, "preferredHolder"));
  }

  // ------------------------------------------------------------------ a Lease

  /** The record as a Lease {@code spec} (client-go's {@code LeaderElectionRecordToLeaseSpec}). */
  public static String toLeaseSpecJson(LeaderElectionRecord record) {
    return write(spec(record));
  }

  /** Reads a Lease {@code spec} (client-go's {@code LeaseSpecToLeaderElectionRecord}). */
  public static LeaderElectionRecord fromLeaseSpecJson(String json) {
    return record(object(parse(json), ""), "");
  }

  /**
   * A whole {@code coordination.k8s.io/v1} Lease named {@code namespace/name} holding {@code
   * stored}, its version as {@code metadata.resourceVersion}.
   */
  public static String toLeaseJson(String namespace, String name, LeaseStore.Stored stored) {
    ObjectNode lease = MAPPER.createObjectNode();
    lease.put("apiVersion", LEASE_API_VERSION);
    lease.put("kind", "Lease");
    ObjectNode meta = lease.putObject("metadata");
    meta.put("name", Objects.requireNonNull(name, "name"));
    meta.put("namespace", Objects.requireNonNull(namespace, "namespace"));
    meta.put("resourceVersion", stored.resourceVersion());
    lease.set("spec", spec(stored.record()));
    return write(lease);
  }

  /**
   * Reads a whole Lease: the record from its {@code spec}, the version from {@code
   * metadata.resourceVersion}.
   *
   * @throws IllegalArgumentException if it is not a Lease, or has no resourceVersion
   */
  public static LeaseStore.Stored fromLeaseJson(String json) {
    JsonNode lease = object(parse(json), "");
    String kind = string(lease, "kind");
    if (!kind.isEmpty() && !kind.equals("Lease")) {
      throw new IllegalArgumentException(
          "kind: expected Lease, got " + io.schedkit.framework.PluginArgs.FieldError.quote(kind));
    }
    JsonNode meta = object(lease.get("metadata"), "metadata");
    String version = meta == null ? "" : string(meta, "resourceVersion");
    if (version.isEmpty()) {
      throw new IllegalArgumentException("metadata.resourceVersion: Required value");
    }
    JsonNode spec = object(lease.get("spec"), "spec");
    LeaderElectionRecord record = spec == null ? LeaderElectionRecord.EMPTY : record(spec, "spec.");
    return new LeaseStore.Stored(record, version);
  }

  // ------------------------------------------------------------------ internals

  private static ObjectNode spec(LeaderElectionRecord record) {
    ObjectNode n = MAPPER.createObjectNode();
    n.put("holderIdentity", record.holderIdentity());
    n.put("leaseDurationSeconds", record.leaseDurationSeconds());
    putTime(n, "acquireTime", record.acquireTime(), MICROS);
    putTime(n, "renewTime", record.renewTime(), MICROS);
    n.put("leaseTransitions", record.leaderTransitions());
    if (!record.strategy().isEmpty()) {
      n.put("strategy", record.strategy());
    }
    if (!record.preferredHolder().isEmpty()) {
      n.put("preferredHolder", record.preferredHolder());
    }
    return n;
  }

  private static LeaderElectionRecord record(JsonNode spec, String prefix) {
    return new LeaderElectionRecord(
        string(spec, "holderIdentity", prefix),
        integer(spec, "leaseDurationSeconds", prefix),
        time(spec, "acquireTime", prefix),
        time(spec, "renewTime", prefix),
        integer(spec, "leaseTransitions", prefix),
        string(spec, "strategy", prefix),
        string(spec, "preferredHolder", prefix));
  }

  private static void putTime(ObjectNode n, String field, Instant t, DateTimeFormatter format) {
    if (t == null) {
      n.putNull(field);
    } else {
      ChronoUnit unit = format == SECONDS ? ChronoUnit.SECONDS : ChronoUnit.MICROS;
      n.put(field, format.format(t.truncatedTo(unit)));
    }
  }

  private static String write(JsonNode n) {
    try {
      return MAPPER.writeValueAsString(n);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("writing JSON: " + e.getOriginalMessage(), e);
    }
  }

  private static JsonNode parse(String json) {
    Objects.requireNonNull(json, "json");
    if (json.length() > InputLimits.MAX_OBJECT_CHARS) {
      throw new IllegalArgumentException(
          "invalid JSON: " + InputLimits.objectTooLongMessage(json.length()));
    }
    try {
      return MAPPER.readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          "invalid JSON: "
              + io.schedkit.framework.PluginArgs.FieldError.shorten(
                  e.getOriginalMessage(),
                  io.schedkit.framework.PluginArgs.FieldError.MAX_RENDERED_CHARS),
          e);
    }
  }

  /** A value for a message, shortened: a record read back may hold anything. */
  private static String shortText(JsonNode n) {
    return io.schedkit.framework.PluginArgs.FieldError.shorten(
        n.toString(), io.schedkit.framework.PluginArgs.FieldError.MAX_RENDERED_CHARS);
  }

  private static JsonNode object(JsonNode n, String path) {
    if (n == null || n.isNull() || n.isMissingNode()) {
      if (path.isEmpty()) {
        throw new IllegalArgumentException("expected a JSON object");
      }
      return null;
    }
    if (!n.isObject()) {
      throw new IllegalArgumentException(
          path.isEmpty() ? "expected a JSON object" : path + ": expected an object");
    }
    return n;
  }

  private static JsonNode field(JsonNode obj, String name) {
    JsonNode n = obj.get(name);
    return n == null || n.isNull() ? null : n;
  }

  private static String string(JsonNode obj, String name) {
    return string(obj, name, "");
  }

  private static String string(JsonNode obj, String name, String prefix) {
    JsonNode n = field(obj, name);
    if (n == null) {
      return "";
    }
    if (!n.isTextual()) {
      throw new IllegalArgumentException(
          prefix + name + ": expected a string, got " + shortText(n));
    }
    return n.textValue();
  }

  private static int integer(JsonNode obj, String name) {
    return integer(obj, name, "");
  }

  private static int integer(JsonNode obj, String name, String prefix) {
    JsonNode n = field(obj, name);
    if (n == null) {
      return 0;
    }
    if (!n.isIntegralNumber() || !n.canConvertToInt()) {
      throw new IllegalArgumentException(
          prefix + name + ": expected a 32-bit integer, got " + shortText(n));
    }
    return n.intValue();
  }

  private static Instant time(JsonNode obj, String name) {
    return time(obj, name, "");
  }

  private static Instant time(JsonNode obj, String name, String prefix) {
    JsonNode n = field(obj, name);
    if (n == null) {
      return null;
    }
    if (!n.isTextual()) {
      throw new IllegalArgumentException(
          prefix + name + ": expected an RFC 3339 time, got " + shortText(n));
    }
    try {
      return OffsetDateTime.parse(n.textValue(), DateTimeFormatter.ISO_OFFSET_DATE_TIME)
          .toInstant();
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          prefix + name + ": expected an RFC 3339 time, got " + shortText(n), e);
    }
  }
}
