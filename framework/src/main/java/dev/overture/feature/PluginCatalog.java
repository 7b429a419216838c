package dev.overture.feature;

import dev.overture.asset.AssetLoadException;
import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetPath;
import dev.overture.asset.AssetSource;
import dev.overture.asset.BoundFile;
import dev.overture.asset.ContentRoot;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.internal.Choices;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The plugins found in the plugins folder, by id, in folder order, and what their descriptors say:
 * who contributes a kind, where a descriptor's pointer is, which plugins a list of names enables.
 * Filled once by {@link #discover} and never changed after, so any thread may read it.
 */
final class PluginCatalog {

  private static final Logger log = LoggerFactory.getLogger(PluginCatalog.class);
  private static final AssetPath DESCRIPTOR = AssetPath.parse("plugin.json");

  private final AssetManager assets;
  private final Map<PluginId, Plugin> plugins;
  /** Folders that cannot be plugins (their names are not plugin names): reported by {@code ready()}. */
  private final List<Problem> unusable;

  private PluginCatalog(AssetManager assets, Map<PluginId, Plugin> plugins, List<Problem> unusable) {
    this.assets = assets;
    this.plugins = Collections.unmodifiableMap(plugins);
    this.unusable = List.copyOf(unusable);
  }

  /**
   * Reads every {@code <folder>/<Name>/plugin.json} of content root {@code rootName}. A descriptor
   * that cannot be read makes a plugin in {@code Error}; the others are unaffected.
   *
   * @throws IllegalArgumentException when there is no such content root
   * @throws UncheckedIOException when the folder exists but cannot be listed
   */
  static PluginCatalog discover(AssetManager assets, String rootName, AssetPath folder) {
    ContentRoot root =
        assets.contentRoots().stream()
            .filter(r -> r.name().equals(rootName))
            .findFirst()
            .orElseThrow(() -> new IllegalArgumentException("No content root \"" + rootName + "\" to find plugins in"));
    Map<PluginId, Plugin> found = new LinkedHashMap<>();
    List<Problem> unusable = new ArrayList<>();
    List<String> files;
    try {
      files = new ArrayList<>(root.source().list(folder, true));
    } catch (NoSuchFileException e) {
      return new PluginCatalog(assets, found, unusable); // no plugins
    } catch (IOException e) {
      throw new UncheckedIOException("Could not list " + root.source().displayPath(folder), e);
    }
    String prefix = folder.value() + "/";
    Collections.sort(files); // the same order on every file system
    for (String file : files) {
      String relative = file.startsWith(prefix) ? file.substring(prefix.length()) : file;
      String[] parts = relative.split("/");
      if (parts.length != 2 || !parts[1].equals(DESCRIPTOR.value())) {
        continue;
      }
      AssetSource source = AssetSource.within(root.source(), folder.resolve(parts[0]));
      String descriptorFile = source.displayPath(DESCRIPTOR);
      if (!PrimaryAssetId.isValidName(parts[0])) {
        unusable.add(Problem.error("Overture/InvalidPluginName", "Plugin folder \"" + parts[0] + "\" is not a plugin name:"
                + " use letters, digits, '_', '-' and '.', starting with a letter, a digit or '_'")
            .at(SourceLocation.at(descriptorFile, "")));
        continue;
      }
      PluginId id = PluginId.of(parts[0]);
      found.put(id, read(assets, id, source, descriptorFile));
    }
    return new PluginCatalog(assets, found, unusable);
  }

  private static Plugin read(AssetManager assets, PluginId id, AssetSource source, String descriptorFile) {
    try {
      BoundFile<PluginDescriptor> bound = assets.tools().bindFile(source, id.name(), DESCRIPTOR, PluginDescriptor.class);
      bound.warnings().forEach(warning -> log.warn("{}", warning));
      PluginDescriptor descriptor = bound.value();
      if (descriptor.name() != null && !descriptor.name().equals(id)) {
        return new Plugin(id, descriptorFile, source, null, new PluginException(id, "install", List.of(
            Problem.error("Overture/PluginNameMismatch",
                    "Plugin \"" + descriptor.name() + "\" lives in folder \"" + id + "\"; the names must match")
                .at(SourceLocation.at(descriptorFile, "/name")))));
      }
      return new Plugin(id, descriptorFile, source, descriptor, null);
    } catch (AssetLoadException e) {
      return new Plugin(id, descriptorFile, source, null, new PluginException(id, "install", e.problems()));
    }
  }

  /** Every plugin, in folder order. */
  Collection<Plugin> all() {
    return plugins.values();
  }

  /** The ids of every plugin, in folder order. */
  List<PluginId> ids() {
    return List.copyOf(plugins.keySet());
  }

  /** Problems of folders that could not become plugins. */
  List<Problem> unusable() {
    return unusable;
  }

  Optional<Plugin> find(PluginId id) {
    return Optional.ofNullable(plugins.get(id));
  }

  /** The plugin {@code id}; an unknown id is a programming error that lists the plugins. */
  Plugin get(PluginId id) {
    Plugin plugin = plugins.get(java.util.Objects.requireNonNull(id, "id"));
    if (plugin == null) {
      throw new IllegalArgumentException(
          "No plugin \"" + id + "\" (plugins: " + Choices.quoted(Choices.closest(id.name(), names())) + ")");
    }
    return plugin;
  }

  private List<String> names() {
    return plugins.keySet().stream().map(PluginId::name).toList();
  }

  /** The plugin whose descriptor says it contributes {@code kind} (an action kind or a component). */
  Optional<PluginId> contributorOf(String kind) {
    for (Plugin plugin : plugins.values()) {
      PluginDescriptor descriptor = plugin.descriptor;
      if (descriptor != null
          && (descriptor.contributes().actions().contains(kind) || descriptor.contributes().components().contains(kind))) {
        return Optional.of(plugin.id);
      }
    }
    return Optional.empty();
  }

  /** {@code pointer} in the plugin's descriptor file, with its line and column when found. */
  SourceLocation locateInDescriptor(Plugin plugin, String pointer) {
    try {
      byte[] bytes = plugin.source.read(DESCRIPTOR, Integer.MAX_VALUE);
      return assets.tools().locate(bytes, plugin.descriptorFile, pointer);
    } catch (IOException | RuntimeException e) {
      return SourceLocation.at(plugin.descriptorFile, pointer);
    }
  }

  /** See {@link GameFeatures#resolve}. */
  PluginSet resolve(Collection<PluginId> names) {
    List<PluginId> installed = new ArrayList<>();
    Map<PluginId, Problem> unknown = new LinkedHashMap<>();
    for (PluginId name : names) {
      if (plugins.containsKey(name)) {
        if (!installed.contains(name)) {
          installed.add(name);
        }
      } else {
        unknown.putIfAbsent(name, Problem.error("Overture/UnknownPlugin", "Plugin \"" + name + "\" is not installed")
            .withChoices("installed", Choices.closest(name.name(), names())));
      }
    }
    Set<PluginId> enabled = new LinkedHashSet<>();
    for (PluginId id : installed) {
      enabled.add(id);
      addDependencies(id, enabled);
    }
    List<PluginId> ordered = new ArrayList<>();
    for (PluginId id : installed) {
      addAfterDependencies(id, installed, ordered, new java.util.HashSet<>());
    }
    return new PluginSet(ordered, enabled, unknown, this::contributorOf, assets);
  }

  /** Adds what {@code id} depends on, directly or not, installed or not, to {@code enabled}. */
  private void addDependencies(PluginId id, Set<PluginId> enabled) {
    PluginDescriptor descriptor = plugins.get(id).descriptor;
    if (descriptor == null) {
      return;
    }
    for (PluginDescriptor.Dependency dependency : descriptor.dependencies()) {
      if (enabled.add(dependency.name()) && plugins.containsKey(dependency.name())) {
        addDependencies(dependency.name(), enabled);
      }
    }
  }

  /** Adds {@code id} to {@code ordered} after those of {@code among} it depends on, directly or not. */
  private void addAfterDependencies(PluginId id, List<PluginId> among, List<PluginId> ordered, Set<PluginId> visiting) {
    if (ordered.contains(id) || !visiting.add(id)) {
      return;
    }
    PluginDescriptor descriptor = plugins.get(id).descriptor;
    if (descriptor != null) {
      for (PluginDescriptor.Dependency dependency : descriptor.dependencies()) {
        if (among.contains(dependency.name())) {
          addAfterDependencies(dependency.name(), among, ordered, visiting);
        }
      }
    }
    ordered.add(id);
  }
}
