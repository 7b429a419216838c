package dev.overture.feature;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonRootName;
import dev.overture.asset.Required;
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
 * discovery, located: its parameters declare what the descriptor's components declare ({@link
 * Required}). Immutable.
 */
@JsonRootName("plugin.json") // what messages about it call it
final class PluginManifest {

  final PluginDescriptor descriptor;

  /** Whether the file has an {@code "actions"} property (not null), skipped unread. */
  final boolean hasActions;

  @JsonCreator
  PluginManifest(
      @JsonProperty("name") PluginId name,
      @JsonProperty("version") @Required(PluginDescriptor.VERSION_HINT) PluginVersion version,
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
   * One parser for {@link #nullFields}, built the first time a descriptor holds the word {@code
   * null}: a start-up whose descriptors hold none builds no mapper and parses no tree for them.
   */
  private static final class Trees {
    static final tools.jackson.databind.json.JsonMapper MAPPER = dev.overture.internal.JsonMappers.builder().build();
  }

  /** What each property takes, for the message about a null one. */
  private static final java.util.Map<String, String> TAKES = java.util.Map.of(
      "name", "the plugin's name, such as \"Relics\"",
      "version", "a version, such as \"1.0.0\"",
      "description", "a text",
      "entryPoint", "a class name, such as \"relics.RelicsPlugin\"",
      "dependencies", "a list, such as [ { \"name\": \"ShooterCore\" } ]",
      "initialState", "\"Installed\", \"Registered\", \"Loaded\" or \"Active\"",
      "primaryAssetTypesToScan", "a list of scan rules",
      "contributes", "an object, such as { \"components\": [], \"actions\": [] }",
      "actions", "a list of actions");

  /**
   * The pointers of the properties at the top of {@code json} that are an explicit {@code null},
   * each with the problem to report there: binding reads a null as absent, so a {@code "version":
   * null} was "Missing "version"" at the closing brace, and the other nulls went unsaid. Empty when
   * {@code json} is no object (binding says what is wrong with it).
   */
  static java.util.Map<String, String> nullFields(byte[] json) {
    java.util.Map<String, String> found = new java.util.LinkedHashMap<>();
    if (!mayHoldNull(json)) {
      return found;
    }
    tools.jackson.databind.JsonNode tree;
    try {
      tree = Trees.MAPPER.readTree(json);
    } catch (RuntimeException e) {
      return found; // malformed: binding reports it, located
    }
    if (tree == null || !tree.isObject()) {
      return found;
    }
    for (String field : tree.propertyNames()) {
      if (tree.get(field).isNull() && TAKES.containsKey(field)) {
        String required = field.equals("version") ? "; give " : "; leave it out for the default, or give ";
        found.put("/" + field, "\"" + field + "\" is null" + required + TAKES.get(field));
      }
    }
    return found;
  }

  /** Whether {@code json} holds the bytes {@code null} anywhere (in a string too): only then can a property be null. */
  private static boolean mayHoldNull(byte[] json) {
    for (int i = 0; i + 3 < json.length; i++) {
      if (json[i] == 'n' && json[i + 1] == 'u' && json[i + 2] == 'l' && json[i + 3] == 'l') {
        return true;
      }
    }
    return false;
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
