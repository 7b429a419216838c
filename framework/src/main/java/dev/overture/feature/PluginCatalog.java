package dev.overture.feature;

import dev.overture.asset.AssetLimits;
import dev.overture.asset.AssetLoadException;
import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetPath;
import dev.overture.asset.AssetSource;
import dev.overture.asset.BoundFile;
import dev.overture.asset.ContentRoot;
import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.internal.Choices;
import dev.overture.internal.FileTooLargeException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The plugins found at start-up, by id, in discovery order (plugin folders of the game's content,
 * then the jars of the plugins folder, each by name), and what their descriptors say: who
 * contributes a kind, where a descriptor's pointer is, which plugins a list of names enables. Filled
 * once by {@link #discover}, which also finds every dependency that cannot be met (missing, wrong
 * version, a cycle), and never changed after, so any thread may read it.
 */
final class PluginCatalog {

  private static final Logger log = LoggerFactory.getLogger(PluginCatalog.class);
  private static final AssetPath DESCRIPTOR = PluginOrigin.DESCRIPTOR;

  private final AssetManager assets;
  private final Map<PluginId, Plugin> plugins;
  /** What could not become a plugin at all (a folder whose name is no plugin name, a second plugin of one name). */
  private final List<Problem> unusable;
  /** Warnings about what looks like a plugin but is not one by the rules ({@link PluginNearMisses}). */
  private final List<Problem> nearMisses;
  /** The private copies of the plugin jars the plugins are read from. */
  private final JarCopies copies;
  /** The plugins whose descriptor lists each plugin among its dependencies, in discovery order. */
  private final Map<PluginId, List<Plugin>> dependents;

  private PluginCatalog(
      AssetManager assets, Map<PluginId, Plugin> plugins, List<Problem> unusable, List<Problem> nearMisses, JarCopies copies) {
    this.assets = assets;
    this.plugins = Collections.unmodifiableMap(plugins);
    this.unusable = List.copyOf(unusable);
    this.nearMisses = List.copyOf(nearMisses);
    this.copies = copies;
    this.dependents = PluginDependencies.dependentsIn(plugins);
  }

  /** Removes the copies of the plugin jars, once the plugins are done with. */
  void close() {
    copies.close();
  }

  /** Closes the class loader of every jar plugin that has one (the runtime is closing). */
  void closeLoaders() {
    for (Plugin plugin : plugins.values()) {
      if (plugin.loader instanceof PluginClassLoader own) {
        try {
          own.close();
        } catch (IOException e) {
          log.warn("Could not close the class loader of plugin {}: {}", plugin.id, message(e));
        }
      }
    }
  }

  /**
   * Reads every {@code <folder>/<Name>/plugin.json} of content root {@code rootName}, then every
   * jar of {@code jars} (when not null). A descriptor that cannot be read, or dependencies that
   * cannot be met, make a plugin in {@code Error}; the others are unaffected. What looks like a
   * plugin but does not match these rules is a warning ({@link #nearMisses}).
   *
   * @throws IllegalArgumentException when there is no such content root
   * @throws UncheckedIOException when a folder exists but cannot be listed
   */
  static PluginCatalog discover(AssetManager assets, String rootName, AssetPath folder, Path jars, long maxJarBytes) {
    ContentRoot root =
        assets.contentRoots().stream()
            .filter(r -> r.name().equals(rootName))
            .findFirst()
            .orElseThrow(() -> new IllegalArgumentException("No content root \"" + rootName + "\" to find plugins in"));
    Map<PluginId, Plugin> found = new LinkedHashMap<>();
    List<Problem> unusable = new ArrayList<>();
    List<Problem> nearMisses = new ArrayList<>();
    discoverFolders(assets, root, folder, found, unusable, nearMisses);
    JarCopies copies = new JarCopies(maxJarBytes);
    if (jars != null) {
      discoverJars(assets, jars, copies, found, unusable, nearMisses);
    }
    PluginCatalog catalog = new PluginCatalog(assets, found, unusable, nearMisses, copies);
    PluginDependencies.check(found, catalog::locateInDescriptor, catalog::dependentsOf); // the index the catalog built
    return catalog;
  }

