package io.schedkit.framework;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The plugins a scheduler can enable, by name: each name maps to a factory and, for a configurable
 * plugin, the type of its args and their defaults. Configuration refers to plugins by these names.
 *
 * <p>Three ways to register: a factory ({@link #register(String, PluginFactory)}), a factory with
 * typed args ({@link #register(String, Class, Supplier, TypedPluginFactory)}), or a plugin class
 * ({@link #register(Class)}), found reflectively. Names are unique: registering a name twice fails.
 * {@link #discover()} collects every {@link PluginProvider} on the class or module path.
 *
 * <p>Not thread-safe: build it, then hand it to the scheduler.
 */
public final class Registry {
  private final Map<String, Entry> entries = new LinkedHashMap<>();

  /** An empty registry. */
  public Registry() {}

  /**
   * A registry holding the plugins of every {@link PluginProvider} found by {@link ServiceLoader}.
   *
   * @return a new registry; empty if no provider is found
   * @throws IllegalArgumentException if two providers register the same name
   */
  public static Registry discover() {
    Registry registry = new Registry();
    for (PluginProvider provider : ServiceLoader.load(PluginProvider.class)) {
      provider.registerPlugins(registry);
    }
    return registry;
  }

  /**
   * One registered plugin.
   *
   * @param name the plugin name
   * @param argsType the type of its args, or null when it takes none
   * @param defaultArgs the supplier of its default args, or null when it takes none
   * @param factory the factory
   */
  public record Entry(
      String name,
      Class<? extends PluginArgs> argsType,
      Supplier<? extends PluginArgs> defaultArgs,
      PluginFactory factory) {
    /**
     * Validates the components.
     *
     * @param name the plugin name; not null
     * @param argsType the type of its args, or null when it takes none
     * @param defaultArgs the supplier of its default args; null exactly when {@code argsType} is
     * @param factory the factory; not null
     * @throws IllegalArgumentException if only one of {@code argsType} and {@code defaultArgs} is
     *     null
     */
    public Entry {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(factory, "factory");
      if ((argsType == null) != (defaultArgs == null)) {
        throw new IllegalArgumentException(
            "plugin " + name + ": args type and default args go together");
      }
    }
  }

  /**
   * A factory for a plugin with args of type {@code A}.
   *
   * @param <A> the args type
   */
  @FunctionalInterface
  public interface TypedPluginFactory<A extends PluginArgs> {
    /**
     * Creates the plugin.
     *
     * @param args the configured args, or the registered defaults when none are configured
     * @param handle the handle of the profile the plugin belongs to
     * @return the new plugin, never null
     * @throws Exception if the args are invalid or the plugin cannot be built; this fails the
     *     scheduler's construction
     */
    Plugin create(A args, FrameworkHandle handle) throws Exception;
  }

  /**
   * Registers a plugin without args.
   *
   * @param name the plugin name, as configuration refers to it
   * @param factory the factory, given null args
   * @return this registry
   * @throws IllegalArgumentException if the name is taken
   */
  public Registry register(String name, PluginFactory factory) {
    return add(new Entry(name, null, null, factory));
  }

  /**
   * Registers a plugin with args of type {@code argsType}, defaulting to {@code defaults}.
   *
   * @param <A> the args type
   * @param name the plugin name, as configuration refers to it
   * @param argsType the args type, which the decoder produces; not null
   * @param defaults the supplier of upstream's default args; not null
   * @param factory the factory, given the configured args or else the defaults
   * @return this registry
   * @throws IllegalArgumentException if the name is taken
   */
  public <A extends PluginArgs> Registry register(
      String name, Class<A> argsType, Supplier<A> defaults, TypedPluginFactory<A> factory) {
    Objects.requireNonNull(argsType, "argsType");
    Objects.requireNonNull(defaults, "defaults");
    PluginFactory untyped =
        (args, handle) ->
            factory.create(argsType.cast(args == null ? defaults.get() : args), handle);
    return add(new Entry(name, argsType, defaults, untyped));
  }

  /**
   * Registers a plugin class found reflectively: it must declare {@code public static final String
   * NAME} and a public constructor taking {@code (ArgsType, FrameworkHandle)}, {@code
   * (FrameworkHandle)} or nothing; an args type must have a {@code public static ArgsType
   * defaults()} method. The extension points the plugin serves are the plugin interfaces it
   * implements.
   *
   * @param pluginClass the plugin class
   * @return this registry
   * @throws IllegalArgumentException if the class does not follow these rules or its name is taken
   */
  public Registry register(Class<? extends Plugin> pluginClass) {
    String name = nameOf(pluginClass);
    for (Constructor<?> c : pluginClass.getConstructors()) {
      Class<?>[] params = c.getParameterTypes();
      if (params.length == 2
          && PluginArgs.class.isAssignableFrom(params[0])
          && params[1] == FrameworkHandle.class) {
        Class<? extends PluginArgs> argsType = params[0].asSubclass(PluginArgs.class);
        Supplier<PluginArgs> defaults = defaultsOf(name, argsType);
        PluginFactory f =
            (args, handle) -> instantiate(c, args == null ? defaults.get() : args, handle);
        return add(new Entry(name, argsType, defaults, f));
      }
    }
    for (Constructor<?> c : pluginClass.getConstructors()) {
      Class<?>[] params = c.getParameterTypes();
      if (params.length == 1 && params[0] == FrameworkHandle.class) {
        return add(new Entry(name, null, null, (args, handle) -> instantiate(c, handle)));
      }
    }
    for (Constructor<?> c : pluginClass.getConstructors()) {
      if (c.getParameterCount() == 0) {
        return add(new Entry(name, null, null, (args, handle) -> instantiate(c)));
      }
    }
    throw new IllegalArgumentException(
        "plugin class "
            + pluginClass.getName()
            + " has no public constructor (ArgsType, FrameworkHandle), (FrameworkHandle) or ()");
  }

  /**
   * Adds every entry of {@code other}.
   *
   * @param other the registry to copy entries from; unchanged
   * @return this registry
   * @throws IllegalArgumentException if a name is in both
   */
  public Registry merge(Registry other) {
    for (Entry e : other.entries.values()) {
      add(e);
    }
    return this;
  }

  /**
   * Removes the plugin named {@code name}, if registered.
   *
   * @param name the plugin name
   * @return this registry
   */
  public Registry unregister(String name) {
    entries.remove(name);
    return this;
  }

  /**
   * The entry of the plugin named {@code name}.
   *
   * @param name the plugin name
   * @return the entry, or empty if no plugin has that name
   */
  public Optional<Entry> get(String name) {
    return Optional.ofNullable(entries.get(name));
  }

  /**
   * Whether a plugin named {@code name} is registered.
   *
   * @param name the plugin name
   * @return true if registered
   */
  public boolean contains(String name) {
    return entries.containsKey(name);
  }

  /**
   * The registered names, in registration order.
   *
   * @return a read-only view of the names
   */
  public Set<String> names() {
    return Collections.unmodifiableSet(entries.keySet());
  }

  private Registry add(Entry entry) {
    if (entries.containsKey(entry.name())) {
      throw new IllegalArgumentException("a plugin named " + entry.name() + " already exists");
    }
    entries.put(entry.name(), entry);
    return this;
  }

  /**
   * The value of {@code pluginClass}'s {@code public static final String NAME}.
   *
   * @param pluginClass the plugin class
   * @return the plugin's registry name
   * @throws IllegalArgumentException if the class declares no such field
   */
  public static String nameOf(Class<? extends Plugin> pluginClass) {
    try {
      Field f = pluginClass.getField("NAME");
      int m = f.getModifiers();
      if (!Modifier.isStatic(m) || !Modifier.isFinal(m) || f.getType() != String.class) {
        throw new NoSuchFieldException("NAME");
      }
      return (String) f.get(null);
    } catch (NoSuchFieldException | IllegalAccessException e) {
      throw new IllegalArgumentException(
          "plugin class " + pluginClass.getName() + " has no public static final String NAME", e);
    }
  }

  private static Supplier<PluginArgs> defaultsOf(
      String name, Class<? extends PluginArgs> argsType) {
    Method m;
    try {
      m = argsType.getMethod("defaults");
    } catch (NoSuchMethodException e) {
      throw new IllegalArgumentException(
          "args type "
              + argsType.getName()
              + " of plugin "
              + name
              + " has no public static defaults() method",
          e);
    }
    if (!Modifier.isStatic(m.getModifiers()) || !argsType.isAssignableFrom(m.getReturnType())) {
      throw new IllegalArgumentException(
          "args type "
              + argsType.getName()
              + " of plugin "
              + name
              + " has no public static defaults() method returning it");
    }
    return () -> {
      try {
        return argsType.cast(m.invoke(null));
      } catch (IllegalAccessException | InvocationTargetException e) {
        throw new IllegalStateException("cannot create default args of plugin " + name, e);
      }
    };
  }

  private static Plugin instantiate(Constructor<?> c, Object... args) throws Exception {
    try {
      return (Plugin) c.newInstance(args);
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      if (cause instanceof Exception) {
        throw (Exception) cause;
      }
      throw e;
    }
  }
}
