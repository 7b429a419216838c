package dev.overture.persistence;

import dev.overture.archive.ArchiveFormatException;
import dev.overture.core.Problem;
import dev.overture.id.IdBlockSource;
import dev.overture.id.StableId;
import dev.overture.id.StableIdAllocator;
import dev.overture.object.ObjectProperties;
import dev.overture.world.Actor;
import dev.overture.world.ActorComponent;
import dev.overture.world.World;
import java.lang.reflect.Type;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;

/**
 * Saves worlds to a database and restores them: {@code game.db}, SQLite through sqlite-jdbc by
 * default, or a host's own {@link DataSource} (the SQL is SQLite's). Ids are BIGINT keys; property
 * values are blobs in the archive format (ids in the StableId layout).
 *
 * <pre>
 * actors       (id BIGINT PRIMARY KEY, world, class, name)
 * components   (actor_id BIGINT, name, class, origin 'default' | 'added', position)
 * properties   (actor_id BIGINT, component ('' for the actor), name, value BLOB)
 * id_allocator (name PRIMARY KEY, next_id BIGINT)
 * </pre>
 *
 * <pre>{@code
 * try (WorldStore store = WorldStore.open(Path.of("game.db"), ClassNames.from(assets))) {
 *   World world = World.builder("Arena").ids(store.ids()).build();
 *   store.restore(world);
 *   ...
 *   store.save(world);
 * }
 * }</pre>
 *
 * <p><b>What is saved.</b> Every persistent actor ({@link Actor#isPersistent}), the game state
 * included, with its stable id, class and name; its persistent components made as default
 * subobjects or added by game code (not those a component request made, nor their subobjects: the
 * feature that requested them makes them again); and every {@code @Property} of each. Classes are
 * saved by their registered names ({@link ClassNames}). A property that holds a live actor,
 * component or world cannot be saved (give it the {@link StableId} instead).
 *
 * <p><b>Ids.</b> A world saved here must take its ids from {@link #ids()}; the allocator never
 * hands out an id below one already saved. It reserves blocks of 256 with a database write, on
 * the thread that spawns the actor that empties a block.
 *
 * <p><b>Safety.</b> Every save is one transaction that replaces the world's previous save: a
 * failure (or a crash) mid-save leaves the previous save whole. Ids come from {@link #ids()}, whose
 * blocks are reserved in the database before use, so an id is never handed out twice for one
 * store, across restarts and crashes.
 *
 * <p><b>Threading.</b> {@link #save} and {@link #restore} run on the world's game thread; the store
 * may be used by several worlds (each by its name); {@link #ids()} is thread-safe.
 */
