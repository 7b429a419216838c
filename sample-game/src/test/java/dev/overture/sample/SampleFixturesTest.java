package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overture.asset.AssetManager;
import dev.overture.inject.Overture;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.object.ObjectArchetype;
import dev.overture.object.ObjectFactory;
import dev.overture.sample.game.Hero;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The sample's hero archetypes saved at each past Sample-Hero version (frozen) always load, upgraded. */
class SampleFixturesTest {

  @ParameterizedTest(name = "Sample-Hero {0}")
  @ValueSource(strings = {"1", "2"})
  void aVeteranHero_turns270DegreesPerSecond_atEveryVersion(String version) throws Exception {
    Path folder = Path.of(SampleFixturesTest.class.getResource("/fixtures/Sample-Hero/" + version).toURI());
    // The fixtures hold archetypes alone; ShooterCore (a plugin folder of the real content) gives "Hero" its name.
    try (Overture overture = SampleContent.builder(folder, null).kind(dev.overture.world.Actor.class, "Hero", Hero.class).build()) {
      AssetManager assets = overture.assets();
      ObjectArchetype veteran = assets.loadSynchronously(PrimaryAssetId.parse("Archetype:Veteran"), ObjectArchetype.class);

      Hero hero = ObjectFactory.create().newObject(veteran, Hero.class, null, "Veteran");

      assertEquals(270.0, hero.movement().turnRate(), 1e-9);
      assertEquals(6.5, hero.movement().maxSpeed());
    }
  }
}
