package dev.overture.asset;

import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.internal.Failures;
import dev.overture.internal.JsonLayout;
import dev.overture.version.AssetVersions;
import dev.overture.version.VersionHeader;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import tools.jackson.core.JsonPointer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Rewrites assets at the current versions: every primary asset, and every JSON file its references
 * reach. A file is rewritten only when that changes it: upgraded from an older format, fields the
 * code no longer has dropped, the header added or brought up to date. The rewrite works on the
 * file's JSON, not on the bound value, so what the author wrote (their order of fields, defaults
 * left out) stays.
 *
 * <p>Refused, and left byte for byte as they are: files that cannot be read (saved by a newer
 * build, malformed), files holding references that do not resolve or that lead to an asset a
 * newer engine saved (which this build reads as null: saving would lose them, as the seed warns),
 * and files in roots that cannot be written.
 *
 * <p>Runs on the calling thread; not for use while the files are being edited.
 */
final class Resaver {

  /** A file to look at: how it is named, where it is, what it binds to. */
  private record Target(AssetKey key, String label, ContentRoot root, AssetPath path, Class<?> type) {}

  private final AssetJson json;
  private final AssetVersions versions;
  private final IndexSnapshot index;
  private final Map<String, ContentRoot> roots;
  private final Function<Target, byte[]> reader;
  /** Whether a newer engine saved each referenced JSON file looked at, by root and path. */
  private final Map<String, Boolean> newerFiles = new HashMap<>();
  /** The references of what this run binds: one scanner a run, like the run's caches. */
  private final ReferenceScanner references = new ReferenceScanner();

  /**
   * @param index the index to resave, whose assets a newer engine saved are already hidden ({@link
   *     AssetFiles#checkVersions}), so that references to them are refused
   */
  Resaver(AssetJson json, AssetVersions versions, IndexSnapshot index, Map<String, ContentRoot> roots, ReadFile read) {
    this.json = json;
    this.versions = versions;
    this.index = index;
    this.roots = roots;
    this.reader = target -> read.read(target.root, target.path, target.label);
  }

  /** Reads a file, throwing {@link AssetLoadException} with a located problem when it cannot. */
  interface ReadFile {
    byte[] read(ContentRoot root, AssetPath path, String label);
  }

  ResaveReport run(boolean dryRun) {
    Deque<Target> queue = new ArrayDeque<>();
    // Assets a newer engine saved are not listed, but their files are looked at too: each is refused,
    // and so left as it is.
    List<AssetEntry> entries = new ArrayList<>();
    index.ids().forEach(id -> entries.add(index.find(id).orElseThrow()));
    index.newerEntries().forEach(hidden -> entries.add(hidden.entry()));
    entries.sort((a, b) -> a.id().toString().compareTo(b.id().toString()));
    for (AssetEntry entry : entries) {
      ContentRoot root = roots.get(entry.root());
      if (root != null) {
        queue.add(new Target(entry.id(), entry.id().toString(), root, entry.path(), entry.assetClass()));
      }
    }
    // A file is visited once, as the first type that reaches it (primary assets come first).
    Set<String> seen = new HashSet<>();
    List<ResaveReport.Entry> outcomes = new ArrayList<>();
    int unchanged = 0;
    while (!queue.isEmpty()) {
      Target target = queue.poll();
      if (!seen.add(target.root.name() + ":" + target.path.value())) {
        continue;
      }
      ResaveReport.Entry entry;
      try {
        entry = resave(target, dryRun, queue);
      } catch (RuntimeException e) {
        // A bug in an upgrade step, say: this file is left as it is, the others still resaved.
        entry = refused(target, target.root.source().displayPath(target.path), List.of(Problem.error(
                "Overture/ResaveFailed", "Not saved: " + Failures.describe(e))
            .withAsset(target.label)
            .at(SourceLocation.ofFile(target.root.source().displayPath(target.path)))));
      }
      if (entry == null) {
        unchanged++;
      } else {
        outcomes.add(entry);
      }
    }
    return new ResaveReport(outcomes, unchanged, dryRun);
  }

