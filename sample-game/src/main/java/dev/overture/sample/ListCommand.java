package dev.overture.sample;

import dev.overture.asset.AssetEntry;
import dev.overture.asset.AssetIndex;
import dev.overture.asset.AssetManager;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.PrimaryAssetType;
import dev.overture.core.Problem;
import dev.overture.feature.GameFeatures;
import dev.overture.inject.Overture;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code overture list}: indexes the content (with the plugins registered at start-up) and prints
 * every primary asset by type; an asset a newer engine saved is not listed, only named at the end.
 */
@Command(name = "list", mixinStandardHelpOptions = true, description = "Index the content and list its primary assets by type.")
final class ListCommand implements Callable<Integer> {

  @Mixin ContentOptions content;

  @picocli.CommandLine.Option(names = "--type", paramLabel = "T", description = "Only the assets of this type, for example Experience.")
  String type;
  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    try (Overture overture = SampleContent.open(content.folderOrNull())) {
      AssetManager assets = overture.assets();
      GameFeatures features = overture.features();
      // Plugins registered at start-up add their content to the index.
      features.ready().join();
      // An asset a newer engine saved is not listed, as the seed says of Unreal's content browser.
      Map<PrimaryAssetId, Problem> newer = assets.tools().checkVersions();
      AssetIndex index = assets.index();
      out.printf("%d primary assets in %s%n", index.size(),
          String.join(", ", assets.contentRoots().stream().map(root -> root.name() + " (" + root.source().name() + ")").toList()));
      if (type != null && index.types().stream().noneMatch(known -> known.toString().equals(type))) {
        throw new IllegalArgumentException("--type " + type + ": no asset of that type is indexed (types: "
            + String.join(", ", index.types().stream().map(Object::toString).toList()) + ")");
      }
      for (PrimaryAssetType assetType : index.types()) {
        if (type != null && !assetType.toString().equals(type)) {
          continue;
        }
        List<PrimaryAssetId> ids = index.ids(assetType);
        out.printf("%n%s (%d)%n", assetType, ids.size());
        for (PrimaryAssetId id : ids) {
          AssetEntry entry = index.find(id).orElseThrow();
          out.printf("  %-40s %s%n", id, entry.file());
        }
      }
      for (Problem warning : index.warnings()) {
        out.printf("%nwarning: %s%n", warning);
      }
      newer.forEach((id, problem) -> out.printf("%nnot listed: %s, which a newer engine saved%n  %s%n", id, problem));
    }
    out.flush();
    return 0;
  }
}
