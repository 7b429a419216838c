package dev.overture.validation;

import dev.overture.asset.AssetReferences;
import dev.overture.asset.ContentRoot;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.SoftRef;
import dev.overture.core.Choices;
import dev.overture.core.DataException;
import dev.overture.core.Problem;
import dev.overture.experience.ExperienceActionSet;
import dev.overture.experience.ExperienceDefinition;
import dev.overture.experience.PawnData;
import dev.overture.experience.UserFacingExperience;
import dev.overture.feature.GameFeatures;
import dev.overture.feature.PluginDescriptor;
import dev.overture.feature.PluginState;
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
    return List.of(new Plugins(), new DefaultExperience(), new SettingsFiles());
  }

  /** Every reference resolves: to an indexed asset, or an existing file. */
  static final class References implements AssetValidator<Object> {
    @Override
    public Class<Object> assetClass() {
      return Object.class;
    }

    @Override
    public void isDataValid(Object asset, ValidationContext context) {
      for (AssetReferences.Reference reference : AssetReferences.of(asset)) {
        if (reference.target() instanceof PrimaryAssetId id) {
          if (context.assets().index().find(id).isEmpty()) {
            List<String> sameType = context.assets().index().ids(id.type()).stream().map(PrimaryAssetId::toString).toList();
            context.error("Overture/UnresolvedReference", reference.pointer(), "Refers to " + id + ", which is not indexed",
                "indexed " + id.type(), Choices.closest(id.toString(), sameType));
          }
        } else if (reference.target() instanceof SoftRef<?> ref) {
          Optional<ContentRoot> root = context.assets().contentRoots().stream().filter(r -> r.name().equals(ref.root())).findFirst();
          if (root.isEmpty()) {
            context.error("Overture/UnresolvedReference", reference.pointer(),
                "Refers to " + ref.path() + " in content root \"" + ref.root() + "\", which is not added");
          } else if (!root.get().source().exists(ref.path())) {
            context.error("Overture/UnresolvedReference", reference.pointer(),
                "Refers to " + root.get().source().displayPath(ref.path()) + ", which does not exist");
          }
        }
      }
    }
  }

  private static void checkPlugins(List<String> names, ValidationContext context) {
    Optional<GameFeatures> features = context.features();
    if (features.isEmpty()) {
      return;
    }
    for (int i = 0; i < names.size(); i++) {
      if (features.get().pluginUrlByName(names.get(i)).isEmpty()) {
        context.error("Overture/UnknownPlugin", "/gameFeaturesToEnable/" + i, "Plugin \"" + names.get(i) + "\" is not installed",
            "installed", Choices.closest(names.get(i), features.get().pluginNames()));
      }
    }
  }

  /** The plugins an experience names exist; an action set is not listed twice. */
  static final class ExperiencePlugins implements AssetValidator<ExperienceDefinition> {
    @Override
    public Class<ExperienceDefinition> assetClass() {
      return ExperienceDefinition.class;
    }

    @Override
    public void isDataValid(ExperienceDefinition experience, ValidationContext context) {
      checkPlugins(experience.gameFeaturesToEnable(), context);
      Set<PrimaryAssetId> seen = new HashSet<>();
      for (int i = 0; i < experience.actionSets().size(); i++) {
        if (!seen.add(experience.actionSets().get(i))) {
          context.warning("Overture/DuplicateActionSet", "/actionSets/" + i,
              "Action set " + experience.actionSets().get(i) + " is listed twice; its actions would run twice");
        }
      }
    }
  }

  /** The plugins an action set names exist. */
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
   * The plugins: each descriptor reads; each dependency exists and its version is accepted; no
   * plugin depends on itself through others.
   */
  static final class Plugins implements ProjectValidator {
    @Override
    public void isDataValid(ProjectContext context) {
      if (context.features().isEmpty()) {
        return;
      }
      GameFeatures features = context.features().get();
      Map<String, PluginDescriptor> descriptors = new LinkedHashMap<>();
      for (String name : features.pluginNames()) {
        String url = features.pluginUrlByName(name).orElseThrow();
        Optional<PluginDescriptor> descriptor = features.descriptor(url);
        if (descriptor.isEmpty() || features.state(url) == PluginState.ERROR) {
          features.failure(url).ifPresent(failure -> failure.problems().forEach(context::report));
          continue;
        }
        descriptors.put(name, descriptor.get());
      }
      descriptors.forEach((name, descriptor) -> {
        String url = features.pluginUrlByName(name).orElseThrow();
        for (int i = 0; i < descriptor.dependencies().size(); i++) {
          PluginDescriptor.Dependency dependency = descriptor.dependencies().get(i);
          Optional<String> target = features.pluginUrlByName(dependency.name());
          if (target.isEmpty()) {
            context.report(Problem.error("Overture/MissingPluginDependency",
                    "Plugin " + name + " depends on \"" + dependency.name() + "\", which is not installed")
                .withChoices("installed", Choices.closest(dependency.name(), features.pluginNames()))
                .at(features.locateInDescriptor(url, "/dependencies/" + i + "/name")));
            continue;
          }
          Optional<PluginDescriptor> other = features.descriptor(target.get());
          if (other.isPresent() && !dependency.versions().accepts(other.get().version())) {
            context.report(Problem.error("Overture/PluginVersionMismatch",
                    "Plugin " + name + " needs " + dependency.name() + " " + dependency.versions() + ", but version "
                        + other.get().version() + " is installed")
                .at(features.locateInDescriptor(url, "/dependencies/" + i + "/versions")));
          }
        }
      });
      reportCycles(descriptors, features, context);
    }

    private static void reportCycles(Map<String, PluginDescriptor> descriptors, GameFeatures features, ProjectContext context) {
      Set<String> done = new HashSet<>();
      Set<List<String>> reported = new HashSet<>();
      for (String start : descriptors.keySet()) {
        findCycles(start, new ArrayList<>(), descriptors, done, reported, features, context);
      }
    }

    private static void findCycles(String name, List<String> path, Map<String, PluginDescriptor> descriptors, Set<String> done,
        Set<List<String>> reported, GameFeatures features, ProjectContext context) {
      int at = path.indexOf(name);
      if (at >= 0) {
        List<String> cycle = new ArrayList<>(path.subList(at, path.size()));
        List<String> key = canonical(cycle);
        if (reported.add(key)) {
          String first = cycle.get(0);
          String next = cycle.size() > 1 ? cycle.get(1) : first;
          PluginDescriptor descriptor = descriptors.get(first);
          int index = 0;
          for (int i = 0; i < descriptor.dependencies().size(); i++) {
            if (descriptor.dependencies().get(i).name().equals(next)) {
              index = i;
            }
          }
          cycle.add(first);
          context.report(Problem.error("Overture/PluginCycle",
                  "Plugins depend on each other in a cycle: " + String.join(" -> ", cycle) + "; none of them can activate")
              .at(features.locateInDescriptor(features.pluginUrlByName(first).orElseThrow(), "/dependencies/" + index + "/name")));
        }
        return;
      }
      if (done.contains(name) || !descriptors.containsKey(name)) {
        return;
      }
      path.add(name);
      for (PluginDescriptor.Dependency dependency : descriptors.get(name).dependencies()) {
        findCycles(dependency.name(), path, descriptors, done, reported, features, context);
      }
      path.remove(path.size() - 1);
      done.add(name);
    }

    /** A cycle starting at its smallest name, so that each is reported once. */
    private static List<String> canonical(List<String> cycle) {
      int smallest = 0;
      for (int i = 1; i < cycle.size(); i++) {
        if (cycle.get(i).compareTo(cycle.get(smallest)) < 0) {
          smallest = i;
        }
      }
      List<String> rotated = new ArrayList<>(cycle.subList(smallest, cycle.size()));
      rotated.addAll(cycle.subList(0, smallest));
      return rotated;
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
      if (Files.exists(local)) {
        Settings.check(local, SettingsKind.LOCAL).forEach(context::report);
      }
      try (Stream<Path> players = Files.list(folder.get())) {
        for (Path player : players.filter(Files::isDirectory).sorted().toList()) {
          Path shared = player.resolve(SettingsKind.SHARED.fileName());
          if (Files.exists(shared)) {
            Settings.check(shared, SettingsKind.SHARED).forEach(context::report);
          }
        }
      } catch (IOException e) {
        context.report(Problem.error("Overture/ReadFailed", "Cannot list the settings folder " + folder.get() + ": " + e.getMessage()));
      }
    }
  }
}
