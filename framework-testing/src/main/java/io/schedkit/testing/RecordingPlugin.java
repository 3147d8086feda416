package io.schedkit.testing;

import io.schedkit.framework.BindPlugin;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.FilterPlugin;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeScores;
import io.schedkit.framework.NodeToStatus;
import io.schedkit.framework.PermitPlugin;
import io.schedkit.framework.PermitResult;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PostBindPlugin;
import io.schedkit.framework.PostFilterPlugin;
import io.schedkit.framework.PostFilterResult;
import io.schedkit.framework.PreBindPlugin;
import io.schedkit.framework.PreEnqueuePlugin;
import io.schedkit.framework.PreFilterExtensions;
import io.schedkit.framework.PreFilterPlugin;
import io.schedkit.framework.PreFilterResult;
import io.schedkit.framework.PreScorePlugin;
import io.schedkit.framework.ReservePlugin;
import io.schedkit.framework.ScoreExtensions;
import io.schedkit.framework.ScorePlugin;
import io.schedkit.framework.Status;
import io.schedkit.framework.model.Pod;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A plugin at every extension point that records each call in a shared {@link CallLog} and returns
 * what it was told to, so ordering and failure tests can assert the exact call sequence across
 * plugins.
 *
 * <p>Each call appends {@code "<name>.<Point>(<pod>[, <node>])"}, with the pod's name and the
 * node's name; AddPod and RemovePod also name the pod added or removed: {@code "a.AddPod(p1, p2,
 * n1)"}. The entry is recorded before the plugin answers, so a call that then throws is logged too.
 *
 * <p>Every point succeeds by default, except Bind, which returns Skip so the next bind plugin
 * binds. {@link #returning(Point, Status)} changes a point's answer, {@link #returning(Point,
 * String, Status)} its answer on one node, {@link #permitWait} makes Permit wait, {@link #score}
 * sets scores (0 by default; NormalizeScore leaves them unchanged), {@link #throwing} makes a point
 * throw and {@link #doing} runs an action inside a call.
 *
 * <p>It implements {@link PreFilterExtensions} and {@link ScoreExtensions}, but neither {@code
 * QueueSortPlugin} (a profile has exactly one queue sort, so a multi-point recording plugin would
 * clash with the default one, and comparisons follow the heap's internal order rather than the
 * cycle) nor {@code EnqueueExtensions} (so it counts as registered for every cluster event).
 *
 * <p>Design note (threads): Filter and Score are called concurrently; configuration lives in
 * concurrent maps and volatile fields, and may be changed between cycles.
 */
public final class RecordingPlugin
    implements PreEnqueuePlugin,
        PreFilterPlugin,
        PreFilterExtensions,
        FilterPlugin,
        PostFilterPlugin,
        PreScorePlugin,
        ScorePlugin,
        ScoreExtensions,
        ReservePlugin,
        PermitPlugin,
        PreBindPlugin,
        BindPlugin,
        PostBindPlugin {

  /** The calls a {@link RecordingPlugin} records, with the name each has in the log. */
  public enum Point {
    /** {@link PreEnqueuePlugin#preEnqueue}. */
    PRE_ENQUEUE("PreEnqueue", true, false),
    /** {@link PreFilterPlugin#preFilter}. */
    PRE_FILTER("PreFilter", true, false),
    /** {@link PreFilterExtensions#addPod}. */
    ADD_POD("AddPod", true, true),
    /** {@link PreFilterExtensions#removePod}. */
    REMOVE_POD("RemovePod", true, true),
    /** {@link FilterPlugin#filter}. */
    FILTER("Filter", true, true),
    /** {@link PostFilterPlugin#postFilter}. */
    POST_FILTER("PostFilter", true, false),
    /** {@link PreScorePlugin#preScore}. */
    PRE_SCORE("PreScore", true, false),
    /** {@link ScorePlugin#score}. */
    SCORE("Score", false, true),
    /** {@link ScoreExtensions#normalizeScore}. */
    NORMALIZE_SCORE("NormalizeScore", true, false),
    /** {@link ReservePlugin#reserve}. */
    RESERVE("Reserve", true, true),
    /** {@link ReservePlugin#unreserve}. */
    UNRESERVE("Unreserve", false, true),
    /** {@link PermitPlugin#permit}. */
    PERMIT("Permit", true, true),
    /** {@link PreBindPlugin#preBind}. */
    PRE_BIND("PreBind", true, true),
    /** {@link BindPlugin#bind}. */
    BIND("Bind", true, true),
    /** {@link PostBindPlugin#postBind}. */
    POST_BIND("PostBind", false, true);

    private final String label;
    private final boolean returnsStatus;
    private final boolean hasNode;

    Point(String label, boolean returnsStatus, boolean hasNode) {
      this.label = label;
      this.returnsStatus = returnsStatus;
      this.hasNode = hasNode;
    }

    /** The point's name in log entries ({@code "PreFilter"}, {@code "Unreserve"}, ...). */
    public String label() {
      return label;
    }

    /** Whether the call answers with a status (Score answers a number, the rest nothing). */
    public boolean returnsStatus() {
      return returnsStatus;
    }

    /** Whether the call is about one node. */
    public boolean hasNode() {
      return hasNode;
    }
  }

  private record NodeKey(Point point, String nodeName) {}

  private final String name;
  private final CallLog log;
  private final Map<Point, Status> statuses = new ConcurrentHashMap<>();
  private final Map<NodeKey, Status> nodeStatuses = new ConcurrentHashMap<>();
  private final Map<Point, RuntimeException> failures = new ConcurrentHashMap<>();
  private final Map<Point, Runnable> actions = new ConcurrentHashMap<>();
  private final Map<String, Long> scores = new ConcurrentHashMap<>();
  private volatile long defaultScore;
  private volatile Duration permitTimeout = Duration.ZERO;
  private volatile PreFilterResult preFilterResult;
  private volatile PostFilterResult postFilterResult;

  /** A recording plugin named {@code name} writing to {@code log}. */
  public RecordingPlugin(String name, CallLog log) {
    this.name = Objects.requireNonNull(name, "name");
    this.log = Objects.requireNonNull(log, "log");
  }

  @Override
  public String name() {
    return name;
  }

  /** The log this plugin writes to. */
  public CallLog log() {
    return log;
  }

  // ---------------------------------------------------------------- configuration

  /**
   * Makes {@code point} answer {@code status} (for PreFilter and PostFilter: a result with that
   * status; for Permit: a Wait status waits for the {@link #permitWait} timeout, zero unless set).
   *
   * @throws IllegalArgumentException if the point does not answer with a status
   */
  public RecordingPlugin returning(Point point, Status status) {
    requireStatusPoint(point);
    statuses.put(point, Objects.requireNonNull(status, "status"));
    if (point == Point.PRE_FILTER) {
      preFilterResult = null;
    } else if (point == Point.POST_FILTER) {
      postFilterResult = null;
    }
    return this;
  }

  /**
   * Makes {@code point} answer {@code status} for node {@code nodeName}; other nodes keep the
   * point's answer.
   *
   * @throws IllegalArgumentException if the point does not answer with a status or is not about one
   *     node
   */
  public RecordingPlugin returning(Point point, String nodeName, Status status) {
    requireStatusPoint(point);
    if (!point.hasNode()) {
      throw new IllegalArgumentException(point.label() + " is not called per node");
    }
    nodeStatuses.put(new NodeKey(point, nodeName), Objects.requireNonNull(status, "status"));
    return this;
  }

  /** Makes PreFilter answer {@code result} (for example a node subset). */
  public RecordingPlugin preFilterResult(PreFilterResult result) {
    preFilterResult = Objects.requireNonNull(result, "result");
    return this;
  }

  /** Makes PostFilter answer {@code result} (for example a nomination). */
  public RecordingPlugin postFilterResult(PostFilterResult result) {
    postFilterResult = Objects.requireNonNull(result, "result");
    return this;
  }

  /** Makes Permit answer Wait with {@code timeout}. */
  public RecordingPlugin permitWait(Duration timeout) {
    permitTimeout = Objects.requireNonNull(timeout, "timeout");
    statuses.put(Point.PERMIT, Status.waiting());
    return this;
  }

  /** Makes Score answer {@code score} for every node without a score of its own. */
  public RecordingPlugin score(long score) {
    defaultScore = score;
    return this;
  }

  /** Makes Score answer {@code score} for node {@code nodeName}. */
  public RecordingPlugin score(String nodeName, long score) {
    scores.put(nodeName, score);
    return this;
  }

  /** Makes {@code point} throw {@code exception} after recording the call. */
  public RecordingPlugin throwing(Point point, RuntimeException exception) {
    failures.put(point, Objects.requireNonNull(exception, "exception"));
    return this;
  }

  /**
   * Runs {@code action} inside every call at {@code point}, after recording it and before answering
   * (for example to allow a waiting pod, or to record a side effect).
   */
  public RecordingPlugin doing(Point point, Runnable action) {
    actions.put(point, Objects.requireNonNull(action, "action"));
    return this;
  }

  // ---------------------------------------------------------------- extension points

  @Override
  public Status preEnqueue(Pod pod) {
    call(Point.PRE_ENQUEUE, pod.name());
    return statusAt(Point.PRE_ENQUEUE, null);
  }

  @Override
  public PreFilterResult preFilter(CycleState state, PodInfo pod, List<NodeInfo> nodes) {
    call(Point.PRE_FILTER, pod.name());
    PreFilterResult r = preFilterResult;
    return r != null ? r : PreFilterResult.of(statusAt(Point.PRE_FILTER, null));
  }

  @Override
  public Status addPod(CycleState state, PodInfo podToSchedule, PodInfo podToAdd, NodeInfo node) {
    call(Point.ADD_POD, podToSchedule.name() + ", " + podToAdd.name() + ", " + node.name());
    return statusAt(Point.ADD_POD, node.name());
  }

  @Override
  public Status removePod(
      CycleState state, PodInfo podToSchedule, PodInfo podToRemove, NodeInfo node) {
    call(Point.REMOVE_POD, podToSchedule.name() + ", " + podToRemove.name() + ", " + node.name());
    return statusAt(Point.REMOVE_POD, node.name());
  }

  @Override
  public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
    call(Point.FILTER, pod.name() + ", " + node.name());
    return statusAt(Point.FILTER, node.name());
  }

  @Override
  public PostFilterResult postFilter(
      CycleState state, PodInfo pod, NodeToStatus filteredNodeStatuses) {
    call(Point.POST_FILTER, pod.name());
    PostFilterResult r = postFilterResult;
    return r != null ? r : PostFilterResult.of(statusAt(Point.POST_FILTER, null));
  }

  @Override
  public Status preScore(CycleState state, PodInfo pod, List<NodeInfo> nodes) {
    call(Point.PRE_SCORE, pod.name());
    return statusAt(Point.PRE_SCORE, null);
  }

  @Override
  public long score(CycleState state, PodInfo pod, NodeInfo node) {
    call(Point.SCORE, pod.name() + ", " + node.name());
    return scores.getOrDefault(node.name(), defaultScore);
  }

  @Override
  public Status normalizeScore(CycleState state, PodInfo pod, NodeScores scores) {
    call(Point.NORMALIZE_SCORE, pod.name());
    return statusAt(Point.NORMALIZE_SCORE, null);
  }

  @Override
  public Status reserve(CycleState state, PodInfo pod, String nodeName) {
    call(Point.RESERVE, pod.name() + ", " + nodeName);
    return statusAt(Point.RESERVE, nodeName);
  }

  @Override
  public void unreserve(CycleState state, PodInfo pod, String nodeName) {
    call(Point.UNRESERVE, pod.name() + ", " + nodeName);
  }

  @Override
  public PermitResult permit(CycleState state, PodInfo pod, String nodeName) {
    call(Point.PERMIT, pod.name() + ", " + nodeName);
    Status s = statusAt(Point.PERMIT, nodeName);
    return new PermitResult(s, s.isWait() ? permitTimeout : Duration.ZERO);
  }

  @Override
  public Status preBind(CycleState state, PodInfo pod, String nodeName) {
    call(Point.PRE_BIND, pod.name() + ", " + nodeName);
    return statusAt(Point.PRE_BIND, nodeName);
  }

  @Override
  public CompletionStage<Status> bind(CycleState state, PodInfo pod, String nodeName) {
    call(Point.BIND, pod.name() + ", " + nodeName);
    return CompletableFuture.completedFuture(statusAt(Point.BIND, nodeName));
  }

  @Override
  public void postBind(CycleState state, PodInfo pod, String nodeName) {
    call(Point.POST_BIND, pod.name() + ", " + nodeName);
  }

  @Override
  public String toString() {
    return "RecordingPlugin{" + name + "}";
  }

  // ---------------------------------------------------------------- internals

  private void call(Point point, String args) {
    log.record(name + "." + point.label() + "(" + args + ")");
    Runnable action = actions.get(point);
    if (action != null) {
      action.run();
    }
    RuntimeException failure = failures.get(point);
    if (failure != null) {
      throw failure;
    }
  }

  private Status statusAt(Point point, String nodeName) {
    if (nodeName != null) {
      Status s = nodeStatuses.get(new NodeKey(point, nodeName));
      if (s != null) {
        return s;
      }
    }
    Status s = statuses.get(point);
    if (s != null) {
      return s;
    }
    return point == Point.BIND ? Status.skip() : Status.success();
  }

  private static void requireStatusPoint(Point point) {
    if (!point.returnsStatus()) {
      throw new IllegalArgumentException(point.label() + " does not answer with a status");
    }
  }
}
