package dev.overture.asset;

import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.internal.Choices;
import dev.overture.internal.Failures;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Scans content roots: reads each root's {@code overture.json}, lists the folders of every scan
 * rule, and maps files to ids without reading them. Collects every problem rather than stopping at
 * the first. Stateless apart from its configuration; safe to use from any thread.
 */
final class Indexer {

  /**
   * The outcome of scanning one root: its entries sorted by id (each id once), the rules used, and
   * what was wrong.
   */
  record Scan(List<AssetEntry> entries, List<ScanRule> rules, ProjectSettings settings, List<Problem> problems) {}

  /** A file a rule matched, in listing order. */
  private record Match(AssetPath path, ScanRule rule) {}

  private static final String LINKED_FOLDER = "Overture/LinkedFolder";

  private final List<ScanRule> globalRules;
  private final AssetJson json;
  private final AssetLimits limits;

  Indexer(List<ScanRule> globalRules, AssetJson json, AssetLimits limits) {
    this.globalRules = List.copyOf(globalRules);
    this.json = json;
    this.limits = limits;
  }

  /** Scans every file of {@code root}. */
  Scan scan(ContentRoot root) {
    List<Problem> problems = new ArrayList<>();
    Settings settings = settings(root, problems);
    List<ScanRule> rules = rulesOf(root, settings);
    java.util.Set<ScanRule> global = java.util.Set.copyOf(globalRules);
    // A file can be listed twice only when more than one folder is listed: with one (the usual
    // root of 100,000 files under one rule) the matches need no map. Hashing every path into one
    // was a sixth of the time of indexing such a root.
    int listings = 0;
    for (ScanRule rule : rules) {
      listings += rule.directories().size();
    }
    Map<AssetPath, ScanRule> matched = listings > 1 ? new LinkedHashMap<>() : null;
    List<Match> matches = new ArrayList<>();
    java.util.Set<String> linksSeen = new java.util.HashSet<>();
    for (ScanRule rule : rules) {
      for (AssetPath directory : rule.directories()) {
        List<String> files;
        List<LinkedFolders.Link> links = new ArrayList<>();
        try {
          files = root.source() instanceof LinkedFolders noting
              ? noting.list(directory, rule.recursive(), links)
              : root.source().list(directory, rule.recursive());
        } catch (NoSuchFileException e) {
          if (global.contains(rule) && !root.rules().contains(rule)) {
            continue; // a rule for every root: most roots (plugins) have only some of its folders
          }
          problems.add(
              Problem.warning(
                      "Overture/MissingFolder",
                      "Scan rule for " + rule.type() + " names folder \"" + directory
                          + "\", which does not exist in " + root.source().name())
                  .at(SourceLocation.ofFile(root.source().name())));
          continue;
        } catch (IOException e) {
          problems.add(
              Problem.error(
                      "Overture/ReadFailed",
                      "Could not list folder \"" + directory + "\" of " + root.source().name() + ": " + Failures.describe(e))
                  .at(SourceLocation.ofFile(root.source().name())));
          continue;
        }
        for (LinkedFolders.Link link : links) {
          if (linksSeen.add(link.path())) {
            problems.add(linkedFolder(root, rule, directory, link));
          }
        }
        for (String raw : files) {
          AssetPath path = checkedPath(root, raw, problems);
          if (path == null || !rule.covers(path)) {
            continue;
          }
          ScanRule previous = matched == null ? null : matched.putIfAbsent(path, rule);
          if (previous == null) {
            matches.add(new Match(path, rule));
          } else if (!previous.type().equals(rule.type())) {
            problems.add(
                Problem.error(
                        "Overture/AmbiguousScanRule",
                        "File is matched by the scan rules of both " + previous.type() + " and " + rule.type()
                            + "; narrow their directories so that each file has one type")
                    .at(SourceLocation.ofFile(root.source().displayPath(path))));
          }
        }
      }
    }
    List<AssetEntry> entries = new ArrayList<>(matches.size());
    for (Match match : matches) {
      AssetEntry entry = entryFor(root, match.path(), match.rule(), problems);
      if (entry != null) {
        entries.add(entry);
      }
    }
    return new Scan(sortedWithoutDuplicates(entries, problems), rules, settings.values(), problems);
  }

