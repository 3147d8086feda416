package io.schedkit.leasestore.jdbc;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Logger;
import java.util.stream.Stream;
import javax.sql.DataSource;

/**
 * A real PostgreSQL server for tests, started from the machine's binaries: {@code initdb} into a
 * temporary folder, then {@code pg_ctl start} on a free port of 127.0.0.1 (the Unix socket in the
 * same folder, {@code fsync} off, trust authentication for user {@code schedkit}). One per test
 * class: {@link #start()} in {@code @BeforeAll}, {@link #close()} in {@code @AfterAll}.
 *
 * <p>The binaries are looked up on the {@code PATH}, then in {@code
 * /usr/lib/postgresql/<version>/bin} (Debian's {@code postgresql} package; {@code .ci/run} installs
 * it when missing). PostgreSQL refuses to run as root, so when the tests run as root the server
 * runs as the user {@code postgres} (which the package creates) through {@code runuser}, owning the
 * temporary folder. When no binaries (or, as root, no {@code postgres} user) are found, {@link
 * #start()} returns empty and prints one line saying why, once per JVM; tests then skip.
 */
public final class PostgresServer implements AutoCloseable {
  private static final AtomicBoolean TOLD = new AtomicBoolean();
  private static final String USER = "schedkit";

  private final Path bin;
  private final Path dir;
  private final int port;
  private final List<String> runAs;

  private PostgresServer(Path bin, Path dir, int port, List<String> runAs) {
    this.bin = bin;
    this.dir = dir;
    this.port = port;
    this.runAs = runAs;
  }

  /**
   * Creates and starts a server, or returns empty (after printing why, once) when PostgreSQL is not
   * installed here.
   *
   * @throws IOException if the binaries are there but the server cannot be set up or started
   */
  public static Optional<PostgresServer> start() throws IOException, InterruptedException {
    Optional<Path> bin = findBinaries();
    if (bin.isEmpty()) {
      skip(
          "PostgreSQL tests skipped: initdb and pg_ctl not found on PATH or in"
              + " /usr/lib/postgresql/*/bin (install Debian's postgresql package; .ci/run does)");
      return Optional.empty();
    }
    List<String> runAs = List.of();
    if (isRoot()) {
      if (run(List.of("id", "-u", "postgres"), Path.of("/")) != 0) {
        skip(
            "PostgreSQL tests skipped: running as root and there is no postgres user to run"
                + " the server as (PostgreSQL refuses root)");
        return Optional.empty();
      }
      runAs = List.of("runuser", "-u", "postgres", "--");
    }
    Path dir = Files.createTempDirectory("schedkit-pg");
    if (!runAs.isEmpty()) {
      check(run(List.of("chown", "postgres", dir.toString()), dir), "chown", dir);
    }
    PostgresServer server = new PostgresServer(bin.get(), dir, freePort(), runAs);
    server.initdb();
    server.startServer();
    return Optional.of(server);
  }

  /** The JDBC URL of the test database (user {@code schedkit}, no password). */
  public String jdbcUrl() {
    return "jdbc:postgresql://127.0.0.1:"
        + port
        + "/postgres?user="
        + USER
        + "&connectTimeout=2&socketTimeout=10&loginTimeout=3";
  }

  /** A data source opening a new connection to the test database on every call. */
  public DataSource dataSource() {
    return new UrlDataSource(jdbcUrl());
  }

  /** Stops the server (fast shutdown); {@link #restart()} starts it again with its data. */
  public void stop() throws IOException, InterruptedException {
    pgCtl("stop", "-m", "fast");
  }

  /** Starts the server again after {@link #stop()}, on the same port. */
  public void restart() throws IOException, InterruptedException {
    startServer();
  }

