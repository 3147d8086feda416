package io.schedkit.framework.config;

import java.util.EnumMap;
import java.util.Map;

/**
 * The plugins of a profile: {@code multiPoint} (plugins enabled at every point they implement) and
 * one {@link PluginSet} per extension point.
 *
 * @param multiPoint the multi-point set
 * @param points the set of each extension point; missing points are empty
 */
public record Plugins(PluginSet multiPoint, Map<ExtensionPoint, PluginSet> points) {
  /**
   * Copies the map.
   *
   * @param multiPoint the multi-point set; null means empty
   * @param points the set of each extension point; null means none
   */
  public Plugins {
    multiPoint = multiPoint == null ? PluginSet.empty() : multiPoint;
    EnumMap<ExtensionPoint, PluginSet> copy = new EnumMap<>(ExtensionPoint.class);
    if (points != null) {
      copy.putAll(points);
    }
    points = java.util.Collections.unmodifiableMap(copy);
  }

  /**
   * No plugins.
   *
   * @return plugins with every set empty
   */
  public static Plugins empty() {
    return new Plugins(PluginSet.empty(), Map.of());
  }

  /**
   * The set of {@code point} (empty when not configured).
   *
   * @param point the extension point
   * @return the point's set, never null
   */
  public PluginSet get(ExtensionPoint point) {
    return points.getOrDefault(point, PluginSet.empty());
  }

  /**
   * A copy with {@code point}'s set replaced.
   *
   * @param point the extension point
   * @param set the point's new set
   * @return the copy; this one is unchanged
   */
  public Plugins with(ExtensionPoint point, PluginSet set) {
    EnumMap<ExtensionPoint, PluginSet> copy = new EnumMap<>(ExtensionPoint.class);
    copy.putAll(points);
    copy.put(point, set);
    return new Plugins(multiPoint, copy);
  }

  /**
   * A copy with the multi-point set replaced.
   *
   * @param set the new multi-point set
   * @return the copy; this one is unchanged
   */
  public Plugins withMultiPoint(PluginSet set) {
    return new Plugins(set, points);
  }
}
