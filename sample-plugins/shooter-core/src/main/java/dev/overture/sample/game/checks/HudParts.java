package dev.overture.sample.game.checks;

import dev.overture.core.Problems;
import dev.overture.feature.AddWidgets;
import dev.overture.feature.GameFeatures;
import dev.overture.sample.game.hud.HudSlot;
import dev.overture.sample.game.hud.HudWidget;
import dev.overture.validation.ActionValidator;
import dev.overture.validation.ValidationContext;
import java.util.List;
import java.util.Optional;

/**
 * ShooterCore's rule for HUDs: every widget an {@code AddWidgets} action puts up is one some
 * plugin defines ({@link HudWidget}), in a slot some plugin defines ({@link HudSlot}); anything
 * else would show nothing. Stateless.
 */
public final class HudParts implements ActionValidator<AddWidgets> {

  @Override
  public Class<AddWidgets> actionClass() {
    return AddWidgets.class;
  }

  @Override
  public void isDataValid(AddWidgets action, ValidationContext context) {
    Optional<GameFeatures> features = context.features();
    if (features.isEmpty()) {
      return;
    }
    List<String> widgets = features.get().extensions(HudWidget.class).stream().map(HudWidget::widgetClass).sorted().toList();
    List<String> slots = features.get().extensions(HudSlot.class).stream().map(HudSlot::id).sorted().toList();
    for (int i = 0; i < action.widgets().size(); i++) {
      AddWidgets.Widget widget = action.widgets().get(i);
      if (!widgets.contains(widget.widgetClass())) {
        context.error("Sample/UnknownWidget", "/widgets/" + i + "/widgetClass",
            "No plugin defines the HUD widget \"" + widget.widgetClass() + "\"" + guess(widget.widgetClass(), widgets),
            "widgets", widgets);
      }
      if (!slots.contains(widget.slotId())) {
        context.error("Sample/UnknownSlot", "/widgets/" + i + "/slotId",
            "No plugin defines the HUD slot \"" + widget.slotId() + "\"" + guess(widget.slotId(), slots),
            "slots", slots);
      }
    }
  }

  static String guess(String wanted, List<String> known) {
    return Problems.didYouMean(wanted, known).map(name -> "; did you mean \"" + name + "\"?").orElse("");
  }
}
