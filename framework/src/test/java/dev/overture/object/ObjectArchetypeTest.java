package dev.overture.object;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AllowedTypes;
import dev.overture.asset.AssetBundles;
import dev.overture.asset.AssetLoadException;
import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.asset.ClassOrAsset;
import dev.overture.asset.LoadHandle;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.ScanRule;
import dev.overture.asset.ValueRange;
import dev.overture.core.DataException;
import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.testing.Content;
import dev.overture.testing.ManualExecutor;
import dev.overture.world.Actor;
import dev.overture.world.ActorComponent;
import dev.overture.world.Pawn;
import dev.overture.world.World;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Archetypes written as content: read strictly, checked against their class, built by the factory. */
class ObjectArchetypeTest {

  static class Wheel extends ActorComponent {
    @Property @ValueRange(min = 0, max = 5) int grip = 1;
    int gripSquared;

    @Override
    protected void onConstructed() {
      gripSquared = grip * grip;
    }
  }

  static class SnowWheel extends Wheel {
    @Property boolean studded;
  }

  static class Horn extends ActorComponent {
    @Property String sound = "beep";
  }

  static class Vehicle extends Pawn {
    @Property @ValueRange(min = 0) double topSpeed = 30;
    @Property List<String> tags = List.of();
    final Wheel wheel;
    final Optional<Horn> horn;

    Vehicle(ObjectInitializer initializer) {
      wheel = createDefaultSubobject("Wheel", Wheel.class);
      horn = createOptionalDefaultSubobject("Horn", Horn.class);
    }
  }

  /** Something that names the class of what it spawns, directly or by an archetype. */
  record Spawner(@AllowedTypes("Archetype") @AssetBundles(AssetBundles.ALWAYS) ClassOrAsset<Actor> actorClass) {}

  static class SnowVehicle extends Vehicle {
    SnowVehicle(ObjectInitializer initializer) {
      super(initializer.setDefaultSubobjectClass("Wheel", SnowWheel.class));
    }
  }

  static class Wreck extends Vehicle {
    Wreck(ObjectInitializer initializer) {
      super(initializer);
      throw new IllegalStateException("beyond repair");
    }
  }

  @TempDir Path temp;
  private final ManualExecutor workers = new ManualExecutor();
  private AssetManager assets;

  @AfterEach
  void tearDown() {
    if (assets != null) {
      assets.close();
    }
  }

  private AssetManager with(String name, String json) {
    return with(Content.of().file("archetypes/" + name + ".json", json));
  }

  private AssetManager with(Content content) {
    content.file("overture.json", "{}");
    assets = AssetManager.builder()
        .contentRoot(AssetSource.directory(content.writeTo(temp.resolve("assets"))))
        .scanRule(ObjectArchetype.scanRule())
        .scanRule(ScanRule.of("Spawner", Spawner.class, "spawners"))
        .kind(Actor.class, "Vehicle", Vehicle.class)
        .kind(Actor.class, "SnowVehicle", SnowVehicle.class)
        .kind(Actor.class, "Wreck", Wreck.class)
        .kind(ActorComponent.class, "Wheel", Wheel.class)
        .kind(ActorComponent.class, "SnowWheel", SnowWheel.class)
        .kind(ActorComponent.class, "Horn", Horn.class)
        .executor(workers)
        .build();
    return assets;
  }

  private ObjectArchetype load(String name) throws Exception {
    return load(id(name), ObjectArchetype.class);
  }

  private <T> T load(PrimaryAssetId asset, Class<T> type) throws Exception {
    LoadHandle handle = assets.loadPrimaryAssets(List.of(asset), List.of());
    workers.runAll();
    return handle.waitUntilComplete(Duration.ZERO).get(asset, type);
  }

  private Problem failure(String name) {
    return failure(id(name));
  }

  private Problem failure(PrimaryAssetId asset) {
    LoadHandle handle = assets.loadPrimaryAssets(List.of(asset), List.of());
    workers.runAll();
    AssetLoadException e = assertThrows(AssetLoadException.class, () -> handle.waitUntilComplete(Duration.ZERO));
    assertEquals(1, e.problems().size(), e.getMessage());
    return e.problems().get(0);
  }

