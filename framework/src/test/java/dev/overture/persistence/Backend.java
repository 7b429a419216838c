package dev.overture.persistence;

import com.zaxxer.hikari.HikariDataSource;
import dev.overture.testing.TestPostgres;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

/**
 * The databases of the contract suite: every world store, allocator and migration test that runs
 * on SQLite runs on a real PostgreSQL server too (one per test JVM, {@link TestPostgres}), each test
 * on a fresh database. Tests say {@code @ParameterizedClass @EnumSource(Backend.class)}.
 */
public enum Backend {
  SQLITE,
  POSTGRESQL;

  /** A new, empty database for one test ({@code temp} holds an SQLite file). */
  public Place fresh(Path temp) {
    return this == SQLITE ? new Place(this, temp.resolve("game.db"), null) : new Place(this, null, TestPostgres.newDatabase());
  }

  /** One test's database: an SQLite file, or a PostgreSQL database and its pool (closed with it). */
  public static final class Place implements AutoCloseable {
    private final Backend backend;
    private final Path file;
    private final TestPostgres.Database server;
    private HikariDataSource pool;

    Place(Backend backend, Path file, TestPostgres.Database server) {
      this.backend = backend;
      this.file = file;
      this.server = server;
    }

    public Backend backend() {
      return backend;
    }

    /** The SQLite file, or null. */
    public Path file() {
      return file;
    }

    /** The PostgreSQL database, or null. */
    public TestPostgres.Database server() {
      return server;
    }

    /** The pooled data source of the PostgreSQL database (made once). */
    public synchronized DataSource pool() {
      if (pool == null) {
        pool = server.pool(4);
      }
      return pool;
    }

    /** A store builder of this database, named as {@link #name()}. */
    public WorldStore.Builder builder() {
      return file != null ? WorldStore.builder(file) : WorldStore.builder(pool()).name(server.url());
    }

    /** Opens the store. */
    public WorldStore open(ClassNames classes) {
      return builder().open(classes);
    }

    /** A connection for the test's own SQL. */
    public Connection connect() throws SQLException {
      return file != null ? DriverManager.getConnection("jdbc:sqlite:" + file) : server.connect();
    }

    /** How the store's messages name it: the file, or the database's URL. */
    public String name() {
      return file != null ? file.toString() : server.url();
    }

    /** The arguments that hand this database to a child JVM ({@link #inChild} reads them there). */
    public List<String> childArgs() {
      return file != null ? List.of("sqlite", file.toString()) : List.of("postgresql");
    }

    /** The environment that hands it to a child JVM: a PostgreSQL password never goes on a command line. */
    public Map<String, String> childEnvironment() {
      return server != null ? server.environment() : Map.of();
    }

    /** Closes the pool, if one was made. */
    @Override
    public synchronized void close() {
      if (pool != null) {
        pool.close();
      }
    }

    /** The database a parent handed to this child JVM: {@code args[from]} and on. */
    public static Place inChild(String[] args, int from) {
      return args[from].equals("sqlite")
          ? new Place(SQLITE, Path.of(args[from + 1]), null)
          : new Place(POSTGRESQL, null, TestPostgres.Database.fromEnvironment());
    }
  }
}
