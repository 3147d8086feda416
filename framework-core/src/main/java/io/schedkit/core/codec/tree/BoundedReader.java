package io.schedkit.core.codec.tree;

import java.io.FilterReader;
import java.io.IOException;
import java.io.Reader;

/**
 * A reader that fails once more than a budget of characters has been read since the last {@link
 * #reset(long)}: the parsers read through it, and the decoders renew the budget at each boundary
 * they have reached (a YAML event, a JSON document or list element), so that a limit is enforced
 * while reading rather than after.
 */
final class BoundedReader extends FilterReader {
  /** The budget ran out; the parsers pass it on as the cause of their exception. */
  static final class LimitExceeded extends IOException {
    private static final long serialVersionUID = 1L;

    LimitExceeded(String message) {
      super(message);
    }
  }

  private long budget;
  private String what;

  BoundedReader(Reader in, long budget, String what) {
    super(in);
    reset(budget, what);
  }

  /** Renews the budget: at most {@code budget} more characters, else {@code what} is too long. */
  void reset(long budget, String what) {
    this.budget = budget;
    this.what = what;
  }

  @Override
  public int read() throws IOException {
    int c = super.read();
    if (c >= 0) {
      spend(1);
    }
    return c;
  }

  @Override
  public int read(char[] buf, int off, int len) throws IOException {
    int n = super.read(buf, off, len);
    if (n > 0) {
      spend(n);
    }
    return n;
  }

  private void spend(int n) throws LimitExceeded {
    budget -= n;
    if (budget < 0) {
      throw new LimitExceeded(what);
    }
  }

  /** The {@link LimitExceeded} along {@code e}'s causes, or null. */
  static LimitExceeded cause(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof LimitExceeded l) {
        return l;
      }
    }
    return null;
  }
}