  /**
   * The {@code Overture/LinkedFolder} warning the index of the whole root gives for {@code path} of
   * {@code root}, or null: when the listing of a folder of {@code rules} passes over it, a symbolic
   * link to a folder (the rule's folder itself, or a folder below a recursive rule's that no other
   * link hides). A reindex asks this of a file it does not index, so that a link made while the game
   * runs is said then, not at the next start.
   */
  static Problem linkedFolderAt(ContentRoot root, List<ScanRule> rules, AssetPath path) {
    if (!(root.source() instanceof LinkedFolders noting)) {
      return null;
    }
    for (ScanRule rule : rules) {
      for (AssetPath directory : rule.directories()) {
        if (path.equals(directory)) {
          List<LinkedFolders.Link> links = new ArrayList<>();
          try {
            noting.list(directory, false, links); // one level: it records the folder itself when the listing passes over it
          } catch (IOException e) {
            continue;
          }
          if (!links.isEmpty()) {
            return linkedFolder(root, rule, directory, links.get(0));
          }
        } else if (rule.recursive() && path.isWithin(directory) && !noting.behindLink(directory, path)) {
          java.util.Optional<LinkedFolders.Link> link = noting.linkAt(path);
          if (link.isPresent()) {
            return linkedFolder(root, rule, directory, link.get());
          }
        }
      }
    }
    return null;
  }

  /**
   * Whether {@code warning} is the {@code Overture/LinkedFolder} warning of {@code path} of {@code
   * root}, wherever the link led: the one a reindex of {@code path} replaces, or drops when {@code
   * path} is no link any more.
   */
  static boolean isLinkedFolderAt(Problem warning, ContentRoot root, List<ScanRule> rules, AssetPath path) {
    if (!warning.id().equals(LINKED_FOLDER) || warning.location().isEmpty()) {
      return false;
    }
    String file = warning.location().get().file();
    if (!path.value().isEmpty() && file.equals(root.source().displayPath(path))) {
      return true;
    }
    for (ScanRule rule : rules) {
      if (rule.directories().contains(path) && file.equals(root.source().name())
          && warning.message().startsWith(ruleFolderIsALink(rule, path))) {
        return true;
      }
    }
    return false;
  }

  private static String ruleFolderIsALink(ScanRule rule, AssetPath directory) {
    return "Scan rule for " + rule.type() + " names folder \"" + directory + "\", which is a symbolic link";
  }

  /**
   * The warning for a link to a folder that the listing of {@code rule}'s {@code directory} passed
   * over: the rule's folder itself, or one below it. Links to folders are not followed (a loop would
   * never end), so the files behind it were silently not assets.
   */
  private static Problem linkedFolder(ContentRoot root, ScanRule rule, AssetPath directory, LinkedFolders.Link link) {
    if (link.path().equals(directory.value())) {
      return Problem.warning(
              LINKED_FOLDER,
              ruleFolderIsALink(rule, directory) + " in "
                  + root.source().name() + " (to \"" + link.target() + "\"); links to folders are not followed, so none"
                  + " of its files are indexed: name the folder it leads to in the rule, or put the folder itself there")
          .at(SourceLocation.ofFile(root.source().name()));
    }
    AssetPath path = new AssetPath(link.path());
    return Problem.warning(
            LINKED_FOLDER,
            "Folder \"" + link.path() + "\", under the scan rule for " + rule.type() + "'s folder \"" + directory
                + "\", is a symbolic link (to \"" + link.target() + "\"); links to folders are not followed, so none of"
                + " its files are indexed: put the folder itself there, or name the folder it leads to in a scan rule")
        .at(SourceLocation.ofFile(root.source().displayPath(path)));
  }

