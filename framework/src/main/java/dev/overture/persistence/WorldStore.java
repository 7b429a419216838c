package dev.overture.persistence;

import dev.overture.core.Problem;
import dev.overture.id.StableId;
import dev.overture.id.StableIdAllocator;
import dev.overture.internal.SqliteUrls;
import dev.overture.world.Actor;
import dev.overture.world.World;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;

/**
 * Saves worlds to a database and restores them: {@code game.db}, SQLite through sqlite-jdbc by
 * default, or a host's own {@link DataSource}, SQLite or PostgreSQL (a database server that a fleet
 * of game servers shares). Ids are BIGINT keys; property values are blobs in the archive format (ids
 * in the StableId layout).
 *
 * <pre>
 * actors         (id BIGINT PRIMARY KEY, world, class, name)
 * components     (actor_id BIGINT, name, class, origin 'default' | 'added', position)
 * properties     (actor_id BIGINT, component ('' for the actor), name, position, value BLOB | BYTEA)
 * worlds         (name PRIMARY KEY, version BIGINT)  -- each saved world's version
 * id_allocator   (name PRIMARY KEY, next_id BIGINT)
 * overture_store (key PRIMARY KEY, value)            -- the schema version
 * </pre>
 *
 * <pre>{@code
 * try (WorldStore store = WorldStore.open(Path.of("game.db"), ClassNames.from(assets))) {
 *   World world = World.builder("Arena").ids(store.ids()).build();
 *   store.restoreAsync(world).thenAccept(restored -> startMatch(world));   // on the game thread
 *   ...
 *   store.saveAsync(world).thenAccept(saved -> hud.show("Saved"));       // on the game thread
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
 * hands out an id below one already saved, never one twice, never a negative one: when the id
 * space is exhausted it refuses ({@link dev.overture.id.IdSpaceExhaustedException}). It reserves
 * blocks of 256 ahead, on the store's executor.
 *
 * <p><b>Safety.</b> Every save is one transaction that replaces the world's previous save: a
 * failure (or a crash) mid-save leaves the previous save whole. A database that is not a world
 * store (other tables and no {@code overture_store}) or that a newer schema wrote is refused and
 * left as it is; an older schema is upgraded when the store opens.
 *
 * <p><b>Several writers.</b> Each saved world has a version. A store remembers the version it last
 * restored or saved of each world, and a save succeeds only if the database still holds it: when
 * another store (another server) saved the world meanwhile, the save fails with a {@link
 * SaveConflictException} instead of overwriting that save. So a store saves a world it has
 * restored, or a new one. Ids never collide between stores of one database.
 *
 * <p><b>Threading.</b> Opening creates or checks the schema on the calling thread (do it at start
 * up, or on a worker). {@link #saveAsync} and {@link #restoreAsync} are called on the world's game
 * thread, which they never block on the database: a save takes its snapshot there, then writes it
 * on the store's executor; a restore reads there and spawns the actors back on the game thread.
 * Their futures complete on the game thread (through {@link World#executor()}). Operations on one
 * world run on the executor one at a time, in the order they were asked for, so a later save always
 * wins; operations on different worlds may run at once on an executor with several threads. The
 * executor is the host's ({@link Builder#executor}) or a single daemon thread named {@code
 * overture-store} that {@link #close()} stops. {@link #save} and {@link #restore} are the blocking
 * forms for tools and tests: they wait for earlier operations, then do the database work on the
 * calling thread. {@link #ids()} is thread-safe. The store may be used by several worlds (each by
 * its name).
 */
