package dev.overture.feature;

import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.internal.Choices;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * The dependency checks of discovery, each fault found once, with one id and one located message
 * wherever it is later reported (the validator, {@code ready()}, an activation that needs the
 * plugin):
 *
 * <ul>
 *   <li>{@code Overture/MissingPluginDependency}: a dependency that is not installed;
 *   <li>{@code Overture/PluginVersionMismatch}: one whose version the range does not accept;
 *   <li>{@code Overture/PluginCycle}: plugins that depend on each other, once per cycle, shared by
 *       every plugin on it;
 *   <li>{@code Overture/PluginDependencyFailed}: a dependency that is itself unusable.
 * </ul>
 *
 * A plugin with any of these is unusable from the start: it stays in {@code Error} with them.
 * The graph is walked without recursion, so no number of plugins can exhaust the stack. Runs once,
 * during discovery, on the thread that builds the plugins.
 */
final class PluginDependencies {

  private PluginDependencies() {}

  static void check(Map<PluginId, Plugin> plugins, BiFunction<Plugin, String, SourceLocation> locate,
      java.util.function.Function<PluginId, List<Plugin>> dependentsOf) {
    Map<Plugin, List<Problem>> problems = new LinkedHashMap<>();
    List<String> installed = plugins.keySet().stream().map(PluginId::name).toList();
    for (Plugin plugin : plugins.values()) {
      if (plugin.invalid != null) {
        continue;
      }
      List<PluginDescriptor.Dependency> dependencies = plugin.manifest.dependencies();
      for (int i = 0; i < dependencies.size(); i++) {
        PluginDescriptor.Dependency dependency = dependencies.get(i);
        Plugin other = plugins.get(dependency.name());
        if (other == null) {
          add(problems, plugin, Problem.error("Overture/MissingPluginDependency",
                  "Plugin " + plugin.id + " depends on \"" + dependency.name() + "\", which is not installed")
              .withChoices("installed", Choices.closest(dependency.name().name(), installed))
              .at(locate.apply(plugin, "/dependencies/" + i + "/name")));
        } else if (other.manifest != null && !dependency.versions().accepts(other.manifest.version())) {
          add(problems, plugin, Problem.error("Overture/PluginVersionMismatch",
                  "Plugin " + plugin.id + " needs " + other.id + " " + dependency.versions() + ", but version "
                      + other.manifest.version() + " is installed")
              .at(locate.apply(plugin, "/dependencies/" + i + "/versions")));
        }
      }
    }
    for (List<Plugin> cycle : cycles(plugins)) {
      Plugin first = cycle.get(0);
      Plugin next = cycle.size() > 1 ? cycle.get(1) : first;
      int index = indexOf(first, next.id);
      List<String> names = new ArrayList<>();
      cycle.forEach(plugin -> names.add(plugin.id.name()));
      names.add(first.id.name());
      Problem problem = Problem.error("Overture/PluginCycle",
              "Plugins depend on each other in a cycle: " + String.join(" -> ", names)
                  + "; none of them can activate until one of these dependencies is taken out of its plugin.json")
          .at(locate.apply(first, "/dependencies/" + index + "/name"));
      cycle.forEach(plugin -> add(problems, plugin, problem));
    }
    problems.forEach((plugin, found) -> plugin.invalidate(new PluginException(plugin.id, "install", found)));
    // Each unusable plugin makes those that depend on it unusable, once, from a queue: going over
    // every plugin again until nothing changed took time growing with the square of a chain's
    // length when the chain was discovered in the order opposite to it.
    Deque<Plugin> failed = new ArrayDeque<>();
    plugins.values().stream().filter(plugin -> plugin.invalid != null).forEach(failed::add);
    while (!failed.isEmpty()) {
      for (Plugin plugin : dependentsOf.apply(failed.poll().id)) {
        if (plugin.invalid != null) {
          continue;
        }
        // Named after its first dependency that cannot be installed, in the order it lists them.
        List<PluginDescriptor.Dependency> dependencies = plugin.manifest.dependencies();
        for (int i = 0; i < dependencies.size(); i++) {
          Plugin other = plugins.get(dependencies.get(i).name());
          if (other != null && other.invalid != null) {
            plugin.invalidate(new PluginException(plugin.id, "install", List.of(Problem.error("Overture/PluginDependencyFailed",
                    "Plugin " + plugin.id + " depends on " + other.id + ", which cannot be installed (see the problems of "
                        + other.id + ")")
                .at(locate.apply(plugin, "/dependencies/" + i + "/name")))));
            failed.add(plugin);
            break;
          }
        }
      }
    }
  }

