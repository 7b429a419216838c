package dev.overture.world;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The HUD of a world's local player, headless: layouts pushed onto layers (the newest on top) and
 * widgets in named slots. A game renders or prints it; features add to it through handles. A
 * dedicated server has no HUD: features skip it there. Confined to the game thread: once a world
 * has created it, every method and handle refuses another thread, naming both.
 */
public final class HudModel implements WorldSubsystem {

  private final Map<String, List<String>> layers = new LinkedHashMap<>();
  private final Map<String, List<String>> slots = new LinkedHashMap<>();
  /** The world that created it; null for one made outside a world. */
  private World world;

  /** An empty HUD; the world creates it as a subsystem. */
  public HudModel() {}

  @Override
  public void initialize(World owner) {
    world = owner;
  }

  /** Pushes {@code layout} on top of {@code layer} until the handle is released. */
  public Handle pushLayout(String layer, String layout) {
    return add(layers, layer, layout);
  }

  /** Adds {@code widget} to {@code slot} until the handle is released. */
  public Handle addWidget(String slot, String widget) {
    return add(slots, slot, widget);
  }

  private Handle add(Map<String, List<String>> map, String key, String value) {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(value, "value");
    confined();
    List<String> values = map.computeIfAbsent(key, k -> new ArrayList<>());
    values.add(value);
    return new SimpleHandle(world, () -> {
      values.remove(value);
      if (values.isEmpty()) {
        map.remove(key);
      }
    });
  }

  private void confined() {
    if (world != null) {
      world.checkGameThread();
    }
  }

  /** The layout on top of {@code layer}, if any. */
  public java.util.Optional<String> topLayout(String layer) {
    confined();
    List<String> stack = layers.get(layer);
    return stack == null || stack.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(stack.get(stack.size() - 1));
  }

  /** The layers and their layouts, bottom first. */
  public Map<String, List<String>> layers() {
    confined();
    Map<String, List<String>> copy = new LinkedHashMap<>();
    layers.forEach((layer, stack) -> copy.put(layer, List.copyOf(stack)));
    return copy;
  }

  /** The slots and their widgets, in the order added. */
  public Map<String, List<String>> slots() {
    confined();
    Map<String, List<String>> copy = new LinkedHashMap<>();
    slots.forEach((slot, widgets) -> copy.put(slot, List.copyOf(widgets)));
    return copy;
  }

  /** How many layouts and widgets are in place. */
  public int size() {
    confined();
    int total = 0;
    for (List<String> stack : layers.values()) {
      total += stack.size();
    }
    for (List<String> widgets : slots.values()) {
      total += widgets.size();
    }
    return total;
  }
}
