package io.schedkit.preemption;

/**
 * Which potential nodes a preemption dry run visits: it starts at {@code offset} in the list of
 * potential nodes, wraps around, and stops once it has found {@code count} candidates of which at
 * least one violates no PodDisruptionBudget (upstream's {@code GetOffsetAndNumCandidates}).
 *
 * @param offset where the dry run starts, in {@code [0, n)} for {@code n} potential nodes (other
 *     values are taken modulo {@code n})
 * @param count how many candidates to find before stopping, at least 1
 */
public record CandidateSample(int offset, int count) {}
