package dev.overture.feature;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonRootName;
import dev.overture.asset.ScanRuleDeclaration;
import java.util.List;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * A {@code plugin.json} as discovery reads it: everything but its {@code actions}, which may use
 * kinds the plugin's own code registers and so are bound only once that code has run; discovery
 * only notes whether the file has them ({@link #hasActions}), so that registering a plugin without
 * actions need not bind its file again. Checked like the full descriptor, so a bad file fails at
 * discovery, located. Immutable.
 */
@JsonRootName("plugin.json") // what messages about it call it
final class PluginManifest {

  final PluginDescriptor descriptor;

  /** Whether the file has an {@code "actions"} property (not null), skipped unread. */
  final boolean hasActions;

  @JsonCreator
  PluginManifest(
      @JsonProperty("name") PluginId name,
      @JsonProperty("version") PluginVersion version,
      @JsonProperty("description") String description,
      @JsonProperty("entryPoint") String entryPoint,
      @JsonProperty("dependencies") List<PluginDescriptor.Dependency> dependencies,
      @JsonProperty("initialState") PluginState initialState,
      @JsonProperty("primaryAssetTypesToScan") List<ScanRuleDeclaration> primaryAssetTypesToScan,
      @JsonProperty("contributes") PluginDescriptor.Contributions contributes,
      @JsonProperty("actions") @JsonDeserialize(using = Present.class) Boolean actions) {
    descriptor = new PluginDescriptor(
        name, version, description, entryPoint, dependencies, initialState, primaryAssetTypesToScan, contributes, List.of());
    hasActions = actions != null;
  }

  /**
   * A value that is there, whatever it holds: skipped as an ignored property would be (its
   * children read only to pass over them), and read as {@code true}. A JSON null reads as absent.
   */
  static final class Present extends ValueDeserializer<Boolean> {
    @Override
    public Boolean deserialize(JsonParser parser, DeserializationContext context) {
      parser.skipChildren();
      return Boolean.TRUE;
    }
  }
}