  private SourceLocation locate(String name, String pointer) {
    var future = assets.tools().locate(id(name), pointer);
    workers.runAll();
    return future.join();
  }

  private String file(String name) {
    return temp.resolve("assets") + "/archetypes/" + name + ".json";
  }

  private static PrimaryAssetId id(String name) {
    return PrimaryAssetId.parse("Archetype:" + name);
  }

  @Test
  void anArchetype_changesPropertiesAndSubobjects_andOnlyForItsOwnInstances() throws Exception {
    with("Sled", """
        {
          "class": "Vehicle",
          "properties": { "topSpeed": 45.5, "tags": ["winter"] },
          "subobjects": {
            "Wheel": { "class": "SnowWheel", "properties": { "grip": 3, "studded": true } },
            "Horn": { "create": false }
          }
        }
        """);
    ObjectArchetype sled = load("Sled");
    assertEquals(List.of(), ObjectFactory.create().check(sled));
    World world = world();

    Vehicle built = world.spawnActor(sled, Vehicle.class, "Sled");
    Vehicle plain = world.spawnActor(Vehicle.class, "Plain");

    assertEquals(45.5, built.topSpeed);
    assertEquals(List.of("winter"), built.tags);
    SnowWheel wheel = (SnowWheel) built.wheel;
    assertEquals(3, wheel.grip);
    assertEquals(9, wheel.gripSquared, "the subobject saw the archetype's values when it finished construction");
    assertTrue(wheel.studded);
    assertTrue(built.horn.isEmpty());
    assertEquals(List.of(wheel), built.components());
    assertEquals(30, plain.topSpeed);
    assertEquals(Wheel.class, plain.wheel.getClass());
    assertEquals(1, plain.wheel.grip);
    assertTrue(plain.horn.isPresent());
  }

  @Test
  void mutableValues_areNeverSharedBetweenInstancesOrWithTheArchetype() throws Exception {
    with("Sled", """
        { "class": "Vehicle", "properties": { "tags": ["winter"] } }
        """);
    ObjectArchetype sled = load("Sled");
    ObjectFactory objects = ObjectFactory.create();

    Vehicle first = objects.newObject(sled, Vehicle.class, null, "a");
    Vehicle second = objects.newObject(sled, Vehicle.class, null, "b");
    first.tags.add("summer");

    assertEquals(List.of("winter"), second.tags);
    assertEquals(List.of("winter"), sled.properties().get("tags"));
  }

  @Test
  void leavingOutARequiredSubobject_isRefusedWhenBuilt_asWellAsByCheck() throws Exception {
    with("Sled", """
        { "class": "Vehicle", "subobjects": { "Wheel": { "create": false } } }
        """);
    ObjectArchetype sled = load("Sled");

    assertEquals("Default subobject \"Wheel\" of Vehicle is required: its archetype cannot leave it out (\"create\": false)",
        assertThrows(ObjectConstructionException.class,
            () -> ObjectFactory.create().newObject(sled, Vehicle.class, null, "v")).getMessage());
  }

  @Test
  void check_knowsTheClassesASubclassRequires() throws Exception {
    with("Sled", """
        { "class": "SnowVehicle", "subobjects": { "Wheel": { "class": "Wheel" } } }
        """);
    ObjectArchetype sled = load("Sled");

    assertEquals(List.of("Default subobject \"Wheel\" of SnowVehicle must be a SnowWheel (set by SnowVehicle); Wheel is not"),
        ObjectFactory.create().check(sled).stream().map(Exception::getMessage).toList());
    ObjectConstructionException e = assertThrows(ObjectConstructionException.class,
        () -> ObjectFactory.create().newObject(sled, Vehicle.class, null, "v"));
    assertTrue(e.getMessage().startsWith("Wheel (set by its archetype) is not a legal class"), e.getMessage());
  }

