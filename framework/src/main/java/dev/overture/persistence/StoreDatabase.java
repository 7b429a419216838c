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
import javax.sql.DataSource;

/**
 * The store's SQL: the schema, id blocks, writing a snapshot and reading a world back. Every
 * operation is one transaction on a connection of its own. The statements keep to what SQLite and
 * PostgreSQL both understand; the few differences are the {@link Dialect}'s.
 *
 * <p>Schema 2 added the save order of properties ({@code properties.position}, where schema 1
 * relied on SQLite's rowid) and the version of each saved world ({@code worlds}), which a save
 * checks and moves on: two writers that saved from the same version cannot both win. A store of
 * schema 1 is upgraded, in one transaction, when it is opened.
 *
 * <p>Thread-safe (it holds no state but the data source and the dialect, found once when the schema
 * is opened); each call blocks on the database.
 */
final class StoreDatabase {

  /** The schema this build writes and reads. */
  static final int SCHEMA = 2;

  private static final String MARKER_TABLE = "overture_store";
  private static final List<String> SCHEMA_1_TABLES = List.of("actors", "components", "id_allocator", "properties");
  private static final List<String> SCHEMA_2_TABLES = List.of("actors", "components", "id_allocator", "properties", "worlds");
  private static final int CAS_ATTEMPTS = 100;

  /** Called in each transaction just before it commits, with what the transaction does (tests hold there). */
  @FunctionalInterface
  interface TransactionHook {
    TransactionHook NONE = operation -> {};

    void beforeCommit(String operation);
  }

  private final DataSource dataSource;
  private final String name;
  private final TransactionHook hook;
  private volatile Dialect dialect;

  StoreDatabase(DataSource dataSource, String name, TransactionHook hook) {
    this.dataSource = dataSource;
    this.name = name;
    this.hook = hook;
  }

  /** How messages name the store. */
  String name() {
    return name;
  }

  /** The database's dialect (known once {@link #openSchema} ran). */
  Dialect dialect() {
    return dialect;
  }

  /**
   * Creates the tables of a new (empty) database, upgrades an older store's schema, checks a
   * current one; and makes sure the id counter exists.
   *
   * @throws PersistenceException when it holds other tables but no store's, or a newer schema
   */
  void openSchema() {
    inTransaction("opening the store", connection -> {
      Dialect found = Dialect.of(connection, name);
      dialect = found;
      try (Statement sql = connection.createStatement()) {
        found.lockSchema(sql);
        List<String> tables = found.tables(connection);
        if (!tables.contains(MARKER_TABLE)) {
          if (!tables.isEmpty()) {
            throw new PersistenceException(name + " is not an Overture world store: it holds the tables " + String.join(", ", tables)
                + " but no " + MARKER_TABLE + "; it was left as it is");
          }
          create(sql, found);
        } else {
          int schema = checkedSchema(connection, name, tables);
          if (schema < 2) {
            upgradeFrom1(sql, found);
          }
        }
        sql.executeUpdate("INSERT INTO id_allocator (name, next_id) SELECT 'actors', 1"
            + " WHERE NOT EXISTS (SELECT 1 FROM id_allocator WHERE name = 'actors')");
      }
      return null;
    });
  }

