package dev.overture.asset;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * New versions of changed content files, read, upgraded and bound, but not yet in force: what live
 * content builds before anything in the game sees a change. A load started here ({@link #load})
 * reads the changed files afresh, each once however many loads reach it, and takes every other
 * asset as the manager holds it; so what a change makes of an experience can be loaded and checked
 * first. {@link #commit()} then puts the new versions in force in the manager, all of them in one
 * call; {@link #close()} without a commit drops them, and the manager never saw them.
 *
 * <pre>{@code
 * assets.tools().reindex("Game", path);               // the index follows the disk first
 * try (StagedContent stage = assets.tools().stage(List.of(new ContentFile("Game", path)))) {
 *   LoadHandle candidate = stage.load(List.of(experienceId), List.of("equipped"));
 *   candidate.future().join();                         // or fails with the problems of the edit
 *   stage.commit();
 *   ... candidate.release() when the world that uses it lets go
 * }
 * }</pre>
 *
 * <p><b>Pins.</b> Until the commit, a changed file's new version is held by the stage alone, not
 * by the manager's slots. On commit, the manager's copy of each file read here takes its new
 * value ({@link AssetManager#getAsset} returns it from then on, for every holder), and every load
 * of this stage pins what it read, as an ordinary load does: releasing the handle lets go of it.
 * Handles are the caller's to release whether or not the stage is committed.
 *
 * <p><b>Threading.</b> Any thread; reads run on the manager's workers. Obtained from {@link
 * AssetTools#stage}.
 */
public interface StagedContent extends AutoCloseable {

  /** The changed files, as given. */
  Set<ContentFile> files();

  /** Whether {@code key}'s file is one of the changed ones, so that loads here read it afresh. */
  boolean covers(AssetKey key);

  /**
   * Starts a load of {@code ids} with {@code bundles}, reading the changed files afresh.
   *
   * @throws IllegalStateException once the stage is committed or closed
   */
  LoadHandle load(Collection<PrimaryAssetId> ids, Collection<String> bundles);

  /**
   * The new version of {@code key} a load of this stage read and bound, if it read it without
   * error.
   */
  Optional<Object> staged(AssetKey key);

  /**
   * The changed files' assets whose new version could not be read or bound (a syntax error, a
   * version newer than this build, a missing file), with the problems; a load that only refers to
   * such an asset may still have completed, with a warning, if the reference lets it load as null.
   */
  Map<AssetKey, List<dev.overture.core.Problem>> failures();

  /**
   * Puts the new versions in force in the manager; see the class comment. Every load of this stage
   * must be done.
   *
   * @throws IllegalStateException when a load of this stage is still in progress, or the stage was
   *     committed or closed
   */
  void commit();

  /** Whether {@link #commit()} was called. */
  boolean isCommitted();

  /** Ends the stage: without a commit, the new versions are dropped. Idempotent. */
  @Override
  void close();
}
