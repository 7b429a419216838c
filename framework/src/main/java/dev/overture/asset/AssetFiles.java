package dev.overture.asset;

import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.internal.Choices;
import dev.overture.internal.Failures;
import dev.overture.internal.NotARegularFileException;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the file behind an {@link AssetKey} through the content index and binds it: the primary
 * asset's indexed file, or a soft reference's file in its content root. A file that cannot be read
 * becomes an {@link AssetLoadException} with a located problem. Also reads files again to locate
 * problems found after binding. Stateless apart from the shared index; safe on any thread (reads
 * run on asset workers, or on a thread that chose to block).
 */
final class AssetFiles {

  /** The loads' logger, so that hosts' log settings for loads keep covering binding warnings. */
  private static final Logger log = LoggerFactory.getLogger(LoadHandle.class);

  private final ContentIndex index;
  private final AssetJson json;
  private final AssetLimits limits;

  AssetFiles(ContentIndex index, AssetJson json, AssetLimits limits) {
    this.index = index;
    this.json = json;
    this.limits = limits;
  }

  /** Reads and binds the file of {@code key}. Blocks on IO. */
  Loaded readAndBind(AssetKey key) {
    if (key instanceof PrimaryAssetId id) {
      AssetEntry entry = index.snapshot().get(id);
      if (entry == null) {
        throw new AssetLoadException(id.toString(), List.of(index.unknownAsset(id)));
      }
      ContentRoot root = rootOf(entry.root(), id.toString());
      byte[] bytes = read(root, entry.path(), id.toString());
      BindContext context = new BindContext(root.name(), entry.file(), id.toString());
      Object value;
      try {
        value = json.bind(bytes, entry.assetClass(), context);
      } catch (AssetLoadException e) {
        // A newer engine saved it: from now on it is not listed (the seed's content browser).
        e.problems().stream().filter(problem -> problem.id().equals(AssetJson.NEWER_ENGINE)).findFirst()
            .ifPresent(problem -> index.hideNewer(entry, problem));
        throw e;
      }
      return Loaded.named(value, logged(context), entry.file(), bytes.length);
    }
    SoftRef<?> ref = (SoftRef<?>) key;
    // The reference's name and file are built only for a problem (BindContext), not for every read.
    ContentRoot root = index.root(ref.root());
    if (root == null) {
      root = rootOf(ref.root(), AssetKey.label(ref));
    }
    byte[] bytes = read(root, ref.path(), null, ref);
    if (ref.type() == RawAsset.class) {
      return Loaded.at(new RawAsset(ref.path(), bytes), List.of(), root, ref.path(), bytes.length);
    }
    BindContext context = new BindContext(root, ref);
    Object value = json.bind(bytes, ref.type(), context);
    return Loaded.at(value, logged(context), root, ref.path(), bytes.length);
  }

  /**
   * The binding warnings of a file just read, logged here: once per read of the file, however many
   * loads then share the result (a load logs only the problems it found itself).
   */
  private static List<Problem> logged(BindContext context) {
    List<Problem> warnings = List.copyOf(context.warnings);
    warnings.forEach(warning -> log.warn("{}", warning));
    return warnings;
  }

  /**
   * Reads and binds one file of {@code source} that is not an indexed asset, as strictly as
   * assets; soft references in it are relative to the content root {@code rootName}.
   */
  <T> BoundFile<T> bindFile(AssetSource source, String rootName, AssetPath path, Class<T> type) {
    String file = source.displayPath(path);
    byte[] bytes = read(new ContentRoot(rootName, source, List.of()), path, file);
    BindContext context = new BindContext(rootName, file, file);
    T value = json.bind(bytes, type, context);
    return new BoundFile<>(value, context.warnings);
  }

  /**
   * Reads the version header of every listed asset and hides those a newer engine saved; returns
   * the assets hidden so far. Blocks on IO on the calling thread. A file that cannot be read stays
   * listed: loading it says why.
   */
  Map<PrimaryAssetId, Problem> checkVersions() {
    IndexSnapshot snapshot = index.snapshot();
    return checkVersions(snapshot, snapshot.ids());
  }

  /** As {@link #checkVersions()}, for the listed assets of {@code type} only. */
  Map<PrimaryAssetId, Problem> checkVersions(PrimaryAssetType type) {
    IndexSnapshot snapshot = index.snapshot();
    return checkVersions(snapshot, snapshot.ids(type));
  }

  private Map<PrimaryAssetId, Problem> checkVersions(IndexSnapshot snapshot, List<PrimaryAssetId> ids) {
    for (PrimaryAssetId id : ids) {
      AssetEntry entry = snapshot.get(id);
      ContentRoot root = index.root(entry.root());
      if (root == null) {
        continue;
      }
      byte[] bytes;
      try {
        bytes = root.source().read(entry.path(), limits.maxDocumentBytes());
      } catch (IOException | RuntimeException e) {
        continue;
      }
      json.newerEngine(bytes, entry.assetClass(), new BindContext(root.name(), entry.file(), id.toString()))
          .ifPresent(problem -> index.hideNewer(entry, problem));
    }
    return index.snapshot().newerAssets();
  }