  /** Stops the server and deletes its folder. */
  @Override
  public void close() throws IOException {
    try {
      run(
          command(bin.resolve("pg_ctl").toString(), "-D", data(), "-m", "immediate", "-w", "stop"),
          dir);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      try (Stream<Path> files = Files.walk(dir)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  // ------------------------------------------------------------------ internals

  private void initdb() throws IOException, InterruptedException {
    int rc =
        run(
            command(
                bin.resolve("initdb").toString(),
                "-D",
                data(),
                "-U",
                USER,
                "-A",
                "trust",
                "-E",
                "UTF8",
                "--no-sync",
                "--no-instructions"),
            dir);
    check(rc, "initdb", dir);
  }

  private void startServer() throws IOException, InterruptedException {
    pgCtl(
        "start",
        "-l",
        dir.resolve("server.log").toString(),
        "-o",
        "-p "
            + port
            + " -k "
            + dir
            + " -c listen_addresses=127.0.0.1 -c fsync=off"
            + " -c synchronous_commit=off -c full_page_writes=off");
  }

  private void pgCtl(String action, String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(bin.resolve("pg_ctl").toString());
    cmd.add("-D");
    cmd.add(data());
    cmd.add("-w");
    cmd.add("-t");
    cmd.add("60");
    cmd.add(action);
    cmd.addAll(List.of(args));
    check(run(command(cmd.toArray(String[]::new)), dir), "pg_ctl " + action, dir);
  }

  private String data() {
    return dir.resolve("data").toString();
  }

  private List<String> command(String... args) {
    List<String> cmd = new ArrayList<>(runAs);
    cmd.addAll(List.of(args));
    return cmd;
  }

  private static void check(int rc, String what, Path dir) throws IOException {
    if (rc != 0) {
      Path log = dir.resolve("command.log");
      String output = Files.exists(log) ? Files.readString(log) : "";
      Path serverLog = dir.resolve("server.log");
      if (Files.exists(serverLog)) {
        output += Files.readString(serverLog);
      }
      throw new IOException(what + " failed with exit code " + rc + ":\n" + output);
    }
  }

  /** Runs {@code cmd} to completion, its output appended to {@code dir/command.log}. */
  private static int run(List<String> cmd, Path dir) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
    Path log = dir.resolve("command.log");
    if (Files.isWritable(dir)) {
      pb.redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    } else {
      pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
    }
    Process p = pb.start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IOException(String.join(" ", cmd) + " did not finish within 120 s");
    }
    return p.exitValue();
  }

  private static Optional<Path> findBinaries() throws IOException {
    String path = System.getenv("PATH");
    if (path != null) {
      for (String entry : path.split(java.io.File.pathSeparator)) {
        Path d = Paths.get(entry);
        if (Files.isExecutable(d.resolve("initdb")) && Files.isExecutable(d.resolve("pg_ctl"))) {
          return Optional.of(d.resolve("pg_ctl").toRealPath().getParent());
        }
      }
    }
    Path debian = Path.of("/usr/lib/postgresql");
    if (Files.isDirectory(debian)) {
      try (Stream<Path> versions = Files.list(debian)) {
        return versions
            .map(v -> v.resolve("bin"))
            .filter(b -> Files.isExecutable(b.resolve("initdb")))
            .max(Comparator.comparing(b -> versionOf(b.getParent().getFileName().toString())));
      }
    }
    return Optional.empty();
  }

  private static int versionOf(String name) {
    try {
      return Integer.parseInt(name.replaceAll("[^0-9].*", ""));
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private static boolean isRoot() throws IOException, InterruptedException {
    Process p = new ProcessBuilder("id", "-u").redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    p.waitFor();
    return out.equals("0");
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  private static void skip(String line) {
    if (TOLD.compareAndSet(false, true)) {
      System.err.println(line);
    }
  }

  /** A {@link DataSource} that opens a new connection to a URL on each call. */
  private static final class UrlDataSource implements DataSource {
    private final String url;

    UrlDataSource(String url) {
      this.url = url;
    }

    @Override
    public Connection getConnection() throws SQLException {
      return DriverManager.getConnection(url);
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
      return DriverManager.getConnection(url, username, password);
    }

    @Override
    public PrintWriter getLogWriter() {
      return null;
    }

    @Override
    public void setLogWriter(PrintWriter out) {}

    @Override
    public void setLoginTimeout(int seconds) {}

    @Override
    public int getLoginTimeout() {
      return 0;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
      throw new SQLFeatureNotSupportedException();
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
      throw new SQLException("not a wrapper");
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
      return false;
    }
  }
}
