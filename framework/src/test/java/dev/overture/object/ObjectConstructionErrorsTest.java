package dev.overture.object;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.world.ActorComponent;
import dev.overture.world.Pawn;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What {@link ObjectFactory} refuses, in the words the user sees: overrides of the wrong type or
 * made too late, required subobjects skipped, subobjects created twice or outside construction,
 * classes it cannot construct, and constructors that fail or keep their initializer.
 */
class ObjectConstructionErrorsTest {

  /**
   * Seed 004: the text of {@code UE_CLOG(!CurrentInitializer, LogObj, Fatal, TEXT("No object initializer found during
   * construction."))}, then what to do about it.
   */
  static final String NO_INITIALIZER = "No object initializer found during construction. Default subobjects are created only"
      + " while a constructor run by an ObjectFactory (newObject, spawnActor, addComponent) runs, on its thread.";

  // ---- errors

  static class Engine extends ActorComponent {}

  static class Rocket extends ActorComponent {}

  static class Truck extends Pawn {
    Truck(ObjectInitializer initializer) {
      createDefaultSubobject("Engine", Engine.class);
    }
  }

  static class RocketTruck extends Truck {
    RocketTruck(ObjectInitializer initializer) {
      super(initializer.setDefaultSubobjectClass("Engine", Rocket.class));
    }
  }

  static class EnginelessTruck extends Truck {
    EnginelessTruck(ObjectInitializer initializer) {
      super(initializer.doNotCreateDefaultSubobject("Engine"));
    }
  }

  static class Greedy extends Pawn {
    Greedy(ObjectInitializer initializer) {
      createDefaultSubobject("Engine", Engine.class);
      createDefaultSubobject("Engine", Engine.class);
    }
  }

  static class Meddler extends Pawn {
    Meddler(ObjectInitializer initializer) {
      DefaultSubobjects.create(new Engine(), "Stolen", Rocket.class);
    }
  }

  static class Nameless extends Pawn {
    Nameless(ObjectInitializer initializer) {
      createDefaultSubobject("", Engine.class);
    }
  }

  static class NullNamed extends Pawn {
    NullNamed(ObjectInitializer initializer) {
      createOptionalDefaultSubobject(null, Engine.class);
    }
  }

  // Regression: a default subobject could be created without a name (a component a store cannot tell
  // from its actor), and a null name failed with "The constructor of NullNamed failed: subobject".
  @Test
  void aDefaultSubobjectWithoutAName_isRefused_sayingWhoCreatesIt() {
    assertEquals("Nameless creates a default subobject of Engine without a name (\"\"); give each default subobject a name",
        assertThrows(ObjectConstructionException.class, () -> ObjectFactory.create().newObject(Nameless.class, null, "n"))
            .getMessage());
    assertEquals("NullNamed creates a default subobject of Engine without a name (null); give each default subobject a name",
        assertThrows(ObjectConstructionException.class, () -> ObjectFactory.create().newObject(NullNamed.class, null, "n"))
            .getMessage());
  }

  @Test
  void anOverrideThatIsNotTheRequestedType_namesBothTypesAndTheSubobject() {
    ObjectConstructionException e =
        assertThrows(ObjectConstructionException.class, () -> ObjectFactory.create().newObject(RocketTruck.class, null, "t"));
    assertEquals(
        "Cannot use Rocket (set by RocketTruck) for default subobject \"Engine\" of RocketTruck: it is not an Engine",
        e.getMessage());
  }

  @Test
  void skippingARequiredSubobject_isRefused() {
    ObjectConstructionException e =
        assertThrows(ObjectConstructionException.class, () -> ObjectFactory.create().newObject(EnginelessTruck.class, null, "t"));
    assertEquals(
        "Default subobject \"Engine\" of EnginelessTruck is required: EnginelessTruck cannot skip it with"
            + " doNotCreateDefaultSubobject (its creator would have to use createOptionalDefaultSubobject)",
        e.getMessage());
  }

  @Test
  void creatingASubobjectTwice_isRefused() {
    ObjectConstructionException e =
        assertThrows(ObjectConstructionException.class, () -> ObjectFactory.create().newObject(Greedy.class, null, "g"));
    assertEquals("Default subobject \"Engine\" of Greedy is created twice", e.getMessage());
  }

