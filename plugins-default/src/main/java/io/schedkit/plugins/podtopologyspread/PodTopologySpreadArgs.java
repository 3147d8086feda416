package io.schedkit.plugins.podtopologyspread;

import io.schedkit.framework.PluginArgs;
import io.schedkit.framework.model.TopologySpreadConstraint;
import java.util.ArrayList;
import java.util.List;

/**
 * The args of the PodTopologySpread plugin ({@code PodTopologySpreadArgs}): the constraints applied
 * to pods that declare none.
 *
 * <p>Defaults ({@link #defaults()}): {@code System} defaulting (spread by hostname with maxSkew 3
 * and by zone with maxSkew 5, both {@code ScheduleAnyway}) and no explicit constraints. {@code
 * List} defaulting uses {@code defaultConstraints} instead; they may not carry a label selector,
 * which is derived for each pod from its services and controller.
 *
 * @param defaultConstraints the constraints of {@code List} defaulting, in order; must be empty for
 *     {@code System}
 * @param defaultingType how default constraints are chosen; never null (null reads as {@code
 *     System})
 */
public record PodTopologySpreadArgs(
    List<TopologySpreadConstraint> defaultConstraints, DefaultingType defaultingType)
    implements PluginArgs {

  /**
   * Copies the constraints; a null defaulting type reads as {@code System}, as upstream's
   * defaulting.
   *
   * @param defaultConstraints the constraints of {@code List} defaulting
   * @param defaultingType how default constraints are chosen; null means {@code System}
   */
  public PodTopologySpreadArgs {
    defaultConstraints = defaultConstraints == null ? List.of() : List.copyOf(defaultConstraints);
    defaultingType = defaultingType == null ? DefaultingType.SYSTEM : defaultingType;
  }

  /**
   * Returns upstream's defaults: {@code System} defaulting, no explicit constraints.
   *
   * @return the default args
   */
  public static PodTopologySpreadArgs defaults() {
    return new PodTopologySpreadArgs(List.of(), DefaultingType.SYSTEM);
  }

  /** Where default constraints come from ({@code PodTopologySpreadConstraintsDefaulting}). */
  public enum DefaultingType {
    /** kube-scheduler's built-in constraints (hostname maxSkew 3, zone maxSkew 5). */
    SYSTEM("System"),
    /** The {@code defaultConstraints} of the args. */
    LIST("List");

    private final String wireName;

    DefaultingType(String wireName) {
      this.wireName = wireName;
    }

    /**
     * Returns the configuration's spelling, {@code System} or {@code List}.
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
   * Checks the args as upstream's {@code ValidatePodTopologySpreadArgs}: {@code System} needs no
   * constraints; each constraint has a positive maxSkew, a valid topology key, no label selector,
   * and a (topologyKey, whenUnsatisfiable) pair not used by an earlier one.
   *
   * @return the problems; empty when valid
   */
  @Override
  public List<FieldError> validate() {
    List<FieldError> errs = new ArrayList<>();
    if (defaultingType == DefaultingType.SYSTEM && !defaultConstraints.isEmpty()) {
      errs.add(
          FieldError.invalid(
              "defaultingType", defaultingType, "when .defaultConstraints are not empty"));
    }
    for (int i = 0; i < defaultConstraints.size(); i++) {
      TopologySpreadConstraint c = defaultConstraints.get(i);
      String path = "defaultConstraints[" + i + "]";
      if (c.maxSkew() <= 0) {
        errs.add(FieldError.invalid(path + ".maxSkew", c.maxSkew(), "not in valid range (0, inf)"));
      }
      if (c.topologyKey().isEmpty()) {
        errs.add(FieldError.required(path + ".topologyKey", "can not be empty"));
      } else {
        errs.addAll(FieldError.labelName(path + ".topologyKey", c.topologyKey()));
      }
      if (c.labelSelector() != null) {
        errs.add(
            FieldError.forbidden(
                path + ".labelSelector",
                "constraint must not define a selector, as they deduced for each pod"));
      }
      for (int j = 0; j < i; j++) {
        TopologySpreadConstraint other = defaultConstraints.get(j);
        if (c.topologyKey().equals(other.topologyKey())
            && c.whenUnsatisfiable() == other.whenUnsatisfiable()) {
          errs.add(
              FieldError.duplicate(
                  path, "{" + c.topologyKey() + ", " + c.whenUnsatisfiable().wireName() + "}"));
          break;
        }
      }
    }
    return errs;
  }
}
