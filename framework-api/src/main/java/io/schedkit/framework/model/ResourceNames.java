package io.schedkit.framework.model;

/**
 * Well-known resource names and the classification of resource names that the scheduler's resource
 * plugins use ({@code v1helper} and {@code schedutil.IsScalarResourceName} upstream).
 */
public final class ResourceNames {
  private ResourceNames() {}

  /** CPU, in cores ({@code 100m} is a tenth of a core). */
  public static final String CPU = "cpu";

  /** Memory, in bytes. */
  public static final String MEMORY = "memory";

  /** Local ephemeral storage, in bytes. */
  public static final String EPHEMERAL_STORAGE = "ephemeral-storage";

  /** The number of pods a node can run. */
  public static final String PODS = "pods";

  /** Prefix of huge page resources, as in {@code hugepages-2Mi}. */
  public static final String HUGE_PAGES_PREFIX = "hugepages-";

  /** Prefix of attachable volume limits, as in {@code attachable-volumes-aws-ebs}. */
  public static final String ATTACHABLE_VOLUMES_PREFIX = "attachable-volumes-";

  /** The default resource namespace, {@code kubernetes.io/}. */
  public static final String DEFAULT_NAMESPACE_PREFIX = "kubernetes.io/";

  /** The quota prefix that extended resource names may not start with. */
  public static final String REQUESTS_PREFIX = "requests.";

  /**
   * Whether {@code name} is explicitly in the {@code kubernetes.io/} namespace: it contains {@code
   * kubernetes.io/} anywhere (upstream's {@code IsPrefixedNativeResource} uses "contains").
   *
   * @param name a resource name
   * @return true for a prefixed native resource
   */
  public static boolean isPrefixedNative(String name) {
    return name.contains(DEFAULT_NAMESPACE_PREFIX);
  }

  /**
   * Whether {@code name} is a native resource: it has no {@code /} (implicitly in {@code
   * kubernetes.io/}) or is {@linkplain #isPrefixedNative prefixed native}.
   *
   * @param name a resource name
   * @return true for a native resource
   */
  public static boolean isNative(String name) {
    return name.indexOf('/') < 0 || isPrefixedNative(name);
  }

  /**
   * Whether {@code name} is an extended resource (upstream {@code IsExtendedResourceName}): not
   * native, not prefixed {@code requests.}, and {@code "requests." + name} is a valid qualified
   * name (so {@code example.com/gpu} is extended, {@code gpu} and {@code kubernetes.io/x} are not).
   *
   * @param name a resource name
   * @return true for an extended resource
   */
  public static boolean isExtended(String name) {
    if (isNative(name) || name.startsWith(REQUESTS_PREFIX)) {
      return false;
    }
    return Validation.isQualifiedName(REQUESTS_PREFIX + name);
  }

  /**
   * Whether {@code name} is a huge page resource (prefix {@code hugepages-}).
   *
   * @param name a resource name
   * @return true for huge pages
   */
  public static boolean isHugePages(String name) {
    return name.startsWith(HUGE_PAGES_PREFIX);
  }

  /**
   * Whether {@code name} is an attachable volume limit (prefix {@code attachable-volumes-}).
   *
   * @param name a resource name
   * @return true for an attachable volume resource
   */
  public static boolean isAttachableVolume(String name) {
    return name.startsWith(ATTACHABLE_VOLUMES_PREFIX);
  }

  /**
   * Whether {@code name} is a scalar resource (upstream {@code schedutil.IsScalarResourceName}):
   * extended, huge pages, prefixed native or attachable volumes. CPU, memory, ephemeral storage and
   * pods are not scalar.
   *
   * @param name a resource name
   * @return true for a scalar resource
   */
  public static boolean isScalar(String name) {
    return isExtended(name)
        || isHugePages(name)
        || isPrefixedNative(name)
        || isAttachableVolume(name);
  }
}
