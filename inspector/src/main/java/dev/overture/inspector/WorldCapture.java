package dev.overture.inspector;

import dev.overture.experience.ExperienceManager;
import dev.overture.experience.ExperienceManager.Transition;
import dev.overture.experience.LoadState;
import dev.overture.world.HudModel;
import dev.overture.world.World;
import dev.overture.world.WorldView;
import dev.overture.world.WorldViews;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Reads one world into a {@link Wire.World}: its time, its experience (state, progress, the
 * timeline with times, plugins, actions, the failure with its located problems), its HUD and the
 * picture its game contributes. Runs on the world's game thread only (the inspector queues it on
 * {@link World#executor()}), and only looks: subsystems nobody created are not created.
 */
final class WorldCapture {

  private WorldCapture() {}

  static Wire.World capture(World world) {
    world.checkGameThread();
    Wire.Experience experience = ExperienceManager.of(world).map(WorldCapture::experience)
        .orElse(new Wire.Experience("", LoadState.UNLOADED.toString(), 0, List.of(), List.of(), List.of(), List.of(), null));
    List<Wire.Layout> layouts = new ArrayList<>();
    List<Wire.Widget> widgets = new ArrayList<>();
    WorldView view = world.findSubsystem(WorldViews.class).flatMap(WorldViews::current).orElse(null);
    Map<String, String> texts = view == null ? Map.of() : view.widgets();
    world.findSubsystem(HudModel.class).ifPresent(hud -> {
      hud.layers().forEach((layer, stack) -> hud.topLayout(layer).ifPresent(top -> layouts.add(new Wire.Layout(layer, top))));
      hud.slots().forEach((slot, names) -> {
        for (String name : names) {
          widgets.add(new Wire.Widget(slot, name, texts.getOrDefault(name, "")));
        }
      });
    });
    return new Wire.World(world.name(), netMode(world), world.timeSeconds(), world.frame(), world.actors().size(), experience,
        layouts, widgets, view, false);
  }

  /** How the page names a world's net mode ("standalone", "dedicated server"). Any thread. */
  static String netMode(World world) {
    return world.netMode().name().toLowerCase(Locale.ROOT).replace('_', ' ');
  }

  private static Wire.Experience experience(ExperienceManager manager) {
    List<Wire.Step> timeline = new ArrayList<>();
    for (Transition change : manager.timeline()) {
      timeline.add(new Wire.Step(change.from().toString(), change.to().toString(), change.worldSeconds(),
          TimeUnit.NANOSECONDS.toMillis(change.sinceStartNanos())));
    }
    Wire.Failure failure = manager.failure()
        .map(cause -> new Wire.Failure(cause.heading(), Wire.Located.all(cause.problems())))
        .orElse(null);
    return new Wire.Experience(manager.experienceId().map(Object::toString).orElse(""), manager.state().toString(),
        manager.loadProgress(), timeline, manager.activePlugins().stream().map(Object::toString).toList(), manager.activeActions(),
        manager.pendingPausers(), failure);
  }
}
