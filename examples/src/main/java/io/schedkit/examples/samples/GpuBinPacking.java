package io.schedkit.examples.samples;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Resource;
import io.schedkit.framework.ScorePlugin;

/**
 * A sample Score plugin: GPU-aware bin packing. GPUs are the scarcest resource of a mixed cluster,
 * and a GPU pod that needs a whole free node cannot start when every node has one GPU in use; so
 * this plugin packs GPU pods onto the nodes whose GPUs are already partly used, and keeps CPU-only
 * pods off GPU nodes so that those stay free for GPU work.
 *
 * <p>Scores, from 0 to {@link #MAX_NODE_SCORE} (no NormalizeScore needed):
 *
 * <ul>
 *   <li>a pod that requests GPUs, on a node with GPUs: the share of the node's GPUs in use once the
 *       pod is placed, {@code 100 × (requested on the node + requested by the pod) / allocatable}
 *       (MostAllocated, for one resource);
 *   <li>a pod that requests no GPU: 100 on a node without GPUs, 0 on a node with GPUs.
 * </ul>
 *
 * A GPU pod never meets a node without GPUs here: NodeResourcesFit filtered those out.
 *
 * <p>Register it by class and enable it beside the defaults; its weight decides how much it
 * outweighs the default LeastAllocated spreading (NodeResourcesFit, weight 1):
 *
 * <pre>{@code
 * Registry registry = Registry.discover().register(GpuBinPacking.class);
 * // profiles[0].plugins.multiPoint.enabled: [{name: GpuBinPacking, weight: 5}]
 * }</pre>
 *
 * <p>Score runs for many nodes in parallel and on the hot path: it reads the node's aggregates
 * ({@link NodeInfo#requested()}, {@link NodeInfo#allocatable()}) and allocates nothing.
 */
public final class GpuBinPacking implements ScorePlugin {
  /** The plugin's registry name. */
  public static final String NAME = "GpuBinPacking";

  private final int gpu;

  /**
   * Creates the plugin; the registry calls this constructor.
   *
   * @param args the args (the GPU resource name)
   * @param handle the framework handle (unused: everything Score needs is in the node info)
   */
  public GpuBinPacking(GpuBinPackingArgs args, FrameworkHandle handle) {
    this.gpu = Resource.idOf(args.resource());
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public long score(CycleState state, PodInfo pod, NodeInfo node) {
    long gpus = node.allocatable().get(gpu);
    long wanted = pod.requests().get(gpu);
    if (wanted == 0) {
      return gpus == 0 ? MAX_NODE_SCORE : MIN_NODE_SCORE;
    }
    if (gpus == 0) {
      return MIN_NODE_SCORE;
    }
    long used = node.requested().get(gpu) + wanted;
    return Math.min(MAX_NODE_SCORE, MAX_NODE_SCORE * used / gpus);
  }
}
