package io.schedkit.plugins.noderesources;

import io.schedkit.framework.Code;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Resource;
import io.schedkit.framework.StateData;
import io.schedkit.framework.Status;
import io.schedkit.framework.fastpath.NodeColumns;
import io.schedkit.framework.model.ResourceNames;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * The resource fit check of NodeResourcesFit ({@code fitsRequest} upstream), shared by its Filter
 * and its queueing hints.
 *
 * <p>Checks, in this order: the pod count ({@code pods + 1 > allocatable pods}), then cpu, memory
 * and ephemeral storage, then the requested scalar resources sorted by name; a resource fails when
 * {@code request > 0 && request > allocatable - requested}. A failure is unresolvable when the
 * request exceeds the allocatable on its own (never for the pod count).
 *
 * <p>Design note: {@link Request} is computed once per pod (in PreFilter) and holds the scalar ids
 * to check already filtered and sorted, so {@link #check} reads a few {@code long}s per node and
 * allocates nothing unless it is asked to list the failures.
 */
final class Fitting {
  private Fitting() {}

  /**
   * What a pod asks of a node: its requests and, in the order to report them, the scalar resources
   * to check with their reasons.
   *
   * @param requests the pod's requests ({@link PodInfo#requests()})
   * @param scalarIds the ids of the requested scalar resources to check, sorted by name
   * @param scalarReasons {@code Insufficient <name>} for each of {@code scalarIds}
   */
  record Request(Resource requests, int[] scalarIds, String[] scalarReasons) implements StateData {
    /**
     * The request of {@code pod}, leaving out the extended resources named in {@code
     * ignoredResources} or whose prefix before {@code /} is in {@code ignoredResourceGroups}.
     */
    static Request of(
        PodInfo pod, Set<String> ignoredResources, Set<String> ignoredResourceGroups) {
      Resource requests = pod.requests();
      List<Integer> ids = new ArrayList<>();
      for (int id = Resource.FIRST_SCALAR; id < requests.length(); id++) {
        if (requests.get(id) > 0
            && !ignored(Resource.nameOf(id), ignoredResources, ignoredResourceGroups)) {
          ids.add(id);
        }
      }
      ids.sort(Comparator.comparing(Resource::nameOf));
      int[] scalarIds = ids.stream().mapToInt(Integer::intValue).toArray();
      String[] reasons = new String[scalarIds.length];
      for (int i = 0; i < scalarIds.length; i++) {
        reasons[i] = "Insufficient " + Resource.nameOf(scalarIds[i]);
      }
      return new Request(requests, scalarIds, reasons);
    }

    private static boolean ignored(
        String name, Set<String> ignoredResources, Set<String> ignoredResourceGroups) {
      if (!ResourceNames.isExtended(name)) {
        return false;
      }
      int slash = name.indexOf('/');
      String group = slash < 0 ? name : name.substring(0, slash);
      return ignoredResources.contains(name) || ignoredResourceGroups.contains(group);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Request r
          && requests.equals(r.requests)
          && Arrays.equals(scalarIds, r.scalarIds);
    }

    @Override
    public int hashCode() {
      return 31 * requests.hashCode() + Arrays.hashCode(scalarIds);
    }

    @Override
    public String toString() {
      return "Request{" + requests + ", scalars=" + Arrays.toString(scalarIds) + "}";
    }
  }

  /**
   * The Filter verdict: Success, or Unschedulable with every failing reason in order, or
   * UnschedulableAndUnresolvable when some failure is unresolvable.
   */
  static Status filter(Request request, NodeInfo node) {
    if (request.scalarIds().length == 0 && fitsPlain(request.requests(), node)) {
      return Status.success();
    }
    int failed = check(request, node, null);
    if (failed == 0) {
      return Status.success();
    }
    if (failed == 1) {
      Status common = commonFailure(request, node);
      if (common != null) {
        return common;
      }
    }
    List<InsufficientResource> failures = new ArrayList<>(4);
    check(request, node, failures);
    List<String> reasons = new ArrayList<>(failures.size());
    Code code = Code.UNSCHEDULABLE;
    for (InsufficientResource f : failures) {
      reasons.add(f.reason());
      if (f.unresolvable()) {
        code = Code.UNSCHEDULABLE_AND_UNRESOLVABLE;
      }
    }
    return Status.of(code, reasons);
  }

  /**
   * The statuses of the common single failures (too many pods; not enough cpu, memory or ephemeral
   * storage), resolvable at index 0 and unresolvable at 1, made once: when a pod fits nowhere,
   * every node of the cluster answers one of these. Statuses are immutable, so sharing them changes
   * nothing.
   */
  private static final Status[] TOO_MANY_PODS_FAILURE = failures(NodeResourcesFit.TOO_MANY_PODS);

  /** The statuses of too little of {@link #COMMON_IDS}' resources, by the same index. */
  private static final Status[][] COMMON_FAILURES = {
    failures(NodeResourcesFit.INSUFFICIENT_CPU),
    failures(NodeResourcesFit.INSUFFICIENT_MEMORY),
    failures(NodeResourcesFit.INSUFFICIENT_EPHEMERAL_STORAGE)
  };

  private static Status[] failures(String reason) {
    return new Status[] {
      Status.of(Code.UNSCHEDULABLE, List.of(reason)),
      Status.of(Code.UNSCHEDULABLE_AND_UNRESOLVABLE, List.of(reason))
    };
  }

  /**
   * The shared status of a node that lacks exactly one resource when it is one of the common four,
   * found without listing the failure; null for a scalar resource. The checks are those of {@link
   * #check}, in its order.
   */
  private static Status commonFailure(Request request, NodeInfo node) {
    Resource alloc = node.allocatable();
    if (node.pods().size() + 1L > alloc.pods()) {
      return TOO_MANY_PODS_FAILURE[0];
    }
    Resource used = node.requested();
    Resource req = request.requests();
    for (int k = 0; k < COMMON_IDS.length; k++) {
      int id = COMMON_IDS[k];
      long want = req.get(id);
      if (want > 0 && want > alloc.get(id) - used.get(id)) {
        return COMMON_FAILURES[k][want > alloc.get(id) ? 1 : 0];
      }
    }
    return null;
  }

  /**
   * {@link #filter} for a request without scalar resources, from the node's row of {@code columns}:
   * Success, or the shared status of its single failing resource (as {@link #commonFailure} gives
   * it); null when more than one resource fails, for the caller to list them from the NodeInfo. A
   * pod that fits nowhere (about to preempt) is answered for every node without reading the node.
   */
  static Status filterPlain(Resource req, NodeColumns columns, int position) {
    Status failure = null;
    int failures = 0;
    if (columns.get(position, NodeColumns.POD_COUNT) + 1L
        > columns.get(position, NodeColumns.ALLOCATABLE_PODS)) {
      failure = TOO_MANY_PODS_FAILURE[0];
      failures++;
    }
    for (int k = 0; k < COMMON_IDS.length; k++) {
      long want = req.get(COMMON_IDS[k]);
      long alloc = columns.get(position, COMMON_ALLOCATABLE[k]);
      if (!fits(want, alloc, columns.get(position, COMMON_REQUESTED[k]))) {
        if (failure == null) {
          failure = COMMON_FAILURES[k][want > alloc ? 1 : 0];
        }
        failures++;
      }
    }
    return failures == 0 ? Status.success() : failures == 1 ? failure : null;
  }

  /** The columns of {@link #COMMON_IDS}' allocatable and requested amounts, in the same order. */
  private static final int[] COMMON_ALLOCATABLE = {
    NodeColumns.ALLOCATABLE_MILLI_CPU,
    NodeColumns.ALLOCATABLE_MEMORY,
    NodeColumns.ALLOCATABLE_EPHEMERAL_STORAGE
  };

  private static final int[] COMMON_REQUESTED = {
    NodeColumns.REQUESTED_MILLI_CPU,
    NodeColumns.REQUESTED_MEMORY,
    NodeColumns.REQUESTED_EPHEMERAL_STORAGE
  };

  /** The resources of the common failures after the pod count, in {@link #check}'s order. */
  private static final int[] COMMON_IDS = {
    Resource.CPU, Resource.MEMORY, Resource.EPHEMERAL_STORAGE
  };

  /**
   * Whether a request without scalar resources fits: {@link #check} finding nothing, as one
   * straight line over the fields (the verdict of almost every node a fitting pod looks at).
   */
  private static boolean fitsPlain(Resource req, NodeInfo node) {
    Resource alloc = node.allocatable();
    Resource used = node.requested();
    return node.podCount() + 1L <= alloc.pods()
        && fits(req.milliCpu(), alloc.milliCpu(), used.milliCpu())
        && fits(req.memory(), alloc.memory(), used.memory())
        && fits(req.ephemeralStorage(), alloc.ephemeralStorage(), used.ephemeralStorage());
  }

  /**
   * {@link #fitsPlain(Resource, NodeInfo)} for the node at {@code position} of {@code columns}
   * (which carry exactly the numbers it reads).
   */
  static boolean fitsPlain(Resource req, NodeColumns columns, int position) {
    return columns.get(position, NodeColumns.POD_COUNT) + 1L
            <= columns.get(position, NodeColumns.ALLOCATABLE_PODS)
        && fits(
            req.milliCpu(),
            columns.get(position, NodeColumns.ALLOCATABLE_MILLI_CPU),
            columns.get(position, NodeColumns.REQUESTED_MILLI_CPU))
        && fits(
            req.memory(),
            columns.get(position, NodeColumns.ALLOCATABLE_MEMORY),
            columns.get(position, NodeColumns.REQUESTED_MEMORY))
        && fits(
            req.ephemeralStorage(),
            columns.get(position, NodeColumns.ALLOCATABLE_EPHEMERAL_STORAGE),
            columns.get(position, NodeColumns.REQUESTED_EPHEMERAL_STORAGE));
  }

  /** One resource of {@link #check}: nothing wanted, or no more than what is left. */
  private static boolean fits(long want, long allocatable, long used) {
    return want <= 0 || want <= allocatable - used;
  }

  /**
   * Counts the resources {@code node} lacks for {@code request}, adding each to {@code out} when it
   * is not null.
   */
  static int check(Request request, NodeInfo node, List<InsufficientResource> out) {
    Resource alloc = node.allocatable();
    Resource used = node.requested();
    Resource req = request.requests();
    int failures = 0;
    int pods = node.podCount();
    if (pods + 1L > alloc.pods()) {
      failures++;
      if (out != null) {
        out.add(
            new InsufficientResource(
                ResourceNames.PODS, NodeResourcesFit.TOO_MANY_PODS, 1, pods, alloc.pods(), false));
      }
    }
    failures += checkOne(Resource.CPU, NodeResourcesFit.INSUFFICIENT_CPU, req, used, alloc, out);
    failures +=
        checkOne(Resource.MEMORY, NodeResourcesFit.INSUFFICIENT_MEMORY, req, used, alloc, out);
    failures +=
        checkOne(
            Resource.EPHEMERAL_STORAGE,
            NodeResourcesFit.INSUFFICIENT_EPHEMERAL_STORAGE,
            req,
            used,
            alloc,
            out);
    int[] scalarIds = request.scalarIds();
    for (int i = 0; i < scalarIds.length; i++) {
      failures += checkOne(scalarIds[i], request.scalarReasons()[i], req, used, alloc, out);
    }
    return failures;
  }

  private static int checkOne(
      int id,
      String reason,
      Resource req,
      Resource used,
      Resource alloc,
      List<InsufficientResource> out) {
    long want = req.get(id);
    if (want <= 0 || want <= alloc.get(id) - used.get(id)) {
      return 0;
    }
    if (out != null) {
      out.add(
          new InsufficientResource(
              Resource.nameOf(id),
              reason,
              want,
              used.get(id),
              alloc.get(id),
              want > alloc.get(id)));
    }
    return 1;
  }
}