  @Test
  void check_reportsOverridesThatCannotAllApply_andClassesThatCannotBeBuilt() throws Exception {
    with("Sled", """
        { "class": "Vehicle", "subobjects": { "Horn": { "create": false, "properties": { "sound": "honk" } } } }
        """);
    assertEquals(List.of("Default subobject \"Horn\" of Vehicle is left out (\"create\": false), so its class and properties"
            + " would be ignored; remove them or the \"create\": false"),
        ObjectFactory.create().check(load("Sled")).stream().map(Exception::getMessage).toList());

    assets.close();
    with("Wreck", """
        { "class": "Wreck" }
        """);
    List<DataException> problems = ObjectFactory.create().check(load("Wreck"));
    assertEquals(List.of("Cannot build Wreck: The constructor of Wreck failed: beyond repair"),
        problems.stream().map(Exception::getMessage).toList());
    assertEquals("/class", problems.get(0).pointer());
  }

  private static World world() {
    return World.builder("Test").build();
  }

  @Test
  void anUnknownClass_failsWhereItIsWritten_withTheRegisteredNames() {
    with("Sled", """
        { "class": "Vehicel" }
        """);
    Problem problem = failure("Sled");

    assertEquals("Overture/UnknownClass", problem.id());
    assertEquals("Unknown class \"Vehicel\" (registered: \"Horn\", \"SnowVehicle\", \"SnowWheel\", \"Vehicle\", \"Wheel\", \"Wreck\")", problem.message());
    assertEquals(new SourceLocation(file("Sled"), 1, 12, "/class"), problem.location().orElseThrow());
  }

  /** Regression (review finding 7): an action kind used to be built as an object and fail in Java's words. */
  @Test
  void anActionKind_isRefusedWhereItIsWritten_asNotAClass_withTheValidClasses() {
    Path root = Content.of()
        .file("overture.json", "{}")
        .file("archetypes/Sled.json", """
            { "class": "AddComponents" }
            """)
        .writeTo(temp.resolve("assets"));
    assets = dev.overture.experience.Experiences.register(AssetManager.builder())
        .contentRoot(AssetSource.directory(root))
        .kind(Actor.class, "Vehicle", Vehicle.class)
        .executor(workers)
        .build();
    Problem problem = failure("Sled");

    assertEquals("Overture/WrongClass", problem.id());
    assertEquals("\"AddComponents\" is an action kind, not an object class (valid: \"AbilitySystemComponent\", \"Actor\","
        + " \"GameState\", \"InputComponent\", \"Pawn\", \"Vehicle\")", problem.message());
    assertEquals(new SourceLocation(file("Sled"), 1, 12, "/class"), problem.location().orElseThrow());
  }

  @Test
  void aMissingClass_isRefused() {
    with("Sled", """
        { "properties": {} }
        """);
    Problem problem = failure("Sled");

    assertEquals("Overture/MissingClass", problem.id());
    assertEquals("Missing \"class\": name the registered class this archetype varies", problem.message());
  }

  @Test
  void anUnknownProperty_failsAtIt_withTheClassesProperties() {
    with("Sled", """
        {
          "class": "Vehicle",
          "properties": { "topSped": 45 }
        }
        """);
    Problem problem = failure("Sled");

    assertEquals("Overture/UnknownProperty", problem.id());
    assertEquals("Vehicle has no property \"topSped\" (properties: \"tags\", \"topSpeed\")", problem.message());
    assertEquals(new SourceLocation(file("Sled"), 3, 30, "/properties/topSped"), problem.location().orElseThrow());
  }

  @Test
  void aValueThatDoesNotFit_failsAtIt_withoutCoercion() {
    with("Sled", """
        {
          "class": "Vehicle",
          "properties": { "topSpeed": "fast" }
        }
        """);
    Problem problem = failure("Sled");

    assertEquals("Overture/WrongType", problem.id());
    assertEquals("Expected a number for \"topSpeed\" but found a string", problem.message());
    assertEquals(new SourceLocation(file("Sled"), 3, 31, "/properties/topSpeed"), problem.location().orElseThrow());
  }