  /** Resaves one file; null when it is already current. Adds the JSON files it references to {@code queue}. */
  private ResaveReport.Entry resave(Target target, boolean dryRun, Deque<Target> queue) {
    String file = target.root.source().displayPath(target.path);
    byte[] bytes;
    Object value;
    ObjectNode original;
    BindContext context = new BindContext(target.root.name(), file, target.label);
    try {
      bytes = reader.apply(target);
      value = json.bind(bytes, target.type, context);
      original = (ObjectNode) json.readTree(bytes, context);
    } catch (AssetLoadException e) {
      return refused(target, file, e.problems());
    }
    List<Problem> unresolved = new ArrayList<>();
    JsonLocator locator = new JsonLocator(json.mapper());
    for (ReferenceScanner.Found found : references.scanAll(value)) {
      String where = ReferenceScanner.Step.pointerOf(found.where());
      String why = null;
      if (found.target() instanceof PrimaryAssetId id) {
        IndexSnapshot.Newer newer = index.newer(id);
        if (newer != null) {
          why = id + " (" + newer.entry().file() + "), which a newer engine saved and this build reads as null";
        } else if (index.find(id).isEmpty()) {
          why = id + ", which is not indexed";
        }
      } else if (found.target() instanceof SoftRef<?> ref) {
        ContentRoot root = roots.get(ref.root());
        if (root == null) {
          why = ref.path() + " of content root \"" + ref.root() + "\", which is not added";
        } else if (!root.source().exists(ref.path())) {
          why = root.source().displayPath(ref.path()) + ", which does not exist";
        } else if (ref.type() != RawAsset.class) {
          if (savedByANewerEngine(root, ref)) {
            why = root.source().displayPath(ref.path()) + ", which a newer engine saved and this build reads as null";
          }
          queue.add(new Target(ref, AssetKey.label(ref), root, ref.path(), ref.type()));
        }
      }
      if (why != null) {
        unresolved.add(Problem.error("Overture/UnresolvedReference",
                "Not saved: it refers to " + why + "; saving would lose the reference")
            .withAsset(target.label)
            .at(locator.locate(bytes, SourceLocation.at(file, where), context.upgrade.pointerBefore(where))));
      }
    }

    ObjectNode body = original.deepCopy();
    body.remove(VersionHeader.FIELD);
    context.upgrade.apply(body);
    List<String> changes = new ArrayList<>();
    VersionHeader current = versions.headerFor(target.type);
    if (context.header == null) {
      changes.add("adds the version header");
    } else if (!context.header.savedBy().equals(versions.current())) {
      changes.add("engine " + context.header.savedBy() + " -> " + versions.current());
    } else if (!context.header.toJson().equals(current.toJson())) {
      changes.add("updates the version header (compatible " + context.header.compatibleWith() + " -> " + current.compatibleWith()
          + ", custom versions " + context.header.custom().stream().map(e -> e.name() + " " + e.version()).toList() + " -> "
          + current.custom().stream().map(e -> e.name() + " " + e.version()).toList() + ")");
    }
    context.upgrade.changes().forEach(change -> changes.add(change.toString()));
    for (Problem warning : context.warnings) {
      if (warning.id().equals("Overture/UnknownProperty") && warning.location().isPresent()) {
        String pointer = warning.location().get().pointer();
        if (remove(body, pointer)) {
          changes.add("drops " + pointer + " (the code no longer has it)");
        }
      }
    }
    ObjectNode updated = original.objectNode();
    updated.set(VersionHeader.FIELD, current.toJson());
    updated.setAll(body);
    if (updated.equals(original)) {
      return null;
    }
    if (!unresolved.isEmpty()) {
      return refused(target, file, unresolved);
    }
    if (!target.root.source().isWritable()) {
      return refused(target, file, List.of(Problem.error(
              "Overture/ReadOnlyContent", "Not saved: content root " + target.root.name() + " (" + target.root.source().name()
                  + ") cannot be written")
          .withAsset(target.label)
          .at(SourceLocation.ofFile(file))));
    }
    if (dryRun) {
      return new ResaveReport.Entry(target.label, file, ResaveReport.Outcome.WOULD_REWRITE, changes, List.of());
    }
    try {
      // An editor that saved the file since it was read keeps its save: this one would replace it
      // with an upgrade of the older text.
      if (!java.util.Arrays.equals(bytes, reader.apply(target))) {
        return refused(target, file, List.of(Problem.error("Overture/ChangedMeanwhile", "Not saved: the file changed while it was"
                + " being resaved, so it was left as it now is; run resave again to upgrade it")
            .withAsset(target.label)
            .at(SourceLocation.ofFile(file))));
      }
      target.root.source().write(target.path, JsonLayout.toBytesLike(updated, bytes));
    } catch (AssetLoadException e) {
      return refused(target, file, e.problems());
    } catch (IOException | RuntimeException e) {
      return refused(target, file, List.of(Problem.error("Overture/WriteFailed", "Could not write it: " + Failures.describe(e))
          .withAsset(target.label)
          .at(SourceLocation.ofFile(file))));
    }
    return new ResaveReport.Entry(target.label, file, ResaveReport.Outcome.REWRITTEN, changes, List.of());
  }

  /** Whether a newer engine saved the JSON file {@code ref} names (read now; a file that cannot be read is not). */
  private boolean savedByANewerEngine(ContentRoot root, SoftRef<?> ref) {
    return newerFiles.computeIfAbsent(root.name() + ":" + ref.path().value(), key -> {
      try {
        byte[] bytes = reader.apply(new Target(ref, AssetKey.label(ref), root, ref.path(), ref.type()));
        return json.newerEngine(bytes, ref.type(), new BindContext(root.name(), root.source().displayPath(ref.path()), AssetKey.label(ref)))
            .isPresent();
      } catch (AssetLoadException e) {
        return false; // its own visit refuses it, saying why
      }
    });
  }

  private static ResaveReport.Entry refused(Target target, String file, List<Problem> problems) {
    return new ResaveReport.Entry(target.label, file, ResaveReport.Outcome.REFUSED, List.of(), problems);
  }

  /** Removes the property at {@code pointer}; false when there is none. */
  private static boolean remove(ObjectNode body, String pointer) {
    if (pointer.isEmpty()) {
      return false;
    }
    JsonPointer path = JsonPointer.compile(pointer);
    JsonNode parent = body.at(path.head());
    String name = path.last().getMatchingProperty();
    if (parent instanceof ObjectNode object && object.has(name)) {
      object.remove(name);
      return true;
    }
    return false;
  }
}