public final class WorldStore implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(WorldStore.class);

  /** The custom version of property blobs that hold no id (see the archive format in the docs). */
  public static final dev.overture.version.CustomVersion PROPERTY_FORMAT = PropertyCodec.FORMAT;

  /** The schema this build writes and reads. */
  static final int SCHEMA = StoreDatabase.SCHEMA;

  private static final int ID_BLOCK = 256;
  private static final String OWN_DATA_SOURCE = "open the store over a DataSource of your own (WorldStore.builder(dataSource))";
  /** How long a connection of the store's own SQLite file waits for another process's write. */
  static final int SQLITE_BUSY_MILLIS = 10_000;

  private final StoreDatabase database;
  private final ClassNames classes;
  private final Executor executor;
  private final ExecutorService ownExecutor;
  private final StableIdAllocator ids;
  private final Object order = new Object();
  /** Per world, the last operation asked for (guarded by {@code order}); gone once it finished. */
  private final Map<String, CompletableFuture<Void>> tails = new HashMap<>();
  /** Per world, the version this store last restored or saved; absent: neither. */
  private final Map<String, Long> versions = new ConcurrentHashMap<>();
  private boolean closed;
  /** The thread of {@link #ownExecutor}, once started. */
  private volatile Thread ownThread;

  private WorldStore(Builder builder, ClassNames classes) {
    if (builder.file != null) {
      StoreFiles.requireNoSpecialFiles(builder.file); // SQLite would wait forever on a named pipe
    }
    this.database = new StoreDatabase(builder.dataSource, builder.name, builder.hook);
    this.classes = Objects.requireNonNull(classes, "classes");
    database.openSchema();
    if (builder.executor != null) {
      this.executor = builder.executor;
      this.ownExecutor = null;
    } else {
      this.ownExecutor = Executors.newSingleThreadExecutor(task -> {
        Thread thread = new Thread(task, "overture-store");
        thread.setDaemon(true);
        ownThread = thread;
        return thread;
      });
      this.executor = ownExecutor;
    }
    try {
      this.ids = StableIdAllocator.reservingAhead(database::reserveIds, builder.idBlockSize, executor);
    } catch (RuntimeException e) {
      if (ownExecutor != null) {
        ownExecutor.shutdown(); // nothing else holds it
      }
      throw e;
    }
  }

  /**
   * Opens (creating when missing) the SQLite database {@code file}.
   *
   * @throws PersistenceException when it cannot be opened, is not a world store, or was written by
   *     a newer schema
   * @throws dev.overture.core.MissingDependencyException when sqlite-jdbc is not on the class path
   */
  public static WorldStore open(Path file, ClassNames classes) {
    return builder(file).open(classes);
  }

  /**
   * A store over the host's {@code dataSource}: an SQLite database, or a PostgreSQL one that several
   * servers share (pooled, for instance).
   */
  public static WorldStore open(DataSource dataSource, ClassNames classes) {
    return builder(dataSource).open(classes);
  }

  /**
   * A store of the SQLite database {@code file}, to configure.
   *
   * @throws dev.overture.core.MissingDependencyException when sqlite-jdbc is not on the class path
   */
  public static Builder builder(Path file) {
    SqliteDriver.require("A world store's own database file", OWN_DATA_SOURCE);
    SQLiteConfig config = new SQLiteConfig();
    config.enforceForeignKeys(true);
    config.setBusyTimeout(SQLITE_BUSY_MILLIS);
    // Each transaction takes the write lock when it begins: two processes on one file then wait
    // for each other, where a read that turned into a write would fail with "database is locked".
    config.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
    SQLiteDataSource sqlite = new SQLiteDataSource(config);
    sqlite.setUrl(SqliteUrls.of(file)); // a ? in the name is part of it, not connection options
    return new Builder(sqlite, file.toString(), file);
  }

  /**
   * A store over the host's {@code dataSource}, to configure. For an SQLite database that several
   * processes write, give its connections a busy timeout and immediate transactions, as {@link
   * #builder(Path)} does.
   */
  public static Builder builder(DataSource dataSource) {
    return new Builder(Objects.requireNonNull(dataSource, "dataSource"), "the data source", null);
  }

  /**
   * Checks, without changing it, that {@code file} is a world store this build can read: a regular
   * file, an SQLite database, with the store's {@code overture_store} table and a schema no newer
   * than this build's. For a tool about to read or replace a file a user named.
   *
   * @throws PersistenceException naming the file and what it is instead
   * @throws dev.overture.core.MissingDependencyException when sqlite-jdbc is not on the class path
   */
  public static void check(Path file) {
    StoreFiles.check(file);
  }

  /**
   * Copies the world store {@code file} into {@code into} (a missing or empty file) as SQLite reads
   * it, without changing it: every committed transaction, those still in its write-ahead log ({@code
   * file-wal}) too, where a copy of the file's bytes would silently hold an older state. The copy is
   * a database of its own, in rollback-journal mode, that nothing else has open. Call {@link #check}
   * first.
   *
   * @throws PersistenceException naming {@code file} and why it cannot be read, in one line (a
   *     program that was writing it stopped in the middle, for instance), or, when the copy cannot
   *     be written (a full disk, a folder that is not there), where the copy was to go
   * @throws dev.overture.core.MissingDependencyException when sqlite-jdbc is not on the class path
   */
  public static void copy(Path file, Path into) {
    StoreFiles.copy(file, into);
  }

  /** The allocator whose ids never repeat for this store; give it to the worlds it saves. */
  public StableIdAllocator ids() {
    return ids;
  }

  /**
   * What a save wrote.
   *
   * @param actors actors saved
   * @param components components saved
   * @param properties property values saved
   * @param version the world's version the save made (1 for its first save, then one more each time)
   */
  public record Saved(int actors, int components, int properties, long version) {}

  /**
   * What a restore did.
   *
   * @param actors actors spawned again
   * @param components components found or added again
   * @param properties property values set
   * @param warnings what could not be restored (a class no longer registered, a property the code
   *     no longer has, a blob that cannot be read); the rest was restored, and the database is
   *     unchanged
   * @param version the world's version that was read (0 when it was never saved); this store's
   *     next save of the world builds on it
   */
  public record Restored(int actors, int components, int properties, List<Problem> warnings, long version) {
    public Restored {
      warnings = List.copyOf(warnings);
    }
  }

  /**
   * Saves {@code world}, replacing its previous save, in one transaction: takes its snapshot now,
   * on its game thread, writes it on the store's executor, and completes on the game thread (or,
   * when the world has closed meanwhile, on the store's thread: a save written is reported
   * written).
   *
   * @return the future of what was written; it fails with a {@link PersistenceException} when the
   *     world cannot be saved (a class without a registered name, the database failing, a {@link
   *     SaveConflictException} when another writer saved it since this store read it), and the
   *     previous save is then unchanged
   * @throws IllegalStateException when not called on the world's game thread
   * @throws PersistenceException when the world takes its ids from another allocator
   */
  public CompletableFuture<Saved> saveAsync(World world) {
    checkSaving(world);
    WorldSnapshot snapshot;
    try {
      snapshot = WorldSnapshot.of(world, classes);
    } catch (PersistenceException e) {
      return CompletableFuture.failedFuture(e); // failed here and now, on the game thread
    }
    return onGameThread(world, inOrder(world.name(), () -> write(snapshot)));
  }

  /**
   * Saves {@code world} as {@link #saveAsync} does, but waits: the database work runs on the calling
   * thread (for tools and tests).
   *
   * @throws PersistenceException when it cannot be saved; the previous save is then unchanged
   */
  public Saved save(World world) {
    checkSaving(world);
    WorldSnapshot snapshot = WorldSnapshot.of(world, classes);
    return inOrderHere(world.name(), () -> write(snapshot));
  }

  /**
   * Spawns the actors saved for {@code world} (by its name) again, with their stable ids, names,
   * components and property values set before they begin play: reads them on the store's executor,
   * then spawns them on the game thread, where the future completes.
   *
   * @return the future of what was restored; it fails with a {@link PersistenceException} when the
   *     database cannot be read
   * @throws IllegalStateException when not called on the world's game thread
   * @throws PersistenceException when the world takes its ids from another allocator: an actor it
   *     spawned after the restore could get an id a restored actor has
   */
  public CompletableFuture<Restored> restoreAsync(World world) {
    checkIds(world);
    CompletableFuture<StoreDatabase.StoredWorld> rows = inOrder(world.name(), () -> read(world.name()));
    CompletableFuture<Restored> result = new CompletableFuture<>();
    rows.whenComplete((read, error) -> handOver(world, result, () -> {
      if (error != null) {
        throw unwrap(error);
      }
      return WorldRestorer.restore(world, classes, read.actors(), read.version());
    }));
    return result;
  }

  /**
   * Restores {@code world} as {@link #restoreAsync} does, but waits: the database is read on the
   * calling thread, its game thread.
   *
   * @throws PersistenceException when the database cannot be read, or the world takes its ids from
   *     another allocator
   */
  public Restored restore(World world) {
    checkIds(world);
    StoreDatabase.StoredWorld rows = inOrderHere(world.name(), () -> read(world.name()));
    return WorldRestorer.restore(world, classes, rows.actors(), rows.version());
  }

  private void checkSaving(World world) {
    checkIds(world);
  }

  /**
   * A world saved or restored here takes its ids from this store's allocator: restored ids come
   * from it, and an actor spawned after a restore by another allocator could get one of them.
   */
  private void checkIds(World world) {
    world.checkGameThread();
    if (world.ids() != ids) {
      throw new PersistenceException("World " + world.name() + " takes its ids from another allocator, so they could collide with"
          + " this store's; build it with World.builder(name).ids(store.ids())");
    }
  }

  /** Runs in the world's order, so the version read here is the one the previous operation left. */
  private Saved write(WorldSnapshot snapshot) {
    long version = database.write(snapshot, versions.getOrDefault(snapshot.world(), 0L));
    versions.put(snapshot.world(), version);
    return new Saved(snapshot.actors().size(), snapshot.components(), snapshot.properties(), version);
  }

  private StoreDatabase.StoredWorld read(String world) {
    StoreDatabase.StoredWorld read = database.read(world);
    versions.put(world, read.version());
    return read;
  }

  /** Queues {@code work} on the executor after every operation on {@code world} asked for before it. */
  private <T> CompletableFuture<T> inOrder(String world, Supplier<T> work) {
    synchronized (order) {
      if (closed) {
        return CompletableFuture.failedFuture(new PersistenceException(database.name() + " is closed"));
      }
      CompletableFuture<T> step = new CompletableFuture<>();
      tail(world).whenComplete((ignored, earlier) -> {
        try {
          executor.execute(() -> {
            try {
              step.complete(work.get());
            } catch (RuntimeException | Error e) {
              step.completeExceptionally(e);
            }
          });
        } catch (RejectedExecutionException e) {
          step.completeExceptionally(new PersistenceException(database.name() + (isClosed() ? " is closed: its" : ": the store's")
              + " executor refused the work", e));
        }
      });
      follow(world, step.handle((value, error) -> null));
      return step;
    }
  }

  /** Runs {@code work} on the calling thread, after every operation on {@code world} asked for before it. */
  private <T> T inOrderHere(String world, Supplier<T> work) {
    CompletableFuture<Void> earlier;
    CompletableFuture<Void> mine = new CompletableFuture<>();
    synchronized (order) {
      if (closed) {
        throw new PersistenceException(database.name() + " is closed");
      }
      earlier = tail(world);
      follow(world, mine);
    }
    try {
      earlier.join();
      return work.get();
    } finally {
      mine.complete(null);
    }
  }

  private boolean isClosed() {
    synchronized (order) {
      return closed;
    }
  }

  /** The last operation asked for on {@code world}, or a completed one. Holding {@code order}. */
  private CompletableFuture<Void> tail(String world) {
    CompletableFuture<Void> tail = tails.get(world);
    return tail != null ? tail : CompletableFuture.completedFuture(null);
  }

  /** Makes {@code last} the world's tail, forgotten once done (a store may see many worlds). Holding {@code order}. */
  private void follow(String world, CompletableFuture<Void> last) {
    tails.put(world, last);
    last.whenComplete((ignored, error) -> {
      synchronized (order) {
        tails.remove(world, last);
      }
    });
  }

  /**
   * Completes {@code result} with {@code step}'s outcome on the world's game thread. The outcome is
   * known without the world: when the world has closed meanwhile (a host that saves, then closes the
   * match), it is handed over on the thread that finished the step instead, so a save that was
   * written is reported written.
   */
  private static <T> CompletableFuture<T> onGameThread(World world, CompletableFuture<T> step) {
    CompletableFuture<T> result = new CompletableFuture<>();
    step.whenComplete((value, error) -> {
      Runnable complete = () -> {
        if (error != null) {
          result.completeExceptionally(unwrap(error));
        } else {
          result.complete(value);
        }
      };
      try {
        world.executor().execute(World.droppable(complete, complete));
      } catch (RejectedExecutionException e) {
        complete.run();
      }
    });
    return result;
  }

  /**
   * Completes {@code result} with {@code outcome}, computed on the world's game thread; when the
   * world closes first (before the task is queued, or while it waits in the queue) there is no game
   * thread to compute it on, and the result fails saying so.
   */
  private static <T> void handOver(World world, CompletableFuture<T> result, Supplier<T> outcome) {
    Runnable closed = () -> result.completeExceptionally(new PersistenceException("World " + world.name() + " closed before the"
        + " store's work could be handed back to its game thread"));
    try {
      world.executor().execute(World.droppable(() -> {
        try {
          result.complete(outcome.get());
        } catch (RuntimeException | Error e) {
          result.completeExceptionally(e);
        }
      }, closed));
    } catch (RejectedExecutionException e) {
      closed.run();
    }
  }

  private static RuntimeException unwrap(Throwable error) {
    Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    return cause instanceof RuntimeException runtime ? runtime : new CompletionException(cause);
  }

  /**
   * Refuses new operations; when the store runs its own thread, lets the operations already asked
   * for finish (10 seconds at most) and stops it. Called on that thread (a save's callback), it
   * returns at once and the thread stops once they have finished. A host's executor is the host's
   * to stop.
   */
  @Override
  public void close() {
    List<CompletableFuture<Void>> asked;
    synchronized (order) {
      closed = true;
      asked = List.copyOf(tails.values());
    }
    if (ownExecutor != null && Thread.currentThread() == ownThread) {
      // Called on the store's thread (a callback of a save whose world has closed runs there): what
      // is queued behind this callback cannot run while it waits, so the thread stops once it has.
      CompletableFuture.allOf(asked.toArray(CompletableFuture[]::new)).whenComplete((ignored, error) -> ownExecutor.shutdown());
      return;
    }
    if (ownExecutor != null) {
      // An operation queued behind another on the same world reaches the executor only when the
      // one before it ends: the thread stops once the last of each world has, not before.
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      try {
        CompletableFuture.allOf(asked.toArray(CompletableFuture[]::new)).get(10, TimeUnit.SECONDS);
      } catch (java.util.concurrent.TimeoutException e) {
        log.warn("{}: operations still queued after 10 seconds are refused", database.name());
      } catch (java.util.concurrent.ExecutionException e) {
        throw new IllegalStateException("an operation's tail failed", e); // tails complete normally
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      ownExecutor.shutdown();
      try {
        if (!ownExecutor.awaitTermination(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
          log.warn("{}: operations still running after 10 seconds were left to finish on their own", database.name());
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  @Override
  public String toString() {
    return "WorldStore[" + database.name() + "]";
  }

  /**
   * Options of a store: how messages name it, and where its database work runs.
   *
   * <p>Not thread-safe; use it on one thread, then {@link #open}.
   */
  public static final class Builder {
    private final DataSource dataSource;
    /** The SQLite file of {@link WorldStore#builder(Path)}, checked before it is opened; null for a host's data source. */
    private final Path file;
    private String name;
    private Executor executor;
    private int idBlockSize = ID_BLOCK;
    private StoreDatabase.TransactionHook hook = StoreDatabase.TransactionHook.NONE;

    private Builder(DataSource dataSource, String name, Path file) {
      this.dataSource = dataSource;
      this.name = name;
      this.file = file;
    }

    /**
     * How messages name the store (by default its file, or "the data source"): the file the user
     * knows when the store is a working copy of it.
     */
    public Builder name(String name) {
      this.name = Objects.requireNonNull(name, "name");
      return this;
    }

    /**
     * Where the store's database work runs (saves, restores' reads, id blocks): the host's
     * executor, which the store never shuts down. By default a single daemon thread of the store's.
     */
    public Builder executor(Executor executor) {
      this.executor = Objects.requireNonNull(executor, "executor");
      return this;
    }

    /**
     * How many ids one reservation takes from the database (256 by default). A server that spawns
     * many actors a second makes fewer round trips with larger blocks; ids of a block a server did
     * not use before it stopped are skipped, never reused.
     */
    public Builder idBlockSize(int size) {
      if (size < 1) {
        throw new IllegalArgumentException("id block size < 1: " + size);
      }
      this.idBlockSize = size;
      return this;
    }

    /** Tests only: called in each transaction just before it commits (to hold one there). */
    Builder beforeCommit(StoreDatabase.TransactionHook hook) {
      this.hook = Objects.requireNonNull(hook, "hook");
      return this;
    }

    /**
     * Opens the store, creating the schema of a new database (or upgrading an older store's) on
     * the calling thread.
     *
     * @throws PersistenceException when it cannot be opened, is not a world store, or was written
     *     by a newer schema
     */
    public WorldStore open(ClassNames classes) {
      return new WorldStore(this, classes);
    }
  }
}
