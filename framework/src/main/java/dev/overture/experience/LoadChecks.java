package dev.overture.experience;

import dev.overture.asset.AssetManager;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.DataException;
import dev.overture.core.Problem;
import dev.overture.core.ProblemException;
import dev.overture.experience.ExperienceContents.Origin;
import dev.overture.experience.ExperienceContents.SourcedAction;
import dev.overture.feature.PluginSet;
import dev.overture.feature.internal.FeatureActivationException;
import dev.overture.object.ObjectArchetype;
import dev.overture.object.ObjectFactory;
import dev.overture.world.Pawn;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * What a load checks that reading the files could not tell, each problem with the place in the
 * content that causes it: that the definition is an experience, that the pawn data's archetype
 * fits a pawn, that the plugins named are installed and that content uses a plugin's kinds only
 * where that plugin is enabled. The problems are located (line and column) off the game thread,
 * and only when a load fails. Stateless.
 */
final class LoadChecks {

  /** A problem about {@code pointer} in {@code asset}, to be located there; no origin: kept as it is (a part a world refused). */
  record Found(Problem problem, Origin origin) {}

  private LoadChecks() {}

  /** The problems of an asynchronous step that failed. */
  static List<Problem> problemsOf(Throwable error) {
    Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    if (cause instanceof ProblemException problems) {
      return problems.problems();
    }
    if (cause instanceof CancellationException) {
      return List.of(Problem.error("Overture/Cancelled", "The load was cancelled"));
    }
    return List.of(Problem.error("Overture/LoadFailed", "The load failed: " + dev.overture.internal.Failures.describe(cause)));
  }

  /** {@code id} named something that is not an experience: it says what, by its asset type as content names it. */
  static Problem notAnExperience(PrimaryAssetId id) {
    String kind = id.type().name();
    return Problem.error(
            "Overture/NotAnExperience",
            id + " is " + ("AEIOU".indexOf(kind.charAt(0)) >= 0 ? "an " : "a ") + kind + ", not an experience")
        .withAsset(id.toString());
  }

  /**
   * What is wrong with the pawn data's archetype that reading it could not tell: not a pawn; a
   * subobject its class does not create, or that does not take the override. Each in the file that
   * says it.
   */
  static List<Found> pawnArchetype(PrimaryAssetId pawnDataId, PawnData pawnData, AssetManager assets, ObjectFactory objects) {
    PrimaryAssetId archetypeId = pawnData.pawnClass().asset().orElseThrow();
    List<Found> found = new ArrayList<>();
    ObjectArchetype archetype = assets.getAsset(archetypeId, ObjectArchetype.class).orElse(null);
    if (archetype == null) {
      // It loaded as null: a newer engine saved it (the load warned); a pawn needs a class all the same.
      found.add(new Found(Problem.error("Overture/WrongClass", "The pawn class of " + pawnDataId + " is " + archetypeId
                  + ", which this build cannot read (a newer engine saved it), so no pawn can be built")
              .withAsset(pawnDataId.toString()),
          new Origin(pawnDataId, "/pawnClass")));
      return found;
    }
    if (!Pawn.class.isAssignableFrom(archetype.objectClass())) {
      found.add(new Found(Problem.error(
                  "Overture/WrongClass",
                  "The pawn class of " + pawnDataId + " is " + archetypeId + ", an archetype of "
                      + archetype.objectClass().getSimpleName() + ", which is not a Pawn")
              .withAsset(pawnDataId.toString()),
          new Origin(pawnDataId, "/pawnClass")));
      return found;
    }
    for (DataException wrong : objects.check(archetype)) {
      found.add(new Found(wrong.toProblem().withAsset(archetypeId.toString()), new Origin(archetypeId, wrong.pointer())));
    }
    return found;
  }

  /**
   * The plugins named that are not installed; when all are, the uses of a plugin's kinds where that
   * plugin is not enabled, directly or as a dependency.
   */
  static List<Found> plugins(ExperienceContents contents, PluginSet plugins) {
    List<Found> found = new ArrayList<>();
    contents.pluginNames().forEach((name, origin) -> {
      Problem unknown = plugins.unknown().get(name);
      if (unknown != null) {
        found.add(new Found(unknown.withAsset(origin.asset().toString()), origin));
      }
    });
    if (!found.isEmpty()) {
      return found;
    }
    for (ExperienceContentChecks.Found misuse : ExperienceContentChecks.pluginMisuses(contents, plugins)) {
      found.add(new Found(misuse.problem(), new Origin(misuse.asset(), misuse.pointer())));
    }
    return found;
  }

  /**
   * The problems, each at its place (line and column) when the file can be read again, otherwise
   * as found. Completes on a worker of {@code assets}.
   */
  static CompletableFuture<List<Problem>> locate(AssetManager assets, List<Found> found) {
    List<CompletableFuture<Problem>> located = new ArrayList<>();
    for (Found one : found) {
      located.add(one.origin() == null ? CompletableFuture.completedFuture(one.problem())
          : assets.tools().locate(one.origin().asset(), one.origin().pointer()).thenApply(one.problem()::at));
    }
    return CompletableFuture.allOf(located.toArray(CompletableFuture[]::new)).handle((ignored, error) -> {
      List<Problem> problems = new ArrayList<>();
      for (int i = 0; i < located.size(); i++) {
        CompletableFuture<Problem> problem = located.get(i);
        problems.add(problem.isCompletedExceptionally() ? found.get(i).problem() : problem.join());
      }
      return problems;
    });
  }

  /**
   * The problem of an action of {@code from} that threw while activating, to be located where it is
   * written (its message names the plugin whose code the action is: {@link ExperienceLoad}'s
   * activation says).
   */
  static Found actionFailed(ExperienceContents from, FeatureActivationException e) {
    List<SourcedAction> sourced = from.actions();
    ExperienceContents.Origin origin = sourced.get(0).origin();
    for (SourcedAction action : sourced) {
      if (action.label().equals(e.action())) {
        origin = action.origin();
        break;
      }
    }
    Problem problem = Problem.error("Overture/ActionFailed", e.getMessage()).withAsset(origin.asset().toString());
    return new Found(problem, origin);
  }
}
