package dev.overture.feature;

import dev.overture.asset.AssetPath;
import dev.overture.asset.AssetSource;
import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * What looks like a plugin but is not one by the discovery rules, as an {@code Overture/NotAPlugin}
 * warning naming it and saying what a plugin needs: a folder of the content's plugins folder without
 * {@code plugin.json} at its top (a {@code Plugin.json}, or one a folder too deep after unzipping),
 * and in the plugins folder of jars a {@code .JAR}, a {@code .zip} or an unpacked plugin folder,
 * which are never loaded. Without it such a plugin was skipped without a word: its experiences were
 * simply unknown, and {@code validate} called the content valid.
 *
 * <p>What is plainly no plugin is left alone: hidden files and folders ({@code .DS_Store}, {@code
 * .git}), loose files such as a README, a folder of the jars' folder with no {@code plugin.json}
 * in it, a jar kept aside as {@code relics.jar.disabled}. Names only: nothing here opens a file, so
 * a special file (a named pipe) cannot block discovery. Stateless; discovery only.
 */
final class PluginNearMisses {

  static final String ID = "Overture/NotAPlugin";
  private static final String DESCRIPTOR = PluginOrigin.DESCRIPTOR.value();

  private PluginNearMisses() {}

  /**
   * The warnings for the content's plugins folder {@code folder} of {@code source}, given every file
   * under it ({@code files}, relative to it, sorted), and the names of its plugin folders ({@code
   * plugins}: those with {@code plugin.json} at their top).
   */
  static List<Problem> inContent(AssetSource source, AssetPath folder, List<String> files, java.util.Set<String> plugins) {
    Map<String, List<String>> byFolder = new TreeMap<>();
    List<Problem> warnings = new ArrayList<>();
    for (String file : files) {
      int slash = file.indexOf('/');
      if (slash < 0) {
        if (isArchive(file)) {
          warnings.add(warning("The file " + source.displayPath(folder.resolve(file)) + " is not loaded: the content's plugins"
              + " folder holds plugin folders, each with a plugin.json at its top; a plugin jar goes in the plugins folder of"
              + " jars", source.displayPath(folder.resolve(file))));
        }
        continue; // a loose file (a README) is nobody's plugin
      }
      String name = file.substring(0, slash);
      if (!plugins.contains(name) && !hidden(name) && !hidden(lastSegment(file))) {
        byFolder.computeIfAbsent(name, ignored -> new ArrayList<>()).add(file.substring(slash + 1));
      }
    }
    byFolder.forEach((name, inside) -> {
      String shown = source.displayPath(folder.resolve(name));
      warnings.add(warning("Folder " + shown + " holds no " + DESCRIPTOR + " at its top, so it is not a plugin and its content"
          + " (" + inside.size() + (inside.size() == 1 ? " file" : " files") + ") is not loaded: " + contentHint(name, inside),
          shown));
    });
    return warnings;
  }

  private static String contentHint(String name, List<String> inside) {
    for (String file : inside) {
      if (!file.contains("/") && file.equalsIgnoreCase(DESCRIPTOR)) {
        return "its descriptor is named " + file + "; rename it to " + DESCRIPTOR + ", in lower case";
      }
    }
    Optional<String> nested = nestedDescriptor(inside);
    if (nested.isPresent()) {
      String holder = nested.get().substring(0, nested.get().lastIndexOf('/'));
      return "its " + DESCRIPTOR + " is in " + name + "/" + holder + "/, too deep (unzipping often adds such a folder); move what "
          + name + "/" + holder + " holds up into " + name;
    }
    return "a plugin folder needs a " + DESCRIPTOR + " at its top, beside its content folders, such as { \"name\": \"" + name
        + "\", \"version\": \"1.0.0\" }";
  }

  /** The shallowest {@code plugin.json} (in any case) below the top of a folder, by its path in it. */
  private static Optional<String> nestedDescriptor(List<String> inside) {
    return inside.stream()
        .filter(file -> file.contains("/") && lastSegment(file).equalsIgnoreCase(DESCRIPTOR))
        .min(java.util.Comparator.comparingLong((String file) -> file.chars().filter(c -> c == '/').count())
            .thenComparing(file -> file));
  }

  /**
   * Splits the entries of the plugins folder of jars: the jars to load (every name ending in {@code
   * .jar}, whatever it is: one that is not a readable jar is its plugin's own {@code
   * UnreadablePlugin}), sorted, and a warning for each near miss.
   *
   * @throws IOException when the folder cannot be listed
   */
  static List<Path> jarsIn(Path folder, List<Problem> warnings) throws IOException {
    List<Path> entries;
    try (Stream<Path> listed = Files.list(folder)) {
      entries = new ArrayList<>(listed.toList());
    }
    entries.sort(null);
    List<Path> jars = new ArrayList<>();
    for (Path entry : entries) {
      String name = entry.getFileName().toString();
      if (name.endsWith(".jar")) {
        jars.add(entry);
      } else if (!hidden(name)) {
        jarFolderHint(entry, name).ifPresent(hint -> warnings.add(warning(hint, entry.toString())));
      }
    }
    return jars;
  }

  private static Optional<String> jarFolderHint(Path entry, String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    String stem = name.contains(".") ? name.substring(0, name.lastIndexOf('.')) : name;
    if (lower.endsWith(".jar")) {
      return Optional.of("The file " + entry + " is not loaded: only names ending in .jar, in lower case, are plugin jars;"
          + " rename it to " + stem + ".jar");
    }
    if (lower.endsWith(".zip")) {
      return Optional.of("The file " + entry + " is not loaded: only *.jar files are plugin jars; if it is one, rename it to "
          + stem + ".jar, and if it holds one, unpack that jar here");
    }
    if (Files.isDirectory(entry) && holdsDescriptor(entry)) {
      return Optional.of("Folder " + entry + " holds a " + DESCRIPTOR + " but is not loaded: the plugins folder loads only"
          + " *.jar files, not unpacked plugins; pack it as a jar with its " + DESCRIPTOR + " at the top (jar cf " + entry.resolveSibling(name + ".jar")
          + " -C " + entry + " .), or put the jar it came from here instead");
    }
    return Optional.empty();
  }

  /** Whether {@code folder} has a {@code plugin.json} (in any case) at its top or one folder down. */
  private static boolean holdsDescriptor(Path folder) {
    try (Stream<Path> top = Files.list(folder)) {
      for (Path entry : (Iterable<Path>) top::iterator) {
        String name = entry.getFileName().toString();
        if (name.equalsIgnoreCase(DESCRIPTOR)) {
          return true;
        }
        if (!hidden(name) && Files.isDirectory(entry)) {
          try (Stream<Path> below = Files.list(entry)) {
            if (below.anyMatch(inner -> inner.getFileName().toString().equalsIgnoreCase(DESCRIPTOR))) {
              return true;
            }
          } catch (IOException e) {
            // a folder that cannot be listed holds nothing that can be loaded either
          }
        }
      }
      return false;
    } catch (IOException e) {
      return false;
    }
  }

  private static boolean isArchive(String file) {
    String lower = file.toLowerCase(Locale.ROOT);
    return lower.endsWith(".jar") || lower.endsWith(".zip");
  }

  private static boolean hidden(String name) {
    return name.startsWith(".");
  }

  private static String lastSegment(String file) {
    return file.substring(file.lastIndexOf('/') + 1);
  }

  private static Problem warning(String message, String where) {
    return Problem.warning(ID, message).at(SourceLocation.ofFile(where));
  }
}
