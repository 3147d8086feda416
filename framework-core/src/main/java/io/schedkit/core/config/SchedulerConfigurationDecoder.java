package io.schedkit.core.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.schedkit.core.codec.tree.DocumentException;
import io.schedkit.core.codec.tree.Documents;
import io.schedkit.core.codec.tree.FieldException;
import io.schedkit.core.codec.tree.Json;
import io.schedkit.framework.PluginArgs;
import io.schedkit.framework.PluginArgs.FieldError;
import io.schedkit.framework.Registry;
import io.schedkit.framework.config.ClientConnectionConfig;
import io.schedkit.framework.config.ExtenderConfig;
import io.schedkit.framework.config.ExtenderConfig.ManagedResource;
import io.schedkit.framework.config.ExtenderConfig.TlsConfig;
import io.schedkit.framework.config.ExtensionPoint;
import io.schedkit.framework.config.LeaderElectionConfig;
import io.schedkit.framework.config.PluginConfig;
import io.schedkit.framework.config.PluginRef;
import io.schedkit.framework.config.PluginSet;
import io.schedkit.framework.config.Plugins;
import io.schedkit.framework.config.Profile;
import io.schedkit.framework.config.RawArgs;
import io.schedkit.framework.config.SchedulerConfiguration;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Decodes a {@code KubeSchedulerConfiguration} ({@code kubescheduler.config.k8s.io/v1}, YAML or
 * JSON) into a {@link SchedulerConfiguration}, with kube-scheduler v1.35's defaulting and
 * validation.
 *
 * <p><b>Fields.</b> {@code parallelism}, {@code percentageOfNodesToScore}, {@code
 * podInitialBackoffSeconds}, {@code podMaxBackoffSeconds}, {@code profiles[]} ({@code
 * schedulerName}, {@code percentageOfNodesToScore}, {@code plugins} with {@code multiPoint} and
 * every extension point, {@code pluginConfig[]}), {@code extenders[]}, {@code leaderElection} and
 * {@code clientConnection} ({@code kubeconfig}, {@code acceptContentTypes}, {@code contentType},
 * {@code qps}, {@code burst}; qps 0 means 50 and burst 0 means 100, as upstream; a negative burst
 * is invalid). Other upstream fields ({@code healthzBindAddress}, {@code enableProfiling}, ...) and
 * unknown fields are ignored.
 *
 * <p><b>Defaulting</b> (upstream's {@code defaults.go}): parallelism 16, backoffs 1 s and 10 s,
 * {@code percentageOfNodesToScore} 0 (adaptive); no profiles means one; a single profile without a
 * name is {@code default-scheduler}; each profile's plugins are the {@link DefaultPlugins} merged
 * with the profile's ({@code mergePlugins}: per set, disabled = the user's plus the defaults';
 * unless {@code "*"} is disabled, each default not disabled is kept, replaced in place by a user
 * entry of the same name; then the user's other entries in order); each {@code pluginConfig}'s args
 * are decoded by {@link ArgsDecoder} over the registry's default args, and every enabled plugin
 * with an args type and no {@code pluginConfig} gets its default args (appended in name order).
 * Args of plugins the registry does not know stay {@link RawArgs}.
 *
 * <p><b>Validation</b> (upstream's {@code validation.go}): all errors are collected and reported
 * together as a {@link ConfigException}, in upstream's order and wording.
 *
 * <p><b>Out-of-scope plugins.</b> Plugins of {@link DefaultPlugins#OUT_OF_SCOPE} that the registry
 * does not provide are removed from every plugin set and from {@code pluginConfig}: silently when
 * they come from the defaults, with one warning per profile when the configuration enables or
 * configures them.
 *
 * <p>Stateless and thread-safe.
 */
public final class SchedulerConfigurationDecoder {

  /** The only configuration version this decoder reads. */
  public static final String API_VERSION = "kubescheduler.config.k8s.io/v1";

  /** The configuration's kind. */
  public static final String KIND = "KubeSchedulerConfiguration";

  private final ArgsDecoder argsDecoder = new ArgsDecoder();

  /** A decoder; it holds no state. */
  public SchedulerConfigurationDecoder() {}

  /**
   * A decoded configuration and the warnings decoding produced.
   *
   * @param configuration the configuration, defaulted and valid
   * @param warnings messages about plugins removed because schedkit does not implement them
   */
  public record Decoded(SchedulerConfiguration configuration, List<String> warnings) {
    /**
     * Copies the warnings.
     *
     * @param configuration the configuration
     * @param warnings the warnings
     */
    public Decoded {
      warnings = List.copyOf(warnings);
    }
  }

  /**
   * Decodes a configuration file.
   *
   * @param text the YAML or JSON text
   * @param sourceName the name used in messages, typically the file name
   * @param registry the plugins available, which decides args types and out-of-scope removal
   * @return the configuration and the warnings
   * @throws ConfigException if the text is malformed, not a v1 KubeSchedulerConfiguration, or
   *     invalid
   */
  public Decoded decode(String text, String sourceName, Registry registry) {
    List<JsonNode> docs;
    try {
      docs = Documents.parse(text, sourceName);
    } catch (DocumentException e) {
      String prefix = sourceName + ": ";
      String msg =
          e.getMessage().startsWith(prefix)
              ? e.getMessage().substring(prefix.length())
              : e.getMessage();
      throw new ConfigException(sourceName, List.of(msg), e);
    }
    List<JsonNode> present = docs.stream().filter(d -> !Json.absent(d)).toList();
    if (present.size() != 1) {
      throw new ConfigException(
          sourceName,
          List.of(
              present.isEmpty()
                  ? "no KubeSchedulerConfiguration found"
                  : "expected one KubeSchedulerConfiguration, found "
                      + present.size()
                      + " documents"),
          null);
    }
    JsonNode root = present.get(0);
    if (!root.isObject()) {
      throw new ConfigException(
          sourceName, List.of("expected an object, got " + Json.describe(root)), null);
    }
    checkType((ObjectNode) root, sourceName);
    return decodeRoot((ObjectNode) root, sourceName, registry);
  }

  /**
   * Decodes a configuration file; messages name it by {@code path.toString()}.
   *
   * @param path the file
   * @param registry the plugins available
   * @return the configuration and the warnings
   * @throws ConfigException if the file cannot be read or is invalid
   */
  public Decoded decode(Path path, Registry registry) {
    String text;
    try {
      text = Documents.read(path);
    } catch (DocumentException e) {
      throw new ConfigException(
          path.toString(), List.of(e.getMessage().substring(path.toString().length() + 2)), e);
    }
    return decode(text, path.toString(), registry);
  }

  /**
   * Returns the configuration kube-scheduler runs without {@code --config}: all defaults, one
   * {@code default-scheduler} profile with the default plugins (those out of scope and absent from
   * {@code registry} removed) and the registry's default args.
   *
   * @param registry the plugins available
   * @return the default configuration
   * @throws ConfigException if a registered plugin's default args are invalid
   */
  public SchedulerConfiguration defaults(Registry registry) {
    return decodeRoot(JsonNodeFactory.instance.objectNode(), "defaults", registry).configuration();
  }

  // ---- reading

  private static void checkType(ObjectNode root, String source) {
    List<String> errs = new ArrayList<>();
    check(root, "apiVersion", API_VERSION, errs);
    check(root, "kind", KIND, errs);
    if (!errs.isEmpty()) {
      throw new ConfigException(source, errs, null);
    }
  }

  private static void check(ObjectNode root, String field, String expected, List<String> errs) {
    JsonNode n = Json.get(root, field);
    String value = n != null && n.isTextual() ? n.textValue() : "";
    if (value.isEmpty()) {
      errs.add(FieldError.required(field, "").render(""));
    } else if (!value.equals(expected)) {
      errs.add(FieldError.notSupported(field, value, List.of(expected)).render(""));
    }
  }

  /** A profile as written, before defaulting. */
  private record ProfileInput(
      String schedulerName, Integer percentage, Plugins plugins, List<ConfigInput> pluginConfig) {}

  /** A {@code pluginConfig} entry as written. */
  private record ConfigInput(String name, JsonNode args) {}

  private Decoded decodeRoot(ObjectNode root, String source, Registry registry) {
    Integer parallelism;
    Integer percentage;
    Long initialBackoff;
    Long maxBackoff;
    List<ProfileInput> inputs;
    List<ExtenderConfig> extenders;
    LeaderElectionConfig leaderElection;
    ClientConnectionConfig clientConnection;
    try {
      parallelism = Json.optInt32(root, "parallelism", "");
      percentage = Json.optInt32(root, "percentageOfNodesToScore", "");
      initialBackoff = Json.optInt64(root, "podInitialBackoffSeconds", "");
      maxBackoff = Json.optInt64(root, "podMaxBackoffSeconds", "");
      inputs = Json.list(root, "profiles", "", SchedulerConfigurationDecoder::profileInput);
      extenders = Json.list(root, "extenders", "", SchedulerConfigurationDecoder::extender);
      leaderElection = leaderElection(Json.object(root, "leaderElection", ""));
      clientConnection = clientConnection(Json.object(root, "clientConnection", ""));
    } catch (IllegalArgumentException e) {
      throw new ConfigException(source, List.of(e.getMessage()), e);
    }

    // Defaulting, as SetDefaults_KubeSchedulerConfiguration.
    if (inputs.isEmpty()) {
      inputs = List.of(new ProfileInput(null, null, null, List.of()));
    }
    if (inputs.size() == 1 && inputs.get(0).schedulerName() == null) {
      ProfileInput only = inputs.get(0);
      inputs =
          List.of(
              new ProfileInput(
                  Profile.DEFAULT_SCHEDULER_NAME,
                  only.percentage(),
                  only.plugins(),
                  only.pluginConfig()));
    }
    List<Profile> profiles = new ArrayList<>();
    for (int i = 0; i < inputs.size(); i++) {
      profiles.add(defaultProfile(inputs.get(i), "profiles[" + i + "]", source, registry));
    }
    SchedulerConfiguration merged =
        new SchedulerConfiguration(
            parallelism == null ? 16 : parallelism,
            percentage == null ? 0 : percentage,
            initialBackoff == null ? 1 : initialBackoff,
            maxBackoff == null ? 10 : maxBackoff,
            profiles,
            extenders,
            leaderElection,
            clientConnection);

    List<String> errors = ConfigValidation.validate(merged);
    if (!errors.isEmpty()) {
      throw new ConfigException(source, errors, null);
    }

    List<String> warnings = new ArrayList<>();
    List<Profile> kept = new ArrayList<>();
    for (int i = 0; i < profiles.size(); i++) {
      kept.add(removeOutOfScope(profiles.get(i), inputs.get(i), source, registry, warnings));
    }
    SchedulerConfiguration config =
        new SchedulerConfiguration(
            merged.parallelism(),
            merged.percentageOfNodesToScore(),
            merged.podInitialBackoffSeconds(),
            merged.podMaxBackoffSeconds(),
            kept,
            merged.extenders(),
            merged.leaderElection(),
            merged.clientConnection());
    return new Decoded(config, warnings);
  }

  private static ProfileInput profileInput(JsonNode node, String path) {
    ObjectNode n = Json.asObject(node, path);
    if (n == null) {
      return new ProfileInput(null, null, null, List.of());
    }
    JsonNode name = Json.get(n, "schedulerName");
    ObjectNode plugins = Json.object(n, "plugins", path);
    return new ProfileInput(
        name == null ? null : Json.asString(name, Json.child(path, "schedulerName")),
        Json.optInt32(n, "percentageOfNodesToScore", path),
        plugins == null ? null : plugins(plugins, Json.child(path, "plugins")),
        Json.list(
            n,
            "pluginConfig",
            path,
            (c, p) -> {
              ObjectNode o = Json.asObject(c, p);
              if (o == null) {
                return new ConfigInput("", null);
              }
              JsonNode args = Json.get(o, "args");
              Json.asObject(args, Json.child(p, "args"));
              return new ConfigInput(Json.string(o, "name", p), args);
            }));
  }

  private static Plugins plugins(ObjectNode n, String path) {
    PluginSet multiPoint =
        pluginSet(Json.object(n, "multiPoint", path), Json.child(path, "multiPoint"));
    Map<ExtensionPoint, PluginSet> points = new EnumMap<>(ExtensionPoint.class);
    for (ExtensionPoint point : ExtensionPoint.values()) {
      String name = point.configName();
      ObjectNode set = Json.object(n, name, path);
      if (set != null) {
        points.put(point, pluginSet(set, Json.child(path, name)));
      }
    }
    return new Plugins(multiPoint, points);
  }

  private static PluginSet pluginSet(ObjectNode n, String path) {
    if (n == null) {
      return PluginSet.empty();
    }
    return new PluginSet(
        Json.list(n, "enabled", path, SchedulerConfigurationDecoder::pluginRef),
        Json.list(n, "disabled", path, SchedulerConfigurationDecoder::pluginRef));
  }

  private static PluginRef pluginRef(JsonNode node, String path) {
    ObjectNode n = Json.asObject(node, path);
    if (n == null) {
      return PluginRef.of("");
    }
    return PluginRef.of(Json.string(n, "name", path), Json.int32(n, "weight", path));
  }

  private static ExtenderConfig extender(JsonNode node, String path) {
    ObjectNode n = Json.asObject(node, path);
    if (n == null) {
      return new ExtenderConfig(
          null, null, null, null, 0, null, false, null, null, false, null, false);
    }
    ObjectNode tls = Json.object(n, "tlsConfig", path);
    String tlsPath = Json.child(path, "tlsConfig");
    TlsConfig tlsConfig =
        tls == null
            ? null
            : new TlsConfig(
                Json.bool(tls, "insecure", tlsPath),
                Json.string(tls, "serverName", tlsPath),
                Json.string(tls, "certFile", tlsPath),
                Json.string(tls, "keyFile", tlsPath),
                Json.string(tls, "caFile", tlsPath),
                bytes(tls, "certData", tlsPath),
                bytes(tls, "keyData", tlsPath),
                bytes(tls, "caData", tlsPath));
    return new ExtenderConfig(
        Json.string(n, "urlPrefix", path),
        Json.string(n, "filterVerb", path),
        Json.string(n, "preemptVerb", path),
        Json.string(n, "prioritizeVerb", path),
        Json.int64(n, "weight", path),
        Json.string(n, "bindVerb", path),
        Json.bool(n, "enableHTTPS", path),
        tlsConfig,
        duration(n, "httpTimeout", path),
        Json.bool(n, "nodeCacheCapable", path),
        Json.list(
            n,
            "managedResources",
            path,
            (r, p) -> {
              ObjectNode o = Json.asObject(r, p);
              return o == null
                  ? null
                  : new ManagedResource(
                      Json.string(o, "name", p), Json.bool(o, "ignoredByScheduler", p));
            }),
        Json.bool(n, "ignorable", path));
  }

  /** A {@code []byte} field: base64 in JSON, kept as the decoded text (PEM). */
  private static String bytes(ObjectNode n, String name, String path) {
    String s = Json.string(n, name, path);
    try {
      return new String(Base64.getDecoder().decode(s), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw FieldException.of(
          FieldError.invalid(
              Json.child(path, name), s, "must be base64 encoded: " + e.getMessage()));
    }
  }

  /** A {@code metav1.Duration} field (a Go duration string); null when absent. */
  private static Duration duration(ObjectNode n, String name, String path) {
    JsonNode v = Json.get(n, name);
    if (v == null) {
      return null;
    }
    String p = Json.child(path, name);
    String s = Json.asString(v, p);
    try {
      return Durations.parse(s);
    } catch (IllegalArgumentException e) {
      throw FieldException.of(FieldError.invalid(p, s, e.getMessage()));
    }
  }

  private static LeaderElectionConfig leaderElection(ObjectNode n) {
    String path = "leaderElection";
    LeaderElectionConfig d = LeaderElectionConfig.defaults();
    if (n == null) {
      return d;
    }
    Boolean elect = Json.optBool(n, "leaderElect", path);
    Duration lease = duration(n, "leaseDuration", path);
    Duration renew = duration(n, "renewDeadline", path);
    Duration retry = duration(n, "retryPeriod", path);
    String lock = Json.string(n, "resourceLock", path);
    String name = Json.string(n, "resourceName", path);
    String namespace = Json.string(n, "resourceNamespace", path);
    return new LeaderElectionConfig(
        elect == null ? d.leaderElect() : elect,
        lease == null || lease.isZero() ? d.leaseDuration() : lease,
        renew == null || renew.isZero() ? d.renewDeadline() : renew,
        retry == null || retry.isZero() ? d.retryPeriod() : retry,
        lock.isEmpty() ? d.resourceLock() : lock,
        name.isEmpty() ? d.resourceName() : name,
        namespace.isEmpty() ? d.resourceNamespace() : namespace);
  }

  private static ClientConnectionConfig clientConnection(ObjectNode n) {
    String path = "clientConnection";
    ClientConnectionConfig d = ClientConnectionConfig.defaults();
    if (n == null) {
      return d;
    }
    JsonNode qpsNode = Json.get(n, "qps");
    float qps = 0;
    if (qpsNode != null) {
      if (!qpsNode.isNumber()) {
        throw Json.typeError(Json.child(path, "qps"), "number", qpsNode);
      }
      qps = qpsNode.floatValue();
    }
    Integer burst = Json.optInt32(n, "burst", path);
    if (burst != null && burst < 0) {
      throw FieldException.of(
          FieldError.invalid(Json.child(path, "burst"), burst, "must be non-negative"));
    }
    String contentType = Json.string(n, "contentType", path);
    return new ClientConnectionConfig(
        Json.string(n, "kubeconfig", path),
        Json.string(n, "acceptContentTypes", path),
        contentType.isEmpty() ? d.contentType() : contentType,
        qps == 0 ? d.qps() : qps,
        burst == null || burst == 0 ? d.burst() : burst);
  }

  // ---- defaulting

  private Profile defaultProfile(ProfileInput in, String path, String source, Registry registry) {
    Plugins plugins = merge(DefaultPlugins.plugins(), in.plugins());
    List<PluginConfig> configs = new ArrayList<>();
    Set<String> existing = new HashSet<>();
    for (int j = 0; j < in.pluginConfig().size(); j++) {
      ConfigInput c = in.pluginConfig().get(j);
      existing.add(c.name());
      configs.add(
          new PluginConfig(
              c.name(), decodeArgs(c, path + ".pluginConfig[" + j + "].args", source, registry)));
    }
    for (String name : enabledNames(plugins)) {
      if (existing.contains(name)) {
        continue;
      }
      Registry.Entry entry = registry.get(name).orElse(null);
      if (entry != null && entry.argsType() != null) {
        configs.add(new PluginConfig(name, entry.defaultArgs().get()));
      }
    }
    return new Profile(in.schedulerName(), in.percentage(), plugins, configs);
  }

  private PluginArgs decodeArgs(ConfigInput c, String path, String source, Registry registry) {
    Registry.Entry entry = registry.get(c.name()).orElse(null);
    Map<String, Object> values = rawValues(c.args());
    if (entry == null || entry.argsType() == null) {
      return new RawArgs(values);
    }
    try {
      return argsDecoder.decode(values, castArgsType(entry), entry.defaultArgs().get());
    } catch (IllegalArgumentException e) {
      String msg = e.getMessage() == null ? e.toString() : e.getMessage();
      throw new ConfigException(source, List.of(path + "." + msg), e);
    }
  }

  @SuppressWarnings("unchecked") // the registry pairs an args type with a supplier of that type
  private static Class<PluginArgs> castArgsType(Registry.Entry entry) {
    return (Class<PluginArgs>) entry.argsType();
  }

  @SuppressWarnings("unchecked") // a JSON object converts to a map with string keys
  private static Map<String, Object> rawValues(JsonNode args) {
    if (Json.absent(args)) {
      return Map.of();
    }
    return (Map<String, Object>) Documents.fromTree(args);
  }

  /** The enabled plugin names of every set, sorted (upstream's {@code pluginsNames}). */
  private static Set<String> enabledNames(Plugins plugins) {
    Set<String> names = new TreeSet<>();
    plugins.multiPoint().enabled().forEach(r -> names.add(r.name()));
    for (ExtensionPoint point : ExtensionPoint.fillOrder()) {
      plugins.get(point).enabled().forEach(r -> names.add(r.name()));
    }
    return names;
  }

  /** Upstream's {@code mergePlugins}: every set merged; a null custom set keeps the defaults. */
  static Plugins merge(Plugins defaults, Plugins custom) {
    if (custom == null) {
      return defaults;
    }
    Map<ExtensionPoint, PluginSet> points = new EnumMap<>(ExtensionPoint.class);
    for (ExtensionPoint point : ExtensionPoint.values()) {
      PluginSet set = mergeSet(defaults.get(point), custom.get(point));
      if (!set.isEmpty()) {
        points.put(point, set);
      }
    }
    return new Plugins(mergeSet(defaults.multiPoint(), custom.multiPoint()), points);
  }

  /** Upstream's {@code mergePluginSet}. */
  static PluginSet mergeSet(PluginSet defaults, PluginSet custom) {
    List<PluginRef> disabled = new ArrayList<>();
    Set<String> disabledNames = new HashSet<>();
    for (PluginRef r : custom.disabled()) {
      disabled.add(PluginRef.of(r.name()));
      disabledNames.add(r.name());
    }
    for (PluginRef r : defaults.disabled()) {
      disabled.add(PluginRef.of(r.name()));
      disabledNames.add(r.name());
    }
    Map<String, Integer> customIndex = new HashMap<>();
    for (int i = 0; i < custom.enabled().size(); i++) {
      customIndex.put(custom.enabled().get(i).name(), i);
    }
    List<PluginRef> enabled = new ArrayList<>();
    Set<Integer> replaced = new HashSet<>();
    if (!disabledNames.contains("*")) {
      for (PluginRef d : defaults.enabled()) {
        if (disabledNames.contains(d.name())) {
          continue;
        }
        Integer i = customIndex.get(d.name());
        if (i != null) {
          enabled.add(custom.enabled().get(i));
          replaced.add(i);
        } else {
          enabled.add(d);
        }
      }
    }
    for (int i = 0; i < custom.enabled().size(); i++) {
      if (!replaced.contains(i)) {
        enabled.add(custom.enabled().get(i));
      }
    }
    return new PluginSet(enabled, disabled);
  }

  // ---- out-of-scope plugins

  private static Profile removeOutOfScope(
      Profile profile,
      ProfileInput input,
      String source,
      Registry registry,
      List<String> warnings) {
    Set<String> remove = new TreeSet<>();
    for (String name : DefaultPlugins.OUT_OF_SCOPE) {
      if (!registry.contains(name)) {
        remove.add(name);
      }
    }
    Set<String> named = new LinkedHashSet<>();
    if (input.plugins() != null) {
      input.plugins().multiPoint().enabled().forEach(r -> named.add(r.name()));
      for (ExtensionPoint point : ExtensionPoint.values()) {
        input.plugins().get(point).enabled().forEach(r -> named.add(r.name()));
      }
    }
    input.pluginConfig().forEach(c -> named.add(c.name()));
    for (String name : named) {
      if (remove.contains(name)) {
        warnings.add(
            source
                + ": plugin "
                + name
                + " is not supported by schedkit and was removed from profile "
                + profile.schedulerName());
      }
    }
    Plugins p = profile.plugins();
    Map<ExtensionPoint, PluginSet> points = new EnumMap<>(ExtensionPoint.class);
    for (ExtensionPoint point : ExtensionPoint.values()) {
      PluginSet set = without(p.get(point), remove);
      if (!set.isEmpty()) {
        points.put(point, set);
      }
    }
    List<PluginConfig> configs =
        profile.pluginConfig().stream().filter(c -> !remove.contains(c.name())).toList();
    return new Profile(
        profile.schedulerName(),
        profile.percentageOfNodesToScore(),
        new Plugins(without(p.multiPoint(), remove), points),
        configs);
  }

  private static PluginSet without(PluginSet set, Set<String> names) {
    return new PluginSet(
        set.enabled().stream().filter(r -> !names.contains(r.name())).toList(),
        set.disabled().stream().filter(r -> !names.contains(r.name())).toList());
  }
}
