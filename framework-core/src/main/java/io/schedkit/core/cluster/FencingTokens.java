package io.schedkit.core.cluster;

import io.schedkit.framework.cluster.ClusterWriteException;
import io.schedkit.framework.cluster.FencingToken;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The check a host runs before it applies a write from a leader-elected scheduler: it remembers the
 * newest {@link FencingToken} seen for each lease and refuses a write whose token is older, since
 * its writer has been replaced as leader. {@link InMemoryCluster} uses it; a host with its own
 * store keeps one next to the data it protects and calls {@link #admit} in the same transaction as
 * the write (or in the same critical section), so that no write can slip between the check and the
 * change. A token equal to or newer than the newest becomes the newest.
 *
 * <p>Thread-safe.
 */
public final class FencingTokens {
  private final Map<String, Long> newest = new HashMap<>();
  private long refused;

  /** No token seen yet. */
  public FencingTokens() {}

  /**
   * Admits a write carrying {@code token}, or refuses it.
   *
   * @param token the writer's token
   * @param write what is written, for the message (for example {@code bind of pod ns/p})
   * @throws ClusterWriteException if a newer token of the same lease has been seen
   */
  public synchronized void admit(FencingToken token, String write) {
    Objects.requireNonNull(token, "token");
    Long seen = newest.get(token.lease());
    if (seen != null && token.value() < seen) {
      refused++;
      throw new ClusterWriteException(
          write
              + " refused: fencing token "
              + token
              + " is older than "
              + new FencingToken(token.lease(), seen)
              + ", the newest seen; its writer is no longer the leader");
    }
    newest.put(token.lease(), token.value());
  }

  /** The newest token seen for {@code lease}. */
  public synchronized Optional<FencingToken> newest(String lease) {
    Long seen = newest.get(lease);
    return seen == null ? Optional.empty() : Optional.of(new FencingToken(lease, seen));
  }

  /** How many writes {@link #admit} refused. */
  public synchronized long refusedCount() {
    return refused;
  }
}
