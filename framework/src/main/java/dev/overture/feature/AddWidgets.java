package dev.overture.feature;

import dev.overture.core.ProblemReporter;
import dev.overture.world.HudModel;
import dev.overture.world.World;
import java.util.List;

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
  public record Layout(String layerId, String layoutClass) {
    public Layout {
      if (layerId == null || layoutClass == null) {
        throw new IllegalArgumentException("A layout needs \"layerId\" and \"layoutClass\"");
      }
    }
  }

  /**
   * A widget in a slot.
   *
   * @param slotId the slot, for example {@code HUD.Slot.Score}
   * @param widgetClass the widget
   */
  public record Widget(String slotId, String widgetClass) {
    public Widget {
      if (slotId == null || widgetClass == null) {
        throw new IllegalArgumentException("A widget needs \"slotId\" and \"widgetClass\"");
      }
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
