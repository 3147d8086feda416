package io.schedkit.core.codec.tree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.OffsetDateTime;
import org.junit.jupiter.api.Test;

final class JsonTimeTest {
  private static Instant time(String text) {
    ObjectNode o = JsonNodeFactory.instance.objectNode().put("t", text);
    Instant viaField = Json.time(o, "t", "metadata");
    assertThat(Json.asTime(o.get("t"), "metadata.t")).isEqualTo(viaField);
    return viaField;
  }

  @Test
  void readsEveryRfc3339FormAsTheGeneralParserDoes() {
    for (String s :
        new String[] {
          "2006-01-02T15:04:05Z",
          "1970-01-01T00:00:00Z",
          "0000-01-01T00:00:00Z",
          "2024-02-28T23:59:59Z",
          "2024-02-29T12:00:00Z",
          "2023-12-31T23:59:59Z",
          "2024-01-01T00:00:00+02:00",
          "2024-01-01T00:00:00.5Z",
          "2024-01-01T00:00:00.123456789Z"
        }) {
      assertThat(time(s)).as(s).isEqualTo(OffsetDateTime.parse(s).toInstant());
    }
  }

  @Test
  void refusesWhatTheGeneralParserRefuses() {
    for (String s :
        new String[] {
          "2024-13-01T00:00:00Z",
          "2023-02-29T00:00:00Z",
          "2024-01-01T24:00:00Z",
          "2024-01-01T00:60:00Z",
          "2024-01-01T00:00:60Z",
          "2024-01-0aT00:00:00Z",
          "2024-01-01 00:00:00Z"
        }) {
      assertThatThrownBy(() -> time(s)).as(s).isInstanceOf(FieldException.class);
    }
  }
}
