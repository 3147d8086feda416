package io.schedkit.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.client.http.HttpClient;
import io.fabric8.kubernetes.client.http.HttpRequest;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Sends the scheduler's writes to the API server asynchronously, as JSON over the fabric8 client's
 * HTTP client (so authentication, TLS and the client's rate limit apply), and turns a failed
 * response into an {@link ApiException} carrying the HTTP code and the server's {@code Status}
 * message.
 */
final class ApiRequests {
  /** JSON. */
  static final String JSON = "application/json";

  /** A strategic merge patch (lists such as {@code status.conditions} merge by their key). */
  static final String STRATEGIC_MERGE_PATCH = "application/strategic-merge-patch+json";

  /** A JSON merge patch. */
  static final String MERGE_PATCH = "application/merge-patch+json";

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final HttpClient http;
  private final String base;
  private final Duration timeout;

  /**
   * Requests to the server at {@code masterUrl} through {@code http}.
   *
   * @param http the client's HTTP client
   * @param masterUrl the server's URL
   * @param timeout how long one request may take
   */
  ApiRequests(HttpClient http, String masterUrl, Duration timeout) {
    this.http = http;
    this.base =
        masterUrl.endsWith("/") ? masterUrl.substring(0, masterUrl.length() - 1) : masterUrl;
    this.timeout = timeout;
  }

  /** A new JSON object to fill in as a request body. */
  static ObjectNode object() {
    return MAPPER.createObjectNode();
  }

  /** The path of a core/v1 namespaced object or collection ({@code name} may be empty). */
  static String corePath(String namespace, String resource, String name) {
    return "/api/v1/namespaces/"
        + encode(namespace)
        + "/"
        + resource
        + (name.isEmpty() ? "" : "/" + encode(name));
  }

  private static String encode(String segment) {
    return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20");
  }

  /**
   * Sends {@code body} with {@code method} to {@code path}.
   *
   * @param method the HTTP method
   * @param path the path from the server's root
   * @param contentType the body's content type
   * @param body the body; null for none
   * @return a stage with the response body, failing with {@link ApiException} on a non-2xx code or
   *     a transport error (code 0)
   */
  CompletableFuture<String> send(String method, String path, String contentType, JsonNode body) {
    String text;
    try {
      text = body == null ? null : MAPPER.writeValueAsString(body);
    } catch (IOException e) {
      return CompletableFuture.failedFuture(e);
    }
    HttpRequest.Builder b =
        http.newHttpRequestBuilder()
            .uri(base + path)
            .timeout(timeout.toMillis(), TimeUnit.MILLISECONDS)
            .header("Accept", JSON);
    if ("POST".equals(method)) {
      b.post(contentType, text.getBytes(StandardCharsets.UTF_8));
    } else {
      b.method(method, contentType, text);
    }
    HttpRequest request;
    try {
      request = b.build();
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
    return http.sendAsync(request, String.class)
        .handle(
            (response, t) -> {
              if (t != null) {
                throw new ApiException(
                    0, "", t.getMessage() == null ? t.toString() : t.getMessage());
              }
              if (response.isSuccessful()) {
                return response.body();
              }
              throw failure(response.code(), response.body());
            });
  }

  /** The server's {@code Status} of a failed response (its reason and message when present). */
  private static ApiException failure(int code, String body) {
    String reason = "";
    String message = body == null ? "" : body.trim();
    if (body != null && body.startsWith("{")) {
      try {
        JsonNode status = MAPPER.readTree(body);
        reason = status.path("reason").asText("");
        message = status.path("message").asText(message);
      } catch (IOException e) {
        // not a Status: keep the raw body as the message
      }
    }
    return new ApiException(code, reason, message);
  }

  /** A request the API server refused (or could not be sent: code 0). */
  static final class ApiException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int code;
    private final String reason;

    ApiException(int code, String reason, String message) {
      super(message);
      this.code = code;
      this.reason = reason;
    }

    /** The HTTP status code; 0 when no response came. */
    int code() {
      return code;
    }

    /** The {@code Status.reason} ({@code Conflict}, {@code NotFound}, ...), or empty. */
    String reason() {
      return reason;
    }

    /** {@code <code> <reason>: <message>}, or the transport error. */
    String describe() {
      return code == 0
          ? "no response: " + getMessage()
          : code + (reason.isEmpty() ? "" : " " + reason) + ": " + getMessage();
    }
  }
}
