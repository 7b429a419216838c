package dev.overture.sample;

import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.experience.Experiences;
import dev.overture.sample.game.HealthComponent;
import dev.overture.sample.game.Hero;
import dev.overture.sample.game.HeroMovement;
import dev.overture.sample.game.ScoreComponent;
import dev.overture.world.Actor;
import dev.overture.world.ActorComponent;
import java.nio.file.Path;

/**
 * The sample game's asset manager: its content root, the experience asset types and built-in
 * actions, and the classes its content names (the Hero pawn and its movement, the ShooterCore components).
 */
final class SampleContent {

  private SampleContent() {}

  /** An asset manager over {@code folder}, or over the content inside the jar when it is null. */
  static AssetManager open(Path folder) {
    AssetSource source =
        folder != null ? AssetSource.directory(folder) : AssetSource.classpath(SampleContent.class.getClassLoader(), "assets");
    return Experiences.register(AssetManager.builder())
        .contentRoot(source)
        .kind(Actor.class, "Hero", Hero.class)
        .kind(ActorComponent.class, "ScoreComponent", ScoreComponent.class)
        .kind(ActorComponent.class, "HealthComponent", HealthComponent.class)
        .kind(ActorComponent.class, "HeroMovement", HeroMovement.class)
        .build();
  }
}