  private static void discoverFolders(AssetManager assets, ContentRoot root, AssetPath folder, Map<PluginId, Plugin> found,
      List<Problem> unusable, List<Problem> nearMisses) {
    List<String> files;
    try {
      files = new ArrayList<>(root.source().list(folder, true));
    } catch (NoSuchFileException e) {
      return; // no plugin folders
    } catch (IOException e) {
      throw new UncheckedIOException("Could not list " + root.source().displayPath(folder), e);
    }
    String prefix = folder.value() + "/";
    Collections.sort(files); // the same order on every file system
    List<String> relatives = new ArrayList<>();
    Set<String> pluginFolders = new HashSet<>();
    for (String file : files) {
      String relative = file.startsWith(prefix) ? file.substring(prefix.length()) : file;
      relatives.add(relative);
      String[] parts = relative.split("/");
      if (parts.length != 2 || !parts[1].equals(DESCRIPTOR.value())) {
        continue;
      }
      pluginFolders.add(parts[0]);
      PluginOrigin.Folder origin = new PluginOrigin.Folder(AssetSource.within(root.source(), folder.resolve(parts[0])));
      if (!ContentRoot.isValidName(parts[0])) {
        unusable.add(Problem.error("Overture/InvalidPluginName", "Plugin folder \"" + parts[0] + "\" is not a plugin name: "
                + PluginId.RULE)
            .at(SourceLocation.at(origin.descriptorFile(), "")));
        continue;
      }
      PluginId id = PluginId.of(parts[0]);
      found.put(id, read(assets, id, origin, true));
    }
    nearMisses.addAll(PluginNearMisses.inContent(root.source(), folder, relatives, pluginFolders));
  }

  private static void discoverJars(AssetManager assets, Path jars, JarCopies copies, Map<PluginId, Plugin> found,
      List<Problem> unusable, List<Problem> nearMisses) {
    if (!Files.isDirectory(jars)) {
      return; // no plugins folder: no jar plugins
    }
    List<Path> files;
    try {
      files = PluginNearMisses.jarsIn(jars, nearMisses);
    } catch (IOException e) {
      throw new UncheckedIOException("Could not list the plugins folder " + jars, e);
    }
    for (Path jar : files) {
      PluginId fallback = idFromFileName(jar);
      PluginOrigin.Jar origin;
      Plugin plugin;
      try {
        origin = new PluginOrigin.Jar(jar, copies.copyOf(jar));
        plugin = read(assets, fallback, origin, false);
      } catch (FileTooLargeException e) {
        origin = new PluginOrigin.Jar(jar, jar);
        plugin = new Plugin(fallback, origin, null, new PluginException(fallback, "install", List.of(
            Problem.error("Overture/LimitExceeded", "Plugin jar " + e.getMessage() + "; it was neither copied nor opened")
                .at(SourceLocation.ofFile(origin.location())))), List.of());
      }
      PluginId id = plugin.manifest != null && plugin.manifest.name() != null ? plugin.manifest.name() : fallback;
      if (plugin.manifest != null && plugin.manifest.name() == null) {
        plugin = new Plugin(fallback, origin, null, new PluginException(fallback, "install", List.of(
            Problem.error("Overture/MissingPluginName",
                    "The plugin.json of a jar plugin must give its \"name\", for example \"name\": \"" + fallback + "\"")
                .at(SourceLocation.ofFile(origin.descriptorFile())))), plugin.warnings);
      } else if (!id.equals(plugin.id)) {
        plugin = new Plugin(id, origin, plugin.manifest, plugin.manifestHasActions, plugin.invalid, plugin.warnings);
      }
      Plugin other = found.get(id);
      if (other != null) {
        unusable.add(Problem.error("Overture/DuplicatePlugin", "Plugin \"" + id + "\" is both " + other.origin.location()
                + " and " + origin.location() + "; remove one of them")
            .at(SourceLocation.ofFile(origin.descriptorFile())));
        continue;
      }
      found.put(id, plugin);
    }
  }

