package dev.overture.sample.game;

/**
 * An action that adds to the game state a component a world holds one of, under a name of its own
 * (TopDownArena's {@code SpawnPickups} adds the {@code HealthPickups} rule): a second such action in
 * one experience fails to activate in play ("already has a component named ..."). ShooterCore's
 * checks ({@code Sample/TwiceInAWorld}) refuse the second, in validate and before play starts,
 * wherever the two are written (the experience's own actions and those of its action sets).
 * {@code ConfigureMatch}'s match is such a component too, checked as {@code Sample/TwoMatches}.
 *
 * <p>Validation calls {@link #gameStateComponent} on whatever thread checks the content: it returns
 * a constant, as the action's own data is immutable once bound.
 */
public interface OnePerWorld {

  /** The name of the component the action adds to the game state ("HealthPickups"). */
  String gameStateComponent();
}
