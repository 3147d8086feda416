package io.schedkit.plugins.imagelocality;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeInfoLister;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.fastpath.NodeColumns;
import io.schedkit.framework.fastpath.RangeScorePlugin;
import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.PodSpec;
import java.util.List;
import java.util.Map;

/**
 * Prefers nodes that already have the pod's container images (upstream {@code ImageLocality},
 * Score; weight 1 in the default profile).
 *
 * <p>Score: for each init container, then each container, whose image (normalized to {@code
 * :latest} when untagged) the node has, add {@code (long) (sizeBytes × nodesWithImage /
 * totalNodes)} — the spread ratio taken as a double first, which damps images present on few nodes
 * (the "node heating" problem). The sum is clamped to {@code [23 MiB, 1000 MiB × containers]} (init
 * and regular containers) and mapped linearly onto [0, 100]: {@code 100 × (sum − min) / (max −
 * min)}. O(containers) per node, the image node counts coming from the snapshot. No NormalizeScore.
 */
public final class ImageLocality implements RangeScorePlugin {
  /** The plugin name. */
  public static final String NAME = "ImageLocality";

  /** The image sizes below which a node scores 0: 23 MiB. */
  static final long MIN_THRESHOLD = 23L * 1024 * 1024;

  /** The image size per container at or above which a node scores 100: 1000 MiB. */
  static final long MAX_CONTAINER_THRESHOLD = 1000L * 1024 * 1024;

  private final FrameworkHandle handle;

  /**
   * Creates the plugin.
   *
   * @param handle the profile's handle, whose snapshot gives the number of nodes with each image
   */
  public ImageLocality(FrameworkHandle handle) {
    this.handle = handle;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public long score(CycleState state, PodInfo pod, NodeInfo node) {
    NodeInfoLister snapshot = handle.snapshot();
    return score(pod.pod().spec(), node, snapshot, snapshot.size());
  }

  /** As {@link #score} for each node of the slice, with the snapshot looked up once. */
  @Override
  public void scoreRange(
      CycleState state, PodInfo pod, List<NodeInfo> nodes, int from, int to, long[] scores) {
    NodeInfoLister snapshot = handle.snapshot();
    int totalNodes = snapshot.size();
    PodSpec spec = pod.pod().spec();
    for (int i = from; i < to; i++) {
      scores[i] = score(spec, nodes.get(i), snapshot, totalNodes);
    }
  }

  /**
   * As {@link #scoreRange(CycleState, PodInfo, List, int, int, long[])}: a node that reports no
   * images scores what an empty sum gives, computed once.
   */
  @Override
  public void scoreRange(
      CycleState state,
      PodInfo pod,
      List<NodeInfo> nodes,
      int[] positions,
      NodeColumns columns,
      int from,
      int to,
      long[] scores) {
    NodeInfoLister snapshot = handle.snapshot();
    int totalNodes = snapshot.size();
    PodSpec spec = pod.pod().spec();
    long withoutImages =
        calculatePriority(0, spec.initContainers().size() + spec.containers().size());
    for (int i = from; i < to; i++) {
      scores[i] =
          columns.has(positions[i], NodeColumns.HAS_IMAGES)
              ? score(spec, nodes.get(i), snapshot, totalNodes)
              : withoutImages;
    }
  }

  /** Alike when none of the nodes reports an image: each then scores what an empty sum gives. */
  @Override
  public boolean scoresAllAlike(
      CycleState state, PodInfo pod, int[] positions, NodeColumns columns, int count) {
    return !columns.anyHas(positions, count, NodeColumns.HAS_IMAGES);
  }

  private static long score(PodSpec spec, NodeInfo node, NodeInfoLister snapshot, int totalNodes) {
    Map<String, Long> images = node.imageSizes();
    long sum = 0;
    if (!images.isEmpty()) {
      sum = sumImageScores(spec.initContainers(), images, snapshot, totalNodes);
      sum += sumImageScores(spec.containers(), images, snapshot, totalNodes);
    }
    return calculatePriority(sum, spec.initContainers().size() + spec.containers().size());
  }

  private static long sumImageScores(
      List<Container> containers,
      Map<String, Long> images,
      NodeInfoLister snapshot,
      int totalNodes) {
    long sum = 0;
    for (int i = 0, n = containers.size(); i < n; i++) {
      String image = normalizedImageName(containers.get(i).image());
      Long size = images.get(image);
      if (size != null) {
        double spread = (double) snapshot.imageNodeCount(image) / totalNodes;
        sum += (long) (size * spread);
      }
    }
    return sum;
  }

  /** Maps the summed image scores onto [0, 100], clamped to the thresholds. */
  static long calculatePriority(long sumScores, int containers) {
    long maxThreshold = MAX_CONTAINER_THRESHOLD * containers;
    long sum = sumScores;
    if (sum < MIN_THRESHOLD) {
      sum = MIN_THRESHOLD;
    } else if (sum > maxThreshold) {
      sum = maxThreshold;
    }
    return MAX_NODE_SCORE * (sum - MIN_THRESHOLD) / (maxThreshold - MIN_THRESHOLD);
  }

  /**
   * The image name as container runtimes report it: {@code :latest} appended when the name has no
   * tag, that is when its last {@code :} is not after its last {@code /}.
   *
   * @param name the image as written in the pod
   * @return the normalized name
   */
  static String normalizedImageName(String name) {
    return name.lastIndexOf(':') <= name.lastIndexOf('/') ? name + ":latest" : name;
  }
}
