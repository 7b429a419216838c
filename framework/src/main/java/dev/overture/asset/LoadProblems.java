package dev.overture.asset;

import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.internal.Failures;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The problems one load collects. Problems found after binding (a reference to an id that is not
 * indexed, a missing file, a reference cycle) are reported at the reference, and that reference's
 * line and column are found by reading its file again, once, on a worker, just before the load
 * completes ({@link #locateAll}): nothing keeps positions in memory for the good case.
 *
 * <p>Thread-safe: problems arrive from the workers that process the load's assets.
 */
final class LoadProblems {

  /** The order problems are reported in: by file, line, column, pointer, id, message. */
  static final Comparator<Problem> ORDER =
      Comparator.<Problem, String>comparing(p -> p.location().map(SourceLocation::file).orElse(p.asset().orElse("")))
          .thenComparingInt(p -> p.location().map(SourceLocation::line).orElse(0))
          .thenComparingInt(p -> p.location().map(SourceLocation::column).orElse(0))
          .thenComparing(p -> p.location().map(SourceLocation::pointer).orElse(""))
          .thenComparing(Problem::id)
          .thenComparing(Problem::message);

  /** A problem whose line and column are found by reading {@code fileKey}'s file again. */
  private record Unlocated(Problem problem, AssetKey fileKey) {}

  private final AssetFiles files;
  private final Queue<Problem> problems = new ConcurrentLinkedQueue<>();
  private final Queue<Unlocated> unlocated = new ConcurrentLinkedQueue<>();

  LoadProblems(AssetFiles files) {
    this.files = files;
  }

  /** {@code problems} sorted in the reporting {@link #ORDER}. */
  static List<Problem> sorted(List<Problem> problems) {
    List<Problem> copy = new ArrayList<>(problems);
    copy.sort(ORDER);
    return copy;
  }

  void add(Problem problem) {
    problems.add(problem);
  }

  void addAll(List<Problem> more) {
    problems.addAll(more);
  }

  /** Whether {@code id} was requested but is not indexed; the problem is recorded. */
  boolean unknownRequest(PrimaryAssetId id) {
    if (files.isIndexed(id)) {
      return false;
    }
    problems.add(files.unknownAsset(id));
    return true;
  }

  /**
   * Whether {@code target}, referenced from {@code from} (bound from {@code file}) at {@code
   * where}, is an id that is not indexed; the problem is recorded at the reference.
   */
  boolean unknownReference(AssetKey target, AssetKey from, String file, ReferenceScanner.Step where) {
    if (!(target instanceof PrimaryAssetId id) || files.isIndexed(id)) {
      return false;
    }
    IndexSnapshot.Newer newer = files.newer(id);
    Problem problem =
        (newer != null ? treatedAsNull(id, newer.problem()) : files.unknownAsset(id))
            .withAsset(AssetKey.label(from))
            .at(SourceLocation.at(file, ReferenceScanner.Step.pointerOf(where)));
    unlocated.add(new Unlocated(problem, from));
    return true;
  }

  /**
   * Whether {@code target}, referenced from {@code from} (bound from {@code file}) at {@code
   * where}, lies in a content root that {@code from}'s root may not name; the problem is recorded
   * at the reference.
   */
  boolean undeclaredReference(AssetKey target, AssetKey from, String file, ReferenceScanner.Step where) {
    Problem problem = files.undeclaredReference(from, target);
    if (problem == null) {
      return false;
    }
    unlocated.add(new Unlocated(
        problem.withAsset(AssetKey.label(from)).at(SourceLocation.at(file, ReferenceScanner.Step.pointerOf(where))), from));
    return true;
  }

  /**
   * The warning for a reference to {@code target}, which a newer engine saved ({@code why}): as the
   * seed says, the reference is treated as null. It names the target's file; its location is the
   * reference, in the referring file.
   */
  private Problem treatedAsNull(AssetKey target, Problem why) {
    return Problem.warning(NEWER_REFERENCE, AssetKey.label(target) + " (" + files.fileOf(target) + ") was saved by a newer"
        + " engine, so this reference to it is treated as null: " + why.message());
  }

  /** The problem id of a reference to an asset a newer engine saved. */
  static final String NEWER_REFERENCE = "Overture/NewerAssetReference";

  /** Records {@code problem} at the reference {@code where} in {@code referrer}, to be located. */
  void atReference(Problem problem, AssetKey referrer, ReferenceScanner.Step where) {
    SourceLocation reference = SourceLocation.at(files.fileOf(referrer), ReferenceScanner.Step.pointerOf(where));
    unlocated.add(new Unlocated(problem.at(reference), referrer));
  }

  /**
   * Records why {@code key} could not be loaded. A file that does not exist, leaves its root, is
   * not a regular file or is in a content root that is not added is reported at the reference that
   * named it ({@code referrer}, {@code where}), when there is one; one a newer engine saved makes that reference a warning (it is treated as
   * null), and an error only when it was requested itself.
   */
  void loadFailed(AssetKey key, Throwable error, AssetKey referrer, ReferenceScanner.Step where) {
    if (error instanceof java.util.concurrent.CancellationException) {
      // The thread reading it was interrupted (a pool shutting down): not a problem of the file.
      problems.add(Problem.error("Overture/Interrupted", "Loading " + AssetKey.label(key) + " was interrupted"
          + (error.getMessage() == null ? "" : ": " + error.getMessage())).withAsset(AssetKey.label(key)));
      return;
    }
    if (!(error instanceof AssetLoadException failure)) {
      problems.add(
          Problem.error("Overture/ReadFailed", "Loading " + AssetKey.label(key) + " failed: " + Failures.describe(error))
              .withAsset(AssetKey.label(key)));
      return;
    }
    for (Problem problem : failure.problems()) {
      if (referrer != null && problem.id().equals(AssetJson.NEWER_ENGINE)) {
        atReference(treatedAsNull(key, problem).withAsset(AssetKey.label(referrer)), referrer, where);
        continue;
      }
      boolean aboutTheFileItself = problem.id().equals(ContentRoot.MISSING_FILE) || problem.id().equals("Overture/PathEscapesRoot")
          || problem.id().equals("Overture/NotARegularFile");
      boolean aboutItsRoot = problem.id().equals(ContentRoot.UNKNOWN_ROOT) && key instanceof SoftRef<?>;
      if (!aboutTheFileItself && !aboutItsRoot) {
        problems.add(problem);
        continue;
      }
      Optional<String> by = referrer == null ? Optional.empty() : Optional.of(AssetKey.label(referrer));
      Problem completed;
      if (aboutItsRoot) {
        // Said again from its parts, the reference before the list of roots.
        completed = ContentRoot.notAdded(((SoftRef<?>) key).root(), by, problem.choices());
        completed = new Problem(problem.severity(), problem.id(), completed.message(), problem.asset(), problem.location(),
            completed.choices());
      } else {
        String message = problem.message() + by.map(label -> ", referenced by " + label).orElse("");
        completed = new Problem(problem.severity(), problem.id(), message, problem.asset(), problem.location(), List.of());
        if (!problem.choices().isEmpty()) {
          completed = completed.withChoices("files there", problem.choices());
        }
      }
      if (referrer == null) {
        problems.add(completed);
      } else {
        atReference(completed, referrer, where); // the missing file cannot be shown; the reference to it can
      }
    }
  }

  /** Whether some problems wait for their line and column. */
  boolean needLocating() {
    return !unlocated.isEmpty();
  }

  /** Finds the line and column of every problem waiting for them, reading each file once. Blocks on IO. */
  void locateAll() {
    Map<AssetKey, byte[]> read = new HashMap<>();
    for (Unlocated item : unlocated) {
      byte[] bytes = read.computeIfAbsent(item.fileKey(), key -> {
        byte[] found = files.bytesOrNull(key);
        return found == null ? new byte[0] : found;
      });
      Problem problem = item.problem();
      if (bytes.length > 0 && problem.location().isPresent()) {
        problem = problem.at(files.locate(item.fileKey(), bytes, problem.location().get()));
      }
      problems.add(problem);
    }
    unlocated.clear();
  }

  /** Reports the problems waiting for a line and column without one. */
  void giveUpLocating() {
    unlocated.forEach(item -> problems.add(item.problem()));
    unlocated.clear();
  }

  /** Every problem so far, sorted. */
  List<Problem> sorted() {
    return sorted(new ArrayList<>(problems));
  }
}
