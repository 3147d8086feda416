package io.schedkit.plugins.noderesources;

import io.schedkit.framework.PluginArgs;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The args of the NodeResourcesFit plugin ({@code NodeResourcesFitArgs} of {@code
 * kubescheduler.config.k8s.io/v1}): which extended resources the Filter ignores and how Score
 * weighs allocation.
 *
 * <p>Defaults ({@link #defaults()}): nothing ignored, {@code LeastAllocated} over cpu and memory
 * with weight 1. As upstream's defaulting, a null scoring strategy reads as the default one, and a
 * strategy without resources scores cpu and memory.
 *
 * @param ignoredResources extended resources the Filter does not check, in order
 * @param ignoredResourceGroups resource name prefixes (the part before {@code /}) the Filter does
 *     not check, in order
 * @param scoringStrategy how the Score is computed; never null
 */
public record NodeResourcesFitArgs(
    List<String> ignoredResources,
    List<String> ignoredResourceGroups,
    ScoringStrategy scoringStrategy)
    implements PluginArgs {

  /**
   * Copies the lists and applies upstream's defaults to a missing scoring strategy.
   *
   * @param ignoredResources extended resources the Filter does not check
   * @param ignoredResourceGroups resource name prefixes the Filter does not check
   * @param scoringStrategy how the Score is computed; null means the default
   */
  public NodeResourcesFitArgs {
    ignoredResources = ignoredResources == null ? List.of() : List.copyOf(ignoredResources);
    ignoredResourceGroups =
        ignoredResourceGroups == null ? List.of() : List.copyOf(ignoredResourceGroups);
    scoringStrategy = scoringStrategy == null ? ScoringStrategy.defaults() : scoringStrategy;
  }

  /**
   * Returns upstream's defaults: nothing ignored, {@code LeastAllocated} on cpu and memory.
   *
   * @return the default args
   */
  public static NodeResourcesFitArgs defaults() {
    return new NodeResourcesFitArgs(List.of(), List.of(), ScoringStrategy.defaults());
  }

  /** How NodeResourcesFit scores a node ({@code ScoringStrategyType}). */
  public enum ScoringStrategyType {
    /** Favour nodes with the most free resources. */
    LEAST_ALLOCATED("LeastAllocated"),
    /** Favour nodes with the least free resources (bin packing). */
    MOST_ALLOCATED("MostAllocated"),
    /** Score by a piecewise-linear function of the requested-to-capacity ratio. */
    REQUESTED_TO_CAPACITY_RATIO("RequestedToCapacityRatio");

    private final String wireName;

    ScoringStrategyType(String wireName) {
      this.wireName = wireName;
    }

    /**
     * Returns the configuration's spelling, such as {@code LeastAllocated}.
     *
     * @return the wire name
     */
    public String wireName() {
      return wireName;
    }

    /**
     * Returns the wire name.
     *
     * @return the wire name
     */
    @Override
    public String toString() {
      return wireName;
    }
  }

  /**
   * The scoring strategy ({@code ScoringStrategy}).
   *
   * @param type the strategy; null is invalid ({@link #validate()} reports it)
   * @param resources the scored resources and their weights; never empty (empty reads as cpu and
   *     memory, weight 1)
   * @param requestedToCapacityRatio the shape, for {@code RequestedToCapacityRatio} only; null
   *     otherwise
   */
  public record ScoringStrategy(
      ScoringStrategyType type,
      List<ResourceSpec> resources,
      RequestedToCapacityRatioParam requestedToCapacityRatio) {

    /**
     * Copies the resources, defaulting an empty list to cpu and memory.
     *
     * @param type the strategy
     * @param resources the scored resources; null or empty means cpu and memory
     * @param requestedToCapacityRatio the shape, or null
     */
    public ScoringStrategy {
      resources =
          resources == null || resources.isEmpty()
              ? ResourceSpec.DEFAULT_RESOURCES
              : List.copyOf(resources);
    }

    /**
     * Returns upstream's default strategy: {@code LeastAllocated} on cpu and memory.
     *
     * @return the default strategy
     */
    public static ScoringStrategy defaults() {
      return new ScoringStrategy(
          ScoringStrategyType.LEAST_ALLOCATED, ResourceSpec.DEFAULT_RESOURCES, null);
    }
  }

  /**
   * The shape of the {@code RequestedToCapacityRatio} strategy ({@code
   * RequestedToCapacityRatioParam}).
   *
   * @param shape the points of the piecewise-linear function, by increasing utilization
   */
  public record RequestedToCapacityRatioParam(List<UtilizationShapePoint> shape) {
    /**
     * Copies the points.
     *
     * @param shape the points; null means none
     */
    public RequestedToCapacityRatioParam {
      shape = shape == null ? List.of() : List.copyOf(shape);
    }
  }

  /**
   * One point of a utilization shape ({@code UtilizationShapePoint}).
   *
   * @param utilization the utilization in percent, 0 to 100
   * @param score the score at that utilization, 0 to 10
   */
  public record UtilizationShapePoint(int utilization, int score) {}

  /** The highest score of a shape point ({@code MaxCustomPriorityScore}). */
  public static final int MAX_SHAPE_SCORE = 10;

  /** The highest utilization of a shape point. */
  public static final int MAX_UTILIZATION = 100;

  /** The highest resource weight. */
  public static final long MAX_RESOURCE_WEIGHT = 100;

  /**
   * Checks the args as upstream's {@code ValidateNodeResourcesFitArgs}.
   *
   * @return the problems; empty when valid
   */
  @Override
  public List<FieldError> validate() {
    List<FieldError> errs = new ArrayList<>();
    for (int i = 0; i < ignoredResources.size(); i++) {
      errs.addAll(FieldError.labelName("ignoredResources[" + i + "]", ignoredResources.get(i)));
    }
    for (int i = 0; i < ignoredResourceGroups.size(); i++) {
      String path = "ignoredResourceGroups[" + i + "]";
      String group = ignoredResourceGroups.get(i);
      if (group.contains("/")) {
        errs.add(FieldError.invalid(path, group, "resource group name can't contain '/'"));
      }
      errs.addAll(FieldError.labelName(path, group));
    }
    ScoringStrategyType type = scoringStrategy.type();
    if (type == null) {
      errs.add(
          FieldError.notSupported(
              "scoringStrategy.type",
              "",
              Arrays.stream(ScoringStrategyType.values())
                  .map(ScoringStrategyType::wireName)
                  .toList()));
    }
    errs.addAll(validateResources(scoringStrategy.resources(), "scoringStrategy.resources"));
    RequestedToCapacityRatioParam ratio = scoringStrategy.requestedToCapacityRatio();
    if (type == ScoringStrategyType.REQUESTED_TO_CAPACITY_RATIO) {
      if (ratio == null) {
        errs.add(
            FieldError.required(
                "scoringStrategy.requestedToCapacityRatio",
                "must be specified when type is RequestedToCapacityRatio"));
      } else {
        errs.addAll(validateShape(ratio.shape(), "scoringStrategy.requestedToCapacityRatio.shape"));
      }
    } else if (ratio != null) {
      errs.add(
          FieldError.forbidden(
              "scoringStrategy.requestedToCapacityRatio",
              "must be nil when type is not RequestedToCapacityRatio"));
    }
    return errs;
  }

  static List<FieldError> validateResources(List<ResourceSpec> resources, String path) {
    List<FieldError> errs = new ArrayList<>();
    for (int i = 0; i < resources.size(); i++) {
      ResourceSpec r = resources.get(i);
      if (r.weight() <= 0 || r.weight() > MAX_RESOURCE_WEIGHT) {
        errs.add(
            FieldError.invalid(
                path + "[" + i + "].weight",
                r.weight(),
                "resource weight of " + r.name() + " not in valid range (0, 100]"));
      }
    }
    return errs;
  }

  static List<FieldError> validateShape(List<UtilizationShapePoint> shape, String path) {
    List<FieldError> errs = new ArrayList<>();
    if (shape.isEmpty()) {
      errs.add(FieldError.required(path, "at least one point must be specified"));
      return errs;
    }
    for (int i = 1; i < shape.size(); i++) {
      if (shape.get(i - 1).utilization() >= shape.get(i).utilization()) {
        errs.add(
            FieldError.invalid(
                path + "[" + i + "].utilization",
                shape.get(i).utilization(),
                "values must be sorted in increasing order"));
        break;
      }
    }
    for (int i = 0; i < shape.size(); i++) {
      UtilizationShapePoint p = shape.get(i);
      if (p.utilization() < 0 || p.utilization() > MAX_UTILIZATION) {
        errs.add(
            FieldError.invalid(
                path + "[" + i + "].utilization", p.utilization(), "not in valid range [0, 100]"));
      }
      if (p.score() < 0 || p.score() > MAX_SHAPE_SCORE) {
        errs.add(
            FieldError.invalid(
                path + "[" + i + "].score", p.score(), "not in valid range [0, 10]"));
      }
    }
    return errs;
  }
}
