package io.schedkit.core.leaderelection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.schedkit.core.codec.tree.InputLimits;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@link LeaseCodec}: client-go's record JSON and the Lease form, both ways. */
final class LeaseCodecTest {
  private static final Instant ACQUIRED = Instant.parse("2025-03-04T05:06:07.123456789Z");
  private static final Instant RENEWED = Instant.parse("2025-03-04T05:07:08.987654Z");
  private static final LeaderElectionRecord RECORD =
      new LeaderElectionRecord("node-1_4f1c", 15, ACQUIRED, RENEWED, 3);

  @Test
  void toJson_clientGoFieldsInOrderWithSecondTimes() {
    assertThat(LeaseCodec.toJson(RECORD))
        .isEqualTo(
            "{\"holderIdentity\":\"node-1_4f1c\",\"leaseDurationSeconds\":15,"
                + "\"acquireTime\":\"2025-03-04T05:06:07Z\",\"renewTime\":\"2025-03-04T05:07:08Z\","
                + "\"leaderTransitions\":3,\"strategy\":\"\",\"preferredHolder\":\"\"}");
  }

  @Test
  void toJson_unsetTimesAreNull() {
    assertThat(LeaseCodec.toJson(LeaderElectionRecord.EMPTY))
        .isEqualTo(
            "{\"holderIdentity\":\"\",\"leaseDurationSeconds\":0,\"acquireTime\":null,"
                + "\"renewTime\":null,\"leaderTransitions\":0,\"strategy\":\"\","
                + "\"preferredHolder\":\"\"}");
    assertThat(LeaseCodec.fromJson(LeaseCodec.toJson(LeaderElectionRecord.EMPTY)))
        .isEqualTo(LeaderElectionRecord.EMPTY);
  }

  @Test
  void fromJson_roundTripsToTheSecond() {
    LeaderElectionRecord back = LeaseCodec.fromJson(LeaseCodec.toJson(RECORD));
    assertThat(back)
        .isEqualTo(
            new LeaderElectionRecord(
                "node-1_4f1c",
                15,
                Instant.parse("2025-03-04T05:06:07Z"),
                Instant.parse("2025-03-04T05:07:08Z"),
                3));
    assertThat(LeaseCodec.toJson(back)).isEqualTo(LeaseCodec.toJson(RECORD));
  }

  @Test
  void fromJson_coordinationFieldsAndOffsets() {
    LeaderElectionRecord r =
        LeaseCodec.fromJson(
            "{\"holderIdentity\":\"a\",\"leaseDurationSeconds\":10,"
                + "\"acquireTime\":\"2025-03-04T07:06:07+02:00\",\"renewTime\":null,"
                + "\"leaderTransitions\":1,\"strategy\":\"OldestEmulationVersion\","
                + "\"preferredHolder\":\"b\"}");
    assertThat(r)
        .isEqualTo(
            new LeaderElectionRecord(
                "a",
                10,
                Instant.parse("2025-03-04T05:06:07Z"),
                null,
                1,
                "OldestEmulationVersion",
                "b"));
  }

  @Test
  void toLeaseSpecJson_leaseTransitionsAndMicrosecondTimes() {
    assertThat(LeaseCodec.toLeaseSpecJson(RECORD))
        .isEqualTo(
            "{\"holderIdentity\":\"node-1_4f1c\",\"leaseDurationSeconds\":15,"
                + "\"acquireTime\":\"2025-03-04T05:06:07.123456Z\","
                + "\"renewTime\":\"2025-03-04T05:07:08.987654Z\",\"leaseTransitions\":3}");
  }

  @Test
  void toLeaseSpecJson_coordinationFieldsOnlyWhenSet() {
    LeaderElectionRecord r =
        new LeaderElectionRecord("a", 10, RENEWED, RENEWED, 0, "OldestEmulationVersion", "b");
    assertThat(LeaseCodec.toLeaseSpecJson(r))
        .endsWith(
            "\"leaseTransitions\":0,\"strategy\":\"OldestEmulationVersion\","
                + "\"preferredHolder\":\"b\"}");
    assertThat(LeaseCodec.fromLeaseSpecJson(LeaseCodec.toLeaseSpecJson(r))).isEqualTo(r);
  }

