package dev.overture.sample;

import dev.overture.persistence.IdMigration;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.postgresql.ds.PGSimpleDataSource;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code overture migrate-ids --db FILE} or {@code --jdbc-url URL}: rewrites the legacy id blobs of
 * a world store (game.db, or a PostgreSQL database that servers share) to UniqueID v3 or StableId
 * v0. Exits 1 when a blob could not be read (it is left as it is).
 *
 * <p>A server's credentials come from the environment ({@value #USER_VARIABLE}, {@value
 * #PASSWORD_VARIABLE}), never from the command line, which every process of the machine can read;
 * a URL that carries them is refused, and nothing here prints them.
 */
@Command(addMethodSubcommands = false, name = "migrate-ids", mixinStandardHelpOptions = true, description = "Rewrite the legacy id blobs of a world store (game.db) in a newer layout.")
final class MigrateIdsCommand implements Callable<Integer> {

  /** The user of {@code --jdbc-url}'s database. */
  static final String USER_VARIABLE = "OVERTURE_DB_USER";
  /** The password of {@code --jdbc-url}'s user. */
  static final String PASSWORD_VARIABLE = "OVERTURE_DB_PASSWORD";

  @Spec CommandSpec spec;

  @ArgGroup(exclusive = true, multiplicity = "1")
  Store store;

  /** Where the store is: one of the two. */
  static final class Store {
    @Option(names = "--db", paramLabel = "FILE", required = true, description = "The world store, an SQLite file.")
    Path db;

    @Option(names = "--jdbc-url", paramLabel = "URL", required = true,
        description = "A world store on PostgreSQL, jdbc:postgresql://HOST:PORT/DATABASE; the user and password come from"
            + " OVERTURE_DB_USER and OVERTURE_DB_PASSWORD. The backup is yours to make first.")
    String jdbcUrl;
  }

  @Option(names = "--to", paramLabel = "LAYOUT", defaultValue = "stable-id", converter = TargetConverter.class,
      description = "v3 or stable-id (default: ${DEFAULT-VALUE}).")
  IdMigration.Target target;

  @Option(names = "--dry-run", description = "Count what would change; write nothing.")
  boolean dryRun;

  @Option(names = "--no-backup", description = "Do not copy the database first (--db).")
  boolean noBackup;

  @Option(names = "--batch", paramLabel = "N", defaultValue = "1000", description = "Rows per transaction (default: ${DEFAULT-VALUE}).")
  int batch;

  @Override
  public Integer call() {
    if (batch < 1) {
      throw new ParameterException(spec.commandLine(), "--batch must be 1 or more, not " + batch);
    }
    if (noBackup && store.jdbcUrl != null) {
      throw new ParameterException(spec.commandLine(), "--no-backup is for --db: migrate-ids makes no backup of a server's database"
          + " (--jdbc-url); back it up first, for example with pg_dump");
    }
    OvertureCommand.refuseFolderName(spec, "--db", "game.db");
    PrintWriter out = spec.commandLine().getOut();
    try (StopNotice stop = dryRun ? null : new StopNotice(spec.commandLine().getErr(), "migrate-ids was stopped by Ctrl+C (or a"
        + " termination signal); the store is whole, each batch of ids migrated or not: run migrate-ids again to finish")) {
      return migrate(out);
    }
  }

  private int migrate(PrintWriter out) {
    IdMigration.Report report;
    if (store.db != null) {
      report = IdMigration.run(store.db, target, dryRun, !noBackup, batch);
      out.println("Database: " + store.db); // the report's counts and refusals are of this file; said once it was read
    } else {
      try {
        report = IdMigration.run(server(store.jdbcUrl), redacted(store.jdbcUrl), target, dryRun, batch);
      } catch (RuntimeException e) {
        String user = System.getenv(USER_VARIABLE);
        throw user == null || user.isEmpty() ? e : withoutUser(e, user);
      }
      if (!dryRun) {
        out.println("Backup: none made. On a database server, backing it up first is the operator's job (for example"
            + " pg_dump); each batch of " + batch + " rows commits on its own, so a stopped run can be run again.");
      }
    }
    out.println(report.format());
    out.flush();
    return report.refused().isEmpty() ? 0 : OvertureCommand.FAILED;
  }

