package dev.overture.live;

import dev.overture.asset.ContentFile;
import dev.overture.core.Problem;
import java.util.Collection;
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
 *       change of other files goes alone, so one broken file does not hold back unrelated edits.
 * </ul>
 *
 * <p>Owned by the {@link ReloadPipeline}; confined to its serial executor.
 */
final class Refusals {

  private List<Problem> lastProblems = List.of();
  private List<String> lastFiles = List.of();
  private final Map<ContentFile, String> pending = new LinkedHashMap<>();

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
   * A change of {@code files} (shown as {@code shown}) was refused with {@code problems}: its files
   * stay pending. Whether to report it: false when the last refusal had the same problems for these
   * files already.
   */
  boolean refused(Map<ContentFile, String> files, Collection<String> shown, List<Problem> problems) {
    pending.putAll(files);
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
  }
}