  /** The hidden asset {@code id} a newer engine saved, or null. */
  IndexSnapshot.Newer newer(PrimaryAssetId id) {
    return index.snapshot().newer(id);
  }

  /** Whether {@code id} is in the index now. */
  boolean isIndexed(PrimaryAssetId id) {
    return index.snapshot().get(id) != null;
  }

  /** The problem for a request of, or a reference to, {@code id} when it is not indexed. */
  Problem unknownAsset(PrimaryAssetId id) {
    return index.unknownAsset(id);
  }

  /**
   * The problem of a reference from {@code from} to {@code target} when {@code from}'s content
   * root may not name {@code target}'s ({@link ContentRoot#mayName}); null when it may, or when
   * either is not indexed (that has its own problem).
   */
  Problem undeclaredReference(AssetKey from, AssetKey target) {
    ContentRoot fromRoot = index.root(rootNameOf(from));
    String targetRoot = rootNameOf(target);
    if (fromRoot == null || targetRoot == null || fromRoot.mayName(targetRoot)) {
      return null;
    }
    String label = target instanceof PrimaryAssetId id ? id.toString() : ((SoftRef<?>) target).path().value();
    return fromRoot.undeclared(label, targetRoot);
  }

  private String rootNameOf(AssetKey key) {
    if (key instanceof PrimaryAssetId id) {
      AssetEntry entry = index.snapshot().get(id);
      return entry == null ? null : entry.root();
    }
    return ((SoftRef<?>) key).root();
  }

  /** The file of {@code key} as shown to users. */
  String fileOf(AssetKey key) {
    if (key instanceof PrimaryAssetId id) {
      AssetEntry entry = index.snapshot().anyEntry(id);
      return entry == null ? id.toString() : entry.file();
    }
    SoftRef<?> ref = (SoftRef<?>) key;
    ContentRoot root = index.root(ref.root());
    return root == null ? ref.root() + "/" + ref.path() : root.source().displayPath(ref.path());
  }

  /** {@code where} in the file of {@code key} with its line and column, found by reading the file again. */
  SourceLocation locate(AssetKey key, SourceLocation where) {
    byte[] bytes = bytesOrNull(key);
    return bytes == null || bytes.length == 0 ? where : locate(key, bytes, where);
  }

  /**
   * {@code where} with its line and column in {@code bytes}, the file of {@code key}: at its pointer,
   * or, when an upgrade of the file renamed the field it names, at the field's old name.
   */
  SourceLocation locate(AssetKey key, byte[] bytes, SourceLocation where) {
    return asSaved(key, bytes, locate(bytes, where));
  }

  /** Each of {@code pointers} in the file of {@code key}, with its line and column, the file read once. */
  List<SourceLocation> locateAll(AssetKey key, List<String> pointers) {
    List<SourceLocation> unlocated = new ArrayList<>(pointers.size());
    String file = fileOf(key);
    for (String pointer : pointers) {
      unlocated.add(SourceLocation.at(file, pointer));
    }
    byte[] bytes = bytesOrNull(key);
    if (bytes == null || bytes.length == 0) {
      return unlocated;
    }
    List<SourceLocation> located = new JsonLocator(json.mapper()).locateAll(bytes, unlocated);
    for (int i = 0; i < located.size(); i++) {
      located.set(i, asSaved(key, bytes, located.get(i)));
    }
    return located;
  }

  /**
   * {@code where}, when its pointer is not in {@code bytes}, at the place of the value an upgrade of
   * the file renamed: a problem of {@code /defaultCameraMode} in a file saved before the field was
   * renamed from {@code cameraMode} is at that field's line and column. The pointer stays the
   * asset's, as the problem's words name it.
   */
  private SourceLocation asSaved(AssetKey key, byte[] bytes, SourceLocation where) {
    if (where.hasPosition() || where.pointer() == null || where.pointer().isEmpty()) {
      return where;
    }
    Class<?> type = key instanceof SoftRef<?> ref ? ref.type() : assetClassOf((PrimaryAssetId) key);
    return type == null ? where : new JsonLocator(json.mapper()).locate(bytes, where, json.pointerInFile(bytes, type, where.pointer()));
  }

  private Class<?> assetClassOf(PrimaryAssetId id) {
    AssetEntry entry = index.snapshot().anyEntry(id);
    return entry == null ? null : entry.assetClass();
  }

  /** {@code where} with the line and column its pointer has in {@code bytes}. */
  SourceLocation locate(byte[] bytes, SourceLocation where) {
    return new JsonLocator(json.mapper()).locate(bytes, where);
  }