  /** A plugin name from a jar's file name, for messages about a jar whose descriptor gives none. */
  private static PluginId idFromFileName(Path jar) {
    String name = jar.getFileName().toString();
    name = name.substring(0, name.length() - ".jar".length()).replaceAll("[^A-Za-z0-9_]", "_");
    name = name.isEmpty() || !Character.isLetter(name.charAt(0)) ? "P" + name : name;
    return PluginId.of(name.length() > 64 ? name.substring(0, 64) : name);
  }

  private static Plugin read(AssetManager assets, PluginId id, PluginOrigin origin, boolean nameFromFolder) {
    AssetSource source;
    try {
      source = origin.open();
    } catch (IOException e) {
      return new Plugin(id, origin, null, new PluginException(id, "install", List.of(unreadable(origin, e))), List.of());
    }
    try {
      Problem layout = PluginLayout.problem(origin, source);
      if (layout != null) {
        return new Plugin(id, origin, null, new PluginException(id, "install", List.of(layout)), List.of());
      }
      byte[] json = readDescriptor(source);
      List<Problem> nulls = json == null ? List.of() : nullFields(assets, json, origin);
      if (!nulls.isEmpty()) {
        return new Plugin(id, origin, null, new PluginException(id, "install", nulls), List.of());
      }
      // Bound from the bytes just read: the descriptor is read once, as every content file is.
      BoundFile<PluginManifest> bound = assets.tools().bindFile(json == null ? source : new ReadOnce(source, json),
          ContentRoot.GAME, DESCRIPTOR, PluginManifest.class);
      bound.warnings().forEach(warning -> log.warn("{}", warning));
      PluginDescriptor manifest = bound.value().descriptor;
      if (nameFromFolder && manifest.name() != null && !manifest.name().equals(id)) {
        return new Plugin(id, origin, null, new PluginException(id, "install", List.of(
            Problem.error("Overture/PluginNameMismatch",
                    "Plugin \"" + manifest.name() + "\" lives in folder \"" + id + "\"; the names must match")
                .at(locate(assets, source, origin.descriptorFile(), "/name")))), bound.warnings());
      }
      return new Plugin(id, origin, manifest, bound.value().hasActions, null, bound.warnings());
    } catch (AssetLoadException e) {
      return new Plugin(id, origin, null, new PluginException(id, "install", e.problems()), List.of());
    } finally {
      if (origin.isolated()) {
        closeQuietly(source);
      }
    }
  }

  /**
   * A problem at each property of the descriptor that is an explicit {@code null}, located with its
   * pointer ({@code "version": null} was "Missing "version"" at the closing brace, and the other
   * nulls unsaid). Empty when the file cannot be read here: binding it says why.
   */
  private static List<Problem> nullFields(AssetManager assets, byte[] json, PluginOrigin origin) {
    List<Problem> problems = new ArrayList<>();
    PluginManifest.nullFields(json).forEach((pointer, message) -> problems.add(Problem.error("Overture/InvalidValue", message)
        .at(assets.tools().locate(json, origin.descriptorFile(), pointer))));
    return problems;
  }

