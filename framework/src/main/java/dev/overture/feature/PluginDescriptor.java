package dev.overture.feature;

import com.fasterxml.jackson.annotation.JsonRootName;
import dev.overture.asset.Required;
import dev.overture.asset.ScanRuleDeclaration;
import java.util.List;
import java.util.Objects;

/**
 * A feature plugin's {@code plugin.json}, at the top of its folder ({@code plugins/<Name>/}) or of
 * its jar:
 *
 * <pre>{@code
 * {
 *   "name": "TopDownArena",
 *   "version": "1.0.0",
 *   "description": "A top-down camera and arena rules",
 *   "entryPoint": "dev.overture.sample.topdown.TopDownArena",
 *   "dependencies": [ { "name": "ShooterCore", "versions": "^1.0.0" } ],
 *   "initialState": "Registered",
 *   "primaryAssetTypesToScan": [ { "type": "Map", "assetClass": "ArenaMap", "directories": ["maps"] } ],
 *   "contributes": { "components": ["TopDownCamera"], "actions": [] },
 *   "actions": [ { "action": "AddComponents", "componentList": [ ... ] } ]
 * }
 * }</pre>
 *
 * The plugin's folder (or jar) is its content root: its assets join the index when it registers
 * and leave when it unregisters. Its code is found through {@code entryPoint}, an {@link
 * OverturePlugin} that registers the plugin's kinds, versions and extensions when the plugin
 * registers (see docs/plugins.md). Its {@code actions} apply to every world while it is active; they
 * are bound once the plugin's code has registered, so they may use its own kinds. Immutable.
 *
 * @param name the plugin's name; the folder's name when absent, and it must match it (a jar plugin
 *     must give it)
 * @param version its version
 * @param description what it is, for people
 * @param entryPoint the class of the plugin's {@link OverturePlugin}, when it has code: in its jar,
 *     or on the host's class path for a plugin folder
 * @param dependencies other plugins it needs active first, with the versions it accepts
 * @param initialState the state it reaches at start-up ({@code Registered} by default)
 * @param primaryAssetTypesToScan scan rules for its folder
 * @param contributes the component and action kinds its code registers, checked when it registers
 * @param actions actions that apply to every world while it is active
 */
public record PluginDescriptor(
    PluginId name,
    @Required(PluginDescriptor.VERSION_HINT) PluginVersion version,
    String description,
    String entryPoint,
    List<Dependency> dependencies,
    PluginState initialState,
    List<ScanRuleDeclaration> primaryAssetTypesToScan,
    Contributions contributes,
    List<GameFeatureAction> actions) {

  /** What a file leaving out its version is told to write; discovery's {@link PluginManifest} declares it too. */
  static final String VERSION_HINT = "for example \"1.0.0\"";

  public PluginDescriptor {
    Objects.requireNonNull(version, "version");
    description = description == null ? "" : description;
    if (entryPoint != null && !isClassName(entryPoint)) {
      throw new dev.overture.core.DataException("Overture/InvalidEntryPoint", "/entryPoint",
          "\"entryPoint\" must name a class, for example \"com.example.arena.ArenaPlugin\", not \"" + entryPoint + "\"");
    }
    dependencies = dependencies == null ? List.of() : List.copyOf(dependencies);
    initialState = initialState == null ? PluginState.REGISTERED : initialState;
    primaryAssetTypesToScan = primaryAssetTypesToScan == null ? List.of() : List.copyOf(primaryAssetTypesToScan);
    contributes = contributes == null ? new Contributions(List.of(), List.of()) : contributes;
    actions = actions == null ? List.of() : List.copyOf(actions);
  }

  /** The same descriptor without its actions: what discovery keeps before the plugin's code runs. */
  PluginDescriptor withoutActions() {
    return actions.isEmpty()
        ? this
        : new PluginDescriptor(name, version, description, entryPoint, dependencies, initialState, primaryAssetTypesToScan,
            contributes, List.of());
  }

  /** Whether {@code text} reads as a Java class name: dot-separated identifiers. */
  private static boolean isClassName(String text) {
    if (text.isEmpty() || text.startsWith(".") || text.endsWith(".") || text.contains("..")) {
      return false;
    }
    for (String part : text.split("\\.")) {
      if (!Character.isJavaIdentifierStart(part.codePointAt(0))) {
        return false;
      }
      for (int i = 0; i < part.length(); i = part.offsetByCodePoints(i, 1)) {
        if (!Character.isJavaIdentifierPart(part.codePointAt(i))) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * A plugin this one needs active first.
   *
   * @param name the other plugin's name
   * @param versions the versions accepted ({@code *} when absent)
   */
  @JsonRootName("a dependency of plugin.json") // what messages about it call it, not this record's name
  public record Dependency(@Required("name the plugin this one needs") PluginId name, VersionRange versions) {
    public Dependency {
      Objects.requireNonNull(name, "name");
      versions = versions == null ? VersionRange.any() : versions;
    }
  }

  /**
   * The kinds a plugin's code registers, so that registering the plugin can check they exist.
   *
   * @param components component class names ({@code ActorComponent} kinds)
   * @param actions action kind names
   */
  @JsonRootName("\"contributes\" of plugin.json") // what messages about it call it
  public record Contributions(List<String> components, List<String> actions) {
    public Contributions {
      components = components == null ? List.of() : List.copyOf(components);
      actions = actions == null ? List.of() : List.copyOf(actions);
    }
  }
}
