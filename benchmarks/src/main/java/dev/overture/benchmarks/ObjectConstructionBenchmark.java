package dev.overture.benchmarks;

import dev.overture.asset.ClassRef;
import dev.overture.object.ObjectArchetype;
import dev.overture.object.ObjectFactory;
import dev.overture.object.ObjectInitializer;
import dev.overture.object.Property;
import dev.overture.world.Actor;
import dev.overture.world.ActorComponent;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * What building an actor with five default subobjects through the {@link ObjectFactory} costs,
 * against plain {@code new} of the same component classes: the factory's constructor handle, the
 * initializer stack, override lookups, class defaults and subobject adoption, with and without an
 * archetype (one property and one subobject override).
 *
 * <pre>
 * mvn -B -q -DskipTests package
 * java -cp benchmarks/target/benchmarks.jar org.openjdk.jmh.Main ObjectConstructionBenchmark
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class ObjectConstructionBenchmark {

  /** A mesh part. */
  public static class Mesh extends ActorComponent {
    @Property String model = "hero.mesh";
  }

  /** A movement part. */
  public static class Movement extends ActorComponent {
    @Property double maxSpeed = 6.0;
  }

  /** A faster movement part, for the archetype. */
  public static class SprintMovement extends Movement {}

  /** A health part. */
  public static class Health extends ActorComponent {
    @Property int maxHealth = 100;
  }

  /** A camera part. */
  public static class Camera extends ActorComponent {
    @Property double fieldOfView = 90;
  }

  /** An audio part. */
  public static class Audio extends ActorComponent {
    @Property double volume = 1;
  }

  /** Five default subobjects, created through the initializer. */
  public static class FactoryHero extends Actor {
    final Mesh mesh;
    final Movement movement;
    final Health health;
    final Camera camera;
    final Audio audio;

    public FactoryHero(ObjectInitializer initializer) {
      mesh = createDefaultSubobject("Mesh", Mesh.class);
      movement = createDefaultSubobject("Movement", Movement.class);
      health = createDefaultSubobject("Health", Health.class);
      camera = createDefaultSubobject("Camera", Camera.class);
      audio = createDefaultSubobject("Audio", Audio.class);
    }
  }

  /** The same five parts, with {@code new}. */
  public static class PlainHero extends Actor {
    final Mesh mesh = new Mesh();
    final Movement movement = new Movement();
    final Health health = new Health();
    final Camera camera = new Camera();
    final Audio audio = new Audio();
  }

  private final ObjectFactory objects = ObjectFactory.builder().build();
  private ObjectArchetype sprinter;

  @Setup
  public void setUp() {
    objects.classDefaults(FactoryHero.class);
    JsonNodeFactory json = JsonNodeFactory.instance;
    sprinter = new ObjectArchetype(
        ClassRef.of("FactoryHero", FactoryHero.class),
        Map.of(),
        Map.of("Movement", new ObjectArchetype.SubobjectOverride(
            ClassRef.of("SprintMovement", SprintMovement.class), true, Map.of("maxSpeed", json.numberNode(9.5)))));
  }

  @Benchmark
  public PlainHero plainNew() {
    return new PlainHero();
  }

  @Benchmark
  public FactoryHero factory() {
    return objects.newObject(FactoryHero.class, null, "Hero");
  }

  @Benchmark
  public FactoryHero factoryWithArchetype() {
    return objects.newObject(sprinter, FactoryHero.class, null, "Hero");
  }
}