public final class WorldStore implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(WorldStore.class);

  /** The custom version of property blobs that hold no id (see the archive format in the docs). */
  public static final dev.overture.version.CustomVersion PROPERTY_FORMAT = PropertyCodec.FORMAT;

  /** The schema this build writes and reads. */
  static final int SCHEMA = 1;

  private static final String ORIGIN_DEFAULT = "default";
  private static final String ORIGIN_ADDED = "added";

  private final DataSource dataSource;
  private final ClassNames classes;
  private final StableIdAllocator ids;
  private final String description;

  private WorldStore(DataSource dataSource, ClassNames classes, String description) {
    this.dataSource = dataSource;
    this.classes = classes;
    this.description = description;
    createSchema();
    this.ids = StableIdAllocator.of(idBlocks(), 256);
  }

  /**
   * Opens (creating when missing) the SQLite database {@code file}.
   *
   * @throws PersistenceException when it cannot be opened, or was written by a newer schema
   */
  public static WorldStore open(Path file, ClassNames classes) {
    SQLiteConfig config = new SQLiteConfig();
    config.enforceForeignKeys(true);
    config.setBusyTimeout(10_000);
    SQLiteDataSource sqlite = new SQLiteDataSource(config);
    sqlite.setUrl("jdbc:sqlite:" + file.toAbsolutePath());
    return new WorldStore(sqlite, classes, file.toString());
  }

  /** A store over the host's {@code dataSource} (an SQLite database, pooled for instance). */
  public static WorldStore open(DataSource dataSource, ClassNames classes) {
    return new WorldStore(Objects.requireNonNull(dataSource, "dataSource"), Objects.requireNonNull(classes, "classes"), "the data source");
  }

  /** The allocator whose ids never repeat for this store; give it to the worlds it saves. */
  public StableIdAllocator ids() {
    return ids;
  }

  /** Where the allocator reserves its blocks: the {@code id_allocator} table, one update each. */
  IdBlockSource idBlocks() {
    return size -> inTransaction("reserving ids", connection -> {
      // Never below an id already saved: a database copied or imported without its allocator row,
      // or saved by a world that took its ids elsewhere, still gets fresh ids.
      try (PreparedStatement seed = connection.prepareStatement(
              "INSERT INTO id_allocator (name, next_id) SELECT 'actors', 1 WHERE NOT EXISTS (SELECT 1 FROM id_allocator WHERE name = 'actors')");
          PreparedStatement bump = connection.prepareStatement(
              "UPDATE id_allocator SET next_id = max(next_id, (SELECT COALESCE(MAX(id), 0) + 1 FROM actors)) + ?"
                  + " WHERE name = 'actors' RETURNING next_id - ?")) {
        seed.executeUpdate();
        bump.setLong(1, size);
        bump.setLong(2, size);
        try (ResultSet rows = bump.executeQuery()) {
          rows.next();
          return rows.getLong(1);
        }
      }
    });
  }

  private void createSchema() {
    inTransaction("creating the schema", connection -> {
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
        try (ResultSet rows = sql.executeQuery("SELECT value FROM overture_store WHERE key = 'schema'")) {
          rows.next();
          int schema = Integer.parseInt(rows.getString(1));
          if (schema > SCHEMA) {
            throw new PersistenceException(description + " was written with store schema " + schema
                + "; this build knows schema " + SCHEMA + " and leaves it as it is");
          }
        }
      }
      return null;
    });
  }

  /**
   * What a save wrote.
   *
   * @param actors actors saved
   * @param components components saved
   * @param properties property values saved
   */
  public record Saved(int actors, int components, int properties) {}

  /**
   * Saves {@code world}, replacing its previous save, in one transaction.
   *
   * @throws PersistenceException when it cannot be saved (a class without a registered name, the
   *     database failing); the previous save is then unchanged
   */
  public Saved save(World world) {
    world.checkGameThread();
    if (world.ids() != ids) {
      throw new PersistenceException("World " + world.name() + " takes its ids from another allocator, so they could collide with"
          + " this store's; build it with World.builder(name).ids(store.ids())");
    }
    List<Actor> actors = new ArrayList<>();
    for (Actor actor : world.actors()) {
      if (actor.isPersistent()) {
        actors.add(actor);
      }
    }
    return inTransaction("saving world " + world.name(), connection -> {
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
          delete.setString(1, world.name());
          delete.executeUpdate();
        }
        int components = 0;
        int properties = 0;
        for (Actor actor : actors) {
          long id = actor.stableId().value();
          insertActor.setLong(1, id);
          insertActor.setString(2, world.name());
          insertActor.setString(3, nameOf(actor.getClass(), actor.toString()));
          insertActor.setString(4, actor.name());
          insertActor.executeUpdate();
          properties += saveProperties(insertProperty, id, "", actor);
          int position = 0;
          for (ActorComponent component : actor.components()) {
            if (!saves(world, component)) {
              continue;
            }
            boolean isDefault = actor.isDefaultComponent(component);
            insertComponent.setLong(1, id);
            insertComponent.setString(2, component.name());
            // A default component is found again by name, so an unregistered class is no obstacle.
            insertComponent.setString(3, isDefault
                ? classes.nameOf(component.getClass()).orElse(component.getClass().getName())
                : nameOf(component.getClass(), component.toString()));
            insertComponent.setString(4, isDefault ? ORIGIN_DEFAULT : ORIGIN_ADDED);
            insertComponent.setInt(5, position++);
            insertComponent.executeUpdate();
            components++;
            properties += saveProperties(insertProperty, id, component.name(), component);
          }
        }
        return new Saved(actors.size(), components, properties);
      }
    });
  }

  /**
   * Whether a save holds {@code component}: not when it (or the component that made it) opted out
   * or was made by a component request; the feature that requested it makes it again.
   */
  private static boolean saves(World world, ActorComponent component) {
    for (ActorComponent c = component; c != null; c = c.parentComponent().orElse(null)) {
      if (!c.isPersistent() || world.componentManager().isRequested(c)) {
        return false;
      }
    }
    return true;
  }

  private static int saveProperties(PreparedStatement insert, long actorId, String component, Object owner) throws SQLException {
    int count = 0;
    for (String property : ObjectProperties.names(owner.getClass())) {
      Type type = ObjectProperties.type(owner.getClass(), property);
      byte[] blob;
      try {
        blob = PropertyCodec.encode(ObjectProperties.get(owner, property), type);
      } catch (RuntimeException e) {
        throw new PersistenceException("Cannot save property \"" + property + "\" of " + owner + ": " + e.getMessage(), e);
      }
      insert.setLong(1, actorId);
      insert.setString(2, component);
      insert.setString(3, property);
      insert.setBytes(4, blob);
      insert.executeUpdate();
      count++;
    }
    return count;
  }

  private String nameOf(Class<?> type, String owner) {
    return classes.nameOf(type).orElseThrow(() -> new PersistenceException(
        "Cannot save " + owner + ": its class " + type.getName() + " has no registered name (register it with"
            + " AssetManager.Builder.kind, or give the store its name in ClassNames)"));
  }

  /**
   * What a restore did.
   *
   * @param actors actors spawned again
   * @param components components found or added again
   * @param properties property values set
   * @param warnings what could not be restored (a class no longer registered, a property the code
   *     no longer has, a blob that cannot be read); the rest was restored, and the database is
   *     unchanged
   */
  public record Restored(int actors, int components, int properties, List<Problem> warnings) {
    public Restored {
      warnings = List.copyOf(warnings);
    }
  }

  private record ComponentRow(String name, String className, String origin) {}

  private record PropertyRow(String component, String name, byte[] value) {}

  private record ActorRow(long id, String className, String name, List<ComponentRow> components, List<PropertyRow> properties) {}

  /**
   * Spawns the actors saved for {@code world} (by its name) again, with their stable ids, names,
   * components and property values set before they begin play.
   *
   * @throws PersistenceException when the database cannot be read
   */
  public Restored restore(World world) {
    world.checkGameThread();
    List<ActorRow> rows = inTransaction("reading world " + world.name(), connection -> readWorld(connection, world.name()));
    List<Problem> warnings = new ArrayList<>();
    int[] counts = new int[3];
    for (ActorRow row : rows) {
      StableId id = StableId.of(row.id);
      Actor gameState = world.gameState();
      if (row.name.equals(gameState.name()) && classes.nameOf(gameState.getClass()).orElse("").equals(row.className)) {
        // The world made its game state already: it takes the saved identity and values.
        try {
          world.restoreGameStateId(id);
          restoreComponents(gameState, row, warnings, counts);
          restoreProperties(gameState, row, warnings, counts);
          counts[0]++;
        } catch (RuntimeException e) {
          warnings.add(warning("Overture/RestoreFailed", "The game state (" + id + ") was not restored: " + e.getMessage()));
        }
        continue;
      }
      Class<?> type = classes.classNamed(row.className).orElse(null);
      if (type == null || !Actor.class.isAssignableFrom(type)) {
        warnings.add(warning("Overture/UnknownClass", "Actor " + row.name + " (" + id + ") was saved as a "
            + row.className + ", which is not a registered actor class; it was not restored"));
        continue;
      }
      if (world.findActor(id).isPresent() || world.actors().stream().anyMatch(actor -> actor.name().equals(row.name))) {
        warnings.add(warning("Overture/RestoreConflict", "Actor " + row.name + " (" + id + ") was not restored: the world already"
            + " has an actor with that name or id"));
        continue;
      }
      try {
        world.spawnActor(type.asSubclass(Actor.class), row.name, id, actor -> {
          restoreComponents(actor, row, warnings, counts);
          restoreProperties(actor, row, warnings, counts);
        });
        counts[0]++;
      } catch (RuntimeException e) {
        warnings.add(warning("Overture/RestoreFailed", "Actor " + row.name + " (" + id + ") was not restored: " + e));
      }
    }
    return new Restored(counts[0], counts[1], counts[2], warnings);
  }

  private List<ActorRow> readWorld(Connection connection, String worldName) throws SQLException {
    Map<Long, ActorRow> actors = new LinkedHashMap<>();
    try (PreparedStatement select = connection.prepareStatement("SELECT id, class, name FROM actors WHERE world = ? ORDER BY id")) {
      select.setString(1, worldName);
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          long id = rows.getLong(1);
          actors.put(id, new ActorRow(id, rows.getString(2), rows.getString(3), new ArrayList<>(), new ArrayList<>()));
        }
      }
    }
    try (PreparedStatement select = connection.prepareStatement(
        "SELECT c.actor_id, c.name, c.class, c.origin FROM components c JOIN actors a ON a.id = c.actor_id"
            + " WHERE a.world = ? ORDER BY c.actor_id, c.position")) {
      select.setString(1, worldName);
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          actors.get(rows.getLong(1)).components.add(new ComponentRow(rows.getString(2), rows.getString(3), rows.getString(4)));
        }
      }
    }
    try (PreparedStatement select = connection.prepareStatement(
        "SELECT p.actor_id, p.component, p.name, p.value FROM properties p JOIN actors a ON a.id = p.actor_id"
            + " WHERE a.world = ? ORDER BY p.actor_id, p.rowid")) {
      select.setString(1, worldName);
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          actors.get(rows.getLong(1)).properties.add(new PropertyRow(rows.getString(2), rows.getString(3), rows.getBytes(4)));
        }
      }
    }
    return List.copyOf(actors.values());
  }

  private void restoreComponents(Actor actor, ActorRow row, List<Problem> warnings, int[] counts) {
    for (ComponentRow component : row.components) {
      if (component.origin.equals(ORIGIN_DEFAULT)) {
        if (actor.findComponentNamed(component.name).isEmpty()) {
          warnings.add(warning("Overture/MissingComponent", actor + " no longer creates default component \"" + component.name
              + "\"; its saved values were not restored"));
        } else {
          counts[1]++;
        }
        continue;
      }
      Class<?> type = classes.classNamed(component.className).orElse(null);
      if (type == null || !ActorComponent.class.isAssignableFrom(type)) {
        warnings.add(warning("Overture/UnknownClass", "Component \"" + component.name + "\" of " + actor + " was saved as a "
            + component.className + ", which is not a registered component class; it was not restored"));
        continue;
      }
      if (actor.findComponentNamed(component.name).isPresent()) {
        warnings.add(warning("Overture/RestoreConflict", "Component \"" + component.name + "\" of " + actor + " was not restored: "
            + actor + " already makes a component of that name"));
        continue;
      }
      actor.addComponent(type.asSubclass(ActorComponent.class), component.name);
      counts[1]++;
    }
  }

  private void restoreProperties(Actor actor, ActorRow row, List<Problem> warnings, int[] counts) {
    for (PropertyRow property : row.properties) {
      Object owner = property.component.isEmpty() ? actor : actor.findComponentNamed(property.component).orElse(null);
      if (owner == null) {
        continue; // its component was not restored, and said so
      }
      if (!ObjectProperties.names(owner.getClass()).contains(property.name)) {
        warnings.add(warning("Overture/UnknownProperty", "Saved property \"" + property.name + "\" of " + where(actor, property)
            + " no longer exists; it was ignored"));
        continue;
      }
      try {
        Object value = PropertyCodec.decode(property.value, ObjectProperties.type(owner.getClass(), property.name));
        ObjectProperties.set(owner, property.name, value);
        counts[2]++;
      } catch (RuntimeException e) {
        warnings.add(warning("Overture/UnreadableProperty", "Saved property \"" + property.name + "\" of " + where(actor, property)
            + " cannot be read (" + e.getMessage() + "); it keeps its default"));
      }
    }
  }

  private static String where(Actor actor, PropertyRow property) {
    return property.component.isEmpty() ? actor.toString() : "component \"" + property.component + "\" of " + actor;
  }

  private static Problem warning(String id, String message) {
    log.warn(message);
    return Problem.warning(id, message);
  }

  @FunctionalInterface
  private interface Work<T> {
    T run(Connection connection) throws SQLException;
  }

  private <T> T inTransaction(String what, Work<T> work) {
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
      throw new PersistenceException("Failed " + what + " in " + description + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void close() {
    // Connections are opened per operation; nothing stays open.
  }

  @Override
  public String toString() {
    return "WorldStore[" + description + "]";
  }
}