  /**
   * Property values are read as every asset file is (docs/assets.md), so that the archetype schema
   * and loading agree: a whole number written as a decimal is that number, as the schema's
   * {@code integer} takes it (both were refused, {@code "grip": 2.0} alike), and a null in a list is
   * refused, as the schema refuses it (it was bound).
   */
  @Test
  void aWholeNumberWrittenAsADecimal_isThatNumber_andANullInAList_isRefused() throws Exception {
    with("Sled", """
        {
          "class": "Vehicle",
          "subobjects": { "Wheel": { "properties": { "grip": 2.0 } } }
        }
        """);
    ObjectArchetype sled = load("Sled");
    assertEquals(List.of(), ObjectFactory.create().check(sled));
    assertEquals(2, ObjectFactory.create().newObject(sled, Vehicle.class, null, "Sled").wheel.grip);

    with("Sled", """
        {
          "class": "Vehicle",
          "properties": { "tags": ["winter", null] }
        }
        """);
    Problem problem = failure("Sled");

    assertEquals("Overture/InvalidValue", problem.id());
    assertEquals("null is not allowed here", problem.message());
    assertEquals(new SourceLocation(file("Sled"), 3, 38, "/properties/tags/1"), problem.location().orElseThrow());
  }

  /**
   * Review finding: a property's {@code @ValueRange} was not read ({@code "topSpeed": -3} loaded).
   * It is refused as an asset file's field is, at the number: when the archetype loads for its own
   * properties, by check (and when built) for a subobject's.
   */
  @Test
  void aPropertyOutsideItsDeclaredRange_failsAtIt_inTheWordsOfAnAssetFilesField() throws Exception {
    with("Sled", """
        {
          "class": "Vehicle",
          "properties": { "topSpeed": -3 }
        }
        """);
    Problem problem = failure("Sled");

    assertEquals("[Overture/OutOfRange] \"topSpeed\" must be 0 or more, not -3 at " + file("Sled") + ":3:31 (/properties/topSpeed)",
        problem.toString());

    assets.close();
    with("Sled", """
        {
          "class": "Vehicle",
          "subobjects": { "Wheel": { "properties": { "grip": 6 } } }
        }
        """);
    List<DataException> problems = ObjectFactory.create().check(load("Sled"));

    assertEquals(List.of("[Overture/OutOfRange] \"grip\" must be from 0 to 5, not 6"),
        problems.stream().map(e -> "[" + e.problemId() + "] " + e.getMessage()).toList());
    assertEquals(new SourceLocation(file("Sled"), 3, 54, "/subobjects/Wheel/properties/grip"), locate("Sled", problems.get(0).pointer()));
  }

  /** Issue 14: "maxSpeed": "NaN" and "Infinity" bound into doubles and validated clean. */
  @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
  @org.junit.jupiter.params.provider.ValueSource(strings = {"\"NaN\"", "\"Infinity\"", "\"-Infinity\""})
  void aNumberThatIsNotFinite_failsAtIt(String value) {
    with("Sled", """
        {
          "class": "Vehicle",
          "properties": { "topSpeed": %s }
        }
        """.formatted(value));
    Problem problem = failure("Sled");

    assertEquals("Overture/InvalidValue", problem.id());
    assertEquals("Expected a finite number but found " + value, problem.message());
    assertEquals(new SourceLocation(file("Sled"), 3, 31, "/properties/topSpeed"), problem.location().orElseThrow());
  }

  @Test
  void check_findsWhatOnlyTheClassKnows_andEachProblemCanBeLocated() throws Exception {
    with("Sled", """
        {
          "class": "Vehicle",
          "subobjects": {
            "Wheels": { "properties": { "grip": 2 } },
            "Wheel": { "create": false },
            "Horn": { "class": "SnowWheel" }
          }
        }
        """);
    ObjectArchetype sled = load("Sled");

    List<DataException> problems = ObjectFactory.create().check(sled);

    assertEquals(List.of(
            "Vehicle creates no default subobject \"Wheels\"",
            "Default subobject \"Wheel\" of Vehicle is required and cannot be left out",
            "Default subobject \"Horn\" of Vehicle must be a Horn; SnowWheel is not"),
        problems.stream().map(Exception::getMessage).toList());
    assertEquals("Vehicle creates no default subobject \"Wheels\" (subobjects: \"Horn\", \"Wheel\")", problems.get(0).toProblem().message());
    assertEquals(new SourceLocation(file("Sled"), 4, 15, "/subobjects/Wheels"), locate("Sled", problems.get(0).pointer()));
    assertEquals(new SourceLocation(file("Sled"), 5, 26, "/subobjects/Wheel/create"), locate("Sled", problems.get(1).pointer()));
    assertEquals(new SourceLocation(file("Sled"), 6, 24, "/subobjects/Horn/class"), locate("Sled", problems.get(2).pointer()));
  }

