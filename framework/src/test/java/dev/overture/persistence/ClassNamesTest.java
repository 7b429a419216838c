package dev.overture.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetExtension;
import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.world.Actor;
import dev.overture.world.ActorComponent;
import dev.overture.world.GameState;
import dev.overture.world.Pawn;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The names a store writes for classes: registered names, never Java class names. */
class ClassNamesTest {

  static class Tank extends Pawn {}

  static class Turret extends ActorComponent {}

  static class Drone extends Actor {}

  static class Rotor extends ActorComponent {}

  @TempDir Path temp;

  @Test
  void of_namesEachGivenClass_andKnowsTheWorldsOwnClassesUnderTheirContentNames() {
    ClassNames names = ClassNames.of(Map.of("Tank", Tank.class, "Turret", Turret.class));

    assertEquals(Optional.of("Tank"), names.nameOf(Tank.class));
    assertEquals(Optional.of("Turret"), names.nameOf(Turret.class));
    assertEquals(Optional.of("Actor"), names.nameOf(Actor.class));
    assertEquals(Optional.of("Pawn"), names.nameOf(Pawn.class));
    assertEquals(Optional.of("GameState"), names.nameOf(GameState.class));
    assertEquals(Optional.of(Tank.class), names.classNamed("Tank"));
    assertEquals(Optional.of(Pawn.class), names.classNamed("Pawn"));
    assertEquals(Optional.empty(), names.classNamed("dev.overture.world.Pawn"), "a Java class name is not a saved name");
    assertEquals(Optional.empty(), names.nameOf(Drone.class));
    assertEquals(Set.of("Actor", "GameState", "Pawn", "Tank", "Turret"), names.names());
  }

  @Test
  void aClassGivenTwoNames_isWrittenUnderTheFirst_andReadUnderEither() {
    Map<String, Class<?>> given = new LinkedHashMap<>();
    given.put("Tank", Tank.class);
    given.put("OldTank", Tank.class);
    ClassNames names = ClassNames.of(given);

    assertEquals(Optional.of("Tank"), names.nameOf(Tank.class));
    assertEquals(Optional.of(Tank.class), names.classNamed("OldTank"));
  }

  @Test
  void aNameTheHostGives_winsOverTheWorldsOwnClassOfThatName() {
    ClassNames names = ClassNames.of(Map.of("Pawn", Tank.class));

    assertEquals(Optional.of(Tank.class), names.classNamed("Pawn"), "the host's own meaning of a name is kept");
    assertEquals(Optional.empty(), names.nameOf(Pawn.class));
  }

  @Test
  void of_refusesANullNameOrClass() {
    Map<String, Class<?>> nullClass = new HashMap<>();
    nullClass.put("Tank", null);
    Map<String, Class<?>> nullName = new HashMap<>();
    nullName.put(null, Tank.class);

    assertEquals("type", assertThrows(NullPointerException.class, () -> ClassNames.of(nullClass)).getMessage());
    assertEquals("name", assertThrows(NullPointerException.class, () -> ClassNames.of(nullName)).getMessage());
  }

  @Test
  void from_asksTheRegistryAtEachLookup_soPluginsAddedAndRemovedLaterAreSeen() throws Exception {
    Path content = Files.createDirectories(temp.resolve("content"));
    Files.writeString(content.resolve("overture.json"), "{}");
    try (AssetManager assets = AssetManager.builder()
        .contentRoot(AssetSource.directory(content))
        .kind(Actor.class, "Tank", Tank.class)
        .build()) {
      ClassNames names = ClassNames.from(assets);

      assertEquals(Optional.of("Tank"), names.nameOf(Tank.class));
      assertEquals(Optional.of(Tank.class), names.classNamed("Tank"));
      assertEquals(Optional.empty(), names.classNamed("Drone"));
      assertEquals(Optional.of("Pawn"), names.nameOf(Pawn.class), "the world's own classes are known too");
      assertEquals(Optional.of(GameState.class), names.classNamed("GameState"));

      assets.addExtension("Drones", AssetExtension.builder()
          .kind(Actor.class, "Drone", Drone.class)
          .kind(ActorComponent.class, "Rotor", Rotor.class)
          .build());

      assertEquals(Optional.of("Drone"), names.nameOf(Drone.class));
      assertEquals(Optional.of("Rotor"), names.nameOf(Rotor.class));
      assertEquals(Optional.of(Drone.class), names.classNamed("Drone"));
      assertEquals(Optional.of(Rotor.class), names.classNamed("Rotor"));
      assertTrue(names.names().containsAll(Set.of("Actor", "Drone", "GameState", "Pawn", "Rotor", "Tank")), names.names().toString());

      assertTrue(assets.removeExtension("Drones"));

      assertEquals(Optional.empty(), names.nameOf(Drone.class));
      assertEquals(Optional.empty(), names.classNamed("Rotor"));
      assertFalse(names.names().contains("Drone"), names.names().toString());
    }
  }

  @Test
  void from_refusesNoManager() {
    assertEquals("assets", assertThrows(NullPointerException.class, () -> ClassNames.from(null)).getMessage());
  }
}
