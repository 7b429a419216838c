package dev.overture.live;

import dev.overture.asset.AssetEntry;
import dev.overture.asset.AssetIndex;
import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetPath;
import dev.overture.asset.ContentFile;
import dev.overture.asset.ContentRoot;
import dev.overture.asset.InvalidAssetPathException;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.internal.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * What a batch of changed paths means for the content: the content files they are (a path inside a
 * plugin's folder is a file of the game's root and of the plugin's, and the rules of each decide
 * whether it is an asset there), every file of a folder that appeared or went away, and the files
 * whose change only a restart can apply (a root's {@code overture.json}, a plugin's descriptor, a
 * plugin folder that appeared). The temporaries of {@link AtomicFiles}, which come and go while a
 * file is replaced, are no content and are left out. Stateless.
 */
final class ChangedFiles {

  private static final String SETTINGS = ContentRoot.SETTINGS_FILE;
  private static final String DESCRIPTOR = "plugin.json";

  /**
   * The content files of a batch, how users see each, and the problems of those only a restart can
   * apply (left out of the files).
   */
  record Sorted(Set<ContentFile> files, Map<ContentFile, String> shown, List<Problem> restartNeeded) {}

  private ChangedFiles() {}

  /** The folders on disk of the content roots that have one, by root name. */
  static Map<String, Path> folders(AssetManager assets) {
    Map<String, Path> folders = new LinkedHashMap<>();
    for (ContentRoot root : assets.contentRoots()) {
      root.source().folder().ifPresent(folder -> folders.put(root.name(), folder));
    }
    return folders;
  }

  /**
   * Sorts {@code paths}: the content files among them, and the plugin jars of {@code jars} (the
   * plugins folder, or null), whose change only a restart applies. A file only a restart applies
   * that holds the bytes it held at {@code start} is no such change (a touch): it is reported as a
   * file whose save changed nothing in force.
   */
  static Sorted sort(Set<Path> paths, AssetManager assets, Set<String> plugins, Path jars, StartFiles start) {
    Map<String, ContentRoot> roots = new LinkedHashMap<>();
    assets.contentRoots().forEach(root -> roots.put(root.name(), root));
    Map<String, Path> folders = folders(assets);
    Set<ContentFile> files = new TreeSet<>();
    Map<ContentFile, String> shown = new LinkedHashMap<>();
    List<Problem> restart = new ArrayList<>();
    AssetIndex index = assets.index();
    for (Path changed : paths) {
      if (changed.getFileName() != null && AtomicFiles.isTemporaryName(changed.getFileName().toString())) {
        continue; // a file being replaced (play --save's working copy, a resave): its target's change is the one reported
      }
      Problem jar = jarChanged(changed, jars);
      if (jar != null) {
        if (!restart.contains(jar)) {
          restart.add(jar);
        }
        continue;
      }
      for (Map.Entry<String, Path> folder : folders.entrySet()) {
        Optional<AssetPath> relative = relative(changed, folder.getValue());
        if (relative.isEmpty()) {
          continue;
        }
        ContentRoot root = roots.get(folder.getKey());
        AssetPath path = relative.get();
        String display = root.source().displayPath(path);
        Problem needsRestart = restartNeeded(root, path, display, changed, plugins);
        if (needsRestart != null && start.unchanged(changed)) {
          if (!needsRestartElsewhere(root, path, plugins)) {
            add(files, shown, new ContentFile(root.name(), path), display); // saved as it was: nothing in force changed
          }
          continue;
        }
        if (needsRestart != null) {
          if (!restart.contains(needsRestart)) {
            restart.add(needsRestart);
          }
          continue;
        }
        if (needsRestartElsewhere(root, path, plugins)) {
          continue; // the plugin's own root says it
        }
        add(files, shown, new ContentFile(root.name(), path), display);
        for (AssetPath inside : inside(changed, folder.getValue(), root, path, index)) {
          if (AtomicFiles.isTemporaryName(inside.fileName())) {
            continue;
          }
          add(files, shown, new ContentFile(root.name(), inside), root.source().displayPath(inside));
        }
      }
    }
    // The files of a root whose folder is gone (a plugin's, moved away or deleted) stay as they were
    // until the game restarts, as the plugin does: its restart problem says so.
    List<Path> gone = folders.values().stream().filter(folder -> !Files.isDirectory(folder)).toList();
    restart.addAll(0, rootsGone(paths, folders, gone));
    files.removeIf(file -> {
      Path folder = folders.get(file.root());
      Path onDisk = folder == null ? null : folder.resolve(file.path().value());
      return onDisk != null && gone.stream().anyMatch(onDisk::startsWith);
    });
    shown.keySet().retainAll(files);
    return new Sorted(files, shown, restart);
  }

