package dev.overture.persistence;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.TreeSet;

/**
 * What the store's SQL says differently on the two databases it runs on. Everything else is one
 * text for both: the statements keep to what SQLite and PostgreSQL both understand (no {@code
 * RETURNING}, no scalar {@code max}, {@code ON CONFLICT DO NOTHING}).
 *
 * <p>Immutable.
 */
enum Dialect {

  /** The embedded default: one file, one writer at a time (the file's lock). */
  SQLITE("BLOB"),

  /** A server shared by a fleet: rows are locked, not the database. */
  POSTGRESQL("BYTEA");

  /** The key of the advisory lock that makes PostgreSQL create or upgrade a schema once at a time. */
  private static final long SCHEMA_LOCK = 0x4F76657274757265L; // "Overture"

  private final String blob;

  Dialect(String blob) {
    this.blob = blob;
  }

  /**
   * The dialect of {@code connection}'s database.
   *
   * @throws PersistenceException naming {@code name} and the database product, when it is neither
   */
  static Dialect of(Connection connection, String name) throws SQLException {
    String product = connection.getMetaData().getDatabaseProductName();
    if ("SQLite".equalsIgnoreCase(product)) {
      return SQLITE;
    }
    if ("PostgreSQL".equalsIgnoreCase(product)) {
      return POSTGRESQL;
    }
    throw new PersistenceException(name + " is a " + product + " database; a world store runs on SQLite or PostgreSQL");
  }

  /** The column type of property blobs. */
  String blob() {
    return blob;
  }

  /**
   * Makes the transaction of {@code sql} the only one creating or upgrading the schema: two servers
   * that open a new database at once must not both create it. SQLite's write lock does that already
   * (a store's own connections begin immediate transactions).
   */
  void lockSchema(Statement sql) throws SQLException {
    if (this == POSTGRESQL) {
      try (ResultSet ignored = sql.executeQuery("SELECT pg_advisory_xact_lock(" + SCHEMA_LOCK + ")")) {
        // held until the transaction ends
      }
    }
  }

  /**
   * Makes the transaction of {@code sql} read one snapshot: a restore reads a world's version and its
   * rows in several statements, and none may see a save that committed in between. SQLite's
   * transactions are serializable already.
   */
  void readOneSnapshot(Statement sql) throws SQLException {
    if (this == POSTGRESQL) {
      sql.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
    }
  }

  /**
   * Makes the transaction of {@code sql} read what others committed at each statement, whatever
   * isolation the database or the host's pool gives by default: the id counter's compare-and-set
   * reads the counter again after a miss, and a save's version claim finds the version another
   * writer moved. Under repeatable read or serializable, PostgreSQL refuses the second of two
   * servers ("could not serialize access due to concurrent update") instead: a reservation that
   * would have taken the next block fails, and a save conflict is an SQL error rather than a {@link
   * SaveConflictException}. SQLite's one writer needs nothing.
   */
  void readCommitted(Statement sql) throws SQLException {
    if (this == POSTGRESQL) {
      sql.execute("SET TRANSACTION ISOLATION LEVEL READ COMMITTED");
    }
  }

  /**
   * The tables of the store's schema (the connection's current schema on PostgreSQL; SQLite's own
   * bookkeeping left out), sorted.
   */
  List<String> tables(Connection connection) throws SQLException {
    String schema = this == POSTGRESQL ? connection.getSchema() : null;
    TreeSet<String> tables = new TreeSet<>();
    try (ResultSet rows = connection.getMetaData().getTables(null, schema, "%", new String[] {"TABLE"})) {
      while (rows.next()) {
        String table = rows.getString("TABLE_NAME");
        if (!table.startsWith("sqlite_")) {
          tables.add(table);
        }
      }
    }
    return List.copyOf(tables);
  }

  /**
   * The statement that gives the properties of a store of schema 1 their save order, or null. Schema
   * 1 stores exist only on SQLite (its blobs were {@code BLOB}s, which PostgreSQL has not), where the
   * order was the rowid.
   */
  String saveOrderOfSchema1() {
    return this == SQLITE ? "UPDATE properties SET position = rowid" : null;
  }
}
