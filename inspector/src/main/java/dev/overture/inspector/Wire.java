package dev.overture.inspector;

import dev.overture.core.Problem;
import dev.overture.world.WorldView;
import java.util.List;

/**
 * What the page receives, as records Jackson writes: the sections of the WebSocket messages (see
 * docs/inspector.md for the protocol). Immutable; made on the thread that gathers them (a world's
 * game thread for {@link World}, the inspector's own thread for the rest).
 */
final class Wire {

  private Wire() {}

  /** A problem with its place, written out ({@code where} is {@code file:line:column (pointer)}). */
  record Located(String severity, String id, String message, String asset, String where, String file, int line, int column,
      String pointer) {

    static Located of(Problem problem) {
      return new Located(problem.severity().word(), problem.id(), problem.message(), problem.asset().orElse(""),
          problem.location().map(Object::toString).orElse(""),
          problem.location().map(location -> location.file()).orElse(""),
          problem.location().map(location -> location.line()).orElse(0),
          problem.location().map(location -> location.column()).orElse(0),
          problem.location().map(location -> location.pointer()).orElse(""));
    }

    static List<Located> all(List<Problem> problems) {
      return problems.stream().map(Located::of).toList();
    }
  }

  /** One state change of an experience: the state entered, the world's time then and the time since the load began. */
  record Step(String from, String to, double seconds, long ms) {}

  /** Why a load failed. */
  record Failure(String heading, List<Located> problems) {}

  /** A world's experience; {@code failure} is null unless it failed. */
  record Experience(String id, String state, double progress, List<Step> timeline, List<String> plugins, List<String> actions,
      List<String> pausers, Failure failure) {}

  /** A layout on top of a HUD layer. */
  record Layout(String layer, String layout) {}

  /** A HUD widget in its slot, with the text the game gives it (empty when it gives none). */
  record Widget(String slot, String name, String text) {}

  /**
   * One world as its game thread last saw it; {@code view} is null when no game draws it. A world
   * whose game thread has not yet run the inspector's request is {@code waiting}: only its name and
   * net mode are known, and {@code experience} is null.
   */
  record World(String name, String netMode, double seconds, long frame, int actors, Experience experience, List<Layout> layouts,
      List<Widget> widgets, WorldView view, boolean waiting) {

    static World waiting(String name, String netMode) {
      return new World(name, netMode, 0, 0, 0, null, List.of(), List.of(), null, true);
    }
  }

  /** A feature plugin. */
  record Plugin(String id, String state, int requests, String version, String description, List<String> dependencies,
      List<Located> problems) {}

  /** A report of the runtime's feed; {@code time} is ISO-8601. */
  record Report(long sequence, String time, String kind, String summary, List<Located> problems) {}

  /** An asset in memory. */
  record Asset(String name, String type, String state, int pins, List<String> bundles, String file, long bytes) {}

  /** A load in flight. */
  record Load(String requested, List<String> bundles, int loaded, int total, double progress, long ms) {}

  /**
   * The asset manager: totals over every asset in memory, the loads in flight, and the page of
   * rows the client asked for ({@code rows} are those from {@code offset} among the {@code
   * matching} that pass {@code filter}).
   */
  record Assets(int total, int loaded, int loading, int failed, int pinned, long bytes, List<Load> loads, String filter, int offset,
      int matching, List<Asset> rows) {}

  /** The runtime as a whole. */
  record Runtime(int worlds, int indexed, List<String> roots, long uptimeSeconds, boolean closed) {}
}
