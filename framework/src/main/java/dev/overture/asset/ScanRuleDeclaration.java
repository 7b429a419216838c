package dev.overture.asset;

import com.fasterxml.jackson.annotation.JsonRootName;
import dev.overture.internal.Choices;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A scan rule as content declares it, in a content root's {@code overture.json} or a plugin's
 * {@code plugin.json}: the class is named by the name code registered it under.
 *
 * <pre>{@code
 * { "type": "Map", "assetClass": "ArenaMap", "directories": ["maps"], "recursive": true, "extension": "json" }
 * }</pre>
 *
 * @param type the primary asset type
 * @param assetClass the registered name of the class the files bind to
 * @param directories folders relative to the content root ({@code ""} or {@code "."} for all of it)
 * @param recursive whether to look below them (default true)
 * @param extension the file extension (default {@code json})
 */
@JsonRootName("a rule of primaryAssetTypesToScan") // what messages about it call it, not this record's name
public record ScanRuleDeclaration(
    @Required("name the primary asset type, for example \"Map\"") PrimaryAssetType type,
    @Required("name the registered class the files bind to") String assetClass,
    @Required("list at least one folder") @SizeRange(min = 1) List<String> directories,
    Boolean recursive,
    String extension) {

  public ScanRuleDeclaration {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(assetClass, "assetClass");
    if (Objects.requireNonNull(directories, "directories").isEmpty()) {
      throw new IllegalArgumentException("no directories for type " + type);
    }
    directories = List.copyOf(directories);
  }

  /**
   * The rule, with the class looked up among {@code assetClasses} (registered name to class).
   *
   * @throws IllegalArgumentException naming the unknown class and the registered ones, or a bad folder
   */
  public ScanRule toScanRule(Map<String, Class<?>> assetClasses) {
    Class<?> cls = assetClasses.get(assetClass);
    if (cls == null) {
      throw new IllegalArgumentException(
          "Asset class \"" + assetClass + "\" is not registered (registered: "
              + Choices.quoted(Choices.closest(assetClass, assetClasses.keySet())) + ")");
    }
    List<AssetPath> folders = new ArrayList<>();
    for (String directory : directories) {
      folders.add(directory.isEmpty() || directory.equals(".") ? AssetPath.ROOT : AssetPath.parse(directory));
    }
    return new ScanRule(type, cls, folders, recursive == null || recursive, extension == null ? "json" : extension);
  }
}
