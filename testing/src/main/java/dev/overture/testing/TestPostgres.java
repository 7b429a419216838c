package dev.overture.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.nio.file.attribute.UserPrincipalNotFoundException;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A real PostgreSQL server for tests: one per JVM, started on first use and stopped when the JVM
 * exits, with a fresh, empty database for each {@link #newDatabase()}. Starting a server takes a
 * second or two; a database, a few milliseconds.
 *
 * <p>Where the server comes from:
 *
 * <ul>
 *   <li>When {@value #URL_VARIABLE} is set (an environment variable, or a system property of the same
 *       name), the server at that JDBC URL ({@code jdbc:postgresql://host:port/database}), as the
 *       user and password in {@value #USER_VARIABLE} and {@value #PASSWORD_VARIABLE}, who must be
 *       allowed to create databases.
 *   <li>Otherwise the PostgreSQL server programs of this machine ({@code initdb} and {@code
 *       postgres}: Debian's {@code postgresql} package, found under {@code /usr/lib/postgresql}, or
 *       in the folder {@value #BIN_VARIABLE} names), started in a temporary folder, listening on
 *       127.0.0.1 only, with password authentication. PostgreSQL refuses to run as root, so as root
 *       it runs as the {@code postgres} user (which Debian's package creates).
 * </ul>
 *
 * <p>With neither, {@link #newDatabase()} fails and says how to get one: a test that needs
 * PostgreSQL never skips silently.
 *
 * <p>Thread-safe.
 */
public final class TestPostgres {

  /** Names a running server to use instead of starting one. */
  public static final String URL_VARIABLE = "OVERTURE_TEST_POSTGRES_URL";
  /** The user of {@link #URL_VARIABLE}'s server. */
  public static final String USER_VARIABLE = "OVERTURE_TEST_POSTGRES_USER";
  /** The password of {@link #URL_VARIABLE}'s user. */
  public static final String PASSWORD_VARIABLE = "OVERTURE_TEST_POSTGRES_PASSWORD";
  /** The folder of PostgreSQL's server programs, when they are not where Debian puts them. */
  public static final String BIN_VARIABLE = "OVERTURE_TEST_POSTGRES_BIN";
  /**
   * The system property that, {@code true} before the first database, starts the local server with
   * PostgreSQL's durable defaults (every commit flushed to the disk), for benchmarks. Tests leave it
   * out: they kill clients, never the server, so the server's flushes only cost time.
   */
  public static final String DURABLE_PROPERTY = "overture.test.postgres.durable";

  private static final String CHILD_URL = "OVERTURE_TEST_DB_URL";
  private static final String CHILD_USER = "OVERTURE_TEST_DB_USER";
  private static final String CHILD_PASSWORD = "OVERTURE_TEST_DB_PASSWORD";
  private static final String READY = "database system is ready to accept connections";
  private static final AtomicInteger DATABASES = new AtomicInteger();
  private static Server server;

  private TestPostgres() {}

  /**
   * One database of the server: its JDBC URL and the credentials to use it.
   *
   * @param url {@code jdbc:postgresql://127.0.0.1:port/name}
   * @param user the user, who owns the database
   * @param password the user's password
   */
  public record Database(String url, String user, String password) {

    public Database {
      Objects.requireNonNull(url, "url");
      Objects.requireNonNull(user, "user");
      Objects.requireNonNull(password, "password");
    }

    /** A new (unpooled) data source of the database. */
    public DataSource dataSource() {
      PGSimpleDataSource dataSource = new PGSimpleDataSource();
      dataSource.setUrl(url);
      dataSource.setUser(user);
      dataSource.setPassword(password);
      return dataSource;
    }

    /**
     * A new pool of connections to the database (at most {@code size}, none kept idle for long):
     * what a store on a server needs, since each new connection costs the server a process and a
     * password check. Close it when done.
     */
    public HikariDataSource pool(int size) {
      HikariConfig config = new HikariConfig();
      config.setJdbcUrl(url);
      config.setUsername(user);
      config.setPassword(password);
      config.setMaximumPoolSize(size);
      config.setMinimumIdle(0);
      config.setPoolName("test-" + url.substring(url.lastIndexOf('/') + 1));
      return new HikariDataSource(config);
    }

    /** A new connection to the database. */
    public Connection connect() throws SQLException {
      return DriverManager.getConnection(url, user, password);
    }

    /**
     * The environment variables that hand this database to a child process ({@link #fromEnvironment}
     * reads them there), so that its password is never on a command line.
     */
    public Map<String, String> environment() {
      return Map.of(CHILD_URL, url, CHILD_USER, user, CHILD_PASSWORD, password);
    }

    /**
     * The database a parent test handed to this process through {@link #environment()}.
     *
     * @throws IllegalStateException when it handed none
     */
    public static Database fromEnvironment() {
      String url = System.getenv(CHILD_URL);
      if (url == null) {
        throw new IllegalStateException("No database was handed to this process (" + CHILD_URL + " is not set)");
      }
      return new Database(url, System.getenv(CHILD_USER), System.getenv(CHILD_PASSWORD));
    }

    @Override
    public String toString() {
      return url + " as " + user; // never the password
    }
  }

  /**
   * A new, empty database, on the server of this JVM (started now if it is the first).
   *
   * @throws IllegalStateException when there is no server and none can be started, saying why
   */
  public static Database newDatabase() {
    Server running = server();
    String name = "overture_test_" + ProcessHandle.current().pid() + "_" + DATABASES.incrementAndGet();
    try (Connection connection = DriverManager.getConnection(running.adminUrl, running.user, running.password);
        Statement sql = connection.createStatement()) {
      sql.executeUpdate("CREATE DATABASE " + name);
    } catch (SQLException e) {
      throw new IllegalStateException("Could not create a test database on " + running.adminUrl + ": " + e.getMessage(), e);
    }
    return new Database(running.base + name, running.user, running.password);
  }

  private static synchronized Server server() {
    if (server == null) {
      server = start();
    }
    return server;
  }

  /** A running server: the URL of its administrative database and the credentials. */
  private record Server(String base, String adminUrl, String user, String password) {}

  private static Server start() {
    Optional<String> url = setting(URL_VARIABLE);
    if (url.isPresent()) {
      String given = url.get();
      String base = given.substring(0, given.lastIndexOf('/') + 1);
      return new Server(base, given, setting(USER_VARIABLE).orElse("postgres"), setting(PASSWORD_VARIABLE).orElse(""));
    }
    Path bin = serverPrograms();
    try {
      LocalServer.stopOrphans(bin, Path.of(System.getProperty("java.io.tmpdir")));
      return new LocalServer(bin).start();
    } catch (IOException e) {
      throw new UncheckedIOException("Could not start the PostgreSQL server of " + bin + ": " + e.getMessage(), e);
    }
  }

  private static Optional<String> setting(String name) {
    String value = System.getProperty(name, System.getenv(name));
    return value == null || value.isBlank() ? Optional.empty() : Optional.of(value);
  }

  /** The folder holding {@code initdb} and {@code postgres}: the newest of Debian's, or the one named. */
  private static Path serverPrograms() {
    Optional<String> named = setting(BIN_VARIABLE);
    if (named.isPresent()) {
      Path bin = Path.of(named.get());
      if (!Files.isExecutable(bin.resolve("postgres")) || !Files.isExecutable(bin.resolve("initdb"))) {
        throw new IllegalStateException(BIN_VARIABLE + " names " + bin + ", which holds no initdb and postgres");
      }
      return bin;
    }
    Path versions = Path.of("/usr/lib/postgresql");
    if (Files.isDirectory(versions)) {
      try (Stream<Path> folders = Files.list(versions)) {
        Optional<Path> newest = folders
            .filter(folder -> folder.getFileName().toString().matches("\\d+"))
            .filter(folder -> Files.isExecutable(folder.resolve("bin/postgres")) && Files.isExecutable(folder.resolve("bin/initdb")))
            .max(Comparator.comparingInt(folder -> Integer.parseInt(folder.getFileName().toString())));
        if (newest.isPresent()) {
          return newest.get().resolve("bin");
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    throw new IllegalStateException("These tests need a PostgreSQL server, and there is none: install PostgreSQL's server"
        + " programs (Debian: apt-get install postgresql, which .ci/run does), or name a running server in " + URL_VARIABLE
        + " (with " + USER_VARIABLE + " and " + PASSWORD_VARIABLE + "), or the folder of initdb and postgres in " + BIN_VARIABLE);
  }

  /**
   * A server this JVM starts in a temporary folder and stops when it exits. The folder names the JVM
   * that owns it ({@value #OWNER}): a JVM that is killed (a test timed out, a mutation-testing
   * minion stopped) cannot stop its server, so the next one started on the machine stops every
   * server whose owner is gone, removes its folder and says so.
   */
  static final class LocalServer {
    private static final String USER = "overture";
    static final String PREFIX = "overture-postgres-";
    static final String OWNER = "owner.pid";
    private final Path bin;
    private final Path folder;
    private final Path data;
    private final List<String> runAs = new ArrayList<>();

    LocalServer(Path bin) throws IOException {
      this(bin, Files.createTempDirectory(PREFIX));
    }

    private LocalServer(Path bin, Path folder) {
      this.bin = bin;
      this.folder = folder;
      this.data = folder.resolve("data");
    }

    /**
     * Stops the servers that JVMs now gone left running in {@code tmp}, and removes their folders;
     * returns the folders it removed. A folder without an owner file, or whose owner still runs, is
     * left alone.
     */
    static List<Path> stopOrphans(Path bin, Path tmp) throws IOException {
      List<Path> removed = new ArrayList<>();
      List<Path> folders;
      try (Stream<Path> list = Files.list(tmp)) {
        folders = list.filter(path -> path.getFileName().toString().startsWith(PREFIX) && Files.isDirectory(path)).sorted().toList();
      }
      for (Path folder : folders) {
        Optional<Long> owner = owner(folder);
        if (owner.isEmpty() || ProcessHandle.of(owner.get()).map(ProcessHandle::isAlive).orElse(false)) {
          continue;
        }
        LocalServer orphan = new LocalServer(bin, folder);
        if (isRoot()) {
          orphan.runAs.addAll(List.of("setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups", "--"));
        }
        System.err.println("Stopping the test PostgreSQL server in " + folder + ", left running by JVM " + owner.get()
            + ", which ended without stopping it");
        orphan.stop();
        removed.add(folder);
      }
      return removed;
    }

    private static Optional<Long> owner(Path folder) {
      try {
        return Optional.of(Long.parseLong(Files.readString(folder.resolve(OWNER), StandardCharsets.UTF_8).trim()));
      } catch (IOException | NumberFormatException e) {
        return Optional.empty(); // being set up right now, or not one of ours
      }
    }

    Server start() throws IOException {
      Files.writeString(folder.resolve(OWNER), ProcessHandle.current().pid() + "\n", StandardCharsets.UTF_8);
      String password = HexFormat.of().formatHex(new SecureRandom().generateSeed(16));
      Path passwordFile = Files.writeString(folder.resolve("password"), password + "\n", StandardCharsets.UTF_8);
      if (isRoot()) {
        // PostgreSQL refuses to run as root; the folder becomes its user's, and the programs run as it.
        UserPrincipalLookupService users = folder.getFileSystem().getUserPrincipalLookupService();
        UserPrincipal postgres;
        GroupPrincipal group;
        try {
          postgres = users.lookupPrincipalByName("postgres");
          group = users.lookupPrincipalByGroupName("postgres");
        } catch (UserPrincipalNotFoundException e) {
          throw new IllegalStateException("These tests run as root, and PostgreSQL refuses to run as root: it needs a user called"
              + " postgres to run as (Debian's postgresql package creates it)");
        }
        for (Path path : List.of(folder, passwordFile)) {
          PosixFileAttributeView view = Files.getFileAttributeView(path, PosixFileAttributeView.class);
          view.setOwner(postgres);
          view.setGroup(group);
        }
        runAs.addAll(List.of("setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups", "--"));
      }
      run("initdb", "-D", data.toString(), "-U", USER, "--pwfile=" + passwordFile, "--auth-local=trust",
          "--auth-host=scram-sha-256", "-E", "UTF8", "--no-locale", "--no-sync");
      Runtime.getRuntime().addShutdownHook(new Thread(this::stopAtExit, "overture-test-postgres-stop"));
      IOException last = null;
      for (int attempt = 0; attempt < 5; attempt++) {
        int port = freePort();
        try {
          launch(port);
          String base = "jdbc:postgresql://127.0.0.1:" + port + "/";
          return new Server(base, base + "postgres", USER, password);
        } catch (PortTaken e) {
          last = e; // another process took the port between our look and the server's bind
        }
      }
      throw last;
    }

    private static boolean isRoot() throws IOException {
      Path probe = Files.createTempFile("overture-uid-", ".probe");
      try {
        return Integer.valueOf(0).equals(Files.getAttribute(probe, "unix:uid"));
      } finally {
        Files.delete(probe);
      }
    }

    private static int freePort() throws IOException {
      try (ServerSocket socket = new ServerSocket(0)) {
        return socket.getLocalPort();
      }
    }

    private List<String> command(String program, String... args) {
      List<String> command = new ArrayList<>(runAs);
      command.add(bin.resolve(program).toString());
      command.addAll(List.of(args));
      return command;
    }

    private void run(String program, String... args) throws IOException {
      Process process = new ProcessBuilder(command(program, args)).redirectErrorStream(true).start();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      try {
        if (process.waitFor() != 0) {
          throw new IOException(program + " failed (exit " + process.exitValue() + "):\n" + output);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException(program + " was interrupted", e);
      }
    }

    /** Starts the server and returns once it accepts connections (it says so in its log). */
    private void launch(int port) throws IOException {
      List<String> options = new ArrayList<>(List.of("-D", data.toString(), "-p", Integer.toString(port), "-k", folder.toString(),
          "-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"));
      if (!Boolean.getBoolean(DURABLE_PROPERTY)) {
        // Only client processes are killed in tests, never the server: its own durability is not under test.
        options.addAll(List.of("-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"));
      }
      Process process = new ProcessBuilder(command("postgres", options.toArray(String[]::new))).redirectErrorStream(true).start();
      BufferedReader log = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
      StringBuilder seen = new StringBuilder();
      String line;
      while ((line = log.readLine()) != null) {
        seen.append(line).append('\n');
        if (line.contains(READY)) {
          Thread drain = new Thread(() -> keep(log), "overture-test-postgres-log");
          drain.setDaemon(true);
          drain.start();
          return;
        }
      }
      String output = seen.toString();
      if (output.contains("could not bind") || output.contains("Address already in use")) {
        throw new PortTaken(output);
      }
      throw new IOException("the server stopped before it was ready:\n" + output);
    }

    /** Keeps reading the server's output (into its folder), so that it never blocks on a full pipe. */
    private void keep(BufferedReader log) {
      try (Writer out = Files.newBufferedWriter(folder.resolve("postgres.log"), StandardCharsets.UTF_8)) {
        String line;
        while ((line = log.readLine()) != null) {
          out.write(line);
          out.write('\n');
        }
      } catch (IOException e) {
        // The folder went away with the server at exit.
      }
    }

    /** Stops the server and removes its folder (an orphan's, found at start-up). */
    private void stop() {
      stopServer();
      removeHere();
    }

    /** The JVM's exit: stops the server, and leaves its folder's removal to a process of its own. */
    private void stopAtExit() {
      stopServer();
      // The folder holds every test database (hundreds of megabytes, tens of thousands of files by
      // the end of the framework's tests): removed here, file by file, it kept the JVM from exiting
      // for over 30 seconds on a busy machine, and Surefire then killed its own fork.
      // Renamed first, out of the sweep's sight: the next test JVM (the next module's) would take a
      // folder whose owner is gone for an orphan's and walk it while rm empties it.
      Path going = folder;
      try {
        going = Files.move(folder, folder.resolveSibling("overture-removing-" + folder.getFileName()));
      } catch (IOException e) {
        removeHere();
        return;
      }
      try {
        new ProcessBuilder("rm", "-rf", "--", going.toString())
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
      } catch (IOException e) {
        removeHere(going);
      }
    }

    private void stopServer() {
      if (Files.exists(data.resolve("postmaster.pid"))) {
        try {
          run("pg_ctl", "stop", "-D", data.toString(), "-m", "immediate", "-w");
        } catch (IOException e) {
          System.err.println("Could not stop the test PostgreSQL server in " + folder + ": " + e.getMessage());
        }
      }
    }

    private void removeHere() {
      removeHere(folder);
    }

    private static void removeHere(Path folder) {
      try (Stream<Path> files = Files.walk(folder)) {
        files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
      } catch (IOException | UncheckedIOException e) {
        System.err.println("Could not remove " + folder + ": " + e.getMessage());
      }
    }
  }

  private static final class PortTaken extends IOException {
    private static final long serialVersionUID = 1L;

    PortTaken(String output) {
      super("the port was taken:\n" + output);
    }
  }

}
