package io.schedkit.core.extender;

import io.schedkit.framework.config.ExtenderConfig;
import io.schedkit.framework.config.ExtenderConfig.TlsConfig;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;
import javax.net.ssl.X509TrustManager;

/**
 * The TLS side of an extender's HTTP client, as kube-scheduler's {@code makeTransport} builds it
 * from {@code enableHTTPS} and {@code tlsConfig}, with the JDK only.
 *
 * <ul>
 *   <li>No {@code enableHTTPS} and no TLS setting: the JDK defaults.
 *   <li>{@code insecure}, or {@code enableHTTPS} without a CA: the server is not verified at all. A
 *       CA together with {@code insecure} is an error, as upstream.
 *   <li>Otherwise the chain is verified against the CA ({@code caData}, else {@code caFile}) or, if
 *       none, the JDK's trust store; then the leaf's subject alternative names are matched against
 *       {@code serverName} if set, else the URL's host (DNS names with a leftmost {@code *}
 *       wildcard, IP addresses; no common-name fallback, as Go). {@code serverName} is also sent as
 *       SNI.
 *   <li>A client certificate ({@code certData}/{@code keyData}, else the files) is presented when
 *       both parts are given: a PEM chain and a PKCS#8 ({@code BEGIN PRIVATE KEY}: RSA, EC, EdDSA)
 *       or PKCS#1 ({@code BEGIN RSA PRIVATE KEY}) key. SEC1 EC keys and encrypted keys are not
 *       read.
 * </ul>
 *
 * <p>Configuration problems are {@link IllegalArgumentException}s naming the field.
 */
final class ExtenderTls {
  private ExtenderTls() {}

  private static final Pattern PEM_BLOCK =
      Pattern.compile("-----BEGIN ([A-Z0-9 ]+)-----([A-Za-z0-9+/=\\s]*)-----END \\1-----");

  /** Configures {@code builder} for {@code config}'s TLS settings. */
  static void configure(HttpClient.Builder builder, ExtenderConfig config) {
    TlsConfig t = config.tlsConfig();
    String serverName = t == null ? "" : nonNull(t.serverName());
    String ca = t == null ? null : data(t.caData(), t.caFile(), "caFile");
    String cert = t == null ? null : data(t.certData(), t.certFile(), "certFile");
    String key = t == null ? null : data(t.keyData(), t.keyFile(), "keyFile");
    boolean configured =
        t != null
            && (t.insecure() || !serverName.isEmpty() || ca != null || cert != null || key != null);
    if (!config.enableHttps() && !configured) {
      return;
    }
    boolean insecure = (t != null && t.insecure()) || (config.enableHttps() && ca == null);
    if (insecure && ca != null) {
      throw new IllegalArgumentException(
          "tlsConfig: specifying a root certificates file with the insecure flag is not allowed");
    }
    if ((cert == null) != (key == null)) {
      throw new IllegalArgumentException(
          "tlsConfig: a client certificate (certData or certFile) and its key (keyData or keyFile)"
              + " must be given together");
    }
    try {
      KeyManager[] keyManagers =
          cert == null
              ? null
              : keyManagers(certificates(cert, "tlsConfig client certificate"), key);
      X509ExtendedTrustManager trust =
          insecure
              ? new TrustAll()
              : new VerifyingTrustManager(
                  pkix(ca == null ? null : certificates(ca, "tlsConfig CA")), serverName);
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(keyManagers, new TrustManager[] {trust}, null);
      builder.sslContext(context);
      if (!serverName.isEmpty()) {
        SSLParameters parameters = context.getDefaultSSLParameters();
        parameters.setServerNames(List.of(new SNIHostName(serverName)));
        builder.sslParameters(parameters);
      }
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException("tlsConfig: " + e.getMessage(), e);
    }
  }

  /**
   * Upstream's {@code dataFromSliceOrFile}: the data if set, else the file's content, else null.
   */
  private static String data(String data, String file, String fileField) {
    if (data != null && !data.isEmpty()) {
      return data;
    }
    if (file == null || file.isEmpty()) {
      return null;
    }
    try {
      return Files.readString(Path.of(file), StandardCharsets.US_ASCII);
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException(
          "tlsConfig." + fileField + ": cannot read " + file + ": " + e, e);
    }
  }

  private static String nonNull(String s) {
    return s == null ? "" : s;
  }

  // ------------------------------------------------------------------ PEM

