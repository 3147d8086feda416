/**
 * The fast path, for advanced plugins: {@link io.schedkit.framework.fastpath.BlockFilterPlugin}
 * filters a block of nodes per call, {@link io.schedkit.framework.fastpath.RangeScorePlugin} scores
 * a range per call, both optionally reading the nodes' numbers by list position from the read-only
 * {@link io.schedkit.framework.fastpath.NodeColumns}; {@link
 * io.schedkit.framework.fastpath.PositionPreScorePlugin} takes the feasible nodes' positions at
 * PreScore; {@link io.schedkit.framework.fastpath.IndexedNodeLister} tells positions and which
 * nodes changed since a stamp, for plugins that keep results across cycles; {@link
 * io.schedkit.framework.fastpath.NodeLocalFilter} marks a Filter plugin whose verdicts preemption
 * may reuse on nodes that have not changed. A plugin needs none of this to be correct: the
 * one-method {@code FilterPlugin} and {@code ScorePlugin} are the whole contract, and these
 * interfaces must give exactly their answers.
 */
package io.schedkit.framework.fastpath;
