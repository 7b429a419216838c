package dev.overture.validation;

import dev.overture.asset.AssetReferences;
import dev.overture.asset.ContentRoot;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.SoftRef;
import dev.overture.core.DataException;
import dev.overture.core.Problem;
import dev.overture.experience.ExperienceActionSet;
import dev.overture.experience.ExperienceContentChecks;
import dev.overture.experience.ExperienceDefinition;
import dev.overture.experience.PawnData;
import dev.overture.experience.UserFacingExperience;
import dev.overture.feature.GameFeatures;
import dev.overture.feature.PluginDescriptor;
import dev.overture.feature.PluginId;
import dev.overture.feature.PluginState;
import dev.overture.internal.Choices;
import dev.overture.internal.Failures;
import dev.overture.internal.SpecialFiles;
import dev.overture.object.ObjectArchetype;
import dev.overture.settings.Settings;
import dev.overture.settings.SettingsKind;
import dev.overture.world.Pawn;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/** The checks every validation runs. Stateless. */
final class BuiltInChecks {

  private BuiltInChecks() {}

  static List<AssetValidator<?>> assetValidators() {
    return List.of(new References(), new ExperiencePlugins(), new ActionSetPlugins(), new PawnArchetypes(), new Archetypes());
  }

  static List<ProjectValidator> projectValidators() {
    return List.of(new Plugins(), new DefaultExperience(), new SettingsFiles(),
        context -> dev.overture.experience.DefaultPawnData.problem(context.assets()).ifPresent(context::report));
  }

  /**
   * Every reference resolves: to an indexed asset, or an existing file. A reference to an asset a
   * newer engine saved is left to the load, which warns that it is treated as null.
   */
  static final class References implements AssetValidator<Object> {
    @Override
    public Class<Object> assetClass() {
      return Object.class;
    }

    @Override
    public void isDataValid(Object asset, ValidationContext context) {
      Optional<ContentRoot> from = context.assets().index().find(context.asset())
          .flatMap(entry -> context.assets().contentRoot(entry.root()));
      for (AssetReferences.Reference reference : AssetReferences.of(asset)) {
        String targetRoot = reference.target() instanceof PrimaryAssetId id
            ? context.assets().index().find(id).map(entry -> entry.root()).orElse(null)
            : reference.target() instanceof SoftRef<?> ref ? ref.root() : null;
        if (from.isPresent() && targetRoot != null && !from.get().mayName(targetRoot)) {
          String label = reference.target() instanceof SoftRef<?> ref ? ref.path().value() : reference.target().toString();
          context.report(from.get().undeclared(label, targetRoot), reference.pointer());
          continue;
        }
        // The load's problems, with its ids and words: a reference a bundle follows is reported by
        // the load, one no bundle of the check follows here, and each fault has one id (issue 14).
        if (reference.target() instanceof PrimaryAssetId id) {
          if (context.assets().index().find(id).isEmpty() && !context.assets().index().newerAssets().containsKey(id)) {
            context.report(context.assets().index().unknownAsset(id).withAsset(context.asset().toString()), reference.pointer());
          } else if (targetRoot != null && from.isPresent() && context.indexedOnlyHere().contains(targetRoot)
              && !context.indexedOnlyHere().contains(from.get().name())) {
            InstalledPluginReferences.report(context, id, targetRoot, reference.pointer());
          }
        } else if (reference.target() instanceof SoftRef<?> ref) {
          Optional<ContentRoot> root = context.assets().contentRoot(ref.root());
          Optional<String> by = Optional.of(context.asset().toString());
          if (root.isEmpty()) {
            List<String> added = context.assets().contentRoots().stream().map(ContentRoot::name).toList();
            context.report(ContentRoot.notAdded(ref.root(), by, added), reference.pointer());
          } else if (!root.get().source().exists(ref.path())) {
            context.report(root.get().missingFile(ref.path(), by), reference.pointer());
          }
        }
      }
    }
  }

  private static void checkPlugins(List<PluginId> names, ValidationContext context) {
    Set<PluginId> listed = new HashSet<>();
    for (int i = 0; i < names.size(); i++) {
      if (!listed.add(names.get(i))) {
        context.warning("Overture/DuplicateFeature", "/gameFeaturesToEnable/" + i,
            "Plugin " + names.get(i) + " is listed twice in gameFeaturesToEnable; once is enough");
      }
    }
    Optional<GameFeatures> features = context.features();
    if (features.isEmpty()) {
      return;
    }
    for (int i = 0; i < names.size(); i++) {
      if (!features.get().isInstalled(names.get(i))) {
        context.error("Overture/UnknownPlugin", "/gameFeaturesToEnable/" + i, "Plugin \"" + names.get(i) + "\" is not installed",
            "installed", Choices.closest(names.get(i).name(), pluginNames(features.get())));
      }
    }
  }

  private static List<String> pluginNames(GameFeatures features) {
    return features.plugins().stream().map(PluginId::name).toList();
  }

  /**
   * The plugins an experience names exist, each listed once; an action set is not listed twice; and,
   * as its load checks, its content (and its action sets') uses a plugin's actions and components
   * only where it enables that plugin.
   */
  static final class ExperiencePlugins implements AssetValidator<ExperienceDefinition> {
    @Override
    public Class<ExperienceDefinition> assetClass() {
      return ExperienceDefinition.class;
    }