  @Test
  void outsideConstruction_thereIsNoInitializer() {
    Engine engine = ObjectFactory.create().newObject(Engine.class, null, "e");

    IllegalStateException e = assertThrows(IllegalStateException.class, () -> DefaultSubobjects.create(engine, "Part", Rocket.class));
    assertEquals(NO_INITIALIZER, e.getMessage());
    assertEquals(NO_INITIALIZER, assertThrows(IllegalStateException.class, ObjectInitializer::current).getMessage());
  }

  @Test
  void creatingOnBehalfOfAnotherObject_usesTheWrongInitializer() {
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> ObjectFactory.create().newObject(Meddler.class, null, "m"));
    assertEquals("Using incorrect object initializer. It constructs Meddler, not this Engine.", e.getMessage());
    assertTrue(e.getMessage().startsWith("Using incorrect object initializer."), "seed 004's text, then the detail");
  }

  static class Plain extends Pawn {
    final Engine engine = createDefaultSubobject("Engine", Engine.class);
  }

  @Test
  void classesWithoutAnInitializerParameter_stillCreateSubobjects() {
    Plain plain = ObjectFactory.create().newObject(Plain.class, null, "p");
    assertEquals(List.of(plain.engine), plain.components());
  }

  static class Explosive extends ActorComponent {
    Explosive() {
      throw new IllegalArgumentException("boom");
    }
  }

  @Test
  void aConstructorThatThrows_isNamed() {
    ObjectConstructionException e =
        assertThrows(ObjectConstructionException.class, () -> ObjectFactory.create().newObject(Explosive.class, null, "x"));
    assertEquals("The constructor of Explosive failed: boom", e.getMessage());
  }

  @Test
  void classesWithSeveralConstructors_mustSayWhichToUse() {
    ObjectConstructionException e =
        assertThrows(ObjectConstructionException.class, () -> ObjectFactory.create().newObject(Ambiguous.class, null, "a"));
    assertEquals("Cannot construct " + Ambiguous.class.getName()
        + ": annotate one of its constructors with @Inject (it has [Ambiguous(String), Ambiguous(int)])", e.getMessage());
  }

  @Test
  void innerClasses_areRefusedWithTheFix() {
    class Local extends ActorComponent {}
    ObjectConstructionException e =
        assertThrows(ObjectConstructionException.class, () -> ObjectFactory.create().newObject(Local.class, null, "l"));
    assertEquals("Cannot construct " + Local.class.getName() + ": it is an inner class and needs an instance of"
        + " ObjectConstructionErrorsTest; declare it static or top-level", e.getMessage());
  }

  /** Not static: each instance belongs to an instance of the test. */
  class Member extends ActorComponent {}

  @Test
  void classesThatNeedAnEnclosingInstance_areRefusedWithTheFix() {
    ObjectConstructionException member =
        assertThrows(ObjectConstructionException.class, () -> ObjectFactory.create().newObject(Member.class, null, "m"));
    assertEquals("Cannot construct " + Member.class.getName() + ": it is an inner class and needs an instance of"
        + " ObjectConstructionErrorsTest; declare it static or top-level", member.getMessage());
    Object anonymous = new ActorComponent() {};
    ObjectConstructionException e = assertThrows(
        ObjectConstructionException.class, () -> ObjectFactory.create().newObject(anonymous.getClass(), null, "a"));
    assertEquals("Cannot construct " + anonymous.getClass().getName() + ": it is an inner class and needs an instance of"
        + " ObjectConstructionErrorsTest; declare it static or top-level", e.getMessage());
  }

  static class DeclaredInAStaticMethod {
    static Class<?> localClass() {
      class Local extends ActorComponent {}
      return Local.class;
    }
  }

  record Tag(String name) {}

  @Test
  void classesDeclaredInStaticMethods_areBuilt_abstractOnesAndRecordsWithoutDependencies_areNot() {
    ObjectFactory objects = ObjectFactory.create();
    assertEquals(DeclaredInAStaticMethod.localClass(),
        objects.newObject(DeclaredInAStaticMethod.localClass(), null, "l").getClass());
    ObjectConstructionException abstractClass =
        assertThrows(ObjectConstructionException.class, () -> objects.newObject(ActorComponent.class, null, "c"));
    assertEquals("Cannot construct " + ActorComponent.class.getName() + ": it is abstract", abstractClass.getMessage());
    ObjectConstructionException record =
        assertThrows(ObjectConstructionException.class, () -> objects.newObject(Tag.class, null, "t"));
    assertEquals("Cannot construct Tag: nothing supplies its parameter 1 (java.lang.String): no dependency resolver is set"
        + " (ObjectFactory.builder().dependencies(...))", record.getMessage());
  }

  static class Ambiguous {
    Ambiguous(int a) {}

    Ambiguous(String b) {}
  }

  // ---- what constructors may get wrong

  static class Grumpy extends Pawn {
    Grumpy(ObjectInitializer initializer) {
      throw new IllegalStateException("grumpy");
    }
  }

  @Test
  void anIllegalStateExceptionFromAConstructor_isWrappedWithTheClass_andTheStackIsLeftEmpty() {
    ObjectConstructionException e =
        assertThrows(ObjectConstructionException.class, () -> ObjectFactory.create().newObject(Grumpy.class, null, "g"));

    assertEquals("The constructor of Grumpy failed: grumpy", e.getMessage());
    assertEquals(NO_INITIALIZER, assertThrows(IllegalStateException.class, ObjectInitializer::current).getMessage(),
        "nothing left on the stack");
  }

  static class Hoarder extends Pawn {
    static ObjectInitializer kept;

    Hoarder(ObjectInitializer initializer) {
      kept = initializer;
    }
  }

  @Test
  void anInitializerKeptPastConstruction_saysConstructionIsOver() {
    Hoarder hoarder = ObjectFactory.create().newObject(Hoarder.class, null, "h");

    assertEquals("Cannot create default subobject \"Engine\" of Hoarder: its construction is over",
        assertThrows(IllegalStateException.class,
            () -> Hoarder.kept.createDefaultSubobject(hoarder, "Engine", Engine.class)).getMessage());
    assertEquals("Cannot change default subobject \"Engine\" of Hoarder: its construction is over",
        assertThrows(IllegalStateException.class,
            () -> Hoarder.kept.setDefaultSubobjectClass("Engine", Rocket.class)).getMessage());
  }

  static class LateTruck extends Truck {
    LateTruck(ObjectInitializer initializer) {
      super(initializer);
      initializer.doNotCreateDefaultSubobject("Engine");
    }
  }

  static class TypoTruck extends Truck {
    TypoTruck(ObjectInitializer initializer) {
      super(initializer.setDefaultSubobjectClass("Engin", Engine.class));
    }
  }

  @Test
  void overridesMadeTooLateOrForNoSubobject_areRefused() {
    ObjectFactory objects = ObjectFactory.create();

    assertEquals("LateTruck changes default subobject \"Engine\" of LateTruck after it was created; change it in the"
            + " super(...) argument, before the base constructor runs",
        assertThrows(ObjectConstructionException.class, () -> objects.newObject(LateTruck.class, null, "t")).getMessage());
    assertEquals("TypoTruck changes default subobject \"Engin\", which no constructor of TypoTruck creates"
            + " (subobjects: \"Engine\")",
        assertThrows(ObjectConstructionException.class, () -> objects.newObject(TypoTruck.class, null, "t")).getMessage());
  }

  static class DoubleInject {
    @Inject
    DoubleInject(String a) {}

    @Inject
    DoubleInject(Integer b) {}
  }

  @Test
  void twoInjectConstructors_areRefused() {
    ObjectConstructionException e =
        assertThrows(ObjectConstructionException.class, () -> ObjectFactory.create().newObject(DoubleInject.class, null, "d"));
    assertEquals("Cannot construct " + DoubleInject.class.getName()
        + ": only one constructor may be annotated @Inject (it has [DoubleInject(Integer), DoubleInject(String)])",
        e.getMessage());
  }
}
