package io.schedkit.framework;

/**
 * A node name and its score: the result of scoring, of an extender's prioritize call, and an entry
 * of the explain report.
 *
 * @param name the node name
 * @param score the score
 */
public record NodeScore(String name, long score) {}