  @Test
  void leaseSpec_roundTripsToTheMicrosecond() {
    // client-go's TestLeaseSpecToLeaderElectionRecordRoundTrip, on the JSON.
    String spec = LeaseCodec.toLeaseSpecJson(RECORD);
    LeaderElectionRecord back = LeaseCodec.fromLeaseSpecJson(spec);
    assertThat(back.acquireTime()).isEqualTo(Instant.parse("2025-03-04T05:06:07.123456Z"));
    assertThat(back.renewTime()).isEqualTo(RENEWED);
    assertThat(back.leaderTransitions()).isEqualTo(3);
    assertThat(LeaseCodec.toLeaseSpecJson(back)).isEqualTo(spec);
  }

  @Test
  void lease_carriesTheResourceVersion() {
    LeaseStore.Stored stored = new LeaseStore.Stored(RECORD, "4711");
    String json = LeaseCodec.toLeaseJson("kube-system", "kube-scheduler", stored);
    assertThat(json)
        .startsWith(
            "{\"apiVersion\":\"coordination.k8s.io/v1\",\"kind\":\"Lease\",\"metadata\":"
                + "{\"name\":\"kube-scheduler\",\"namespace\":\"kube-system\","
                + "\"resourceVersion\":\"4711\"},\"spec\":{\"holderIdentity\":\"node-1_4f1c\"");
    LeaseStore.Stored back = LeaseCodec.fromLeaseJson(json);
    assertThat(back.resourceVersion()).isEqualTo("4711");
    assertThat(back.record().holderIdentity()).isEqualTo("node-1_4f1c");
    assertThat(back.record().renewTime()).isEqualTo(RENEWED);
  }

  @Test
  void fromLeaseJson_aLeaseAsKubectlPrintsIt() {
    String kubectl =
        """
        {"apiVersion": "coordination.k8s.io/v1", "kind": "Lease",
         "metadata": {"name": "kube-scheduler", "namespace": "kube-system",
                      "resourceVersion": "981", "uid": "6b1c"},
         "spec": {"acquireTime": "2025-01-02T10:00:00.000000Z",
                  "holderIdentity": "cp-1_0d0c3f1e-7c39-4d47-a7c6-2b8a4c53b1f2",
                  "leaseDurationSeconds": 15, "leaseTransitions": 7,
                  "renewTime": "2025-01-02T11:22:33.444555Z"}}
        """;
    LeaseStore.Stored s = LeaseCodec.fromLeaseJson(kubectl);
    assertThat(s.resourceVersion()).isEqualTo("981");
    assertThat(s.record())
        .isEqualTo(
            new LeaderElectionRecord(
                "cp-1_0d0c3f1e-7c39-4d47-a7c6-2b8a4c53b1f2",
                15,
                Instant.parse("2025-01-02T10:00:00Z"),
                Instant.parse("2025-01-02T11:22:33.444555Z"),
                7));
  }

  @Test
  void fromLeaseJson_emptySpecIsTheEmptyRecord() {
    LeaseStore.Stored s =
        LeaseCodec.fromLeaseJson(
            "{\"kind\":\"Lease\",\"metadata\":{\"name\":\"l\",\"resourceVersion\":\"1\"}}");
    assertThat(s.record()).isEqualTo(LeaderElectionRecord.EMPTY);
  }

