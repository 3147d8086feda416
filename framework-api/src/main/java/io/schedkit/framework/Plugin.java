package io.schedkit.framework;

/**
 * A scheduling plugin: the unit of behaviour the framework runs at one or more extension points.
 *
 * <p>A plugin implements this interface and one interface per extension point it serves ({@link
 * FilterPlugin}, {@link ScorePlugin}, ...); the framework discovers the points from those
 * interfaces. Optional capabilities ({@link PreFilterExtensions}, {@link ScoreExtensions}, {@link
 * EnqueueExtensions}) are separate interfaces found the same way.
 *
 * <p>By convention a plugin class declares {@code public static final String NAME}, returned by
 * {@link #name()}, and is created by a {@link PluginFactory} registered in a {@link Registry}. One
 * instance serves one profile and is called from several threads (Filter and Score fan out over
 * nodes), so it must be thread-safe; per-cycle data belongs in {@link CycleState}.
 */
public interface Plugin {
  /**
   * The plugin's unique name, as used in configuration (for example {@code "NodeResourcesFit"}).
   *
   * @return the registry name, never null or empty
   */
  String name();
}
