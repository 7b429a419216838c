package dev.overture.asset;

import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.version.AssetVersions;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The tool side of an {@link AssetManager}: what editors, the validator, the schema generator, the
 * command-line tool and the framework's own checks use, and game code does not: rewriting content
 * at the current versions, reindexing a file that changed, binding a file that is not an asset,
 * finding where a value is in a file, and the registered names of classes and scan rules.
 *
 * <pre>{@code
 * ResaveReport report = assets.tools().resave(false);
 * }</pre>
 *
 * <p>Obtained from {@link AssetManager#tools()}; it works on the manager's own index, sources and
 * workers and lives as long as the manager. Threading: every method may be called from any thread;
 * {@link #resave}, {@link #reindex} and {@link #bindFile} block on IO on the calling thread, {@link
 * #locate} reads on the manager's workers.
 */
public interface AssetTools {

  /**
   * Updates the index for one file of content root {@code root} that was added, changed or
   * removed, touching only that file's entry. Unpinned loaded copies of it are dropped so the next
   * load reads it again; pinned ones stay as they are until released. A file the index of the whole
   * root leaves out is left out here too: one no scan rule covers, and one behind a symbolic link to
   * a folder (the rule's folder, or one below it: {@code Overture/LinkedFolder}).
   *
   * @throws AssetIndexException when the file cannot be indexed (its id is taken, its name is
   *     invalid); the index is unchanged
   */
  IndexChange reindex(String root, AssetPath path);

  /**
   * {@link #reindex(String, AssetPath)} of many files of content root {@code root} at once, each
   * checked against the index as the files before it left it, the index replaced once for all of
   * them: what a change of thousands of files (a pack of assets unpacked into a watched folder)
   * needs, where reindexing them one by one took time growing with the square of their number.
   *
   * @return the change of each file indexed, in order
   * @throws AssetIndexException when files cannot be indexed, with all their problems; they stay
   *     as they were, and the others were indexed all the same
   */
  Map<AssetPath, IndexChange> reindex(String root, java.util.Collection<AssetPath> paths);

  /**
   * Starts a stage of the {@code changed} files: loads there read them afresh, without touching the
   * manager's copies, until the stage is committed ({@link StagedContent}). Reindex each changed
   * file first ({@link #reindex}): the stage finds primary assets' files through the index. What
   * live content uses to check an edit before anything in the game sees it.
   *
   * @throws IllegalArgumentException when {@code changed} is empty
   */
  StagedContent stage(java.util.Collection<ContentFile> changed);

  /**
   * Starts reading {@code ids} and what they reference in {@code bundles} on the manager's
   * workers, for a tool that is about to load them itself, one at a time, so that the workers read
   * ahead instead of waiting for each load in turn (the validator keeps a window of assets read
   * ahead). The loads that follow find the files read, or being read, while the returned handle
   * holds them; release it once they are loaded. A file that failed to read is read again by the
   * next load that reaches it, as always.
   *
   * <p>It is a load like {@link AssetManager#loadPrimaryAssets}, but quiet: it neither logs nor
   * locates what it meets (the loads that follow meet, locate and report the same); only an
   * internal error is logged. A file's binding warnings are logged when the file is read, as
   * always, whichever load reads it. Its handle's outcome is of no use beyond releasing it.
   *
   * <p>Only on the pool of workers the manager started: with a host's executor ({@link
   * AssetManager.Builder#executor}), whose queue may be bounded and refuse reads that loads would
   * then wait for in vain, it reads nothing and returns a completed handle.
   *
   * @throws IllegalStateException when the manager is closed
   */
  LoadHandle readAhead(java.util.Collection<PrimaryAssetId> ids, java.util.Collection<String> bundles);

  /**
   * Every scan rule in use, from code and from every content root's {@code overture.json}, in the
   * order roots were added (each rule once).
   */
  List<ScanRule> scanRules();

  /** The names registered for classes that are a {@code base} (kinds, component classes), sorted. */
  List<String> kinds(Class<?> base);

  /**
   * The names a class reference of {@code base} takes ({@code ClassRef}, {@code ClassOrAsset}, an
   * archetype's {@code "class"}), sorted: the registered classes that are a {@code base}, without
   * the kinds of polymorphic members (action kinds), which are data, not classes.
   */
  List<String> classes(Class<?> base);

  /** The class registered as {@code name} that is a {@code base}, if any. */
  <B> Optional<Class<? extends B>> kind(Class<B> base, String name);

  /** The name {@code type} is registered under (as a kind or a class content names), if any. */
  Optional<String> kindName(Class<?> type);

  /** The asset classes registered for {@code overture.json} scan rules, by name. */
  Map<String, Class<?>> assetClasses();

  /**
   * Reads and binds one file of {@code source} that is not an indexed asset (a plugin descriptor,
   * say), as strictly as assets are bound; soft references in it are relative to the content root
   * {@code rootName}. Blocks on IO: call it where a blocking read is fine.
   *
   * @throws AssetLoadException with the file's problems, located, when it cannot be read or bound
   */
  <T> BoundFile<T> bindFile(AssetSource source, String rootName, AssetPath path, Class<T> type);

  /**
   * Where the value at {@code pointer} is in the file of {@code id}: the file, line and column,
   * found by reading the file again on a worker. For problems found after binding (a plugin name
   * that is not installed, say); the location has no line when the file or value is not found.
   */
  CompletableFuture<SourceLocation> locate(PrimaryAssetId id, String pointer);

  /**
   * Each of {@code pointers} in the file of {@code id}, as {@link #locate(PrimaryAssetId, String)}
   * finds it, in order, reading the file once for all of them (a tool locating many problems of one
   * asset). Completes on a worker; never fails.
   */
  CompletableFuture<List<SourceLocation>> locate(PrimaryAssetId id, List<String> pointers);

  /**
   * Where the value at {@code pointer} is in {@code json}, the bytes of a file that is not an
   * indexed asset (a plugin descriptor, a settings file) shown as {@code file}: with its line and
   * column when the pointer is found, the file and pointer alone otherwise. Runs on the calling
   * thread.
   */
  SourceLocation locate(byte[] json, String file, String pointer);

  /**
   * Reads the version header of every listed asset, on the calling thread, and takes those a newer
   * engine saved out of the index's ids, as the seed says Unreal's content browser does not show
   * them; a reference to one then loads as null, with a warning. Returns every asset hidden so far
   * ({@link AssetIndex#newerAssets()}). The index lists files without reading them (reading every
   * header made indexing 100,000 small files two to three times as slow), so listings that must
   * leave such assets out call this first; loads hide an asset when they first read it anyway.
   */
  Map<PrimaryAssetId, Problem> checkVersions();

  /**
   * As {@link #checkVersions()}, for the listed assets of {@code type} only: a listing of one type
   * (the front end's tiles, the experiences a selection may name) reads only the headers it needs.
   * Assets of other types stay listed until a load reads them, which hides them then with the same
   * problem and the same warnings. Returns every asset hidden so far, of any type.
   */
  Map<PrimaryAssetId, Problem> checkVersions(PrimaryAssetType type);

  /** The versions files are read with: the engine version, custom versions and upgrade steps. */
  AssetVersions versions();

  /**
   * Rewrites the content at the current versions: every primary asset and every JSON file its
   * references reach, but only those the rewrite changes (an older format upgraded, fields the
   * code no longer has dropped, the version header added or updated), each atomically. Files that
   * cannot be read (saved by a newer build, for one), that hold references that do not resolve, or
   * that lie in roots that cannot be written are refused and left byte for byte as they are.
   * Runs on the calling thread.
   *
   * @param dryRun report what would change without writing anything
   */
  ResaveReport resave(boolean dryRun);
}
