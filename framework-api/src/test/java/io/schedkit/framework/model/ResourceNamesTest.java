package io.schedkit.framework.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Classification as upstream's v1helper and schedutil.IsScalarResourceName. */
final class ResourceNamesTest {

  // name, native, extended, hugePages, attachableVolume, scalar
  static Stream<Arguments> cases() {
    return Stream.of(
        arguments("cpu", true, false, false, false, false),
        arguments("memory", true, false, false, false, false),
        arguments("ephemeral-storage", true, false, false, false, false),
        arguments("pods", true, false, false, false, false),
        arguments("example.com/gpu", false, true, false, false, true),
        arguments("nvidia.com/gpu", false, true, false, false, true),
        arguments("hugepages-2Mi", true, false, true, false, true),
        arguments("hugepages-1Gi", true, false, true, false, true),
        arguments("attachable-volumes-aws-ebs", true, false, false, true, true),
        arguments("kubernetes.io/something", true, false, false, false, true),
        arguments("foo.kubernetes.io/bar", true, false, false, false, true),
        arguments("requests.example.com/foo", false, false, false, false, false),
        arguments("example.com/", false, false, false, false, false),
        arguments("example.com/gpu/x", false, false, false, false, false),
        arguments("Example.com/gpu", false, false, false, false, false),
        arguments("example.com/-gpu", false, false, false, false, false),
        arguments("example.com/GPU_big.v1", false, true, false, false, true),
        arguments("/gpu", false, false, false, false, false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void classify(
      String name,
      boolean isNative,
      boolean extended,
      boolean hugePages,
      boolean attachableVolume,
      boolean scalar) {
    assertThat(ResourceNames.isNative(name)).as("native").isEqualTo(isNative);
    assertThat(ResourceNames.isExtended(name)).as("extended").isEqualTo(extended);
    assertThat(ResourceNames.isHugePages(name)).as("hugePages").isEqualTo(hugePages);
    assertThat(ResourceNames.isAttachableVolume(name)).as("attachable").isEqualTo(attachableVolume);
    assertThat(ResourceNames.isScalar(name)).as("scalar").isEqualTo(scalar);
  }
}
