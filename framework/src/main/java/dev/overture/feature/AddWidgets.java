package dev.overture.feature;

import dev.overture.asset.Required;
import dev.overture.core.ProblemReporter;
import dev.overture.world.HudModel;
import dev.overture.world.World;
import java.util.List;
import java.util.Objects;

/**
 * Puts HUD layouts on layers and widgets in slots while active: Lyra's {@code
 * GameFeatureAction_AddWidgets}, headless (the world's {@link HudModel}, which a game renders or
 * prints). Client side only.
 *
 * <p>Immutable; applied on each world's game thread.
 *
 * @param layout layouts to push, per layer
 * @param widgets widgets to add, per slot
 */
public record AddWidgets(List<Layout> layout, List<Widget> widgets) implements WorldActionBase {

  public AddWidgets {
    layout = layout == null ? List.of() : List.copyOf(layout);
    widgets = widgets == null ? List.of() : List.copyOf(widgets);
  }

  /**
   * A layout on a layer.
   *
   * @param layerId the layer, for example {@code UI.Layer.Game}
   * @param layoutClass the layout
   */
  public record Layout(
      @Required("name the layer, for example \"UI.Layer.Game\"") String layerId,
      @Required("name the layout to push") String layoutClass) {
    public Layout {
      Objects.requireNonNull(layerId, "layerId");
      Objects.requireNonNull(layoutClass, "layoutClass");
    }
  }

  /**
   * A widget in a slot.
   *
   * @param slotId the slot, for example {@code HUD.Slot.Score}
   * @param widgetClass the widget
   */
  public record Widget(
      @Required("name the slot, for example \"HUD.Slot.Score\"") String slotId,
      @Required("name the widget to add") String widgetClass) {
    public Widget {
      Objects.requireNonNull(slotId, "slotId");
      Objects.requireNonNull(widgetClass, "widgetClass");
    }
  }

  @Override
  public void addToWorld(World world, FeatureContext context) {
    if (!world.netMode().hasClient()) {
      return;
    }
    HudModel hud = world.subsystem(HudModel.class);
    for (Layout entry : layout) {
      context.keep(hud.pushLayout(entry.layerId(), entry.layoutClass()));
    }
    for (Widget entry : widgets) {
      context.keep(hud.addWidget(entry.slotId(), entry.widgetClass()));
    }
  }

  @Override
  public void validate(ProblemReporter problems) {
    if (layout.isEmpty() && widgets.isEmpty()) {
      problems.warning("Overture/EmptyAction", "", "AddWidgets adds nothing");
    }
  }
}
