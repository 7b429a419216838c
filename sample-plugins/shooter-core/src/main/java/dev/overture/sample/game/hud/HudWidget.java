package dev.overture.sample.game.hud;

import dev.overture.sample.game.ArenaMatch;

/**
 * An extension point of ShooterCore: a HUD widget that content can put in a slot ({@code
 * "widgetClass": "ScoreWidget"} in an {@code AddWidgets} action). Plugins register theirs with
 * {@code plugin.extension(HudWidget.class, new ScoreWidget())}; a renderer shows a widget through
 * the one registered under its name, and the validator refuses a widget class that none defines.
 *
 * <p>Implementations are stateless and called on the world's game thread.
 */
public interface HudWidget {

  /** The name content gives it: {@code widgetClass} in {@code AddWidgets}. */
  String widgetClass();

  /** What the widget shows now, as one line of text. */
  String render(ArenaMatch match);
}