  /**
   * The problem of each root folder in {@code gone} that a path of {@code paths} lies in, unless it
   * lies in another root's folder (a plugin's folder in the game's: the plugin's own problem says
   * it). Its files' changes are left out; without this the whole content folder moved away or
   * deleted said nothing, and edits made in it where it went were not applied, unexplained.
   */
  private static List<Problem> rootsGone(Set<Path> paths, Map<String, Path> folders, List<Path> gone) {
    List<Problem> problems = new ArrayList<>();
    List<Path> outer = outermost(List.copyOf(folders.values()));
    for (Map.Entry<String, Path> root : folders.entrySet()) {
      Path folder = root.getValue();
      if (!gone.contains(folder) || !outer.contains(folder)
          || paths.stream().noneMatch(changed -> changed.toAbsolutePath().normalize().startsWith(folder))) {
        continue;
      }
      problems.add(Problem.error("Overture/ContentFolderGone", folder + ", the folder of content root " + root.getKey()
              + ", was moved away or deleted: the game keeps that content as it was loaded and applies no edit of it until"
              + " the folder is back at that path; then save again each file edited meanwhile (a folder made anew in its"
              + " place is watched only after a restart)")
          .at(SourceLocation.ofFile(folder.toString())));
    }
    return problems;
  }

  /**
   * The folders not inside another one (a plugin's folder lies inside the game's): what the watcher
   * watches, and the roots whose folder gone is said. Here, not in {@link ContentWatcher}, which names
   * the optional watcher library.
   */
  static List<Path> outermost(List<Path> folders) {
    List<Path> kept = new ArrayList<>();
    for (Path folder : folders) {
      boolean inside = false;
      for (Path other : folders) {
        if (!other.equals(folder) && folder.startsWith(other)) {
          inside = true;
          break;
        }
      }
      if (!inside && !kept.contains(folder)) {
        kept.add(folder);
      }
    }
    return kept;
  }

  private static void add(Set<ContentFile> files, Map<ContentFile, String> shown, ContentFile file, String display) {
    if (files.add(file)) {
      shown.put(file, display);
    }
  }

  /** {@code changed} relative to {@code folder}, when it lies inside it. */
  static Optional<AssetPath> relative(Path changed, Path folder) {
    Path absolute = changed.toAbsolutePath().normalize();
    if (!absolute.startsWith(folder)) {
      // Announced through a link or a relative name: the folder it is in, resolved, may be inside.
      Path parent = absolute.getParent();
      try {
        absolute = parent == null ? absolute : parent.toRealPath().resolve(absolute.getFileName());
      } catch (IOException e) {
        return Optional.empty();
      }
      if (!absolute.startsWith(folder)) {
        return Optional.empty();
      }
    }
    if (absolute.equals(folder)) {
      return Optional.empty();
    }
    StringBuilder text = new StringBuilder();
    for (Path part : folder.relativize(absolute)) {
      if (!text.isEmpty()) {
        text.append('/');
      }
      text.append(part);
    }
    try {
      return Optional.of(AssetPath.parse(text.toString()));
    } catch (InvalidAssetPathException e) {
      return Optional.empty(); // a name no content may have: not content
    }
  }

  /** The problem of a file whose change only a restart applies, or null. */
  private static Problem restartNeeded(ContentRoot root, AssetPath path, String display, Path changed, Set<String> plugins) {
    boolean gone = !Files.exists(changed);
    if (path.value().equals(SETTINGS)) {
      return problem(display, display + (gone ? " was deleted" : " changed") + ": a content root's " + SETTINGS
          + " (its scan rules, game data and default pawn data) is read when the game starts; restart to apply it");
    }
    if (path.value().equals(DESCRIPTOR) && plugins.contains(root.name())) {
      return problem(display, gone
          ? display + " was deleted: plugin " + root.name() + " stays installed, as it was, until the game restarts"
          : display + " changed: a plugin's descriptor is read when the game starts; restart to apply it (plugin "
              + root.name() + " runs as it was)");
    }
    if (plugins.contains(path.fileName()) && path.parent().fileName().equals("plugins") && (gone || Files.isDirectory(changed))) {
      // A plugin's folder itself moved away (or back): its files say nothing of their own.
      return problem(display, gone
          ? display + " was moved away or deleted: plugin " + path.fileName() + " stays installed, as it was, until the game restarts"
          : display + " changed: a plugin's folder is read when the game starts; restart to apply it (plugin " + path.fileName()
              + " runs as it was)");
    }
    if (path.fileName().equals(DESCRIPTOR) && !plugins.contains(root.name())) {
      String folder = path.parent().fileName();
      if (!plugins.contains(folder) && !gone) {
        return problem(display, display + " appeared: plugins are found when the game starts; restart to install " + folder);
      }
    }
    return null;
  }

  /** The problem of a plugin jar of the plugins folder that appeared, changed or went away, or null. */
  private static Problem jarChanged(Path changed, Path jars) {
    if (jars == null) {
      return null;
    }
    Path absolute = changed.toAbsolutePath().normalize();
    if (!jars.equals(absolute.getParent()) || !absolute.getFileName().toString().endsWith(".jar")) {
      return null;
    }
    String display = absolute.toString();
    String name = absolute.getFileName().toString();
    // Not following links: a link to nothing appeared (or changed) too; the restart says what it is.
    String message = Files.exists(absolute, java.nio.file.LinkOption.NOFOLLOW_LINKS)
        ? display + " appeared or changed: plugin jars are loaded when the game starts (their code cannot be swapped in a running"
            + " game); restart to install or update " + name
        : display + " was deleted: its plugin stays as it was, code and content, until the game restarts";
    return problem(display, message);
  }

