package dev.overture.sample.game;

import dev.overture.sample.game.hud.HudWidget;

/**
 * The text of the HUD widgets, as the player sees them: the {@code play} command prints it and the
 * match's {@link ArenaPicture} hands it to tools, so both show the same. Each widget is drawn by the
 * plugin that defines it ({@link HudWidget}). Game thread only.
 */
public final class HudText {

  private HudText() {}

  /**
   * The text of {@code widget} in {@code match}, drawn by the {@link HudWidget} a plugin registered
   * under that name ({@link ArenaMatch#hudWidgets}); a widget no plugin defines shows its name.
   */
  public static String of(ArenaMatch match, String widget) {
    for (HudWidget defined : match.hudWidgets()) {
      if (defined.widgetClass().equals(widget)) {
        return defined.render(match);
      }
    }
    return widget;
  }
}