  static Stream<Arguments> badJson() {
    return Stream.of(
        Arguments.of("not JSON", "{", "invalid JSON"),
        Arguments.of("an array", "[]", "expected a JSON object"),
        Arguments.of(
            "duration as a string",
            "{\"leaseDurationSeconds\":\"15\"}",
            "leaseDurationSeconds: expected a 32-bit integer, got \"15\""),
        Arguments.of(
            "holder as a number",
            "{\"holderIdentity\":7}",
            "holderIdentity: expected a string, got 7"),
        Arguments.of(
            "a time without offset",
            "{\"renewTime\":\"2025-01-02 10:00:00\"}",
            "renewTime: expected an RFC 3339 time, got \"2025-01-02 10:00:00\""));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badJson")
  void fromJson_rejectsBadInputNamingTheField(String name, String json, String message) {
    assertThatThrownBy(() -> LeaseCodec.fromJson(json))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(message);
  }

  @Test
  void fromLeaseJson_rejectsOtherKindsAndMissingVersions() {
    assertThatThrownBy(() -> LeaseCodec.fromLeaseJson("{\"kind\":\"ConfigMap\"}"))
        .hasMessage("kind: expected Lease, got \"ConfigMap\"");
    assertThatThrownBy(() -> LeaseCodec.fromLeaseJson("{\"kind\":\"Lease\",\"metadata\":{}}"))
        .hasMessage("metadata.resourceVersion: Required value");
    assertThatThrownBy(
            () ->
                LeaseCodec.fromLeaseJson(
                    "{\"metadata\":{\"resourceVersion\":\"1\"},"
                        + "\"spec\":{\"leaseTransitions\":1.5}}"))
        .hasMessage("spec.leaseTransitions: expected a 32-bit integer, got 1.5");
  }

  // ---- input limits, as the Kubernetes decoders'

  private static String nested(int depth) {
    return "{\"holderIdentity\":\"a\",\"x\":" + "[".repeat(depth) + "]".repeat(depth) + "}";
  }

  @Test
  void nestingUpToTheLimitIsRead_beyondItRefused() {
    assertThat(LeaseCodec.fromJson(nested(InputLimits.MAX_NESTING_DEPTH - 1)).holderIdentity())
        .isEqualTo("a");
    assertThatThrownBy(() -> LeaseCodec.fromLeaseSpecJson(nested(InputLimits.MAX_NESTING_DEPTH)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("invalid JSON: ")
        .hasMessageContaining("nesting depth")
        .hasMessageContaining("(" + InputLimits.MAX_NESTING_DEPTH);
  }

  @Test
  void aValueBeyondTheLimitIsRefused() {
    String big = "h".repeat(InputLimits.MAX_VALUE_CHARS + 1);
    assertThatThrownBy(() -> LeaseCodec.fromJson("{\"holderIdentity\":\"" + big + "\"}"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("invalid JSON: ")
        .hasMessageContaining("String value length")
        .hasMessageContaining(Integer.toString(InputLimits.MAX_VALUE_CHARS));
  }

  @Test
  void aTextBeyondTheObjectLimitIsRefused() {
    // Many small values: no single value is too long, the whole is.
    StringBuilder json = new StringBuilder("{\"holderIdentity\":\"a\",\"x\":[");
    String element = "\"" + "v".repeat(1000) + "\",";
    while (json.length() <= InputLimits.MAX_OBJECT_CHARS) {
      json.append(element);
    }
    json.append("1]}");
    assertThatThrownBy(() -> LeaseCodec.fromLeaseJson(json.toString()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "invalid JSON: "
                + String.format(java.util.Locale.ROOT, "%,d", json.length())
                + " characters, more than 8,388,608, the limit");
  }

  @Test
  void aTextJustUnderTheObjectLimitIsRead() {
    String pad = "v".repeat(InputLimits.MAX_VALUE_CHARS - 10);
    StringBuilder json = new StringBuilder("{\"holderIdentity\":\"a\"");
    int i = 0;
    while (json.length() + pad.length() + 20 < InputLimits.MAX_OBJECT_CHARS) {
      json.append(",\"p").append(i++).append("\":\"").append(pad).append('"');
    }
    json.append('}');
    assertThat(json.length()).isLessThanOrEqualTo(InputLimits.MAX_OBJECT_CHARS);
    assertThat(LeaseCodec.fromJson(json.toString()).holderIdentity()).isEqualTo("a");
  }
}
