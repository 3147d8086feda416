package io.schedkit.framework;

import java.util.function.IntConsumer;
import java.util.function.IntPredicate;

/**
 * Runs independent pieces of work on the scheduler's workers ({@code parallelism} of them; with 1
 * everything runs on the caller's thread). Used by the framework to fan Filter and Score out over
 * nodes, and by plugins for their own fan-out. Returns when every piece has run or the work was
 * stopped; a piece that throws stops the rest and the exception is rethrown.
 */
public interface Parallelizer {
  /**
   * The number of workers.
   *
   * @return the number of workers, at least 1
   */
  int parallelism();

  /**
   * Runs {@code work} for each index in {@code [0, pieces)}.
   *
   * @param pieces the number of pieces; nothing runs if it is 0 or less
   * @param work the work for one piece, given its index; called concurrently
   */
  void until(int pieces, IntConsumer work);

  /**
   * Runs {@code work} for indexes in {@code [0, pieces)} until one returns {@code false}; pieces
   * already started still finish, later ones do not start.
   *
   * @param pieces the number of pieces; nothing runs if it is 0 or less
   * @param work the work for one piece, given its index; returns {@code false} to stop; called
   *     concurrently
   */
  void untilStopped(int pieces, IntPredicate work);

  /**
   * Runs {@code work} over consecutive ranges that together cover {@code [0, pieces)} exactly once,
   * until a call returns {@code false}; ranges already started still finish, later ones do not
   * start. With parallelism 1 the ranges run in index order on the caller's thread.
   *
   * <p>Meant for work that keeps a tally (say, of feasible nodes) and would otherwise update a
   * shared counter for every piece: a range can count locally and publish once, which spares the
   * workers from fighting over one cache line. The work decides itself when to stop inside a range.
   * The default implementation hands out ranges of one piece.
   *
   * @param pieces the number of pieces; nothing runs if it is 0 or less
   * @param work the work for the range {@code [from, to)}; returns {@code false} to stop; called
   *     concurrently
   */
  default void rangesUntilStopped(int pieces, RangeWork work) {
    untilStopped(pieces, i -> work.run(i, i + 1));
  }

  /** Work over a range of piece indexes, for {@link #rangesUntilStopped}. */
  @FunctionalInterface
  interface RangeWork {
    /**
     * Runs the pieces {@code [from, to)}.
     *
     * @param from the first index, inclusive
     * @param to the last index, exclusive; greater than {@code from}
     * @return {@code false} to stop the pieces not yet started
     */
    boolean run(int from, int to);
  }
}
