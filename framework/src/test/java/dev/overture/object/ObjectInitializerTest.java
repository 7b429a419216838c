package dev.overture.object;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.world.ActorComponent;
import dev.overture.world.Pawn;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What a constructor reads from its initializer: the class being built (the most derived, also in
 * a base class's constructor), the object's name and outer, and the default subobjects created so
 * far, in creation order, however many a class has.
 */
class ObjectInitializerTest {

  static class Joint extends ActorComponent {}

  /** What each constructor saw, in order. */
  static final List<String> SEEN = new ArrayList<>();

  static class Robot extends Pawn {
    Robot(ObjectInitializer initializer) {
      SEEN.add("Robot sees " + initializer.objectClass().getSimpleName() + " " + initializer.name() + " in "
          + initializer.outer().map(Object::toString).orElse("nothing") + ", parts: " + initializer.hasSubobjects());
      SEEN.add(initializer.toString());
      for (int i = 1; i <= 6; i++) {
        initializer.createDefaultSubobject(this, "Joint" + i, Joint.class);
      }
      SEEN.add("parts: " + initializer.subobjects().keySet() + " " + initializer.hasSubobjects());
    }
  }

  static class Android extends Robot {
    Android(ObjectInitializer initializer) {
      super(initializer);
      initializer.createDefaultSubobject(this, "Face", Joint.class);
      SEEN.add("Android has " + initializer.subobjects().size() + " parts");
    }
  }

  @Test
  void aConstructor_seesTheClassBeingBuilt_itsNameAndOuter_andThePartsSoFar() {
    SEEN.clear();
    ObjectFactory objects = ObjectFactory.create();

    Android android = objects.newObject(Android.class, "Workshop", "Unit7");

    assertEquals(List.of(
        "Robot sees Android Unit7 in Workshop, parts: false",
        "ObjectInitializer[Android Unit7, constructing]",
        "parts: [Joint1, Joint2, Joint3, Joint4, Joint5, Joint6] true",
        "Android has 7 parts"), SEEN);
    List<String> names = new ArrayList<>();
    for (ActorComponent part : android.components()) {
      names.add(part.name());
    }
    assertEquals(List.of("Joint1", "Joint2", "Joint3", "Joint4", "Joint5", "Joint6", "Face"), names,
        "every part, past the first few, in creation order");
    Optional<ActorComponent> sixth = android.defaultSubobject("Joint6");
    assertTrue(sixth.isPresent());
    assertSame(android.components().get(5), sixth.get());
  }

  @Test
  void aClassBuiltForItself_seesItself_withNoOuter() {
    SEEN.clear();
    Robot robot = ObjectFactory.create().newObject(Robot.class, null, "R");

    assertEquals("Robot sees Robot R in nothing, parts: false", SEEN.get(0));
    assertEquals(6, robot.components().size());
  }
}