  /** The certificates of the {@code CERTIFICATE} blocks of {@code pem}, in order. */
  static List<X509Certificate> certificates(String pem, String source) {
    List<X509Certificate> out = new ArrayList<>();
    try {
      CertificateFactory factory = CertificateFactory.getInstance("X.509");
      Matcher m = PEM_BLOCK.matcher(pem);
      while (m.find()) {
        if (m.group(1).equals("CERTIFICATE")) {
          out.add(
              (X509Certificate)
                  factory.generateCertificate(new ByteArrayInputStream(decode(m.group(2)))));
        }
      }
    } catch (CertificateException | IllegalArgumentException e) {
      throw new IllegalArgumentException(source + ": invalid certificate: " + e.getMessage(), e);
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException(source + ": no PEM certificate found");
    }
    return out;
  }

  /** The first private key of {@code pem} (PKCS#8, or PKCS#1 RSA). */
  static PrivateKey privateKey(String pem, String source) {
    Matcher m = PEM_BLOCK.matcher(pem);
    while (m.find()) {
      String type = m.group(1);
      if (!type.endsWith("PRIVATE KEY")) {
        continue;
      }
      byte[] der;
      try {
        der = decode(m.group(2));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(source + ": invalid PEM data: " + e.getMessage(), e);
      }
      return switch (type) {
        case "PRIVATE KEY" -> pkcs8(der, source);
        case "RSA PRIVATE KEY" -> pkcs8(rsaPkcs1ToPkcs8(der), source);
        default ->
            throw new IllegalArgumentException(
                source
                    + ": unsupported key type "
                    + type
                    + " (use PKCS#8, BEGIN PRIVATE KEY, or PKCS#1, BEGIN RSA PRIVATE KEY)");
      };
    }
    throw new IllegalArgumentException(source + ": no PEM private key found");
  }

  private static byte[] decode(String base64) {
    return Base64.getMimeDecoder().decode(base64.replaceAll("\\s", ""));
  }

  private static PrivateKey pkcs8(byte[] der, String source) {
    for (String algorithm : List.of("RSA", "EC", "EdDSA")) {
      try {
        return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
      } catch (GeneralSecurityException e) {
        // not this algorithm; try the next
      }
    }
    throw new IllegalArgumentException(source + ": not an RSA, EC or EdDSA private key");
  }

  /**
   * Wraps a PKCS#1 RSA key in a PKCS#8 {@code PrivateKeyInfo}: {@code SEQUENCE { INTEGER 0,
   * SEQUENCE { OID rsaEncryption, NULL }, OCTET STRING pkcs1 }}.
   */
  private static byte[] rsaPkcs1ToPkcs8(byte[] pkcs1) {
    byte[] version = {0x02, 0x01, 0x00};
    byte[] algorithm = {
      0x30,
      0x0d,
      0x06,
      0x09,
      0x2a,
      (byte) 0x86,
      0x48,
      (byte) 0x86,
      (byte) 0xf7,
      0x0d,
      0x01,
      0x01,
      0x01,
      0x05,
      0x00
    };
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    body.writeBytes(version);
    body.writeBytes(algorithm);
    body.writeBytes(derHeader(0x04, pkcs1.length));
    body.writeBytes(pkcs1);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(derHeader(0x30, body.size()));
    out.writeBytes(body.toByteArray());
    return out.toByteArray();
  }

  private static byte[] derHeader(int tag, int length) {
    if (length < 0x80) {
      return new byte[] {(byte) tag, (byte) length};
    }
    int bytes = length > 0xffffff ? 4 : length > 0xffff ? 3 : length > 0xff ? 2 : 1;
    byte[] out = new byte[2 + bytes];
    out[0] = (byte) tag;
    out[1] = (byte) (0x80 | bytes);
    for (int i = 0; i < bytes; i++) {
      out[2 + i] = (byte) (length >>> (8 * (bytes - 1 - i)));
    }
    return out;
  }

  // ------------------------------------------------------------------ managers

  private static KeyManager[] keyManagers(List<X509Certificate> chain, String keyPem)
      throws GeneralSecurityException {
    PrivateKey key = privateKey(keyPem, "tlsConfig client key");
    KeyStore store = emptyStore();
    char[] password = new char[0];
    store.setKeyEntry("client", key, password, chain.toArray(new X509Certificate[0]));
    KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    kmf.init(store, password);
    return kmf.getKeyManagers();
  }

  /** A PKIX trust manager over {@code roots}, or over the JDK's trust store when null. */
  static X509TrustManager pkix(List<X509Certificate> roots) throws GeneralSecurityException {
    TrustManagerFactory tmf =
        TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    if (roots == null) {
      tmf.init((KeyStore) null);
    } else {
      KeyStore store = emptyStore();
      for (int i = 0; i < roots.size(); i++) {
        store.setCertificateEntry("ca-" + i, roots.get(i));
      }
      tmf.init(store);
    }
    for (TrustManager tm : tmf.getTrustManagers()) {
      if (tm instanceof X509TrustManager x) {
        return x;
      }
    }
    throw new GeneralSecurityException("no X.509 trust manager available");
  }