  /** The bytes of {@code key}'s file, or {@code null}; for locating problems after the fact. */
  byte[] bytesOrNull(AssetKey key) {
    try {
      if (key instanceof PrimaryAssetId id) {
        AssetEntry entry = index.snapshot().get(id);
        ContentRoot root = entry == null ? null : index.root(entry.root());
        return root == null ? null : root.source().read(entry.path(), limits.maxDocumentBytes());
      }
      SoftRef<?> ref = (SoftRef<?>) key;
      ContentRoot root = index.root(ref.root());
      return root == null ? null : root.source().read(ref.path(), limits.maxDocumentBytes());
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  private ContentRoot rootOf(String name, String asset) {
    ContentRoot root = index.root(name);
    if (root == null) {
      throw new AssetLoadException(
          asset,
          List.of(
              ContentRoot.notAdded(name, Optional.empty(), index.rootNames()).withAsset(asset)));
    }
    return root;
  }

  /** The bytes of {@code path} in {@code root}; a located {@link AssetLoadException} when they cannot be read. */
  byte[] read(ContentRoot root, AssetPath path, String asset) {
    return read(root, path, asset, null);
  }

  /**
   * {@link #read(ContentRoot, AssetPath, String)} naming the asset by {@code asset} or, when that is
   * null, by {@code key}'s label, built only for a problem (a bundle's clean reads build none).
   */
  private byte[] read(ContentRoot root, AssetPath path, String asset, AssetKey key) {
    try {
      return root.source().read(path, limits.maxDocumentBytes());
    } catch (java.nio.channels.ClosedByInterruptException | java.io.InterruptedIOException e) {
      // The reading thread was interrupted: nothing is wrong with the file.
      Thread.currentThread().interrupt();
      throw new java.util.concurrent.CancellationException(
          "interrupted while reading " + root.source().displayPath(path));
    } catch (IOException | InvalidAssetPathException e) {
      throw readFailure(root, path, asset != null ? asset : AssetKey.label(key), e);
    }
  }

  private static AssetLoadException readFailure(ContentRoot root, AssetPath path, String asset, Exception failure) {
    String file = root.source().displayPath(path);
    Problem problem;
    if (failure instanceof NoSuchFileException) {
      // The files that are there are kept apart from the message: the load completes the
      // message (naming the reference) before listing them.
      Problem missing = ContentRoot.missingFile(file, Optional.empty());
      List<String> there = filesBeside(root, path);
      problem = new Problem(missing.severity(), missing.id(), missing.message() + otherUnicodeForm(path, there),
          Optional.of(asset), Optional.of(SourceLocation.ofFile(file)), Choices.closest(path.fileName(), there));
    } else {
      problem = readProblem(file, failure).withAsset(asset);
    }
    return new AssetLoadException(asset, List.of(problem));
  }

  /**
   * The problem of a content file that could not be read, at the file: a special file, one past
   * the size limit, one outside its root, or another failure, in words.
   */
  static Problem readProblem(String file, Exception failure) {
    Problem problem;
    if (failure instanceof NotARegularFileException) {
      problem = Problem.error("Overture/NotARegularFile", failure.getMessage());
    } else if (failure instanceof AssetTooLargeException) {
      problem = Problem.error("Overture/LimitExceeded", failure.getMessage());
    } else if (failure instanceof InvalidAssetPathException) {
      problem = Problem.error("Overture/PathEscapesRoot", failure.getMessage());
    } else if (failure instanceof NoSuchFileException) {
      problem = ContentRoot.missingFile(file, Optional.empty());
    } else {
      problem = Problem.error("Overture/ReadFailed", "Could not read " + file + ": " + Failures.describe(failure));
    }
    return problem.at(SourceLocation.ofFile(file));
  }

  /** The names of the files in the folder of {@code path}; none when it cannot be listed. */
  private static List<String> filesBeside(ContentRoot root, AssetPath path) {
    try {
      List<String> names = new ArrayList<>();
      for (String file : root.source().list(path.parent(), false)) {
        names.add(file.substring(file.lastIndexOf('/') + 1));
      }
      return names;
    } catch (IOException | RuntimeException e) {
      return List.of();
    }
  }

  /**
   * What to add to the problem of a missing {@code path} when a file of {@code there} has its name
   * written with other code points for the same letters ({@code ï} as one, or as {@code i} and a
   * combining diaeresis): a file system that ignores the difference (macOS's) finds the file, this
   * one does not, and the two names look the same in the message.
   */
  private static String otherUnicodeForm(AssetPath path, List<String> there) {
    String wanted = path.fileName();
    String composed = java.text.Normalizer.normalize(wanted, java.text.Normalizer.Form.NFC);
    for (String name : there) {
      if (!name.equals(wanted) && java.text.Normalizer.normalize(name, java.text.Normalizer.Form.NFC).equals(composed)) {
        return " (\"" + name + "\" is there: the same name in other Unicode code points, one composed (NFC) and the other"
            + " decomposed (NFD), which some file systems tell apart; write the name in the reference and the file alike,"
            + " composed)";
      }
    }
    return "";
  }
}