  /**
   * {@code entries} sorted by id, keeping the first listed of each id and reporting the others as
   * duplicates of it. The index needs its ids sorted anyway: one stable sort finds the duplicates
   * too, where a map of every entry by id cost as much again.
   */
  private static List<AssetEntry> sortedWithoutDuplicates(List<AssetEntry> entries, List<Problem> problems) {
    entries.sort((a, b) -> a.id().compareTo(b.id()));
    List<AssetEntry> unique = new ArrayList<>(entries.size());
    AssetEntry first = null;
    for (AssetEntry entry : entries) {
      if (first != null && first.id().equals(entry.id())) {
        problems.add(duplicate(first, entry));
        continue;
      }
      first = entry;
      unique.add(entry);
    }
    caseVariants(unique, new HashMap<>(), problems);
    return unique;
  }

  /**
   * The key two ids share when they differ only in the case of their names, folded a letter at a
   * time as file systems that ignore case fold them: {@code toLowerCase} of the whole name kept
   * apart letters that such a file system takes for one, such as {@code ΑΣ} and {@code ασ} (a
   * capital sigma lowers to the final {@code ς} at the end of a word) or {@code µ} and {@code Μ}.
   */
  static String folded(PrimaryAssetId id) {
    String name = id.name();
    StringBuilder key = new StringBuilder(id.type().name().length() + 1 + name.length()).append(id.type().name()).append(':');
    for (int i = 0; i < name.length(); ) {
      int letter = name.codePointAt(i);
      key.appendCodePoint(foldCase(letter));
      i += Character.charCount(letter);
    }
    return key.toString();
  }

  /**
   * One letter's simple case fold: the lower case of its upper case ({@code ς}, {@code σ} and
   * {@code Σ} are all {@code σ}). The capital {@code İ} stays itself: its lower case is the plain
   * {@code i}, whose upper case is {@code I}, and the file systems keep {@code İ} and {@code i} apart.
   */
  private static int foldCase(int letter) {
    if (letter < 0x80) {
      return letter >= 'A' && letter <= 'Z' ? letter + ('a' - 'A') : letter;
    }
    return letter == 0x130 ? letter : Character.toLowerCase(Character.toUpperCase(letter));
  }

  /**
   * Reports each of {@code entries} whose id differs only in case from one of {@code seen} (keyed
   * by {@link #folded}) or from an earlier one of {@code entries}, which it joins: a file system
   * that ignores case (Windows', macOS's) cannot hold both files, and a reference in the other case
   * would pick another asset. One problem at each of the two files, naming the other.
   */
  static void caseVariants(List<AssetEntry> entries, Map<String, AssetEntry> seen, List<Problem> problems) {
    for (AssetEntry entry : entries) {
      AssetEntry other = seen.putIfAbsent(folded(entry.id()), entry);
      if (other != null && !other.id().equals(entry.id())) {
        problems.add(caseVariant(other, entry));
        problems.add(caseVariant(entry, other));
      }
    }
  }

  private static Problem caseVariant(AssetEntry at, AssetEntry other) {
    return Problem.error(
            "Overture/DuplicateAsset",
            "Asset " + at.id() + " differs from " + other.id() + " (" + other.file() + ") only in case: a file system that"
                + " ignores case keeps one of the two files, and a reference in either case may find the other; rename"
                + " or remove one of them")
        .withAsset(at.id().toString())
        .at(SourceLocation.ofFile(at.file()));
  }

  /** The entry for one file of {@code root}, or {@code null} with a problem when it cannot be one. */
  AssetEntry entryFor(ContentRoot root, AssetPath path, ScanRule rule, List<Problem> problems) {
    String name = path.baseName();
    String why = PrimaryAssetId.nameProblem(name);
    if (why != null) {
      problems.add(
          Problem.error(
                  "Overture/InvalidAssetName",
                  "File name \"" + path.fileName() + "\" cannot be the name of a " + rule.type() + " asset: " + why)
              .at(SourceLocation.ofFile(root.source().displayPath(path))));
      return null;
    }
    return new AssetEntry(
        new PrimaryAssetId(rule.type(), name), root.name(), path, root.source().displayPath(path), rule.assetClass());
  }

  static Problem duplicate(AssetEntry first, AssetEntry second) {
    return Problem.error(
            "Overture/DuplicateAsset",
            "Asset " + first.id() + " is defined twice: by " + first.file() + " and by " + second.file()
                + "; rename or remove one of them")
        .withAsset(first.id().toString())
        .at(SourceLocation.ofFile(second.file()));
  }

