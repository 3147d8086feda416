package io.schedkit.core.extender;

import static io.schedkit.core.extender.ExtenderFixtures.config;
import static io.schedkit.core.extender.ExtenderFixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.schedkit.framework.config.ExtenderConfig.TlsConfig;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.stream.Stream;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** HTTPS extenders against a real HTTPS server whose certificate is signed by a test CA. */
final class ExtenderTlsTest {
  private static final String OK = "{\"Error\":\"\"}";

  private static String pem(String name) {
    try (InputStream in = ExtenderTlsTest.class.getResourceAsStream("/extender/tls/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  private static String file(String name) {
    try {
      return Path.of(ExtenderTlsTest.class.getResource("/extender/tls/" + name).toURI()).toString();
    } catch (URISyntaxException e) {
      throw new AssertionError(e);
    }
  }

  private static TlsConfig tls(String serverName, String caData) {
    return new TlsConfig(false, serverName, "", "", "", "", "", caData);
  }

  /** The server's context: its certificate, and the test CA for client certificates. */
  private static SSLContext serverContext() throws GeneralSecurityException, IOException {
    PrivateKey key = ExtenderTls.privateKey(pem("server-key.pem"), "server key");
    List<X509Certificate> chain = ExtenderTls.certificates(pem("server.pem"), "server cert");
    KeyStore store = KeyStore.getInstance("PKCS12");
    store.load(null, null);
    store.setKeyEntry("server", key, new char[0], chain.toArray(new X509Certificate[0]));
    KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    kmf.init(store, new char[0]);
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(
        kmf.getKeyManagers(),
        new TrustManager[] {ExtenderTls.pkix(ExtenderTls.certificates(pem("ca.pem"), "ca"))},
        null);
    return context;
  }

  private static FakeExtenderServer server(boolean needClientCert) throws Exception {
    return FakeExtenderServer.https(serverContext(), needClientCert).reply("/bind", OK);
  }

  @Test
  void https_withoutCa_serverNotVerified() throws Exception {
    try (FakeExtenderServer s = server(false)) {
      config(s.url()).https(null).bind("bind").extender().bind(pod("p"), "n1");

      assertThat(s.requests("/bind")).hasSize(1);
    }
  }

  @Test
  void https_caData_verifiesChainAndIpAddress() throws Exception {
    try (FakeExtenderServer s = server(false)) {
      config(s.url()).https(tls("", pem("ca.pem"))).bind("bind").extender().bind(pod("p"), "n1");

      assertThat(s.requests("/bind")).hasSize(1);
    }
  }

  @Test
  void https_caFile_verifiesChain() throws Exception {
    try (FakeExtenderServer s = server(false)) {
      TlsConfig t = new TlsConfig(false, "", "", "", file("ca.pem"), "", "", "");
      config(s.url()).https(t).bind("bind").extender().bind(pod("p"), "n1");

      assertThat(s.requests("/bind")).hasSize(1);
    }
  }

  @Test
  void https_serverNameInCertificate_verified() throws Exception {
    try (FakeExtenderServer s = server(false)) {
      config(s.url())
          .https(tls("extender.test", pem("ca.pem")))
          .bind("bind")
          .extender()
          .bind(pod("p"), "n1");

      assertThat(s.requests("/bind")).hasSize(1);
    }
  }

  @Test
  void https_serverNameNotInCertificate_fails() throws Exception {
    try (FakeExtenderServer s = server(false)) {
      HttpExtender e =
          config(s.url()).https(tls("wrong.test", pem("ca.pem"))).bind("bind").extender();

      assertThatThrownBy(() -> e.bind(pod("p"), "n1"))
          .isInstanceOf(ExtenderException.class)
          .hasMessageStartingWith("Post \"" + s.url() + "/bind\": ")
          .hasMessageContaining(
              "x509: certificate is valid for extender.test, localhost, 127.0.0.1, not wrong.test");
      assertThat(s.requests()).isEmpty();
    }
  }

  @Test
  void https_otherCa_fails() throws Exception {
    try (FakeExtenderServer s = server(false)) {
      HttpExtender e = config(s.url()).https(tls("", pem("other-ca.pem"))).bind("bind").extender();

      assertThatThrownBy(() -> e.bind(pod("p"), "n1"))
          .isInstanceOf(ExtenderException.class)
          .hasMessageStartingWith("Post \"" + s.url() + "/bind\": ")
          .hasMessageContaining("PKIX path");
      assertThat(s.requests()).isEmpty();
    }
  }

  @Test
  void httpsUrl_withoutTlsSettings_usesTheJdkTrustStore() throws Exception {
    try (FakeExtenderServer s = server(false)) {
      HttpExtender e = config(s.url()).bind("bind").extender();

      assertThatThrownBy(() -> e.bind(pod("p"), "n1"))
          .isInstanceOf(ExtenderException.class)
          .hasMessageContaining("PKIX path");
    }
  }

  @Test
  void https_clientCertificate_presented() throws Exception {
    try (FakeExtenderServer s = server(true)) {
      TlsConfig t =
          new TlsConfig(
              false, "", "", "", "", pem("client.pem"), pem("client-key.pem"), pem("ca.pem"));
      config(s.url()).https(t).bind("bind").extender().bind(pod("p"), "n1");

      assertThat(s.requests("/bind")).hasSize(1);
    }
  }

  @Test
  void https_clientCertificateFromFiles_presented() throws Exception {
    try (FakeExtenderServer s = server(true)) {
      TlsConfig t =
          new TlsConfig(
              false, "", file("client.pem"), file("client-key.pem"), file("ca.pem"), "", "", "");
      config(s.url()).https(t).bind("bind").extender().bind(pod("p"), "n1");

      assertThat(s.requests("/bind")).hasSize(1);
    }
  }

  @Test
  void https_clientCertificateRequiredButMissing_fails() throws Exception {
    try (FakeExtenderServer s = server(true)) {
      HttpExtender e = config(s.url()).https(tls("", pem("ca.pem"))).bind("bind").extender();

      assertThatThrownBy(() -> e.bind(pod("p"), "n1"))
          .isInstanceOf(ExtenderException.class)
          .hasMessageStartingWith("Post \"" + s.url() + "/bind\": ");
      assertThat(s.requests()).isEmpty();
    }
  }

  // ------------------------------------------------------------------ configuration errors

  static Stream<Arguments> badConfigs() {
    return Stream.of(
        Arguments.of(
            "insecure with a CA",
            new TlsConfig(true, "", "", "", "", "", "", pem("ca.pem")),
            "tlsConfig: specifying a root certificates file with the insecure flag is not allowed"),
        Arguments.of(
            "certificate without key",
            new TlsConfig(false, "", "", "", "", pem("client.pem"), "", pem("ca.pem")),
            "tlsConfig: a client certificate (certData or certFile) and its key (keyData or"
                + " keyFile) must be given together"),
        Arguments.of(
            "CA data without a certificate",
            new TlsConfig(false, "", "", "", "", "", "", "not pem"),
            "tlsConfig CA: no PEM certificate found"),
        Arguments.of(
            "SEC1 EC key",
            new TlsConfig(
                false,
                "",
                "",
                "",
                "",
                pem("client.pem"),
                "-----BEGIN EC PRIVATE KEY-----\nAAAA\n-----END EC PRIVATE KEY-----\n",
                pem("ca.pem")),
            "tlsConfig client key: unsupported key type EC PRIVATE KEY (use PKCS#8, BEGIN PRIVATE"
                + " KEY, or PKCS#1, BEGIN RSA PRIVATE KEY)"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badConfigs")
  void construct_badTlsConfig_fails(String name, TlsConfig tls, String message) {
    assertThatThrownBy(() -> config("https://127.0.0.1:1").https(tls).bind("bind").extender())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(message);
  }

  @Test
  void construct_unreadableCaFile_fails() {
    TlsConfig t = new TlsConfig(false, "", "", "", "/nonexistent/ca.pem", "", "", "");

    assertThatThrownBy(() -> config("https://127.0.0.1:1").https(t).bind("bind").extender())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("tlsConfig.caFile: cannot read /nonexistent/ca.pem: ");
  }

  @Test
  void privateKey_pkcs8AndPkcs1_read() {
    assertThat(ExtenderTls.privateKey(pem("server-key.pem"), "s").getAlgorithm()).isEqualTo("RSA");
    assertThat(ExtenderTls.privateKey(pem("client-key.pem"), "c").getAlgorithm()).isEqualTo("RSA");
  }

  @ParameterizedTest(name = "{0} vs {1}")
  @MethodSource("dnsNames")
  void dnsMatches(String pattern, String host, boolean expected) {
    assertThat(ExtenderTls.dnsMatches(pattern, host)).isEqualTo(expected);
  }

  static Stream<Arguments> dnsNames() {
    return Stream.of(
        Arguments.of("extender.test", "extender.test", true),
        Arguments.of("Extender.Test", "extender.test.", true),
        Arguments.of("*.svc.local", "ext.svc.local", true),
        Arguments.of("*.svc.local", "a.ext.svc.local", false),
        Arguments.of("*.svc.local", "svc.local", false),
        Arguments.of("extender.test", "other.test", false));
  }
}
