package io.schedkit.core.extender;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * A response body read into memory up to a limit: a reply larger than {@code maxBytes} fails as
 * soon as the limit is passed (the rest is not read), so an extender cannot make the scheduler hold
 * or parse an unbounded reply.
 */
final class BoundedBody implements HttpResponse.BodySubscriber<byte[]> {
  /** Thrown (as the body's failure) when a reply passes the limit. */
  static final class TooLargeException extends IOException {
    private static final long serialVersionUID = 1L;

    TooLargeException(long maxBytes) {
      super("the reply is larger than " + maxBytes + " bytes");
    }
  }

  private final long maxBytes;
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final CompletableFuture<byte[]> result = new CompletableFuture<>();
  private Flow.Subscription subscription;

  private BoundedBody(long maxBytes) {
    this.maxBytes = maxBytes;
  }

  /**
   * A handler whose bodies fail past {@code maxBytes}.
   *
   * @param maxBytes the largest body accepted
   * @return the handler
   */
  static HttpResponse.BodyHandler<byte[]> handler(long maxBytes) {
    return info -> new BoundedBody(maxBytes);
  }

  @Override
  public CompletionStage<byte[]> getBody() {
    return result;
  }

  @Override
  public void onSubscribe(Flow.Subscription s) {
    this.subscription = s;
    s.request(Long.MAX_VALUE);
  }

  @Override
  public void onNext(List<ByteBuffer> items) {
    if (result.isDone()) {
      return;
    }
    for (ByteBuffer b : items) {
      if (bytes.size() + (long) b.remaining() > maxBytes) {
        subscription.cancel();
        result.completeExceptionally(new TooLargeException(maxBytes));
        return;
      }
      byte[] chunk = new byte[b.remaining()];
      b.get(chunk);
      bytes.write(chunk, 0, chunk.length);
    }
  }

  @Override
  public void onError(Throwable error) {
    result.completeExceptionally(error);
  }

  @Override
  public void onComplete() {
    result.complete(bytes.toByteArray());
  }
}
