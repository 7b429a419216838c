package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import dev.overture.experience.ExperienceReload;
import dev.overture.live.LiveReload;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The heading play --watch prints over a change's problems. A hostile review: an applied change
 * whose map the match refused printed that error under "warnings:", as if all of it were in force.
 */
class WatchingLabelTest {

  private static final Problem REFUSED_MAP = Problem.error("Overture/TrackedAssetFailed",
      "World Sample could not take the new Map:Arena: the match keeps the map it had");
  private static final Problem UNKNOWN_PROPERTY = Problem.warning("Overture/UnknownProperty", "Unknown property \"x\"");

  private static LiveReload reload(LiveReload.Status status, ExperienceReload.Outcome outcome, Problem... problems) {
    List<LiveReload.WorldUpdate> worlds = outcome == null ? List.of()
        : List.of(new LiveReload.WorldUpdate("Sample", PrimaryAssetId.parse("Experience:Elimination"), outcome));
    return new LiveReload(1, status, List.of("Elimination.json"), List.of(), worlds, List.of(problems), Duration.ZERO);
  }

  @Test
  void anAppliedChange_withAnErrorAWorldMet_isHeadedNotTaken_notWarnings() {
    assertEquals("not taken:", Watching.label(reload(LiveReload.Status.APPLIED, ExperienceReload.Outcome.APPLIED, REFUSED_MAP)));
    assertEquals("warnings:", Watching.label(reload(LiveReload.Status.APPLIED, ExperienceReload.Outcome.APPLIED, UNKNOWN_PROPERTY)));
    assertEquals("rolled back:",
        Watching.label(reload(LiveReload.Status.APPLIED, ExperienceReload.Outcome.ROLLED_BACK, REFUSED_MAP)));
    assertEquals("refused:", Watching.label(reload(LiveReload.Status.REFUSED, null, REFUSED_MAP)));
  }
}