  private static KeyStore emptyStore() throws GeneralSecurityException {
    KeyStore store = KeyStore.getInstance("PKCS12");
    try {
      store.load(null, null);
    } catch (IOException e) {
      throw new GeneralSecurityException("cannot create a key store", e);
    }
    return store;
  }

  /** Accepts every server: {@code insecure}, or HTTPS without a CA. */
  private static final class TrustAll extends X509ExtendedTrustManager {
    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) {}

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) {}

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {}

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType)
        throws CertificateException {
      throw new CertificateException("an extender client does not verify clients");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
        throws CertificateException {
      checkClientTrusted(chain, authType);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
        throws CertificateException {
      checkClientTrusted(chain, authType);
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
      return new X509Certificate[0];
    }
  }

  /**
   * Verifies the chain with a PKIX trust manager, then the leaf's names against {@code serverName}
   * or the peer host. Being an {@link X509ExtendedTrustManager}, it replaces the JDK's own host
   * name check, which knows nothing of {@code serverName}.
   */
  static final class VerifyingTrustManager extends X509ExtendedTrustManager {
    private final X509TrustManager chainCheck;
    private final String serverName;

    VerifyingTrustManager(X509TrustManager chainCheck, String serverName) {
      this.chainCheck = chainCheck;
      this.serverName = serverName;
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType)
        throws CertificateException {
      check(chain, authType, null);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
        throws CertificateException {
      String peer =
          socket instanceof SSLSocket s && s.getHandshakeSession() != null
              ? s.getHandshakeSession().getPeerHost()
              : null;
      check(chain, authType, peer);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
        throws CertificateException {
      check(chain, authType, engine == null ? null : engine.getPeerHost());
    }

    private void check(X509Certificate[] chain, String authType, String peerHost)
        throws CertificateException {
      chainCheck.checkServerTrusted(chain, authType);
      String host = serverName.isEmpty() ? peerHost : serverName;
      if (host == null || host.isEmpty()) {
        throw new CertificateException("no host name to verify the server certificate against");
      }
      verifyHost(chain[0], host);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType)
        throws CertificateException {
      throw new CertificateException("an extender client does not verify clients");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
        throws CertificateException {
      checkClientTrusted(chain, authType);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
        throws CertificateException {
      checkClientTrusted(chain, authType);
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
      return chainCheck.getAcceptedIssuers();
    }
  }

  /**
   * Checks that {@code leaf} names {@code host} in its subject alternative names (DNS names, with a
   * leftmost {@code *} label matching one label; IP addresses for an IP literal), with Go's wording
   * when it does not.
   */
  static void verifyHost(X509Certificate leaf, String host) throws CertificateException {
    String h =
        host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    boolean ip = isIpLiteral(h);
    List<String> names = new ArrayList<>();
    Collection<List<?>> sans;
    try {
      sans = leaf.getSubjectAlternativeNames();
    } catch (CertificateParsingException e) {
      throw new CertificateException("x509: cannot read subject alternative names", e);
    }
    if (sans != null) {
      for (List<?> san : sans) {
        int type = (Integer) san.get(0);
        if (type != 2 && type != 7) {
          continue;
        }
        String value = (String) san.get(1);
        names.add(value);
        if (ip && type == 7 && sameAddress(value, h)) {
          return;
        }
        if (!ip && type == 2 && dnsMatches(value, h)) {
          return;
        }
      }
    }
    throw new CertificateException(
        names.isEmpty()
            ? "x509: certificate is not valid for any names, but wanted to match " + host
            : "x509: certificate is valid for " + String.join(", ", names) + ", not " + host);
  }

  private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

  private static boolean isIpLiteral(String host) {
    return host.contains(":") || IPV4.matcher(host).matches();
  }

  /** Compares two IP literals (never a DNS lookup: both are literals). */
  private static boolean sameAddress(String san, String host) {
    if (!isIpLiteral(san)) {
      return false;
    }
    try {
      return InetAddress.getByName(san).equals(InetAddress.getByName(host));
    } catch (UnknownHostException e) {
      return false;
    }
  }

  static boolean dnsMatches(String pattern, String host) {
    String p = stripDot(pattern.toLowerCase(Locale.ROOT));
    String h = stripDot(host.toLowerCase(Locale.ROOT));
    if (p.startsWith("*.")) {
      int dot = h.indexOf('.');
      return dot > 0 && h.substring(dot).equals(p.substring(1));
    }
    return p.equals(h);
  }

  private static String stripDot(String s) {
    return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
  }
}