  private static void create(Statement sql, Dialect dialect) throws SQLException {
    sql.executeUpdate("CREATE TABLE overture_store (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
    sql.executeUpdate("CREATE TABLE id_allocator (name TEXT PRIMARY KEY, next_id BIGINT NOT NULL)");
    sql.executeUpdate("CREATE TABLE worlds (name TEXT PRIMARY KEY, version BIGINT NOT NULL)");
    sql.executeUpdate("CREATE TABLE actors (id BIGINT PRIMARY KEY, world TEXT NOT NULL, class TEXT NOT NULL, name TEXT NOT NULL)");
    sql.executeUpdate("CREATE INDEX actors_world ON actors (world)");
    sql.executeUpdate("CREATE TABLE components (actor_id BIGINT NOT NULL REFERENCES actors (id) ON DELETE CASCADE,"
        + " name TEXT NOT NULL, class TEXT NOT NULL, origin TEXT NOT NULL, position INTEGER NOT NULL, PRIMARY KEY (actor_id, name))");
    sql.executeUpdate("CREATE TABLE properties (actor_id BIGINT NOT NULL REFERENCES actors (id) ON DELETE CASCADE,"
        + " component TEXT NOT NULL, name TEXT NOT NULL, position INTEGER NOT NULL DEFAULT 0, value " + dialect.blob() + " NOT NULL,"
        + " PRIMARY KEY (actor_id, component, name))");
    sql.executeUpdate("INSERT INTO overture_store (key, value) VALUES ('schema', '" + SCHEMA + "')");
  }

  /**
   * Schema 1 to 2: properties get their save order (schema 1's was SQLite's rowid), and every saved
   * world its version 1.
   */
  private static void upgradeFrom1(Statement sql, Dialect dialect) throws SQLException {
    sql.executeUpdate("ALTER TABLE properties ADD COLUMN position INTEGER NOT NULL DEFAULT 0");
    String saveOrder = dialect.saveOrderOfSchema1();
    if (saveOrder != null) {
      sql.executeUpdate(saveOrder);
    }
    sql.executeUpdate("CREATE TABLE worlds (name TEXT PRIMARY KEY, version BIGINT NOT NULL)");
    sql.executeUpdate("INSERT INTO worlds (name, version) SELECT world, 1 FROM actors GROUP BY world");
    sql.executeUpdate("CREATE INDEX IF NOT EXISTS actors_world ON actors (world)");
    sql.executeUpdate("DELETE FROM overture_store WHERE key = 'schema'");
    sql.executeUpdate("INSERT INTO overture_store (key, value) VALUES ('schema', '2')");
  }

  /** The names of the store's tables, sorted (SQLite's catalogue, or the current schema's). */
  static List<String> tables(Connection connection, String name) throws SQLException {
    return Dialect.of(connection, name).tables(connection);
  }

  /**
   * Refuses a store whose {@code overture_store} names a schema newer than this build's (a database
   * without the table has no schema to check). An older schema is fine: opening the store upgrades it.
   */
  static void checkSchema(Connection connection, String name) throws SQLException {
    List<String> tables = tables(connection, name);
    if (!tables.contains(MARKER_TABLE)) {
      return;
    }
    checkedSchema(connection, name, tables);
  }

  /**
   * The schema the store names, refused (the store left as it is) when this build cannot open it:
   * newer than this build's, one no build writes (below 1), or 1 (or none) while its tables are
   * those of a later schema (schema 1 had no {@code worlds} table): upgrading that would fail half
   * way, with an SQL error for a message.
   */
  private static int checkedSchema(Connection connection, String name, List<String> tables) throws SQLException {
    int schema = schema(connection, name);
    if (schema > SCHEMA) {
      throw newer(name, schema);
    }
    if (schema < 1) {
      throw new PersistenceException(name + " names store schema " + schema + ", which no build writes (1 to " + SCHEMA
          + "); it was left as it is");
    }
    if (schema == 1 && tables.contains("worlds")) {
      throw new PersistenceException(name + " names store schema 1 (or none) in " + MARKER_TABLE + ", but its tables are those of a"
          + " later schema (it has a worlds table); its schema row was changed or removed, so it was left as it is");
    }
    // Every table the schema has, checked here, so that a store missing one is refused in words
    // before anything reads it, rather than with an SQL error half way through a restore.
    List<String> missing = new ArrayList<>(schema == 1 ? SCHEMA_1_TABLES : SCHEMA_2_TABLES);
    missing.removeAll(tables);
    if (!missing.isEmpty()) {
      throw new PersistenceException(name + " names store schema " + schema + " but has no " + (missing.size() == 1
          ? missing.get(0) + " table" : "tables " + String.join(", ", missing)) + "; it was left as it is");
    }
    return schema;
  }

  /** The schema a store names (1 when it names none: the first schema always did). */
  private static int schema(Connection connection, String name) throws SQLException {
    try (Statement sql = connection.createStatement();
        ResultSet rows = sql.executeQuery("SELECT value FROM overture_store WHERE key = 'schema'")) {
      String value = rows.next() ? rows.getString(1) : null;
      try {
        return value == null ? 1 : Integer.parseInt(value.trim());
      } catch (NumberFormatException e) {
        throw new PersistenceException(name + " names store schema \"" + value + "\", which is not a number; it was left as it is");
      }
    }
  }

  private static PersistenceException newer(String name, int schema) {
    return new PersistenceException(name + " was written with store schema " + schema + "; this build knows schema " + SCHEMA
        + " and leaves it as it is");
  }

  /**
   * Reserves {@code size} ids: never below an id already saved, so that a database copied or
   * imported without its allocator row, or saved by a world that took its ids elsewhere, still
   * gets fresh ids. The counter moves by compare-and-set, so two writers (threads or servers)
   * cannot take one block: on PostgreSQL the second waits for the first's row lock, then finds the
   * counter moved and tries again.
   */
  IdBlock reserveIds(int size) {
    return inTransaction("reserving ids", connection -> {
      try (Statement sql = connection.createStatement()) {
        dialect.readCommitted(sql); // the compare-and-set below reads the counter again after a miss
      }
      try (PreparedStatement counter = connection.prepareStatement("SELECT next_id FROM id_allocator WHERE name = 'actors'");
          PreparedStatement highest = connection.prepareStatement("SELECT COALESCE(MAX(id), 0) FROM actors");
          PreparedStatement bump = connection.prepareStatement(
              "UPDATE id_allocator SET next_id = ? WHERE name = 'actors' AND next_id = ?")) {
        for (int attempt = 0; attempt < CAS_ATTEMPTS; attempt++) {
          long next = counter(counter);
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

  /**
   * The id counter, refused when it is no whole number (a value another program wrote): read as a
   * number it would pass for another (0 for text, 1 for 1.5), which the compare-and-set then never
   * finds.
   */
  private long counter(PreparedStatement query) throws SQLException {
    try (ResultSet rows = query.executeQuery()) {
      if (!rows.next()) {
        throw new SQLException("the id counter is missing from id_allocator");
      }
      Object value = rows.getObject(1);
      if (value instanceof Long || value instanceof Integer) {
        return ((Number) value).longValue();
      }
      String shown = value == null ? "NULL"
          : value instanceof String text ? "'" + (text.length() > 40 ? text.substring(0, 40) + "..." : text) + "' (text)"
          : value instanceof byte[] bytes ? "a blob of " + bytes.length + " bytes"
          : value + " (a " + (value instanceof Double || value instanceof Float ? "real number" : value.getClass().getSimpleName()) + ")";
      throw new PersistenceException(name + ": its id counter, id_allocator.next_id (name 'actors'), holds " + shown
          + ", not a whole number, so no id can be handed out; set it to a whole number above every saved actor's id");
    }
  }

  private static long single(PreparedStatement query) throws SQLException {
    try (ResultSet rows = query.executeQuery()) {
      if (!rows.next()) {
        throw new SQLException("the id counter is missing from id_allocator");
      }
      return rows.getLong(1);
    }
  }

  /**
   * Replaces the saved world of {@code snapshot}'s name with it, provided the database still holds
   * {@code expected}, the version this store last read or wrote (0: none); returns the new version.
   * The version row is claimed first, so a second writer of the same world waits there (on
   * PostgreSQL) and is then refused, while writers of other worlds go on.
   *
   * @throws SaveConflictException when another writer saved the world since; nothing was written
   */
  long write(WorldSnapshot snapshot, long expected) {
    String world = snapshot.world();
    return inTransaction("saving world " + world, connection -> {
      try (Statement sql = connection.createStatement()) {
        dialect.readCommitted(sql); // a second writer then finds the version moved: a SaveConflictException, not an SQL error
      }
      long version = claimVersion(connection, world, expected);
      try (PreparedStatement clearProperties = connection.prepareStatement(
              "DELETE FROM properties WHERE actor_id IN (SELECT id FROM actors WHERE world = ?)");
          PreparedStatement clearComponents = connection.prepareStatement(
              "DELETE FROM components WHERE actor_id IN (SELECT id FROM actors WHERE world = ?)");
          PreparedStatement clear = connection.prepareStatement("DELETE FROM actors WHERE world = ?");
          PreparedStatement insertActor = connection.prepareStatement("INSERT INTO actors (id, world, class, name) VALUES (?, ?, ?, ?)");
          PreparedStatement insertComponent = connection.prepareStatement(
              "INSERT INTO components (actor_id, name, class, origin, position) VALUES (?, ?, ?, ?, ?)");
          PreparedStatement insertProperty = connection.prepareStatement(
              "INSERT INTO properties (actor_id, component, name, position, value) VALUES (?, ?, ?, ?, ?)")) {
        for (PreparedStatement delete : List.of(clearProperties, clearComponents, clear)) {
          delete.setString(1, world);
          delete.executeUpdate();
        }
        for (StoredActor actor : snapshot.actors()) {
          insertActor.setLong(1, actor.id());
          insertActor.setString(2, world);
          insertActor.setString(3, actor.className());
          insertActor.setString(4, actor.name());
          insertActor.addBatch();
          int position = 0;
          for (StoredActor.Component component : actor.components()) {
            insertComponent.setLong(1, actor.id());
            insertComponent.setString(2, component.name());
            insertComponent.setString(3, component.className());
            insertComponent.setString(4, component.origin());
            insertComponent.setInt(5, position++);
            insertComponent.addBatch();
          }
          position = 0;
          for (StoredActor.Property property : actor.properties()) {
            insertProperty.setLong(1, actor.id());
            insertProperty.setString(2, property.component());
            insertProperty.setString(3, property.name());
            insertProperty.setInt(4, position++);
            insertProperty.setBytes(5, property.value());
            insertProperty.addBatch();
          }
        }
        // Actors first: the others refer to them.
        insertActor.executeBatch();
        insertComponent.executeBatch();
        insertProperty.executeBatch();
        return version;
      }
    });
  }

  /** Moves {@code world}'s version from {@code expected} to the next, or refuses. */
  private long claimVersion(Connection connection, String world, long expected) throws SQLException {
    int claimed;
    if (expected == 0) {
      try (PreparedStatement insert = connection.prepareStatement(
          "INSERT INTO worlds (name, version) VALUES (?, 1) ON CONFLICT (name) DO NOTHING")) {
        insert.setString(1, world);
        claimed = insert.executeUpdate();
      }
    } else {
      try (PreparedStatement update = connection.prepareStatement("UPDATE worlds SET version = ? WHERE name = ? AND version = ?")) {
        update.setLong(1, expected + 1);
        update.setString(2, world);
        update.setLong(3, expected);
        claimed = update.executeUpdate();
      }
    }
    if (claimed != 1) {
      throw new SaveConflictException(name, world, expected, version(connection, world));
    }
    return expected + 1;
  }

  /** The version of {@code world} the database holds, 0 when it holds none. */
  private static long version(Connection connection, String world) throws SQLException {
    try (PreparedStatement select = connection.prepareStatement("SELECT version FROM worlds WHERE name = ?")) {
      select.setString(1, world);
      try (ResultSet rows = select.executeQuery()) {
        return rows.next() ? rows.getLong(1) : 0;
      }
    }
  }

  /**
   * A world as read: its version (0 when it was never saved) and its actors.
   *
   * @param version the version read
   * @param actors the actors, by id
   */
  record StoredWorld(long version, List<StoredActor> actors) {}

  /** The actors saved for the world called {@code world}, by id, and its version; one snapshot. */
  StoredWorld read(String world) {
    return inTransaction("reading world " + world, connection -> {
      try (Statement sql = connection.createStatement()) {
        dialect.readOneSnapshot(sql);
      }
      long version = version(connection, world);
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
            actorOf(actors, rows.getLong(1), "component", world).components.add(
                new StoredActor.Component(rows.getString(2), rows.getString(3), rows.getString(4)));
          }
        }
      }
      // The order properties were saved in, so values restore in save order.
      try (PreparedStatement select = connection.prepareStatement(
          "SELECT p.actor_id, p.component, p.name, p.value FROM properties p JOIN actors a ON a.id = p.actor_id"
              + " WHERE a.world = ? ORDER BY p.actor_id, p.position, p.component, p.name")) {
        select.setString(1, world);
        try (ResultSet rows = select.executeQuery()) {
          while (rows.next()) {
            actorOf(actors, rows.getLong(1), "property", world).properties.add(
                new StoredActor.Property(rows.getString(2), rows.getString(3), rows.getBytes(4)));
          }
        }
      }
      List<StoredActor> result = new ArrayList<>();
      actors.values().forEach(actor -> result.add(actor.build()));
      return new StoredWorld(version, result);
    });
  }

  /**
   * The actor {@code id} of {@code actors}, which a {@code row} (a component's, a property's) joined
   * to the world's actors names: one the actors' own read did not find only where the database is
   * damaged (a row and its index entry that disagree), refused in words rather than failing on null.
   */
  private Builder actorOf(Map<Long, Builder> actors, long id, String row, String world) {
    Builder actor = actors.get(id);
    if (actor == null) {
      throw new PersistenceException("Cannot read world " + world + " in " + name + ": it is damaged: a " + row + " row names actor "
          + id + ", which is not one of the world's actors, though it was found through one (a row and its index disagree);"
          + " nothing was restored; check the database (on SQLite, PRAGMA integrity_check lists what is damaged)");
    }
    return actor;
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
        hook.beforeCommit(what);
        connection.commit();
        return result;
      } catch (SQLException | RuntimeException e) {
        // An undo that fails never hides why: SQLite cancels a transaction itself on a full disk, and
        // its rollback then fails with "no transaction is active", which says nothing of the disk.
        try {
          connection.rollback();
        } catch (SQLException undo) {
          e.addSuppressed(undo);
        }
        throw e;
      }
    } catch (SQLException e) {
      throw new PersistenceException("Failed " + what + " in " + name + ": " + e.getMessage(), e);
    }
  }
}
