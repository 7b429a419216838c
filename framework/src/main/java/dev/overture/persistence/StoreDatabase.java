package dev.overture.persistence;

import dev.overture.id.IdBlock;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import javax.sql.DataSource;

/**
 * The store's SQL: the schema, id blocks, writing a snapshot and reading a world back. Every
 * operation is one transaction on a connection of its own. The statements keep to what SQLite and
 * PostgreSQL both understand (no {@code RETURNING}, no scalar {@code max}), so another database
 * needs no second copy.
 *
 * <p>Thread-safe (it holds no state but the data source); each call blocks on the database.
 */
final class StoreDatabase {

  /** The schema this build writes and reads. */
  static final int SCHEMA = 1;

  private static final String MARKER_TABLE = "overture_store";
  private static final int CAS_ATTEMPTS = 100;

  private final DataSource dataSource;
  private final String name;

  StoreDatabase(DataSource dataSource, String name) {
    this.dataSource = dataSource;
    this.name = name;
  }

  /** How messages name the store. */
  String name() {
    return name;
  }

  /**
   * Creates the tables of a new (empty) database; checks an existing store's schema.
   *
   * @throws PersistenceException when it holds other tables but no store's, or a newer schema
   */
  void createSchema() {
    inTransaction("opening the store", connection -> {
      List<String> tables = tables(connection);
      if (!tables.isEmpty() && !tables.contains(MARKER_TABLE)) {
        throw new PersistenceException(name + " is not an Overture world store: it holds the tables " + String.join(", ", tables)
            + " but no " + MARKER_TABLE + "; it was left as it is");
      }
      try (Statement sql = connection.createStatement()) {
        sql.executeUpdate("CREATE TABLE IF NOT EXISTS overture_store (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
        sql.executeUpdate("CREATE TABLE IF NOT EXISTS id_allocator (name TEXT PRIMARY KEY, next_id BIGINT NOT NULL)");
        sql.executeUpdate("CREATE TABLE IF NOT EXISTS actors (id BIGINT PRIMARY KEY, world TEXT NOT NULL, class TEXT NOT NULL,"
            + " name TEXT NOT NULL)");
        sql.executeUpdate("CREATE TABLE IF NOT EXISTS components (actor_id BIGINT NOT NULL REFERENCES actors (id) ON DELETE CASCADE,"
            + " name TEXT NOT NULL, class TEXT NOT NULL, origin TEXT NOT NULL, position INTEGER NOT NULL,"
            + " PRIMARY KEY (actor_id, name))");
        sql.executeUpdate("CREATE TABLE IF NOT EXISTS properties (actor_id BIGINT NOT NULL REFERENCES actors (id) ON DELETE CASCADE,"
            + " component TEXT NOT NULL, name TEXT NOT NULL, value BLOB NOT NULL, PRIMARY KEY (actor_id, component, name))");
        sql.executeUpdate("INSERT INTO overture_store (key, value) SELECT 'schema', '" + SCHEMA
            + "' WHERE NOT EXISTS (SELECT 1 FROM overture_store WHERE key = 'schema')");
      }
      checkSchema(connection, name);
      return null;
    });
  }

  /** The names of the database's tables, sorted (SQLite's catalogue, or the standard one). */
  static List<String> tables(Connection connection) throws SQLException {
    TreeSet<String> tables = new TreeSet<>();
    try (ResultSet rows = connection.getMetaData().getTables(null, null, "%", new String[] {"TABLE"})) {
      while (rows.next()) {
        String table = rows.getString("TABLE_NAME");
        if (!table.startsWith("sqlite_")) { // SQLite's own bookkeeping
          tables.add(table);
        }
      }
    }
    return List.copyOf(tables);
  }

  /**
   * Refuses a store whose {@code overture_store} names a schema newer than this build's (a database
   * without the table has no schema to check).
   */
  static void checkSchema(Connection connection, String name) throws SQLException {
    if (!tables(connection).contains(MARKER_TABLE)) {
      return;
    }
    try (Statement sql = connection.createStatement();
        ResultSet rows = sql.executeQuery("SELECT value FROM overture_store WHERE key = 'schema'")) {
      String value = rows.next() ? rows.getString(1) : null;
      int schema;
      try {
        schema = value == null ? 0 : Integer.parseInt(value.trim());
      } catch (NumberFormatException e) {
        throw new PersistenceException(name + " names store schema \"" + value + "\", which is not a number; it was left as it is");
      }
      if (schema > SCHEMA) {
        throw new PersistenceException(name + " was written with store schema " + schema + "; this build knows schema " + SCHEMA
            + " and leaves it as it is");
      }
    }
  }

  /**
   * Reserves {@code size} ids: never below an id already saved, so that a database copied or
   * imported without its allocator row, or saved by a world that took its ids elsewhere, still
   * gets fresh ids. The counter moves by compare-and-set, so two writers cannot take one block.
   */
  IdBlock reserveIds(int size) {
    return inTransaction("reserving ids", connection -> {
      try (PreparedStatement seed = connection.prepareStatement(
              "INSERT INTO id_allocator (name, next_id) SELECT 'actors', 1 WHERE NOT EXISTS (SELECT 1 FROM id_allocator WHERE name = 'actors')");
          PreparedStatement counter = connection.prepareStatement("SELECT next_id FROM id_allocator WHERE name = 'actors'");
          PreparedStatement highest = connection.prepareStatement("SELECT COALESCE(MAX(id), 0) FROM actors");
          PreparedStatement bump = connection.prepareStatement(
              "UPDATE id_allocator SET next_id = ? WHERE name = 'actors' AND next_id = ?")) {
        seed.executeUpdate();
        for (int attempt = 0; attempt < CAS_ATTEMPTS; attempt++) {
          long next = single(counter);
          IdBlock block = IdBlock.next(name, next, single(highest), size);
          bump.setLong(1, block.first() + block.size());
          bump.setLong(2, next);
          if (bump.executeUpdate() == 1) {
            return block;
          }
        }
        throw new SQLException("the id counter kept changing under " + CAS_ATTEMPTS + " attempts to move it");
      }
    });
  }

  private static long single(PreparedStatement query) throws SQLException {
    try (ResultSet rows = query.executeQuery()) {
      rows.next();
      return rows.getLong(1);
    }
  }

  /** Replaces the saved world of {@code snapshot}'s name with it. */
  void write(WorldSnapshot snapshot) {
    inTransaction("saving world " + snapshot.world(), connection -> {
      try (PreparedStatement clearProperties = connection.prepareStatement(
              "DELETE FROM properties WHERE actor_id IN (SELECT id FROM actors WHERE world = ?)");
          PreparedStatement clearComponents = connection.prepareStatement(
              "DELETE FROM components WHERE actor_id IN (SELECT id FROM actors WHERE world = ?)");
          PreparedStatement clear = connection.prepareStatement("DELETE FROM actors WHERE world = ?");
          PreparedStatement insertActor = connection.prepareStatement("INSERT INTO actors (id, world, class, name) VALUES (?, ?, ?, ?)");
          PreparedStatement insertComponent = connection.prepareStatement(
              "INSERT INTO components (actor_id, name, class, origin, position) VALUES (?, ?, ?, ?, ?)");
          PreparedStatement insertProperty = connection.prepareStatement(
              "INSERT INTO properties (actor_id, component, name, value) VALUES (?, ?, ?, ?)")) {
        for (PreparedStatement delete : List.of(clearProperties, clearComponents, clear)) {
          delete.setString(1, snapshot.world());
          delete.executeUpdate();
        }
        for (StoredActor actor : snapshot.actors()) {
          insertActor.setLong(1, actor.id());
          insertActor.setString(2, snapshot.world());
          insertActor.setString(3, actor.className());
          insertActor.setString(4, actor.name());
          insertActor.executeUpdate();
          int position = 0;
          for (StoredActor.Component component : actor.components()) {
            insertComponent.setLong(1, actor.id());
            insertComponent.setString(2, component.name());
            insertComponent.setString(3, component.className());
            insertComponent.setString(4, component.origin());
            insertComponent.setInt(5, position++);
            insertComponent.executeUpdate();
          }
          for (StoredActor.Property property : actor.properties()) {
            insertProperty.setLong(1, actor.id());
            insertProperty.setString(2, property.component());
            insertProperty.setString(3, property.name());
            insertProperty.setBytes(4, property.value());
            insertProperty.executeUpdate();
          }
        }
        return null;
      }
    });
  }

  /** The actors saved for the world called {@code world}, by id. */
  List<StoredActor> read(String world) {
    return inTransaction("reading world " + world, connection -> {
      Map<Long, Builder> actors = new LinkedHashMap<>();
      try (PreparedStatement select = connection.prepareStatement("SELECT id, class, name FROM actors WHERE world = ? ORDER BY id")) {
        select.setString(1, world);
        try (ResultSet rows = select.executeQuery()) {
          while (rows.next()) {
            actors.put(rows.getLong(1), new Builder(rows.getLong(1), rows.getString(2), rows.getString(3)));
          }
        }
      }
      try (PreparedStatement select = connection.prepareStatement(
          "SELECT c.actor_id, c.name, c.class, c.origin FROM components c JOIN actors a ON a.id = c.actor_id"
              + " WHERE a.world = ? ORDER BY c.actor_id, c.position")) {
        select.setString(1, world);
        try (ResultSet rows = select.executeQuery()) {
          while (rows.next()) {
            actors.get(rows.getLong(1)).components.add(new StoredActor.Component(rows.getString(2), rows.getString(3), rows.getString(4)));
          }
        }
      }
      // The order properties were written in (SQLite's rowid), so values restore in save order.
      try (PreparedStatement select = connection.prepareStatement(
          "SELECT p.actor_id, p.component, p.name, p.value FROM properties p JOIN actors a ON a.id = p.actor_id"
              + " WHERE a.world = ? ORDER BY p.actor_id, p.rowid")) {
        select.setString(1, world);
        try (ResultSet rows = select.executeQuery()) {
          while (rows.next()) {
            actors.get(rows.getLong(1)).properties.add(new StoredActor.Property(rows.getString(2), rows.getString(3), rows.getBytes(4)));
          }
        }
      }
      List<StoredActor> result = new ArrayList<>();
      actors.values().forEach(actor -> result.add(actor.build()));
      return result;
    });
  }

  private static final class Builder {
    final long id;
    final String className;
    final String name;
    final List<StoredActor.Component> components = new ArrayList<>();
    final List<StoredActor.Property> properties = new ArrayList<>();

    Builder(long id, String className, String name) {
      this.id = id;
      this.className = className;
      this.name = name;
    }

    StoredActor build() {
      return new StoredActor(id, className, name, components, properties);
    }
  }

  @FunctionalInterface
  interface Work<T> {
    T run(Connection connection) throws SQLException;
  }

  <T> T inTransaction(String what, Work<T> work) {
    try (Connection connection = dataSource.getConnection()) {
      connection.setAutoCommit(false);
      try {
        T result = work.run(connection);
        connection.commit();
        return result;
      } catch (SQLException | RuntimeException e) {
        connection.rollback();
        throw e;
      }
    } catch (SQLException e) {
      throw new PersistenceException("Failed " + what + " in " + name + ": " + e.getMessage(), e);
    }
  }
}