  /**
   * The data source of {@code url}, with the credentials of the environment.
   *
   * @throws ParameterException when the URL is not PostgreSQL's or carries credentials (the message
   *     never repeats the URL, which may hold a password)
   */
  private PGSimpleDataSource server(String url) {
    if (!url.startsWith("jdbc:postgresql:")) {
      throw new ParameterException(spec.commandLine(), "--jdbc-url takes a PostgreSQL URL (jdbc:postgresql://HOST:PORT/DATABASE);"
          + " for an SQLite file, use --db FILE");
    }
    String query = url.contains("?") ? url.substring(url.indexOf('?')).toLowerCase(Locale.ROOT) : "";
    if (query.matches(".*[?&](user|password)=.*") || !redacted(url).equals(url.contains("?") ? url.substring(0, url.indexOf('?')) : url)) {
      throw new ParameterException(spec.commandLine(), "--jdbc-url must not carry the user or the password, since any process of"
          + " the machine can read a command line: give them in " + USER_VARIABLE + " and " + PASSWORD_VARIABLE);
    }
    PGSimpleDataSource server = new PGSimpleDataSource();
    try {
      server.setUrl(url);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), "--jdbc-url is not a valid PostgreSQL URL (jdbc:postgresql://HOST:PORT/DATABASE)");
    }
    String user = System.getenv(USER_VARIABLE);
    if (user != null && !user.isEmpty()) {
      server.setUser(user);
    }
    String password = System.getenv(PASSWORD_VARIABLE);
    if (password != null) {
      server.setPassword(password);
    }
    return server;
  }

  /**
   * {@code url} as messages show it: without its parameters (after {@code ?}: {@code sslpassword=},
   * {@code sslkey=}... may be secrets) and without a {@code user:password@} before the host.
   */
  static String redacted(String url) {
    String shown = url.contains("?") ? url.substring(0, url.indexOf('?')) : url;
    int hosts = shown.indexOf("//");
    int at = shown.indexOf('@', hosts + 2);
    int path = shown.indexOf('/', hosts + 2);
    if (hosts >= 0 && at > 0 && (path < 0 || at < path)) {
      shown = shown.substring(0, hosts + 2) + shown.substring(at + 1);
    }
    return shown;
  }

  /** How messages show the user of {@link #USER_VARIABLE}. */
  static final String SHOWN_USER = "(" + USER_VARIABLE + ")";

  /**
   * {@code failure} and its causes with the user's name, which the server's words quote ({@code
   * password authentication failed for user "overture"}), shown as {@value #SHOWN_USER}: the user,
   * like the password, is never printed, --debug traces included. Each keeps its class name (in
   * its trace) and its stack.
   */
  static RuntimeException withoutUser(Throwable failure, String user) {
    return (RuntimeException) redact(failure, "\"" + user + "\"");
  }

  private static Throwable redact(Throwable failure, String quotedUser) {
    if (failure == null) {
      return null;
    }
    Throwable cause = redact(failure.getCause(), quotedUser);
    String message = failure.getMessage() == null ? null : failure.getMessage().replace(quotedUser, SHOWN_USER);
    WithoutUser copy = new WithoutUser(failure.getClass().getName(), message, cause);
    copy.setStackTrace(failure.getStackTrace());
    return copy;
  }

  /** A failure as it was, but for the user's name; a user's mistake or the server's refusal, said in one line. */
  private static final class WithoutUser extends IllegalStateException {
    private static final long serialVersionUID = 1L;
    private final String className;

    WithoutUser(String className, String message, Throwable cause) {
      super(message, cause);
      this.className = className;
    }

    @Override
    public String toString() {
      return getMessage() == null ? className : className + ": " + getMessage();
    }
  }

  /** {@code v3} or {@code stable-id}. */
  static final class TargetConverter implements ITypeConverter<IdMigration.Target> {
    @Override
    public IdMigration.Target convert(String value) {
      try {
        return IdMigration.Target.parse(value);
      } catch (IllegalArgumentException e) {
        // picocli would print the exception's class name beside a plain IllegalArgumentException's message.
        throw new picocli.CommandLine.TypeConversionException(e.getMessage());
      }
    }
  }
}
