package dev.overture.live;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import dev.overture.experience.ExperienceReload;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What one change of content did, as {@link LiveContent} tells its subscribers: the files that
 * changed, what changed in them, the worlds it reached and what each did, and the problems that
 * stopped it. One per debounced change (an editor's burst of writes is one change).
 *
 * <p>Immutable; safe to share between threads.
 *
 * @param sequence its number, from 1, in the order the changes were noticed
 * @param status what happened
 * @param files the changed files, as users see them ({@code assets/experiences/Elimination.json}), each once
 * @param changes what changed in the assets, one line each ({@code Experience:Elimination
 *     /actions/1/scoreLimit: 25 -> 30}); empty when refused
 * @param worlds the worlds the change reached, with what applying it did in each
 * @param problems the problems found, located: the errors that stopped a refused change, warnings
 *     otherwise
 * @param elapsed from the first write noticed to the change in force in every world it reached
 *     (or refused)
 */
public record LiveReload(
    long sequence, Status status, List<String> files, List<String> changes, List<WorldUpdate> worlds, List<Problem> problems,
    Duration elapsed) {

  /** What a change did. */
  public enum Status {
    /** It is in force: in the asset manager, and in every world it reached (unless one rolled back, see {@link #worlds}). */
    APPLIED,
    /** Nothing in force changed: the files' content means the same as before, or they are not content. */
    UNCHANGED,
    /** It had errors: nothing changed anywhere, the old content stays in force; the next good save applies. */
    REFUSED
  }

  /**
   * What a change did in one world.
   *
   * @param world the world's name
   * @param experience its experience; null for a world with none loaded, which took (or refused)
   *     only the assets it tracks ({@link LiveContent#track})
   * @param outcome what applying did
   */
  public record WorldUpdate(String world, PrimaryAssetId experience, ExperienceReload.Outcome outcome) {
    public WorldUpdate {
      Objects.requireNonNull(world, "world");
      Objects.requireNonNull(outcome, "outcome");
    }
  }

  public LiveReload {
    if (sequence < 1) {
      throw new IllegalArgumentException("sequence < 1: " + sequence);
    }
    Objects.requireNonNull(status, "status");
    files = List.copyOf(new java.util.LinkedHashSet<>(files)); // a plugin folder's file is one of two roots, shown alike
    changes = List.copyOf(changes);
    worlds = List.copyOf(worlds);
    problems = List.copyOf(problems);
    Objects.requireNonNull(elapsed, "elapsed");
  }

  /**
   * One sentence: {@code Reloaded assets/experiences/Elimination.json in 34 ms: applied to world
   * Match}, {@code Refused assets/pawns/HeroPawn.json: 1 error; the old content stays in force}.
   */
  public String summary() {
    String what = named();
    return switch (status) {
      case REFUSED -> {
        long errors = problems.stream().filter(Problem::isError).count();
        yield "Refused " + what + ": " + errors + (errors == 1 ? " error" : " errors") + "; the old content stays in force";
      }
      case UNCHANGED -> "Reloaded " + what + ": nothing in force changed";
      case APPLIED -> "Reloaded " + what + " in " + elapsed.toMillis() + " ms: " + reached();
    };
  }

  /** The files, each named: {@code a}, {@code a and b}, {@code a, b and c}, {@code a, b, c and 4 more}. */
  private String named() {
    if (files.size() <= 1) {
      return files.isEmpty() ? "no file" : files.get(0);
    }
    int named = files.size() <= 3 ? files.size() - 1 : 3;
    String first = String.join(", ", files.subList(0, named));
    return first + " and " + (files.size() <= 3 ? files.get(files.size() - 1) : (files.size() - named) + " more");
  }

  private String reached() {
    if (worlds.isEmpty()) {
      return files.size() == 1 ? "no running world uses it" : "no running world uses them";
    }
    StringBuilder out = new StringBuilder();
    for (WorldUpdate update : worlds) {
      if (!out.isEmpty()) {
        out.append(", ");
      }
      out.append(switch (update.outcome()) {
        case APPLIED -> "applied to world " + update.world();
        case ROLLED_BACK -> "rolled back in world " + update.world();
        case SUPERSEDED -> "world " + update.world() + " moved on";
      });
    }
    return out.toString();
  }

  @Override
  public String toString() {
    return "LiveReload[" + sequence + " " + summary() + "]";
  }
}
