package dev.overture.feature;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonRootName;
import dev.overture.asset.ScanRuleDeclaration;
import java.util.List;

/**
 * A {@code plugin.json} as discovery reads it: everything but its {@code actions}, which may use
 * kinds the plugin's own code registers and so are bound only once that code has run. Checked like
 * the full descriptor, so a bad file fails at discovery, located. Immutable.
 */
@JsonIgnoreProperties({"actions"})
@JsonRootName("plugin.json") // what messages about it call it
final class PluginManifest {

  final PluginDescriptor descriptor;

  @JsonCreator
  PluginManifest(
      @JsonProperty("name") PluginId name,
      @JsonProperty("version") PluginVersion version,
      @JsonProperty("description") String description,
      @JsonProperty("entryPoint") String entryPoint,
      @JsonProperty("dependencies") List<PluginDescriptor.Dependency> dependencies,
      @JsonProperty("initialState") PluginState initialState,
      @JsonProperty("primaryAssetTypesToScan") List<ScanRuleDeclaration> primaryAssetTypesToScan,
      @JsonProperty("contributes") PluginDescriptor.Contributions contributes) {
    descriptor = new PluginDescriptor(
        name, version, description, entryPoint, dependencies, initialState, primaryAssetTypesToScan, contributes, List.of());
  }
}