  /** Whether the file is an installed plugin's descriptor seen from the root that holds the plugin's folder. */
  private static boolean needsRestartElsewhere(ContentRoot root, AssetPath path, Set<String> plugins) {
    return path.fileName().equals(DESCRIPTOR) && !plugins.contains(root.name()) && plugins.contains(path.parent().fileName());
  }

  private static Problem problem(String display, String message) {
    return Problem.error("Overture/RestartNeeded", message).at(SourceLocation.ofFile(display));
  }

  /**
   * When {@code changed} is (or was) a folder: the files now in it, and those the index had in it
   * (a folder moved away reports only itself).
   */
  private static List<AssetPath> inside(Path changed, Path folder, ContentRoot root, AssetPath path, AssetIndex index) {
    List<AssetPath> found = new ArrayList<>();
    if (Files.isRegularFile(changed) || !path.extension().isEmpty()) {
      return found; // a file (or one that was: folders seldom have an extension), not a folder
    }
    if (Files.isDirectory(changed)) {
      try (Stream<Path> walk = Files.walk(changed)) {
        walk.filter(Files::isRegularFile).forEach(file -> relative(file, folder).ifPresent(found::add));
      } catch (IOException | java.io.UncheckedIOException e) {
        // what cannot be listed now is reported when something reads it
      }
    }
    String prefix = path.value() + "/";
    for (PrimaryAssetId id : index.ids()) {
      index.find(id).filter(entry -> entry.root().equals(root.name()) && entry.path().value().startsWith(prefix))
          .map(AssetEntry::path).ifPresent(found::add);
    }
    return found;
  }

  /**
   * {@code sorted} without the files that came and went unnoticed by the game: not on disk, not
   * indexed ({@code indexed} holds those that are), and read by none of {@code worlds} (an editor's
   * temporary file, written and renamed within a save). A file its root's source lists is on disk too
   * ({@link dev.overture.asset.AssetSource#exists}: a link to nothing, which the index lists and its
   * read names; not an editor's hidden lock link, which the index skips).
   */
  static Sorted withoutPassing(Sorted sorted, AssetManager assets, Map<ContentFile, PrimaryAssetId> indexed,
      java.util.Collection<dev.overture.experience.ExperienceManager> worlds) {
    Map<String, ContentRoot> onDiskRoots = new LinkedHashMap<>();
    for (ContentRoot root : assets.contentRoots()) {
      root.source().folder().ifPresent(folder -> onDiskRoots.put(root.name(), root));
    }
    Set<ContentFile> kept = new TreeSet<>();
    Map<ContentFile, String> shown = new LinkedHashMap<>();
    for (ContentFile file : sorted.files()) {
      ContentRoot root = onDiskRoots.get(file.root());
      boolean onDisk = root != null && (Files.exists(root.source().folder().orElseThrow().resolve(file.path().value()))
          || root.source().exists(file.path()));
      if (onDisk || indexed.containsKey(file) || readByAWorld(file, worlds)) {
        kept.add(file);
        shown.put(file, sorted.shown().get(file));
      }
    }
    return new Sorted(kept, shown, sorted.restartNeeded());
  }

  private static boolean readByAWorld(ContentFile file, java.util.Collection<dev.overture.experience.ExperienceManager> worlds) {
    for (dev.overture.experience.ExperienceManager manager : worlds) {
      Optional<dev.overture.experience.LoadedExperience> loaded = manager.loadedExperience();
      if (loaded.isPresent() && loaded.get().content().keySet().stream()
          .anyMatch(key -> key instanceof dev.overture.asset.SoftRef<?> ref && file.isFileOf(ref))) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code problem}, placed at the changed file that held its asset when that file was deleted (or
   * no longer names it): the experience a world plays, deleted, is refused at its file, as a tracked
   * asset is, rather than with no place. {@code before} holds the changed files' assets before the
   * change, {@code shown} how each file is shown; {@code problem} as it was when it has a place, or
   * its asset is still indexed.
   */
  static Problem atGoneFile(Problem problem, Map<ContentFile, PrimaryAssetId> before, Map<ContentFile, String> shown,
      AssetIndex index) {
    if (problem.location().isPresent() || problem.asset().isEmpty()) {
      return problem;
    }
    for (Map.Entry<ContentFile, PrimaryAssetId> held : before.entrySet()) {
      if (held.getValue().toString().equals(problem.asset().get()) && index.find(held.getValue()).isEmpty()
          && shown.containsKey(held.getKey())) {
        return problem.at(SourceLocation.ofFile(shown.get(held.getKey())));
      }
    }
    return problem;
  }
}
