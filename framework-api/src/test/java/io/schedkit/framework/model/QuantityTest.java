package io.schedkit.framework.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.schedkit.framework.model.Quantity.Format;
import io.schedkit.framework.model.QuantityFormatException.Reason;
import java.math.BigDecimal;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Facts ported from upstream's quantity_test.go (TestQuantityParse, TestQuantityString, ...). */
final class QuantityTest {
  private static final long MAX = Long.MAX_VALUE;

  // input, value(), milliValue(), canonical toString()
  static Stream<Arguments> parseCases() {
    return Stream.of(
        // zeros
        arguments("0", 0L, 0L, "0"),
        arguments("0n", 0L, 0L, "0"),
        arguments("0u", 0L, 0L, "0"),
        arguments("0m", 0L, 0L, "0"),
        arguments("0Ki", 0L, 0L, "0"),
        arguments("0T", 0L, 0L, "0"),
        arguments("-0", 0L, 0L, "0"),
        // plain numbers
        arguments("1", 1L, 1000L, "1"),
        arguments("9", 9L, 9000L, "9"),
        arguments("+1", 1L, 1000L, "1"),
        // binary suffixes
        arguments("1Ki", 1024L, 1_024_000L, "1Ki"),
        arguments("8Ki", 8192L, 8_192_000L, "8Ki"),
        arguments("7Mi", 7_340_032L, 7_340_032_000L, "7Mi"),
        arguments("6Gi", 6_442_450_944L, 6_442_450_944_000L, "6Gi"),
        arguments("5Ti", 5_497_558_138_880L, 5_497_558_138_880_000L, "5Ti"),
        arguments("4Pi", 4_503_599_627_370_496L, 4_503_599_627_370_496_000L, "4Pi"),
        arguments("3Ei", 3_458_764_513_820_540_928L, MAX, "3Ei"),
        arguments("10Ti", 10_995_116_277_760L, 10_995_116_277_760_000L, "10Ti"),
        arguments("1024Mi", 1_073_741_824L, 1_073_741_824_000L, "1Gi"),
        // decimal suffixes
        arguments("5n", 1L, 1L, "5n"),
        arguments("4u", 1L, 1L, "4u"),
        arguments("3m", 1L, 3L, "3m"),
        arguments("8k", 8000L, 8_000_000L, "8k"),
        arguments("50k", 50_000L, 50_000_000L, "50k"),
        arguments("7M", 7_000_000L, 7_000_000_000L, "7M"),
        arguments("6G", 6_000_000_000L, 6_000_000_000_000L, "6G"),
        arguments("5T", 5_000_000_000_000L, 5_000_000_000_000_000L, "5T"),
        arguments("40T", 40_000_000_000_000L, 40_000_000_000_000_000L, "40T"),
        arguments("300T", 300_000_000_000_000L, 300_000_000_000_000_000L, "300T"),
        arguments("2P", 2_000_000_000_000_000L, 2_000_000_000_000_000_000L, "2P"),
        arguments("1E", 1_000_000_000_000_000_000L, MAX, "1E"),
        arguments("1000M", 1_000_000_000L, 1_000_000_000_000L, "1G"),
        arguments("1000m", 1L, 1000L, "1"),
        // decimal exponents
        arguments("1E-3", 1L, 1L, "1e-3"),
        arguments("1e3", 1000L, 1_000_000L, "1e3"),
        arguments("1E6", 1_000_000L, 1_000_000_000L, "1e6"),
        arguments("1e9", 1_000_000_000L, 1_000_000_000_000L, "1e9"),
        arguments("1E12", 1_000_000_000_000L, 1_000_000_000_000_000L, "1e12"),
        arguments("1e13", 10_000_000_000_000L, 10_000_000_000_000_000L, "10e12"),
        arguments("1e14", 100_000_000_000_000L, 100_000_000_000_000_000L, "100e12"),
        arguments("1E18", 1_000_000_000_000_000_000L, MAX, "1e18"),
        arguments("1.2e3", 1200L, 1_200_000L, "1200"),
        arguments("1.3E+6", 1_300_000L, 1_300_000_000L, "1300e3"),
        arguments("1.40e9", 1_400_000_000L, 1_400_000_000_000L, "1400e6"),
        arguments("1.53E12", 1_530_000_000_000L, 1_530_000_000_000_000L, "1530e9"),
        arguments("0.5e0", 1L, 500L, "500e-3"),
        arguments("0.5e-1", 1L, 50L, "50e-3"),
        arguments("0.5e-2", 1L, 5L, "5e-3"),
        // things that look like floating point
        arguments("0.001", 1L, 1L, "1m"),
        arguments("0.0005k", 1L, 500L, "500m"),
        arguments("0.005", 1L, 5L, "5m"),
        arguments("0.5", 1L, 500L, "500m"),
        arguments("0.50000", 1L, 500L, "500m"),
        arguments("0.1", 1L, 100L, "100m"),
        arguments("9.01", 10L, 9010L, "9010m"),
        arguments("8.1k", 8100L, 8_100_000L, "8100"),
        arguments("100.035k", 100_035L, 100_035_000L, "100035"),
        arguments("10.035M", 10_035_000L, 10_035_000_000L, "10035k"),
        arguments("7.123456M", 7_123_456L, 7_123_456_000L, "7123456"),
        arguments("6.987654321G", 6_987_654_321L, 6_987_654_321_000L, "6987654321"),
        arguments("5.444T", 5_444_000_000_000L, 5_444_000_000_000_000L, "5444G"),
        arguments("2.5P", 2_500_000_000_000_000L, 2_500_000_000_000_000_000L, "2500T"),
        arguments("1.01E", 1_010_000_000_000_000_000L, MAX, "1010P"),
        // rounding up to the nano, and through Value()/MilliValue()
        arguments("3.001n", 1L, 1L, "4n"),
        arguments("1.1E-9", 1L, 1L, "2e-9"),
        arguments("0.0000000001", 1L, 1L, "1n"),
        arguments("0.0000000005", 1L, 1L, "1n"),
        arguments("0.5e-9", 1L, 1L, "1e-9"),
        arguments("0.9n", 1L, 1L, "1n"),
        arguments("0.00000012345", 1L, 1L, "124n"),
        arguments("0.1m", 1L, 1L, "100u"),
        arguments(".484785E-1", 1L, 49L, "48478500e-9"),
        arguments(".484785E-7466", 1L, 1L, "1e-9"),
        arguments("1500m", 2L, 1500L, "1500m"),
        // fractional binary quantities
        arguments("1.5Gi", 1_610_612_736L, 1_610_612_736_000L, "1536Mi"),
        arguments("100.035Ki", 102_436L, 102_435_840L, "102435840m"),
        arguments("0.5Mi", 524_288L, 524_288_000L, "512Ki"),
        arguments("0.05Gi", 53_687_092L, 53_687_091_200L, "53687091200m"),
        arguments("0.025Ti", 27_487_790_695L, 27_487_790_694_400L, "27487790694400m"),
        arguments(".001Ki", 2L, 1024L, "1024m"),
        arguments(".000001Ki", 1L, 2L, "1024u"),
        arguments(".000000001Ki", 1L, 1L, "1024n"),
        arguments("0.000000000001Ki", 1L, 1L, "2n"),
        arguments("1.953125Ki", 2000L, 2_000_000L, "2000"),
        arguments("9.5000000001Gi", 10_200_547_329L, 10_200_547_328_108L, "10200547328107374183n"),
        // written by trolls
        arguments(".001", 1L, 1L, "1m"),
        arguments(".0001k", 1L, 100L, "100m"),
        arguments("1.", 1L, 1000L, "1"),
        arguments("1.G", 1_000_000_000L, 1_000_000_000_000L, "1G"),
        // negative values round away from zero
        arguments("-1", -1L, -1000L, "-1"),
        arguments("-1500m", -2L, -1500L, "-1500m"),
        arguments("-0.0005", -1L, -1L, "-500u"),
        arguments("-9.01", -10L, -9010L, "-9010m"),
        arguments("-1Gi", -1_073_741_824L, -1_073_741_824_000L, "-1Gi"),
        arguments("-1.025Ti", -1_126_999_418_471L, -1_126_999_418_470_400L, "-1126999418470400m"),
        arguments("-.484785E-1", -1L, -49L, "-48478500e-9"),
        arguments("-.484785E-7466", -1L, -1L, "-1e-9"),
        arguments(
            "-9.5000000001Gi", -10_200_547_329L, -10_200_547_328_108L, "-10200547328107374183n"),
        // large values: binary SI is capped at 2^63-1, decimal is not; value() saturates
        arguments("9Ei", MAX, MAX, "9223372036854775807"),
        arguments("9223372036854775807Ki", MAX, MAX, "9223372036854775807"),
        arguments("-9Ei", -MAX, Long.MIN_VALUE, "-9223372036854775807"),
        arguments("12E", MAX, MAX, "12E"),
        arguments(
            "999999999999999999.1", 1_000_000_000_000_000_000L, MAX, "999999999999999999100m"),
        arguments("1000000000000000000", 1_000_000_000_000_000_000L, MAX, "1E"),
        arguments("-1000000000000000000", -1_000_000_000_000_000_000L, Long.MIN_VALUE, "-1E"),
        arguments("1.0E", 1_000_000_000_000_000_000L, MAX, "1E"),
        arguments("10000000000000000000", MAX, MAX, "10E"),
        arguments("9999999999999999999000m", MAX, MAX, "9999999999999999999"),
        arguments("9223372036854775807", MAX, MAX, "9223372036854775807"),
        arguments("-9223372036854775808", Long.MIN_VALUE, Long.MIN_VALUE, "-9223372036854775808"),
        arguments("1000E", MAX, MAX, "1e21"),
        arguments("1e21", MAX, MAX, "1e21"),
        // upstream's scanner reads a lone sign or a suffix without digits as zero
        arguments("-", 0L, 0L, "0"),
        arguments(".", 0L, 0L, "0"),
        arguments("Ki", 0L, 0L, "0"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("parseCases")
  void parse_valueMilliValueAndCanonicalForm(
      String input, long value, long milliValue, String canonical) {
    Quantity q = Quantity.parse(input);

    assertThat(q.value()).as("value()").isEqualTo(value);
    assertThat(q.milliValue()).as("milliValue()").isEqualTo(milliValue);
    assertThat(q).hasToString(canonical);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("parseCases")
  void parse_canonicalFormRoundTrips(String input, long value, long milliValue, String canonical) {
    Quantity q = Quantity.parse(input);
    Quantity reparsed = Quantity.parse(q.toString());

    // The value survives; the format may not (binary "2000" reparses as decimal "2k").
    assertThat(reparsed).isEqualTo(q);
    assertThat(Quantity.parse(reparsed.toString())).hasToString(reparsed.toString());
  }

  static Stream<Arguments> formatCases() {
    return Stream.of(
        arguments("1", Format.DECIMAL_SI),
        arguments("1k", Format.DECIMAL_SI),
        arguments("1E", Format.DECIMAL_SI),
        arguments("1Ki", Format.BINARY_SI),
        arguments("0Ki", Format.BINARY_SI),
        arguments("0.5Mi", Format.BINARY_SI),
        arguments("1e3", Format.DECIMAL_EXPONENT),
        arguments("1E+6", Format.DECIMAL_EXPONENT),
        arguments("0.000000000001Ki", Format.DECIMAL_SI),
        arguments("9Ei", Format.BINARY_SI));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("formatCases")
  void parse_remembersFormat(String input, Format format) {
    assertThat(Quantity.parse(input).format()).isEqualTo(format);
  }

  // input, expected message fragment, reason
  static Stream<Arguments> invalidCases() {
    String regex = "quantities must match the regular expression";
    String suffix = "unable to parse quantity's suffix";
    return Stream.of(
        arguments("", regex, Reason.FORMAT),
        arguments("1.1.M", regex, Reason.FORMAT),
        arguments("1+1.0M", regex, Reason.FORMAT),
        arguments("0.1am", regex, Reason.FORMAT),
        arguments("aoeu", regex, Reason.FORMAT),
        arguments(" 1", regex, Reason.FORMAT),
        arguments("1 ", regex, Reason.FORMAT),
        arguments("1KiB", regex, Reason.FORMAT),
        arguments("1_000", regex, Reason.FORMAT),
        arguments("1e3.5", regex, Reason.FORMAT),
        arguments("1Zi", regex, Reason.FORMAT),
        arguments("0.1mi", suffix, Reason.SUFFIX),
        arguments(".5i", suffix, Reason.SUFFIX),
        arguments("1i", suffix, Reason.SUFFIX),
        arguments("-3.01i", suffix, Reason.SUFFIX),
        arguments("-3.01e-", suffix, Reason.SUFFIX),
        arguments("1ki", suffix, Reason.SUFFIX),
        arguments("1MM", suffix, Reason.SUFFIX),
        arguments("1e", suffix, Reason.SUFFIX),
        arguments("1Ee3", suffix, Reason.SUFFIX),
        arguments("1e4294967297", "exponent 4294967297 is out of range", Reason.SUFFIX),
        arguments("1e-2147483648", "is out of range", Reason.SUFFIX),
        arguments("1e99999999999999999999", suffix, Reason.SUFFIX),
        arguments("1e1000", "numeric overflow", Reason.NUMERIC_OVERFLOW),
        arguments("10e999", "numeric overflow", Reason.NUMERIC_OVERFLOW),
        arguments("-1E+2147483647", "numeric overflow", Reason.NUMERIC_OVERFLOW));
  }

  @ParameterizedTest(name = "\"{0}\"")
  @MethodSource("invalidCases")
  void parse_invalid(String input, String fragment, Reason reason) {
    assertThatThrownBy(() -> Quantity.parse(input))
        .isInstanceOf(QuantityFormatException.class)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("quantity \"" + input + "\" is invalid: ")
        .hasMessageContaining(fragment)
        .satisfies(
            e -> {
              QuantityFormatException qfe = (QuantityFormatException) e;
              assertThat(qfe.input()).isEqualTo(input);
              assertThat(qfe.reason()).isEqualTo(reason);
            });
  }

  @Test
  void parse_formatErrorQuotesUpstreamRegex() {
    assertThatThrownBy(() -> Quantity.parse("abc"))
        .hasMessage(
            "quantity \"abc\" is invalid: quantities must match the regular expression"
                + " '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'");
  }

  @Test
  void parse_largestAcceptedDecimalMagnitude() {
    Quantity q = Quantity.parse("9e999");

    assertThat(q.value()).isEqualTo(MAX);
    assertThat(q).hasToString("9e999");
  }

  @Test
  void parse_null_throwsNullPointerException() {
    assertThatThrownBy(() -> Quantity.parse(null)).isInstanceOf(NullPointerException.class);
  }

  // upstream TestQuantityCmp and TestQuantityCmpInt64AndDec
  static Stream<Arguments> compareCases() {
    return Stream.of(
        arguments("0", "0", 0),
        arguments("100m", "50m", 1),
        arguments("50m", "100m", -1),
        arguments("10000T", "100Gi", 1),
        arguments("9.01", "901e-2", 0),
        arguments("9", "9.01", -1),
        arguments("800m", "1", -1),
        arguments("800m", "790m", 1),
        arguments("1Gi", "1073741824", 0),
        arguments("1k", "1000", 0),
        arguments("1e3", "1k", 0),
        arguments("-1", "0", -1),
        arguments("12E", "9Ei", 1));
  }

  @ParameterizedTest(name = "{0} vs {1}")
  @MethodSource("compareCases")
  void compareTo_comparesNumericValues(String x, String y, int expected) {
    Quantity a = Quantity.parse(x);
    Quantity b = Quantity.parse(y);

    assertThat(Integer.signum(a.compareTo(b))).isEqualTo(expected);
    assertThat(Integer.signum(b.compareTo(a))).isEqualTo(-expected);
    assertThat(a.equals(b)).isEqualTo(expected == 0);
    if (expected == 0) {
      assertThat(a.hashCode()).isEqualTo(b.hashCode());
    }
  }

  @Test
  void equals_ignoresFormatButToStringKeepsIt() {
    Quantity binary = Quantity.parse("1Gi");
    Quantity decimal = Quantity.parse("1073741824");

    assertThat(binary).isEqualTo(decimal);
    assertThat(binary).hasToString("1Gi");
    assertThat(decimal).hasToString("1073741824");
    assertThat(Quantity.parse("0Ki")).isEqualTo(Quantity.ZERO).hasSameHashCodeAs(Quantity.ZERO);
  }

  // upstream TestNewSet, TestMilliNewSet, TestNewScaledSet
  static Stream<Arguments> factoryCases() {
    return Stream.of(
        arguments("of(1)", Quantity.of(1), "1"),
        arguments("of(1000)", Quantity.of(1000), "1k"),
        arguments("of(1234000)", Quantity.of(1_234_000), "1234k"),
        arguments("of(1024, BINARY_SI)", Quantity.of(1024, Format.BINARY_SI), "1Ki"),
        arguments("of(1Mi, BINARY_SI)", Quantity.of(1024 * 1024, Format.BINARY_SI), "1Mi"),
        arguments(
            "of(1e6, DECIMAL_EXPONENT)", Quantity.of(1_000_000, Format.DECIMAL_EXPONENT), "1e6"),
        arguments("of(0)", Quantity.of(0), "0"),
        arguments("ofMillis(1)", Quantity.ofMillis(1), "1m"),
        arguments("ofMillis(1000)", Quantity.ofMillis(1000), "1"),
        arguments("ofMillis(1234000)", Quantity.ofMillis(1_234_000), "1234"),
        arguments(
            "ofMillis(1024) binary", Quantity.ofMillis(1024).withFormat(Format.BINARY_SI), "1024m"),
        arguments(
            "ofMillis(1048576) binary",
            Quantity.ofMillis(1024 * 1024).withFormat(Format.BINARY_SI),
            "1048576m"),
        arguments(
            "ofMillis(1000000) exponent",
            Quantity.ofMillis(1_000_000).withFormat(Format.DECIMAL_EXPONENT),
            "1e3"),
        arguments("of(2000, BINARY_SI)", Quantity.of(2000, Format.BINARY_SI), "2000"),
        arguments("of(-2000, BINARY_SI)", Quantity.of(-2000, Format.BINARY_SI), "-2000"),
        arguments("of(5, BINARY_SI)", Quantity.of(5, Format.BINARY_SI), "5"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("factoryCases")
  void factories_printCanonically(String name, Quantity q, String canonical) {
    assertThat(q).hasToString(canonical);
    assertThat(Quantity.parse(canonical)).isEqualTo(q);
  }

  @Test
  void ofMillis_milliValueRoundTrips() {
    assertThat(Quantity.ofMillis(1234).milliValue()).isEqualTo(1234);
    assertThat(Quantity.ofMillis(1234).value()).isEqualTo(2);
    assertThat(Quantity.of(-7).milliValue()).isEqualTo(-7000);
  }

  @Test
  void add_keepsReceiverFormatUnlessReceiverIsZero() {
    assertThat(Quantity.parse("1Gi").add(Quantity.parse("512Mi"))).hasToString("1536Mi");
    assertThat(Quantity.parse("10").add(Quantity.parse("1Ki"))).hasToString("1034");
    assertThat(Quantity.ZERO.add(Quantity.parse("1Gi"))).hasToString("1Gi");
    assertThat(Quantity.parse("100m").add(Quantity.ZERO)).hasToString("100m");
    assertThat(Quantity.parse("100m").add(Quantity.parse("900m"))).hasToString("1");
  }

  @Test
  void subtract_zeroReceiverTakesOtherFormat() {
    assertThat(Quantity.parse("10").subtract(Quantity.parse("1e1"))).hasToString("0");
    assertThat(Quantity.parse("10").subtract(Quantity.parse("1Ki"))).hasToString("-1014");
    assertThat(Quantity.ZERO.subtract(Quantity.parse("1Gi"))).hasToString("-1Gi");
    assertThat(Quantity.parse("100m").subtract(Quantity.ZERO)).hasToString("100m");
    assertThat(Quantity.parse("1").subtract(Quantity.parse("1500m")).milliValue()).isEqualTo(-500);
  }

  @Test
  void negate_keepsFormat() {
    assertThat(Quantity.parse("9.01").negate()).hasToString("-9010m");
    assertThat(Quantity.parse("1Gi").negate()).hasToString("-1Gi");
    assertThat(Quantity.parse("1Gi").negate().negate()).isEqualTo(Quantity.parse("1Gi"));
    assertThat(Quantity.ZERO.negate()).isEqualTo(Quantity.ZERO);
  }

  @Test
  void add_beyondEiPrintsExactly() {
    Quantity twoTo63 = Quantity.of(MAX, Format.BINARY_SI).add(Quantity.of(1));

    assertThat(twoTo63).hasToString("8Ei");
    assertThat(twoTo63.value()).isEqualTo(MAX);
    assertThat(twoTo63.asBigDecimal()).isEqualByComparingTo(new BigDecimal("9223372036854775808"));
  }

  @Test
  void binaryBeyondEi_printsDecimalExponentForm() {
    Quantity twoTo70 = Quantity.of(1L << 60, Format.BINARY_SI);
    for (int i = 0; i < 10; i++) {
      twoTo70 = twoTo70.add(twoTo70);
    }
    Quantity tenTo70 = Quantity.parse("1e70").withFormat(Format.BINARY_SI);

    assertThat(twoTo70).hasToString("1180591620717411303424");
    assertThat(tenTo70).hasToString("10e69");
  }

  @Test
  void isZeroAndSignum() {
    assertThat(Quantity.parse("0Mi").isZero()).isTrue();
    assertThat(Quantity.parse("1n").isZero()).isFalse();
    assertThat(Quantity.parse("-1n").signum()).isEqualTo(-1);
    assertThat(Quantity.parse("1n").signum()).isEqualTo(1);
    assertThat(Quantity.ZERO.signum()).isZero();
  }

  @Test
  void asBigDecimal_isExactToTheNano() {
    assertThat(Quantity.parse("1.5Gi").asBigDecimal())
        .isEqualByComparingTo(new BigDecimal("1610612736"));
    assertThat(Quantity.parse("3.001n").asBigDecimal())
        .isEqualByComparingTo(new BigDecimal("0.000000004"));
    assertThat(Quantity.parse("1.0000000000000000001E").asBigDecimal())
        .isEqualByComparingTo(new BigDecimal("1000000000000000000.1"));
  }

  @Test
  void hugeInputsAreRefusedOrCutBeforeTheyAreExpanded() {
    assertThatThrownBy(() -> Quantity.parse("1E2147483647"))
        .isInstanceOf(QuantityFormatException.class)
        .hasMessageContaining("numeric overflow");
    assertThatThrownBy(() -> Quantity.parse("1e999999999"))
        .isInstanceOf(QuantityFormatException.class)
        .hasMessageContaining("numeric overflow");
    assertThatThrownBy(() -> Quantity.parse("9".repeat(1_000_000)))
        .isInstanceOf(QuantityFormatException.class)
        .hasMessageContaining("numeric overflow");
    // A long binary fraction: only the digits that reach a nano count, rounding up as before.
    String fraction = "0".repeat(100_000);
    assertThat(Quantity.parse("1." + fraction + "Ki").toString()).isEqualTo("1Ki");
    assertThat(Quantity.parse("1." + fraction + "1Ki").asBigDecimal())
        .isEqualByComparingTo(new BigDecimal("1024.000000001"));
    assertThat(Quantity.parse("0.5" + fraction + "Ki").asBigDecimal())
        .isEqualByComparingTo(new BigDecimal("512"));
  }
}