  /**
   * The plugins whose descriptors list each plugin among their dependencies, each once, in the
   * order of {@code plugins}.
   */
  static Map<PluginId, List<Plugin>> dependentsIn(Map<PluginId, Plugin> plugins) {
    Map<PluginId, List<Plugin>> found = new HashMap<>();
    for (Plugin plugin : plugins.values()) {
      if (plugin.manifest == null) {
        continue;
      }
      for (PluginDescriptor.Dependency dependency : plugin.manifest.dependencies()) {
        List<Plugin> list = found.computeIfAbsent(dependency.name(), id -> new ArrayList<>());
        if (list.isEmpty() || list.get(list.size() - 1) != plugin) {
          list.add(plugin);
        }
      }
    }
    return found;
  }

  private static void add(Map<Plugin, List<Problem>> problems, Plugin plugin, Problem problem) {
    problems.computeIfAbsent(plugin, p -> new ArrayList<>()).add(problem);
  }

  private static int indexOf(Plugin plugin, PluginId dependency) {
    List<PluginDescriptor.Dependency> dependencies = plugin.manifest.dependencies();
    for (int i = 0; i < dependencies.size(); i++) {
      if (dependencies.get(i).name().equals(dependency)) {
        return i;
      }
    }
    return 0;
  }

  /**
   * One cycle per group of plugins that depend on each other (a strongly connected component with
   * more than one plugin, or one that depends on itself), starting at the group's smallest name:
   * Tarjan's algorithm with an explicit stack.
   */
  static List<List<Plugin>> cycles(Map<PluginId, Plugin> plugins) {
    Map<Plugin, Integer> index = new HashMap<>();
    Map<Plugin, Integer> low = new HashMap<>();
    Deque<Plugin> component = new ArrayDeque<>();
    java.util.Set<Plugin> onStack = new java.util.HashSet<>();
    List<List<Plugin>> groups = new ArrayList<>();
    int counter = 0;
    for (Plugin root : plugins.values()) {
      if (root.manifest == null || index.containsKey(root)) {
        continue;
      }
      // Each frame: a plugin and the position of the next dependency to look at.
      Deque<int[]> positions = new ArrayDeque<>();
      Deque<Plugin> frames = new ArrayDeque<>();
      frames.push(root);
      positions.push(new int[] {0});
      index.put(root, counter);
      low.put(root, counter++);
      component.push(root);
      onStack.add(root);
      while (!frames.isEmpty()) {
        Plugin plugin = frames.peek();
        int[] position = positions.peek();
        List<Plugin> next = edges(plugin, plugins);
        if (position[0] < next.size()) {
          Plugin other = next.get(position[0]++);
          if (!index.containsKey(other)) {
            index.put(other, counter);
            low.put(other, counter++);
            component.push(other);
            onStack.add(other);
            frames.push(other);
            positions.push(new int[] {0});
          } else if (onStack.contains(other)) {
            low.put(plugin, Math.min(low.get(plugin), index.get(other)));
          }
          continue;
        }
        frames.pop();
        positions.pop();
        if (!frames.isEmpty()) {
          Plugin parent = frames.peek();
          low.put(parent, Math.min(low.get(parent), low.get(plugin)));
        }
        if (low.get(plugin).equals(index.get(plugin))) {
          List<Plugin> group = new ArrayList<>();
          Plugin member;
          do {
            member = component.pop();
            onStack.remove(member);
            group.add(member);
          } while (member != plugin);
          if (group.size() > 1 || edges(plugin, plugins).contains(plugin)) {
            groups.add(cycleWithin(group, plugins));
          }
        }
      }
    }
    return groups;
  }

  /** The dependencies of {@code plugin} that are installed and readable. */
  private static List<Plugin> edges(Plugin plugin, Map<PluginId, Plugin> plugins) {
    List<Plugin> found = new ArrayList<>();
    for (PluginDescriptor.Dependency dependency : plugin.manifest.dependencies()) {
      Plugin other = plugins.get(dependency.name());
      if (other != null && other.manifest != null) {
        found.add(other);
      }
    }
    return found;
  }

  /** A shortest cycle through the group's smallest name, found breadth first inside the group. */
  private static List<Plugin> cycleWithin(List<Plugin> group, Map<PluginId, Plugin> plugins) {
    Plugin start = group.get(0);
    for (Plugin plugin : group) {
      if (plugin.id.compareTo(start.id) < 0) {
        start = plugin;
      }
    }
    java.util.Set<Plugin> members = new java.util.HashSet<>(group);
    Map<Plugin, Plugin> cameFrom = new HashMap<>();
    Deque<Plugin> queue = new ArrayDeque<>(List.of(start));
    while (!queue.isEmpty()) {
      Plugin plugin = queue.poll();
      for (Plugin other : edges(plugin, plugins)) {
        if (other == start) {
          List<Plugin> path = new ArrayList<>();
          for (Plugin at = plugin; at != null; at = cameFrom.get(at)) {
            path.add(0, at);
          }
          return path;
        }
        if (members.contains(other) && !cameFrom.containsKey(other) && other != start) {
          cameFrom.put(other, plugin);
          queue.add(other);
        }
      }
    }
    return List.of(start);
  }
}