    @Override
    public void isDataValid(ExperienceDefinition experience, ValidationContext context) {
      checkPlugins(experience.gameFeaturesToEnable(), context);
      context.features().ifPresent(features -> {
        for (ExperienceContentChecks.Found misuse
            : ExperienceContentChecks.pluginMisuses(context.asset(), experience, context.assets(), features)) {
          context.reportIn(misuse.asset(), misuse.pointer(), misuse.problem());
        }
      });
      Set<PrimaryAssetId> seen = new HashSet<>();
      for (int i = 0; i < experience.actionSets().size(); i++) {
        if (!seen.add(experience.actionSets().get(i))) {
          context.warning("Overture/DuplicateActionSet", "/actionSets/" + i,
              "Action set " + experience.actionSets().get(i) + " is listed twice; its actions would run twice");
        }
      }
    }
  }

  /** The plugins an action set names exist, each listed once. */
  static final class ActionSetPlugins implements AssetValidator<ExperienceActionSet> {
    @Override
    public Class<ExperienceActionSet> assetClass() {
      return ExperienceActionSet.class;
    }

    @Override
    public void isDataValid(ExperienceActionSet actionSet, ValidationContext context) {
      checkPlugins(actionSet.gameFeaturesToEnable(), context);
    }
  }

  /** A pawn data's archetype is an archetype of a pawn (its own problems are the archetype's). */
  static final class PawnArchetypes implements AssetValidator<PawnData> {
    @Override
    public Class<PawnData> assetClass() {
      return PawnData.class;
    }

    @Override
    public void isDataValid(PawnData pawnData, ValidationContext context) {
      Optional<PrimaryAssetId> archetypeId = pawnData.pawnClass().asset();
      if (archetypeId.isEmpty() || context.assets().index().find(archetypeId.get()).isEmpty()) {
        return; // a class, checked when bound; or a missing archetype, reported by the reference check
      }
      ObjectArchetype archetype;
      try {
        archetype = context.assets().loadSynchronously(archetypeId.get(), ObjectArchetype.class);
      } catch (RuntimeException e) {
        return; // its own load reports why
      }
      if (!Pawn.class.isAssignableFrom(archetype.objectClass())) {
        context.error("Overture/WrongClass", "/pawnClass", "The pawn class " + archetypeId.get() + " is an archetype of "
            + archetype.objectClass().getSimpleName() + ", which is not a Pawn");
      }
    }
  }

  /** An archetype fits its class: its subobjects exist, take its overrides, and its class builds. */
  static final class Archetypes implements AssetValidator<ObjectArchetype> {
    @Override
    public Class<ObjectArchetype> assetClass() {
      return ObjectArchetype.class;
    }

    @Override
    public void isDataValid(ObjectArchetype archetype, ValidationContext context) {
      for (DataException problem : context.objects().check(archetype)) {
        context.report(problem.toProblem(), problem.pointer());
      }
    }
  }

  /**
   * The plugins: every problem that keeps one from being installed or registered (its descriptor,
   * its dependencies, its code), each fault once even when several plugins share it (a cycle), and
   * the unknown properties of descriptors, as errors.
   */
  static final class Plugins implements ProjectValidator {
    @Override
    public void isDataValid(ProjectContext context) {
      if (context.features().isEmpty()) {
        return;
      }
      Validator.pluginProblems(context.features().get()).forEach(problem -> context.report(Validator.strict(problem)));
    }
  }

  /** At most one user-facing experience is the default. */
  static final class DefaultExperience implements ProjectValidator {
    @Override
    public void isDataValid(ProjectContext context) {
      List<PrimaryAssetId> defaults = new ArrayList<>();
      for (PrimaryAssetId id : context.assets().index().ids()) {
        context.asset(id).filter(UserFacingExperience.class::isInstance).map(UserFacingExperience.class::cast)
            .filter(UserFacingExperience::isDefaultExperience).ifPresent(tile -> defaults.add(id));
      }
      if (defaults.size() > 1) {
        for (PrimaryAssetId id : defaults) {
          context.about(id).error("Overture/TwoDefaultExperiences", "/isDefaultExperience",
              defaults.size() + " user-facing experiences are marked the default (" + String.join(", ",
                  defaults.stream().map(PrimaryAssetId::toString).toList()) + "); at most one may be");
        }
      }
    }
  }

  /** The settings files parse (when a settings folder is given). */
  static final class SettingsFiles implements ProjectValidator {
    @Override
    public void isDataValid(ProjectContext context) {
      Optional<Path> folder = context.settingsFolder();
      if (folder.isEmpty()) {
        return;
      }
      Path local = folder.get().resolve(SettingsKind.LOCAL.fileName());
      // The name itself, a link not followed: a link round in a loop was skipped as if there were no
      // file, and validate passed settings the game cannot read.
      if (Files.exists(local, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
        Settings.check(local, SettingsKind.LOCAL).forEach(context::report);
      }
      try {
        // Listing a named pipe would block opening it: only a folder is listed.
        SpecialFiles.requireFolder(folder.get());
      } catch (IOException e) {
        context.report(Problem.error("Overture/ReadFailed", "Cannot list the settings folder " + folder.get() + ": " + Failures.describe(e)));
        return;
      }
      try (Stream<Path> players = Files.list(folder.get())) {
        for (Path player : players.filter(Files::isDirectory).sorted().toList()) {
          Path shared = player.resolve(SettingsKind.SHARED.fileName());
          if (Files.exists(shared, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            Settings.check(shared, SettingsKind.SHARED).forEach(context::report);
          }
        }
      } catch (IOException e) {
        context.report(Problem.error("Overture/ReadFailed", "Cannot list the settings folder " + folder.get() + ": " + Failures.describe(e)));
      }
    }
  }
}