  /** The descriptor's bytes, or null when they cannot be read here: binding reads it again and says why. */
  private static byte[] readDescriptor(AssetSource source) {
    try {
      return source.read(DESCRIPTOR, AssetLimits.defaults().maxDocumentBytes());
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** {@code source}, whose descriptor was read already: binding gets those bytes (within its own limit). */
  private record ReadOnce(AssetSource source, byte[] descriptor) implements AssetSource {
    @Override
    public String name() {
      return source.name();
    }

    @Override
    public List<String> list(AssetPath folder, boolean recursive) throws IOException {
      return source.list(folder, recursive);
    }

    @Override
    public byte[] read(AssetPath path, int maxBytes) throws IOException {
      return path.equals(DESCRIPTOR) && descriptor.length <= maxBytes ? descriptor : source.read(path, maxBytes);
    }

    @Override
    public boolean exists(AssetPath path) {
      return source.exists(path);
    }

    @Override
    public String displayPath(AssetPath path) {
      return source.displayPath(path);
    }

    @Override
    public Optional<Path> folder() {
      return source.folder();
    }
  }

  private static SourceLocation locate(AssetManager assets, AssetSource source, String file, String pointer) {
    try {
      // Bounded like every content read: the descriptor may have changed since it was bound (grown,
      // or become a named pipe, which the source refuses from its attributes without opening it).
      return assets.tools().locate(source.read(DESCRIPTOR, AssetLimits.defaults().maxDocumentBytes()), file, pointer);
    } catch (IOException | RuntimeException e) {
      return SourceLocation.at(file, pointer);
    }
  }

  static void closeQuietly(AssetSource source) {
    try {
      source.close();
    } catch (IOException e) {
      log.warn("Could not close {}: {}", source.name(), message(e));
    }
  }

  /**
   * The problem of a plugin that cannot be opened, at its file; a file that is no zip archive (a
   * copy cut short, an empty file, something else named .jar) says what to do about it.
   */
  static Problem unreadable(PluginOrigin origin, IOException e) {
    String advice = e instanceof java.util.zip.ZipException
        ? " (it is not a jar: a jar is a zip archive; build it again with jar or the build's jar step, or take it out of"
            + " the plugins folder)"
        : "";
    return Problem.error("Overture/UnreadablePlugin", "Cannot read the plugin " + origin.location() + ": " + message(e) + advice)
        .at(SourceLocation.ofFile(origin.location()));
  }

  /** An exception's message, or what it is when it has none, for users (never the class name alone). */
  static String message(Throwable e) {
    return dev.overture.internal.Failures.describe(e);
  }

  /**
   * The plugins whose descriptors list {@code id} among their dependencies, in discovery order:
   * found in an index built once, not by reading every descriptor again for each plugin that
   * unregisters.
   */
  List<Plugin> dependentsOf(PluginId id) {
    return dependents.getOrDefault(id, List.of());
  }

  /** Every plugin, in discovery order. */
  Collection<Plugin> all() {
    return plugins.values();
  }

  /** The ids of every plugin, in discovery order. */
  List<PluginId> ids() {
    return List.copyOf(plugins.keySet());
  }

  /** Problems of what could not become a plugin. */
  List<Problem> unusable() {
    return unusable;
  }

  /** Warnings about what looks like a plugin but is none by the discovery rules. */
  List<Problem> nearMisses() {
    return nearMisses;
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

  List<String> names() {
    return plugins.keySet().stream().map(PluginId::name).toList();
  }

  /**
   * The plugin {@code kind} belongs to (any sort of kind, or an asset class): the one whose code
   * registered that name, or, for a plugin not registered, whose descriptor says it contributes it.
   */
  Optional<PluginId> contributorOf(String kind) {
    return contributorOf(null, kind);
  }

  /**
   * The plugin the kind {@code name} of sort {@code sort} (null: any) belongs to. What a plugin's
   * code registered is its own whether or not its {@code contributes} lists it, so content that
   * uses it must enable the plugin (play and validate both ask here); {@code contributes} tells
   * the same of a plugin whose code has not registered yet.
   */
  Optional<PluginId> contributorOf(Contribution.Kind sort, String name) {
    Optional<PluginId> registered = registeredContributorOf(sort, name);
    return registered.isPresent() ? registered : declaredContributorOf(sort, name);
  }

  /** The registered plugin whose code registered the kind {@code name} of {@code sort} (null: any). */
  Optional<PluginId> registeredContributorOf(Contribution.Kind sort, String name) {
    for (Plugin plugin : plugins.values()) {
      if (plugin.registered.names(sort == null ? null : sort.base(), name)) {
        return Optional.of(plugin.id);
      }
    }
    return Optional.empty();
  }

  /** The plugin whose descriptor's {@code contributes} lists the kind {@code name} of {@code sort} (null: any). */
  Optional<PluginId> declaredContributorOf(Contribution.Kind sort, String name) {
    for (Plugin plugin : plugins.values()) {
      PluginDescriptor manifest = plugin.manifest;
      if (manifest != null && (sort != Contribution.Kind.COMPONENT && manifest.contributes().actions().contains(name)
          || sort != Contribution.Kind.ACTION && manifest.contributes().components().contains(name))) {
        return Optional.of(plugin.id);
      }
    }
    return Optional.empty();
  }

  /** See {@link GameFeatures#unregisteredHolderOf}. */
  Optional<PluginId> unregisteredHolderOf(dev.overture.asset.PrimaryAssetId id) {
    for (Plugin plugin : plugins.values()) {
      PluginState state = plugin.state;
      if (plugin.manifest == null || state != PluginState.INSTALLED && state != PluginState.ERROR) {
        continue;
      }
      List<dev.overture.asset.ScanRule> rules = new ArrayList<>(assets.tools().scanRules());
      for (dev.overture.asset.ScanRuleDeclaration declared : plugin.manifest.primaryAssetTypesToScan()) {
        try {
          rules.add(declared.toScanRule(assets.tools().assetClasses()));
        } catch (IllegalArgumentException e) {
          // a rule its registration refuses (said there) indexes nothing
        }
      }
      AssetSource source = null;
      try {
        source = plugin.origin.open();
        if (holds(source, rules, id)) {
          return Optional.of(plugin.id);
        }
      } catch (IOException | RuntimeException e) {
        // unreadable: its own problem says so; it holds nothing that can be found
      } finally {
        if (source != null && plugin.origin.isolated()) {
          closeQuietly(source);
        }
      }
    }
    return Optional.empty();
  }

  private static boolean holds(AssetSource source, List<dev.overture.asset.ScanRule> rules, dev.overture.asset.PrimaryAssetId id)
      throws IOException {
    for (dev.overture.asset.ScanRule rule : rules) {
      if (!rule.type().equals(id.type())) {
        continue;
      }
      for (AssetPath directory : rule.directories()) {
        if (!rule.recursive()) {
          if (source.exists(directory.resolve(id.name() + "." + rule.extension()))) {
            return true;
          }
          continue;
        }
        try {
          for (String file : source.list(directory, true)) {
            AssetPath path = AssetPath.parse(file);
            if (path.baseName().equals(id.name()) && path.extension().equalsIgnoreCase(rule.extension())) {
              return true;
            }
          }
        } catch (NoSuchFileException e) {
          // the plugin has no such folder
        }
      }
    }
    return false;
  }

  /** See {@link GameFeatures#ownerOf}. */
  Optional<PluginId> ownerOf(Object instance) {
    for (Plugin plugin : plugins.values()) {
      for (PluginCode.Extension extension : plugin.extensions) {
        if (extension.instance() == instance) {
          return Optional.of(plugin.id);
        }
      }
    }
    return Optional.empty();
  }

  /** See {@link GameFeatures#extensions}. */
  <T> List<T> extensions(Class<T> point) {
    List<T> found = new ArrayList<>();
    for (Plugin plugin : plugins.values()) {
      for (PluginCode.Extension extension : plugin.extensions) {
        if (extension.point() == point) {
          found.add(point.cast(extension.instance()));
        }
      }
    }
    return List.copyOf(found);
  }

  /** {@code pointer} in the plugin's descriptor file, with its line and column when found. */
  SourceLocation locateInDescriptor(Plugin plugin, String pointer) {
    AssetSource source = null;
    try {
      source = plugin.origin.open();
      return locate(assets, source, plugin.descriptorFile(), pointer);
    } catch (IOException | RuntimeException e) {
      return SourceLocation.at(plugin.descriptorFile(), pointer);
    } finally {
      if (source != null && plugin.origin.isolated()) {
        closeQuietly(source);
      }
    }
  }

  /**
   * The plugins {@code id} depends on, directly or through others, that can be installed: whose
   * content its own may name.
   */
  Set<PluginId> dependenciesOf(PluginId id) {
    Set<PluginId> found = new LinkedHashSet<>();
    List<PluginId> pending = new ArrayList<>(List.of(id));
    while (!pending.isEmpty()) {
      Plugin plugin = plugins.get(pending.remove(pending.size() - 1));
      if (plugin == null || plugin.manifest == null) {
        continue;
      }
      for (PluginDescriptor.Dependency dependency : plugin.manifest.dependencies()) {
        if (found.add(dependency.name())) {
          pending.add(dependency.name());
        }
      }
    }
    found.remove(id);
    return found;
  }

  /** See {@link GameFeatures#resolve}. */
  PluginSet resolve(Collection<PluginId> names) {
    // Sets, not lists searched: an experience enabling thousands of plugins resolved in time
    // growing with their square.
    Set<PluginId> installed = new LinkedHashSet<>();
    Map<PluginId, Problem> unknown = new LinkedHashMap<>();
    for (PluginId name : names) {
      if (plugins.containsKey(name)) {
        installed.add(name);
      } else {
        unknown.putIfAbsent(name, Problem.error("Overture/UnknownPlugin", "Plugin \"" + name + "\" is not installed")
            .withChoices("installed", Choices.closest(name.name(), names())));
      }
    }
    Set<PluginId> enabled = new LinkedHashSet<>();
    for (PluginId id : installed) {
      // What is enabled already holds its dependencies too: walking them again for each plugin
      // of a long chain took time growing with the chain's square.
      if (enabled.add(id)) {
        enabled.addAll(dependenciesOf(id));
      }
    }
    Set<PluginId> ordered = new LinkedHashSet<>();
    for (PluginId id : installed) {
      addAfterDependencies(id, installed, ordered);
    }
    return new PluginSet(List.copyOf(ordered), enabled, unknown, this::contributorOf, assets);
  }

  /**
   * Adds {@code start} to {@code ordered} after those of {@code among} it depends on, directly or
   * not. Iterative, and safe on cycles (a plugin on one is visited once), so no dependency graph
   * can exhaust the stack.
   */
  private void addAfterDependencies(PluginId start, Set<PluginId> among, Set<PluginId> ordered) {
    record Step(PluginId id, boolean expanded) {}
    Set<PluginId> visiting = new HashSet<>();
    List<Step> stack = new ArrayList<>(List.of(new Step(start, false)));
    while (!stack.isEmpty()) {
      Step step = stack.remove(stack.size() - 1);
      if (ordered.contains(step.id())) {
        continue;
      }
      if (step.expanded()) {
        ordered.add(step.id());
        continue;
      }
      if (!visiting.add(step.id())) {
        continue;
      }
      stack.add(new Step(step.id(), true));
      Plugin plugin = plugins.get(step.id());
      List<PluginDescriptor.Dependency> dependencies = plugin == null || plugin.manifest == null
          ? List.of() : plugin.manifest.dependencies();
      for (int i = dependencies.size() - 1; i >= 0; i--) {
        PluginId dependency = dependencies.get(i).name();
        if (among.contains(dependency)) {
          stack.add(new Step(dependency, false));
        }
      }
    }
  }
}