  /** The rules for {@code root}: global, the root's own, then its settings file's. */
  List<ScanRule> rulesOf(ContentRoot root, Settings settings) {
    List<ScanRule> rules = new ArrayList<>(globalRules);
    rules.addAll(root.rules());
    rules.addAll(settings.rules());
    return rules;
  }

  /** A root's {@code overture.json}, read and bound, and the scan rules it declares. */
  record Settings(ProjectSettings values, List<ScanRule> rules) {
    static final Settings NONE = new Settings(ProjectSettings.NONE, List.of());
  }

  /** {@code root}'s {@code overture.json}; none when it has none or it cannot be read (a problem says why). */
  Settings settings(ContentRoot root, List<Problem> problems) {
    AssetPath settingsPath = AssetPath.parse(ContentRoot.SETTINGS_FILE);
    if (!root.source().exists(settingsPath)) {
      return Settings.NONE;
    }
    String file = root.source().displayPath(settingsPath);
    byte[] bytes;
    ProjectSettings settings;
    BindContext context = new BindContext(root.name(), file, file);
    try {
      bytes = root.source().read(settingsPath, limits.maxDocumentBytes());
      settings = json.bind(bytes, ProjectSettings.class, context);
    } catch (IOException | InvalidAssetPathException e) {
      problems.add(AssetFiles.readProblem(file, e));
      return Settings.NONE;
    } catch (AssetLoadException e) {
      problems.addAll(e.problems());
      return Settings.NONE;
    }
    problems.addAll(context.warnings);
    JsonLocator locator = new JsonLocator(json.mapper());
    Map<String, Class<?>> assetClasses = json.assetClasses();
    if (!root.name().equals(ContentRoot.GAME)) {
      for (String field : List.of("gameData", "defaultPawnData")) {
        if (field.equals("gameData") ? settings.gameData() != null : settings.defaultPawnData() != null) {
          problems.add(Problem.warning("Overture/IgnoredSetting", "\"" + field + "\" is ignored here: only the game's own content root ("
                  + ContentRoot.GAME + ") names it, not " + root.name())
              .at(locator.locate(bytes, SourceLocation.at(file, "/" + field))));
        }
      }
      settings = new ProjectSettings(settings.primaryAssetTypesToScan(), null, null);
    }
    List<ScanRule> rules = new ArrayList<>();
    for (int i = 0; i < settings.primaryAssetTypesToScan().size(); i++) {
      ScanRuleDeclaration declared = settings.primaryAssetTypesToScan().get(i);
      String pointer = "/primaryAssetTypesToScan/" + i;
      if (!assetClasses.containsKey(declared.assetClass())) {
        problems.add(
            Problem.error(
                    "Overture/UnknownAssetClass",
                    "Asset class \"" + declared.assetClass() + "\" is not registered")
                .withChoices("registered", Choices.closest(declared.assetClass(), assetClasses.keySet()))
                .at(locator.locate(bytes, SourceLocation.at(file, pointer + "/assetClass"))));
        continue;
      }
      try {
        rules.add(declared.toScanRule(assetClasses));
      } catch (IllegalArgumentException e) {
        problems.add(
            Problem.error("Overture/InvalidScanRule", e.getMessage())
                .at(locator.locate(bytes, SourceLocation.at(file, pointer))));
      }
    }
    return new Settings(settings, rules);
  }

  private static AssetPath checkedPath(ContentRoot root, String raw, List<Problem> problems) {
    try {
      AssetPath path = AssetPath.parse(raw);
      if (!path.value().equals(raw)) {
        throw new InvalidAssetPathException("Asset path \"" + raw + "\" is not in normal form (\"" + path + "\")");
      }
      return path;
    } catch (InvalidAssetPathException e) {
      problems.add(
          Problem.error("Overture/InvalidPath", e.getMessage() + "; the content root is refused while it holds this file")
              .at(SourceLocation.ofFile(root.source().name() + "!/" + raw)));
      return null;
    }
  }
}
