package dev.overture.object;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.inject.AbstractModule;
import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.name.Named;
import com.google.inject.name.Names;
import dev.overture.inject.GuiceDependencies;
import dev.overture.world.ActorComponent;
import dev.overture.world.EndPlayReason;
import dev.overture.world.Pawn;
import dev.overture.world.World;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ObjectFactoryTest {

  static final List<String> lifecycle = new ArrayList<>();

  // ---- the seed's first example: a spectator pawn replaces its parent's movement and drops the mesh

  static class MovementComponent extends ActorComponent {
    @Property double maxSpeed = 600;
  }

  static class SpectatorPawnMovement extends MovementComponent {}

  static class MeshComponent extends ActorComponent {}

  static class DefaultPawn extends Pawn {
    static final String MOVEMENT = "MovementComponent0";
    static final String MESH = "MeshComponent0";
    final MovementComponent movement;
    final Optional<MeshComponent> mesh;

    DefaultPawn(ObjectInitializer initializer) {
      movement = createDefaultSubobject(MOVEMENT, MovementComponent.class);
      mesh = createOptionalDefaultSubobject(MESH, MeshComponent.class);
    }
  }

  static class SpectatorPawn extends DefaultPawn {
    SpectatorPawn(ObjectInitializer initializer) {
      super(initializer
          .setDefaultSubobjectClass(MOVEMENT, SpectatorPawnMovement.class)
          .doNotCreateDefaultSubobject(MESH));
    }
  }

  @Test
  void seedExample_aSpectatorPawnReplacesTheMovementAndDropsTheMesh() {
    ObjectFactory objects = ObjectFactory.create();

    DefaultPawn plain = objects.newObject(DefaultPawn.class, null, "Plain");
    SpectatorPawn spectator = objects.newObject(SpectatorPawn.class, null, "Spectator");

    assertEquals(MovementComponent.class, plain.movement.getClass());
    assertTrue(plain.mesh.isPresent());
    assertEquals(SpectatorPawnMovement.class, spectator.movement.getClass());
    assertTrue(spectator.mesh.isEmpty(), "absent, in a form that cannot be dereferenced by mistake");
    assertEquals(List.of(spectator.movement), spectator.components());
    assertEquals(DefaultPawn.MOVEMENT, spectator.movement.name());
  }

  // ---- the seed's second example: a character whose mesh is optional

  static class SkeletalMeshComponent extends ActorComponent {}

  static class Character extends Pawn {
    static final String MESH = "CharacterMesh0";
    final Optional<SkeletalMeshComponent> mesh;
    boolean meshConfigured;

    Character(ObjectInitializer initializer) {
      mesh = createOptionalDefaultSubobject(MESH, SkeletalMeshComponent.class);
      mesh.ifPresent(present -> meshConfigured = true);
    }
  }

  static class NoMeshCharacter extends Character {
    NoMeshCharacter(ObjectInitializer initializer) {
      super(initializer.doNotCreateDefaultSubobject(MESH));
    }
  }

  static class StaticMeshComponent extends ActorComponent {}

  static class StaticMeshCharacter extends Character {
    StaticMeshCharacter(ObjectInitializer initializer) {
      super(initializer.setDefaultSubobjectClass(MESH, StaticMeshComponent.class));
    }
  }

  /**
   * Seed 004: "SetDefaultSubobjectClass나 DoNotCreateDefaultSubobject와 같은 함수로 인해 템플릿 파라미터로 들어가는 서브
   * 오브젝트가 만들어지지 않을 경우, nullptr을 반환한다. (이는 static_cast를 사용해 구현되었다.)" A class set by a subclass that is
   * not the type the optional subobject's creator asks for gives "absent", with a warning naming both classes.
   */
  @Test
  void seedExample_anOptionalSubobjectOverriddenWithAnIncompatibleClass_isAbsent_withAWarningNamingBothClasses() {
    java.io.ByteArrayOutputStream logged = new java.io.ByteArrayOutputStream();
    java.io.PrintStream standardError = System.err;
    StaticMeshCharacter character;
    System.setErr(new java.io.PrintStream(logged, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      character = ObjectFactory.create().newObject(StaticMeshCharacter.class, null, "Statue");
    } finally {
      System.setErr(standardError);
    }

    assertTrue(character.mesh.isEmpty(), "absent, as the seed's nullptr");
    assertFalse(character.meshConfigured);
    assertEquals(List.of(), character.components(), "nothing of the other class was created either");
    String log = logged.toString(java.nio.charset.StandardCharsets.UTF_8);
    assertTrue(log.contains("WARN dev.overture.object.ObjectInitializer - Default subobject \"CharacterMesh0\" of StaticMeshCharacter"
        + " is absent: dev.overture.object.ObjectFactoryTest$StaticMeshComponent (set by StaticMeshCharacter) is not"
        + " dev.overture.object.ObjectFactoryTest$SkeletalMeshComponent, the class its creator asks for with"
        + " createOptionalDefaultSubobject"), log);
  }

  @Test
  void seedExample_aCharactersOptionalMeshIsAbsentWhenASubclassRemovesIt() {
    Character character = ObjectFactory.create().newObject(Character.class, null, "Character");
    NoMeshCharacter meshless = ObjectFactory.create().newObject(NoMeshCharacter.class, null, "Meshless");

    assertTrue(character.meshConfigured);
    assertTrue(meshless.mesh.isEmpty());
    assertFalse(meshless.meshConfigured);
  }

  // ---- chains of overrides across a deep hierarchy

  static class Wheel extends ActorComponent {}

  static class SportWheel extends Wheel {}

  static class RacingWheel extends SportWheel {}

  static class SnowWheel extends Wheel {}

  static class Car extends Pawn {
    static final String WHEEL = "Wheel";
    final Optional<Wheel> wheel;

    Car(ObjectInitializer initializer) {
      wheel = createOptionalDefaultSubobject(WHEEL, Wheel.class);
    }
  }

  static class SportCar extends Car {
    SportCar(ObjectInitializer initializer) {
      super(initializer.setDefaultSubobjectClass(WHEEL, SportWheel.class));
    }
  }

  static class RaceCar extends SportCar {
    RaceCar(ObjectInitializer initializer) {
      super(initializer.setDefaultSubobjectClass(WHEEL, RacingWheel.class));
    }
  }

  static class SnowSportCar extends SportCar {
    SnowSportCar(ObjectInitializer initializer) {
      super(initializer.setDefaultSubobjectClass(WHEEL, SnowWheel.class));
    }
  }

  static class Hovercar extends SportCar {
    Hovercar(ObjectInitializer initializer) {
      super(initializer.doNotCreateDefaultSubobject(WHEEL));
    }
  }

  static class WheeledHovercar extends Hovercar {
    WheeledHovercar(ObjectInitializer initializer) {
      super(initializer.setDefaultSubobjectClass(WHEEL, RacingWheel.class));
    }
  }

  @Test
  void theMostDerivedOverrideWins_andMustStillSatisfyEveryBase() {
    ObjectFactory objects = ObjectFactory.create();

    assertEquals(SportWheel.class, objects.newObject(SportCar.class, null, "a").wheel.orElseThrow().getClass());
    assertEquals(RacingWheel.class, objects.newObject(RaceCar.class, null, "b").wheel.orElseThrow().getClass());
    assertTrue(objects.newObject(Hovercar.class, null, "c").wheel.isEmpty(), "a subclass's skip beats a base's class");
    assertEquals(RacingWheel.class, objects.newObject(WheeledHovercar.class, null, "d").wheel.orElseThrow().getClass(),
        "a subclass's class beats a base's skip");

    ObjectConstructionException e =
        assertThrows(ObjectConstructionException.class, () -> objects.newObject(SnowSportCar.class, null, "e"));
    assertEquals(
        "SnowWheel (set by SnowSportCar) is not a legal class for default subobject \"Wheel\" of SnowSportCar:"
            + " SportCar asks for SportWheel and SnowWheel does not extend it",
        e.getMessage());
  }

  // ---- editor-only subobjects and class defaults

  static class Debuggable extends Pawn {
    @Property int lives = 3;
    @Property String title = "Rookie";
    final Optional<MeshComponent> gizmo;

    Debuggable(ObjectInitializer initializer) {
      gizmo = createEditorOnlyDefaultSubobject("Gizmo", MeshComponent.class);
    }
  }

  @Test
  void editorOnlySubobjects_existOnlyInDevelopmentMode() {
    assertTrue(ObjectFactory.create().newObject(Debuggable.class, null, "a").gizmo.isEmpty());
    assertTrue(ObjectFactory.builder().developmentMode(true).build().newObject(Debuggable.class, null, "b").gizmo.isPresent());
  }

  @Test
  void newInstances_startFromTheClassDefaults() {
    ObjectFactory objects = ObjectFactory.builder().build();
    ClassDefaults<Debuggable> defaults = objects.classDefaults(Debuggable.class);
    assertSame(defaults, objects.classDefaults(Debuggable.class), "one per class");
    assertFalse(defaults.object().gizmo.isPresent());
    assertEquals(3, defaults.get("lives"));

    defaults.set("lives", 5);
    Debuggable later = objects.newObject(Debuggable.class, null, "later");

    assertEquals(5, later.lives);
    assertEquals("Rookie", later.title, "unchanged defaults stay the constructor's");
    assertEquals(List.of("lives", "title"), List.copyOf(defaults.properties()));
    assertEquals("Debuggable has no property \"live\" (properties: [lives, title])",
        assertThrows(IllegalArgumentException.class, () -> defaults.set("live", 1)).getMessage());
    assertEquals("Property \"lives\" of Debuggable is an int: \"many\" does not fit",
        assertThrows(IllegalArgumentException.class, () -> defaults.set("lives", "many")).getMessage());
  }

  // ---- dependencies from Guice

  interface Leaderboard {
    String top();
  }

  static class Scoreboard extends ActorComponent {
    final Leaderboard leaderboard;
    final String season;

    @Inject
    Scoreboard(ObjectInitializer initializer, Leaderboard leaderboard, @Named("season") String season) {
      this.leaderboard = leaderboard;
      this.season = season;
    }
  }

  static class Arena extends Pawn {
    final Scoreboard scoreboard;

    Arena(ObjectInitializer initializer) {
      scoreboard = createDefaultSubobject("Scoreboard", Scoreboard.class);
    }
  }

  @Test
  void constructorsGetTheirDependenciesFromGuice() {
    Injector injector = Guice.createInjector(new AbstractModule() {
      @Override
      protected void configure() {
        bind(Leaderboard.class).toInstance(() -> "Ada");
        bindConstant().annotatedWith(Names.named("season")).to("Winter");
      }
    });
    ObjectFactory objects = ObjectFactory.builder().dependencies(GuiceDependencies.of(injector)).build();

    Arena arena = objects.newObject(Arena.class, null, "Arena");

    assertEquals("Ada", arena.scoreboard.leaderboard.top());
    assertEquals("Winter", arena.scoreboard.season);
    ObjectConstructionException missing =
        assertThrows(ObjectConstructionException.class, () -> ObjectFactory.create().newObject(Arena.class, null, "a"));
    assertTrue(missing.getMessage().startsWith(
        "Cannot create default subobject \"Scoreboard\" of Arena: Cannot construct Scoreboard: nothing supplies its parameter 2 ("),
        missing.getMessage());
  }

  // ---- one lifecycle for default and runtime components

  static class Recorder extends ActorComponent {
    @Override
    protected void beginPlay() {
      lifecycle.add("begin " + name());
    }

    @Override
    protected void endPlay(EndPlayReason reason) {
      lifecycle.add("end " + name() + " " + reason);
    }
  }

  static class Robot extends Pawn {
    Robot(ObjectInitializer initializer) {
      createDefaultSubobject("Arm", Recorder.class);
      createDefaultSubobject("Leg", Recorder.class);
    }
  }

  @Test
  void defaultAndRuntimeComponents_shareOneLifecycle() {
    lifecycle.clear();
    World world = World.builder("Test").build();

    Robot robot = world.spawnActor(Robot.class, "Robot");
    Recorder added = robot.addComponent(Recorder.class);
    robot.destroy();

    assertEquals(List.of("begin Arm", "begin Leg", "begin " + added.name(), "end " + added.name() + " DESTROYED",
        "end Leg DESTROYED", "end Arm DESTROYED"), lifecycle);
    assertEquals("Recorder_1", added.name());
    assertSame(robot.defaultSubobject("Arm").orElseThrow(), robot.components().get(0));
  }

  // ---- components that create components

  static class Hand extends Recorder {}

  static class Arm extends Recorder {
    final Hand hand;

    Arm(ObjectInitializer initializer) {
      hand = createDefaultSubobject("Hand", Hand.class);
    }
  }

  static class Crane extends Pawn {
    final Arm arm;

    Crane(ObjectInitializer initializer) {
      arm = createDefaultSubobject("Arm", Arm.class);
    }
  }

  @Test
  void theSubobjectsOfAComponent_joinTheActor_andLeaveWithTheirParent() {
    lifecycle.clear();
    World world = World.builder("Test").build();

    Crane crane = world.spawnActor(Crane.class, "Crane");
    Arm extra = crane.addComponent(Arm.class);

    assertEquals(List.of("Arm", "Arm.Hand", "Arm_1", "Arm_1.Hand"), crane.components().stream().map(ActorComponent::name).toList());
    assertSame(crane, crane.arm.hand.owner());
    assertEquals(List.of("begin Arm", "begin Arm.Hand", "begin Arm_1", "begin Arm_1.Hand"), lifecycle);

    lifecycle.clear();
    crane.removeComponent(extra);
    assertEquals(List.of("end Arm_1.Hand REMOVED", "end Arm_1 REMOVED"), lifecycle);
    assertEquals(List.of("Arm", "Arm.Hand"), crane.components().stream().map(ActorComponent::name).toList());
  }

  @Test
  void postConstruct_runsOnce() {
    Crane crane = ObjectFactory.create().newObject(Crane.class, null, "Crane");
    ObjectInitializer stale = new ObjectInitializer(ObjectFactory.create(), Crane.class, null, "x", false, null);

    assertEquals(crane + " was already constructed",
        assertThrows(IllegalStateException.class, () -> crane.postConstruct(stale)).getMessage());
  }

  // ---- class defaults: inheritance, copies, the default object's parts

  static class Soldier extends Pawn {
    @Property int health = 100;
    @Property List<String> gear = List.of();
  }

  static class Medic extends Soldier {}

  static class Veteran extends Soldier {}

  @Test
  void classDefaults_areInheritedBySubclasses_whoseOwnSettingWins() {
    ObjectFactory objects = ObjectFactory.create();
    objects.classDefaults(Medic.class);
    objects.classDefaults(Soldier.class).set("health", 150);
    objects.classDefaults(Veteran.class).set("health", 250);

    assertEquals(150, objects.newObject(Soldier.class, null, "s").health);
    assertEquals(150, objects.newObject(Medic.class, null, "m").health, "inherited, though Medic's defaults were built before");
    assertEquals(150, objects.classDefaults(Medic.class).get("health"));
    assertEquals(250, objects.newObject(Veteran.class, null, "v").health);
    assertEquals(100, ObjectFactory.create().newObject(Soldier.class, null, "s").health, "another factory, other defaults");
  }

  @Test
  void classDefaults_giveEachInstanceItsOwnCopyOfAMutableValue_andCheckGenericTypes() {
    ObjectFactory objects = ObjectFactory.create();
    ClassDefaults<Soldier> defaults = objects.classDefaults(Soldier.class);
    defaults.set("gear", new ArrayList<>(List.of("rifle")));

    Soldier first = objects.newObject(Soldier.class, null, "a");
    Soldier second = objects.newObject(Soldier.class, null, "b");
    assertEquals(List.of("rifle"), first.gear);
    first.gear.add("medkit");

    assertEquals(List.of("rifle"), second.gear);
    assertEquals(List.of("rifle"), defaults.get("gear"));
    assertEquals("Property \"gear\" of Soldier is a List: [1,2] does not fit",
        assertThrows(IllegalArgumentException.class, () -> defaults.set("gear", List.of(1, 2))).getMessage());
  }

  static class Sensor extends ActorComponent {
    static final List<Boolean> seen = new ArrayList<>();

    Sensor(ObjectInitializer initializer) {
      seen.add(initializer.isClassDefaultObject());
    }

    @Override
    protected void onConstructed() {
      lifecycle.add("sensor constructed");
    }
  }

  static class Drone extends Pawn {
    Drone(ObjectInitializer initializer) {
      createDefaultSubobject("Sensor", Sensor.class);
    }
  }

  @Test
  void theClassDefaultObjectsParts_knowTheyArePartOfIt_andAreNotPostConstructed() {
    Sensor.seen.clear();
    lifecycle.clear();
    ObjectFactory objects = ObjectFactory.create();

    objects.classDefaults(Drone.class);
    assertEquals(List.of(true), Sensor.seen);
    assertEquals(List.of(), lifecycle);

    objects.newObject(Drone.class, null, "d");
    assertEquals(List.of(true, false), Sensor.seen);
    assertEquals(List.of("sensor constructed"), lifecycle);
  }

  static class Counted extends Pawn {
    static final AtomicInteger constructions = new AtomicInteger();
    static final CountDownLatch entered = new CountDownLatch(1);
    static final CountDownLatch release = new CountDownLatch(1);

    Counted(ObjectInitializer initializer) {
      constructions.incrementAndGet();
      entered.countDown();
      try {
        release.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  @Test
  void classDefaults_areBuiltOnce_evenWhenTwoThreadsAskAtOnce() throws Exception {
    ObjectFactory objects = ObjectFactory.create();
    List<ClassDefaults<Counted>> results = java.util.Collections.synchronizedList(new ArrayList<>());
    Thread first = new Thread(() -> results.add(objects.classDefaults(Counted.class)));
    Thread second = new Thread(() -> results.add(objects.classDefaults(Counted.class)));

    first.start();
    Counted.entered.await();
    second.start();
    await().atMost(Duration.ofSeconds(30)).until(() -> second.getState() == Thread.State.BLOCKED);
    Counted.release.countDown();
    first.join();
    second.join();

    assertEquals(1, Counted.constructions.get());
    assertSame(results.get(0), results.get(1));
  }
  /** Creates one of its own kind as a default subobject: it would nest without end. */
  public static class Nesting extends dev.overture.world.ActorComponent {
    public Nesting(ObjectInitializer initializer) {
      createDefaultSubobject("Self", Nesting.class);
    }
  }

  /** Ping creates a Pong, which creates a Ping: a cycle through two classes. */
  public static class Ping extends dev.overture.world.ActorComponent {
    public Ping(ObjectInitializer initializer) {
      createDefaultSubobject("Pong", Pong.class);
    }
  }

  /** See {@link Ping}. */
  public static class Pong extends dev.overture.world.ActorComponent {
    public Pong(ObjectInitializer initializer) {
      createDefaultSubobject("Ping", Ping.class);
    }
  }

  /** A constructor that fails an assertion. */
  public static class Asserting {
    public Asserting() {
      throw new AssertionError("x must be positive");
    }
  }

  /** A class whose static initializer fails. */
  static class BrokenStatics {
    static final int VALUE = Integer.parseInt("not a number");
  }

  /** Reaches {@link BrokenStatics} when built. */
  public static class NeedsBrokenStatics {
    public NeedsBrokenStatics() {
      if (BrokenStatics.VALUE == 0) {
        throw new IllegalStateException("unreachable");
      }
    }
  }

  @Test
  void aClassThatCreatesOneOfItsOwnKind_isRefusedInWords_insteadOfOverflowingTheStack() {
    ObjectFactory objects = ObjectFactory.create();
    ObjectConstructionException direct =
        assertThrows(ObjectConstructionException.class, () -> objects.newObject(Nesting.class, null, "Nest"));
    assertEquals("Default subobjects nest more than 64 deep, at \"Self\" of Nesting: Nesting > Nesting > Nesting > Nesting > Nesting"
        + " > Nesting > ... > Nesting; does a class create one of its own kind?", direct.getMessage());
    ObjectConstructionException cycle = assertThrows(ObjectConstructionException.class, () -> objects.classDefaults(Ping.class));
    assertTrue(cycle.getMessage().contains(": Ping > Pong > Ping > Pong > Ping > Pong > ... > "), cycle.getMessage());
  }

  @Test
  void anErrorFromAConstructor_isAConstructionFailureNamingTheClass_butTheJvmsOwnAreNot() {
    ObjectFactory objects = ObjectFactory.create();
    ObjectConstructionException asserted =
        assertThrows(ObjectConstructionException.class, () -> objects.newObject(Asserting.class, null, "A"));
    assertEquals("The constructor of Asserting failed: x must be positive", asserted.getMessage());
    for (int attempt = 0; attempt < 2; attempt++) { // ExceptionInInitializerError, then NoClassDefFoundError
      ObjectConstructionException statics =
          assertThrows(ObjectConstructionException.class, () -> objects.newObject(NeedsBrokenStatics.class, null, "B"));
      assertTrue(statics.getMessage().startsWith("The constructor of NeedsBrokenStatics failed: "), statics.getMessage());
    }
  }
}
