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
}