  @Test
  void check_readsSubobjectPropertiesAsTheClassThatWillBeBuilt() throws Exception {
    with("Sled", """
        {
          "class": "Vehicle",
          "subobjects": {
            "Wheel": { "properties": { "studded": true } },
            "Horn": { "properties": { "sound": 3 } }
          }
        }
        """);
    ObjectArchetype sled = load("Sled");

    List<DataException> problems = ObjectFactory.create().check(sled);

    assertEquals(List.of(
            "Wheel has no property \"studded\"",
            "Expected a string for \"sound\" but found a whole number"),
        problems.stream().map(Exception::getMessage).toList());
    assertEquals(List.of("/subobjects/Wheel/properties/studded", "/subobjects/Horn/properties/sound"),
        problems.stream().map(DataException::pointer).toList());
  }

  // ---- a class named directly or by an archetype

  private static final PrimaryAssetId SPAWNER = PrimaryAssetId.of("Spawner", "Gate");

  private void spawner(String actorClass) {
    with(Content.of()
        .file("spawners/Gate.json", "{ \"actorClass\": \"" + actorClass + "\" }")
        .file("archetypes/Sled.json", "{ \"class\": \"Vehicle\" }"));
  }

  @Test
  void aClassOrAsset_takesARegisteredName() throws Exception {
    spawner("Vehicle");

    Spawner gate = load(SPAWNER, Spawner.class);

    assertEquals(Vehicle.class, gate.actorClass().classRef().orElseThrow().type());
    assertEquals("Vehicle", gate.actorClass().toString());
  }

  @Test
  void aClassOrAsset_takesAnArchetype_whichLoadsWithItsOwner() throws Exception {
    spawner("Archetype:Sled");

    Spawner gate = load(SPAWNER, Spawner.class);

    assertEquals(id("Sled"), gate.actorClass().asset().orElseThrow());
    assertEquals(Vehicle.class, assets.getAsset(id("Sled"), ObjectArchetype.class).orElseThrow().objectClass());
  }

  @Test
  void aClassOrAsset_withAnUnknownName_saysBothWaysToNameAClass() {
    spawner("Vehicel");

    Problem problem = failure(SPAWNER);

    assertEquals("Overture/UnknownClass", problem.id());
    assertEquals(
        "Unknown Actor class \"Vehicel\": name a registered class, or an asset as \"Archetype:Name\" (registered: \"SnowVehicle\","
            + " \"Vehicle\", \"Wreck\")",
        problem.message());
    assertEquals(new SourceLocation(temp.resolve("assets") + "/spawners/Gate.json", 1, 17, "/actorClass"), problem.location().orElseThrow());
  }

  @Test
  void aClassOrAsset_refusesAssetsOfOtherTypes() {
    spawner("Spawner:Gate");

    Problem problem = failure(SPAWNER);

    assertEquals("Overture/WrongAssetType", problem.id());
    assertEquals("Reference \"Spawner:Gate\" is of type Spawner, which does not describe a class (allowed: \"Archetype\")",
        problem.message());
  }

  @Test
  void aClassOrAsset_namingAMissingArchetype_failsWhereItIsWritten() {
    spawner("Archetype:Sledge");

    Problem problem = failure(SPAWNER);

    assertEquals("Overture/UnknownAsset", problem.id());
    assertEquals("/actorClass", problem.location().orElseThrow().pointer());
    assertEquals(1, problem.location().orElseThrow().line());
  }

  @Test
  void spawningAnArchetypeOfAnotherClass_isRefused() throws Exception {
    with("Sled", """
        { "class": "Vehicle" }
        """);
    ObjectArchetype sled = load("Sled");

    ObjectConstructionException e = assertThrows(ObjectConstructionException.class,
        () -> ObjectFactory.create().newObject(sled, Horn.class, null, "h"));
    assertEquals("The archetype's class Vehicle is not a Horn", e.getMessage());
  }
}
