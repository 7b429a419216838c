package dev.overture.live;

import dev.overture.asset.ContentFile;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What live content remembers of the changes it refused:
 *
 * <ul>
 *   <li>the files and problems of the last refusal, so that the same broken save of the same files
 *       noticed again is reported once (a change of other files refused for the same reason is
 *       news, and reported);
 *   <li>the files of refused changes not applied since, with how they are shown: a later change of
 *       one of them takes the others along, so a good edit saved with a broken one (or after a
 *       refused deletion) applies with the fix instead of staying out of force in silence; a
 *       change of other files goes alone, so one broken file does not hold back unrelated edits;
 *   <li>the primary asset each pending file held while in force, before its first refused change:
 *       the index follows the disk even when a change is refused (a deleted file is no longer
 *       listed), so without it a file put back as it was would look like a new asset, and the change
 *       that only restores what is in force would be taken for one that adds something.
 * </ul>
 *
 * <p>Owned by the {@link ReloadPipeline}; confined to its serial executor.
 */
final class Refusals {

  private List<Problem> lastProblems = List.of();
  private List<String> lastFiles = List.of();
  private final Map<ContentFile, String> pending = new LinkedHashMap<>();
  /** The pending files that held a primary asset in force, with it; a pending file absent here held none. */
  private final Map<ContentFile, PrimaryAssetId> inForce = new HashMap<>();

  /** {@code sorted} with the pending files, when it changes one of them. */
  ChangedFiles.Sorted withPending(ChangedFiles.Sorted sorted) {
    if (pending.isEmpty() || sorted.files().stream().noneMatch(pending::containsKey)) {
      return sorted;
    }
    Set<ContentFile> files = new TreeSet<>(sorted.files());
    Map<ContentFile, String> shown = new LinkedHashMap<>(sorted.shown());
    pending.forEach((file, display) -> {
      files.add(file);
      shown.putIfAbsent(file, display);
    });
    return new ChangedFiles.Sorted(files, shown, sorted.restartNeeded());
  }

  /**
   * The primary assets of {@code files} as they are in force: the index's ({@code indexed}) for a
   * file no refused change holds pending, and for a pending one what it held before it was refused.
   */
  Map<ContentFile, PrimaryAssetId> inForce(Set<ContentFile> files, Map<ContentFile, PrimaryAssetId> indexed) {
    Map<ContentFile, PrimaryAssetId> ids = new LinkedHashMap<>();
    for (ContentFile file : files) {
      PrimaryAssetId id = pending.containsKey(file) ? inForce.get(file) : indexed.get(file);
      if (id != null) {
        ids.put(file, id);
      }
    }
    return ids;
  }

  /**
   * A change of {@code files} (shown as {@code shown}), whose primary assets in force were {@code
   * before}, was refused with {@code problems}: its files stay pending, each remembered with what it
   * held until then. Whether to report it: false when the last refusal had the same problems for
   * these files already.
   */
  boolean refused(Map<ContentFile, String> files, Map<ContentFile, PrimaryAssetId> before, Collection<String> shown,
      List<Problem> problems) {
    files.forEach((file, display) -> {
      if (pending.putIfAbsent(file, display) == null && before.containsKey(file)) {
        inForce.put(file, before.get(file));
      }
    });
    if (problems.equals(lastProblems) && lastFiles.containsAll(shown)) {
      return false;
    }
    lastProblems = List.copyOf(problems);
    lastFiles = List.copyOf(shown);
    return true;
  }

  /** A change of {@code files} applied: they are settled, and the next refusal is news. */
  void applied(Set<ContentFile> files) {
    lastProblems = List.of();
    lastFiles = List.of();
    pending.keySet().removeAll(files);
    inForce.keySet().removeAll(files);
  }
}
