package dev.overture.world;

import dev.overture.id.StableId;
import dev.overture.internal.Failures;
import dev.overture.id.StableIdAllocator;
import dev.overture.object.ObjectArchetype;
import dev.overture.object.ObjectFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A headless game world: actors, their components, the game state, a component manager, timers,
 * and a queue of work for its game thread. The host drives it by calling {@link #tick(double)}
 * from its loop; nothing in a world runs on its own.
 *
 * <pre>{@code
 * World world = World.builder("Match-1").netMode(NetMode.DEDICATED_SERVER).build();
 * while (running) {
 *   world.tick(1.0 / 30);
 * }
 * world.close();
 * }</pre>
 *
 * <p><b>Threading.</b> A world is confined to one game thread, bound explicitly: the thread that
 * {@linkplain Builder#build() builds} it, until that thread {@linkplain #handOverTo hands it over}
 * to another (a host that builds worlds on one thread and runs them on a loop thread it starts
 * afterwards). Nothing else moves it: {@link #tick} from another thread is refused like every other
 * method. Every method but {@link #executor()}, {@link #name()}, {@link #netMode()} and the
 * accessors marked "any thread" must be called on the game thread, and says so, naming both
 * threads, when it is not; so must every method of its actors, components, handles and subsystems
 * (what an any-thread accessor returns checks the thread itself). Other threads hand work to the game thread through {@link
 * #executor()}; queued work runs during {@link #tick} and {@link #runPendingTasks()}, in order.
 * Time is the sum of the ticks' deltas, so tests drive it exactly.
 */
public final class World implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(World.class);
  private static final int MAX_TASKS_PER_DRAIN = 1_000_000;

  private final String name;
  private final NetMode netMode;
  private final ConcurrentLinkedQueue<Runnable> tasks;
  private final Executor executor = this::enqueue;
  private final WorldTimers timers = new WorldTimers();
  private final WorldActors actors = new WorldActors();
  private final Map<Class<?>, WorldSubsystem> subsystems = new LinkedHashMap<>();
  private final List<Runnable> closeListeners = new ArrayList<>();
  private final ComponentManager componentManager;
  private final ObjectFactory objects;
  private final StableIdAllocator ids;
  private final GameState gameState;
  /** Written only by the game thread itself (a handover), read by any: volatile, for the handover's happens-before. */
  private volatile Thread gameThread;
  private volatile boolean closing;
  private volatile boolean closed;
  private double timeSeconds;
  private long frame;
  private long nextActorId = 1;

  private World(Builder builder) {
    this.name = builder.name;
    this.netMode = builder.netMode;
    this.gameThread = Thread.currentThread();
    this.tasks = builder.tasks;
    this.objects = builder.objects;
    this.ids = builder.ids != null ? builder.ids : StableIdAllocator.inMemory();
    this.componentManager = new ComponentManager(this);
    this.gameState = spawnActor(builder.gameStateClass, "GameState");
  }

  /** A builder for a world called {@code name}: standalone, with a plain {@link GameState}. */
  public static Builder builder(String name) {
    return new Builder(name);
  }

  /** The world's name. Any thread. */
  public String name() {
    return name;
  }

  /** What the world is on the network. Any thread. */
  public NetMode netMode() {
    return netMode;
  }

  /**
   * Runs work on the game thread, in order, during the next {@link #tick} or {@link
   * #runPendingTasks()}. Any thread. A task it accepts either runs or, when the world closes first,
   * is dropped (a {@linkplain #droppable droppable} one is told so); one it refuses throws, even
   * when another thread closes the world while the task is being handed over.
   *
   * @throws RejectedExecutionException once the world is closing or closed
   */
  public Executor executor() {
    return executor;
  }

  private void enqueue(Runnable task) {
    Objects.requireNonNull(task, "task");
    if (closing) {
      throw new RejectedExecutionException("World \"" + name + "\" is " + (closed ? "closed" : "closing"));
    }
    tasks.add(task);
    // close() may have drained the queue between the check and the add: then the task would wait
    // forever. closed is set before that drain, so once it reads false here the drain is still to
    // come and will see the task. Once it reads true, the task is either taken back now (refused,
    // as if it came later) or the drain has it (dropped and told).
    if (closed && tasks.remove(task)) {
      throw new RejectedExecutionException("World \"" + name + "\" is closed");
    }
  }

  /** Whether the calling thread is the world's game thread. Any thread. */
  public boolean isInGameThread() {
    return Thread.currentThread() == gameThread;
  }

  /**
   * Throws unless the calling thread is the world's game thread, naming both threads. Game code can
   * use it to guard its own methods. Any thread.
   */
  public void checkGameThread() {
    Thread current = Thread.currentThread();
    if (current != gameThread) {
      throw new IllegalStateException(
          "World \"" + name + "\" was used from thread \"" + current.getName() + "\", but its game thread is \""
              + gameThread.getName() + "\"; hand work to world.executor()");
    }
  }

  /**
   * Makes {@code next} the world's game thread from now on; the calling thread, the game thread
   * until now, may no longer use the world. Everything this thread did to the world happens-before
   * whatever {@code next} does with it. Handing over to the game thread itself does nothing.
   *
   * @throws IllegalStateException when called from a thread that is not the game thread
   */
  public void handOverTo(Thread next) {
    Objects.requireNonNull(next, "next");
    checkGameThread();
    if (next != gameThread) {
      log.debug("World {} handed over from thread {} to thread {}", name, gameThread.getName(), next.getName());
      gameThread = next;
    }
  }

  /**
   * Advances the world by {@code deltaSeconds}: runs queued work, fires the timers that are due,
   * ticks the actors and components that want it, then runs the work that queued meanwhile. An
   * actor's or component's {@code tick} that throws an exception ends the tick with a {@link
   * GameCodeException} naming it, its actor and its plugin (the cause is what it threw); one that
   * throws an {@code Error} (a failed assertion) ends it with that error, as it was. Game
   * thread only: a tick from another thread is refused, naming both threads, and changes nothing
   * (to move a world to another thread, {@linkplain #handOverTo hand it over}).
   */
  public void tick(double deltaSeconds) {
    if (!(deltaSeconds >= 0) || Double.isInfinite(deltaSeconds)) {
      throw new IllegalArgumentException("tick delta must be a finite number >= 0: " + deltaSeconds);
    }
    checkGameThread();
    checkOpen();
    frame++;
    timeSeconds += deltaSeconds;
    runPendingTasks();
    timers.fireDue(timeSeconds, name);
    for (Actor actor : List.copyOf(actors.inOrder())) {
      if (!actor.isDestroyed()) {
        actor.tickActor(deltaSeconds);
      }
    }
    runPendingTasks();
  }

  /** Runs the queued work (and work it queues) without advancing time; returns how many ran. */
  public int runPendingTasks() {
    checkGameThread();
    int ran = 0;
    Runnable task;
    while ((task = tasks.poll()) != null) {
      try {
        task.run();
      } catch (Exception e) { // a checked exception too, thrown sneakily (Kotlin, Lombok's @SneakyThrows)
        Failures.logInALine(log, e, "A task on the game thread of world {} failed", name);
      }
      if (++ran == MAX_TASKS_PER_DRAIN) {
        log.warn("World {} ran {} queued tasks in one go; the rest waits for the next tick", name, ran);
        break;
      }
    }
    return ran;
  }

  /** The world's time: the sum of every tick's delta, in seconds. */
  public double timeSeconds() {
    checkGameThread();
    return timeSeconds;
  }

  /** How many ticks have run. */
  public long frame() {
    checkGameThread();
    return frame;
  }

  /**
   * Runs {@code task} on the game thread once {@code delaySeconds} of world time have passed (at the
   * first tick at or after that time). Release the handle to cancel it.
   */
  public Handle schedule(double delaySeconds, Runnable task) {
    Objects.requireNonNull(task, "task");
    if (!(delaySeconds >= 0) || Double.isInfinite(delaySeconds)) {
      throw new IllegalArgumentException("delay must be a finite number >= 0: " + delaySeconds);
    }
    checkGameThread();
    checkOpen();
    return timers.schedule(this, timeSeconds + delaySeconds, task);
  }

  /** How many timers are waiting. */
  public int pendingTimers() {
    checkGameThread();
    return timers.size();
  }

  /** Spawns an actor of {@code type} with a generated name. */
  public <A extends Actor> A spawnActor(Class<A> type) {
    return spawnActor(type, type.getSimpleName() + "_" + nextActorId);
  }

  /**
   * Spawns an actor of {@code type} called {@code actorName}: creates it, adds its default
   * components, applies the component requests and extension handlers for its class, and begins
   * its play.
   */
  public <A extends Actor> A spawnActor(Class<A> type, String actorName) {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(actorName, "actorName");
    checkGameThread();
    checkOpen();
    checkNameFree(actorName);
    return join(objects.newObject(type, this, actorName), actorName, ids.next(), actor -> {});
  }

  /**
   * Spawns a saved actor again: of {@code type}, called {@code actorName}, with its saved {@code
   * stableId}. {@code beforePlay} runs once it is in the world and before it begins play (nor do
   * component requests apply to it before), so that a store can add its saved components and set
   * its saved properties first.
   *
   * @throws IllegalArgumentException when the id is {@link StableId#NONE} or a live actor has it,
   *     or the name is taken
   */
  public <A extends Actor> A spawnActor(Class<A> type, String actorName, StableId stableId, Consumer<? super A> beforePlay) {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(actorName, "actorName");
    Objects.requireNonNull(stableId, "stableId");
    Objects.requireNonNull(beforePlay, "beforePlay");
    checkGameThread();
    checkOpen();
    checkNameFree(actorName);
    if (stableId.isNone()) {
      throw new IllegalArgumentException("a restored actor needs a stable id, not none (" + actorName + ")");
    }
    findActor(stableId).ifPresent(other -> {
      throw new IllegalArgumentException("World \"" + name + "\" already has an actor with " + stableId + ": " + other);
    });
    return join(objects.newObject(type, this, actorName), actorName, stableId, beforePlay);
  }

  /**
   * Gives the game state (which the world creates itself) the stable id it was saved with, so that
   * a restored world's game state keeps its identity.
   *
   * @throws IllegalArgumentException when another live actor has that id
   */
  public void restoreGameStateId(StableId saved) {
    Objects.requireNonNull(saved, "saved");
    checkGameThread();
    if (saved.isNone()) {
      throw new IllegalArgumentException("a game state needs a stable id, not none");
    }
    findActor(saved).filter(actor -> actor != gameState).ifPresent(other -> {
      throw new IllegalArgumentException("World \"" + name + "\" already has an actor with " + saved + ": " + other);
    });
    StableId before = gameState.stableId();
    gameState.restoreStableId(saved);
    actors.renamed(gameState, before, saved);
  }

  /** The live actor with {@code stableId}, if any. */
  public Optional<Actor> findActor(StableId stableId) {
    checkGameThread();
    return Optional.ofNullable(actors.withStableId(stableId));
  }

  /** The live actor named {@code actorName}, if any (names are unique in a world). */
  public Optional<Actor> findActor(String actorName) {
    checkGameThread();
    return Optional.ofNullable(actors.named(Objects.requireNonNull(actorName, "actorName")));
  }

  /** Where the world's actors get their stable ids. Any thread. */
  public StableIdAllocator ids() {
    return ids;
  }

  /**
   * Spawns an actor from {@code archetype} (a registered class with property and subobject
   * overrides, from content), which must be a {@code expected}.
   */
  public <A extends Actor> A spawnActor(ObjectArchetype archetype, Class<A> expected, String actorName) {
    Objects.requireNonNull(archetype, "archetype");
    Objects.requireNonNull(actorName, "actorName");
    checkGameThread();
    checkOpen();
    checkNameFree(actorName);
    return join(objects.newObject(archetype, expected, this, actorName), actorName, ids.next(), actor -> {});
  }

  private void checkNameFree(String actorName) {
    if (actors.named(actorName) != null) {
      throw new IllegalArgumentException("World \"" + name + "\" already has an actor named \"" + actorName + "\"");
    }
  }

  private <A extends Actor> A join(A actor, String actorName, StableId stableId, Consumer<? super A> beforePlay) {
    actor.attach(this, actorName, nextActorId++, stableId);
    actors.add(actor);
    try {
      beforePlay.accept(actor);
    } catch (Exception | Error e) {
      actors.remove(actor);
      actor.stopPlay(EndPlayReason.DESTROYED);
      throw e;
    }
    actor.initializeComponents();
    componentManager.addReceiver(actor);
    if (!actor.isDestroyed()) { // a handler may have destroyed it already
      try {
        actor.startPlay();
      } catch (Exception | Error e) {
        // A spawn that fails leaves no actor: what began ends, and the actor goes.
        destroy(actor, EndPlayReason.DESTROYED);
        throw e;
      }
    }
    return actor;
  }

  /** Ends the play of {@code actor} and removes it. */
  public void destroyActor(Actor actor) {
    destroy(actor, EndPlayReason.DESTROYED);
  }

  private void destroy(Actor actor, EndPlayReason reason) {
    checkGameThread();
    if (actor.world() != this || actor.isDestroyed()) {
      return;
    }
    componentManager.removeReceiver(actor);
    actor.stopPlay(reason);
    actors.remove(actor);
  }

  /** The live actors, in spawn order. */
  public List<Actor> actors() {
    checkGameThread();
    return List.copyOf(actors.inOrder());
  }

  /** The live actors that are a {@code type}, in spawn order. */
  public <A> List<A> actors(Class<A> type) {
    checkGameThread();
    List<A> found = new ArrayList<>();
    for (Actor actor : actors.inOrder()) {
      if (type.isInstance(actor)) {
        found.add(type.cast(actor));
      }
    }
    return found;
  }

  /** The world's game state. Any thread (the reference never changes; the actor's methods check). */
  public GameState gameState() {
    return gameState;
  }

  /** The factory that builds the world's actors, components and subsystems. Any thread. */
  public ObjectFactory objects() {
    return objects;
  }

  /** The world's component manager. Any thread (the reference never changes; its methods check). */
  public ComponentManager componentManager() {
    return componentManager;
  }

  /** The subsystem of {@code type}, created on first use. */
  public <T extends WorldSubsystem> T subsystem(Class<T> type) {
    checkGameThread();
    checkOpen();
    WorldSubsystem existing = subsystems.get(type);
    if (existing == null) {
      T created = objects.newObject(type, this, type.getSimpleName());
      subsystems.put(type, created);
      created.initialize(this);
      return created;
    }
    return type.cast(existing);
  }

  /**
   * The subsystem of {@code type} if something created it, without creating it: for tools that
   * only look (an inspector must not leave a HUD model in a server's world).
   */
  public <T extends WorldSubsystem> Optional<T> findSubsystem(Class<T> type) {
    checkGameThread();
    WorldSubsystem existing = subsystems.get(type);
    return existing == null ? Optional.empty() : Optional.of(type.cast(existing));
  }

  /**
   * Runs {@code listener} on the game thread when the world closes, before its actors end.
   *
   * @throws IllegalStateException once the world is closing or closed: it would never run
   */
  public Handle onClose(Runnable listener) {
    Objects.requireNonNull(listener, "listener");
    checkGameThread();
    checkOpen();
    closeListeners.add(listener);
    return new SimpleHandle(this, () -> closeListeners.remove(listener));
  }

  /** Whether the world is closed. Any thread. */
  public boolean isClosed() {
    return closed;
  }

  private void checkOpen() {
    if (closing) {
      throw new IllegalStateException("World \"" + name + "\" is " + (closed ? "closed" : "closing"));
    }
  }

  /**
   * Closes the world: new work is refused from here on; close listeners run; the game state ends
   * play first (so that what it owns can still reach the other actors), then the other actors,
   * newest first (even those ending actors destroy or spawn); subsystems shut down; queued work is
   * dropped. Game code that throws while it ends (an actor's or component's {@code endPlay}, a close
   * listener, a subsystem), an exception or an error such as a failed assertion, is logged, naming
   * it, and the rest still ends: a world is always closed whole, so what its experience holds
   * (plugin requests, asset pins) is released; an error of the virtual machine's own (out of memory)
   * is thrown on after that. Idempotent, on the game thread (another thread is refused, closed or not).
   */
  @Override
  public void close() {
    checkGameThread();
    if (closing) {
      return;
    }
    closing = true;
    Throwable fatal = null;
    for (Runnable listener : List.copyOf(closeListeners)) {
      try {
        listener.run();
      } catch (Throwable e) {
        Failures.logInALine(log, e, "Close listener {} of world {} failed", listener, name);
        fatal = fatal == null && Failures.isFatal(e) ? e : fatal;
      }
    }
    closeListeners.clear();
    destroy(gameState, EndPlayReason.WORLD_CLOSED);
    // Actors may destroy others while ending: take the newest still there, each time.
    while (!actors.isEmpty()) {
      Actor newest = actors.newest();
      destroy(newest, EndPlayReason.WORLD_CLOSED);
      actors.remove(newest);
    }
    List<WorldSubsystem> ending = new ArrayList<>(subsystems.values());
    for (int i = ending.size() - 1; i >= 0; i--) {
      try {
        ending.get(i).deinitialize();
      } catch (Throwable e) {
        Failures.logInALine(log, e, "Subsystem {} of world {} failed to shut down", ending.get(i), name);
        fatal = fatal == null && Failures.isFatal(e) ? e : fatal;
      }
    }
    subsystems.clear();
    closed = true;
    timers.clear();
    int dropped = 0;
    for (Runnable task = tasks.poll(); task != null; task = tasks.poll()) {
      dropped++;
      if (task instanceof DroppableTask droppable) {
        try {
          droppable.onDropped().run();
        } catch (Throwable e) {
          log.error("What world {} was to run when it dropped task {} failed", name, droppable.task(), e);
          fatal = fatal == null && Failures.isFatal(e) ? e : fatal;
        }
      }
    }
    if (dropped > 0) {
      log.debug("World {} closed with {} queued tasks dropped", name, dropped);
    }
    if (fatal != null) {
      Failures.rethrowIfFatal(fatal); // the world is closed whole first
    }
  }

  /**
   * A task for {@link #executor()} that is told when the world drops it. Work queued but not yet
   * run when the world closes is dropped; {@code onDropped} then runs instead, on the closing game
   * thread, after the actors have ended, so that whoever waits for the task learns it never will
   * run (complete its future, release what it holds) rather than waiting forever. A task the
   * executor refuses (the world is already closing) is not queued, so not told: the caller sees the
   * {@link java.util.concurrent.RejectedExecutionException}. Any thread.
   */
  public static Runnable droppable(Runnable task, Runnable onDropped) {
    return new DroppableTask(Objects.requireNonNull(task, "task"), Objects.requireNonNull(onDropped, "onDropped"));
  }

  @Override
  public String toString() {
    return "World[" + name + ", " + netMode + ", " + actors.size() + " actors, t=" + timeSeconds + "s]";
  }

  /** Configures a {@link World}. Not thread-safe. */
  public static final class Builder {
    private final String name;
    private NetMode netMode = NetMode.STANDALONE;
    private Class<? extends GameState> gameStateClass = GameState.class;
    private ObjectFactory objects = ObjectFactory.create();
    private StableIdAllocator ids;
    private ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();

    private Builder(String name) {
      this.name = Objects.requireNonNull(name, "name");
      if (name.isBlank()) {
        throw new IllegalArgumentException("a world needs a name");
      }
    }

    /** What the world is on the network; standalone by default. */
    public Builder netMode(NetMode mode) {
      netMode = Objects.requireNonNull(mode, "mode");
      return this;
    }

    /** The class of the world's game state; {@link GameState} by default. */
    public Builder gameState(Class<? extends GameState> type) {
      gameStateClass = Objects.requireNonNull(type, "type");
      return this;
    }

    /**
     * Where its actors get their stable ids: a world store's allocator, so ids never repeat across
     * restarts; by default an in-memory one (ids unique in this process only).
     */
    public Builder ids(StableIdAllocator allocator) {
      ids = Objects.requireNonNull(allocator, "allocator");
      return this;
    }

    /**
     * The factory that builds its actors and components; by default a factory of its own ({@link
     * ObjectFactory#create()}). Worlds that should share class defaults and dependencies share one.
     */
    public Builder objects(ObjectFactory factory) {
      objects = Objects.requireNonNull(factory, "factory");
      return this;
    }

    /** For tests: the queue the executor's tasks wait in (one that pauses a hand-over, to race close()). */
    Builder taskQueue(ConcurrentLinkedQueue<Runnable> queue) {
      tasks = Objects.requireNonNull(queue, "queue");
      return this;
    }

    /**
     * The world, with its game state spawned; the calling thread is its game thread until it
     * {@linkplain World#handOverTo hands the world over}.
     */
    public World build() {
      return new World(this);
    }
  }
}
