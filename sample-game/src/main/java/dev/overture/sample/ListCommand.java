package dev.overture.sample;

import dev.overture.asset.AssetEntry;
import dev.overture.asset.AssetIndex;
import dev.overture.asset.AssetManager;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.PrimaryAssetType;
import dev.overture.internal.Choices;
import dev.overture.core.Problem;
import dev.overture.feature.GameFeatures;
import dev.overture.feature.PluginDescriptor;
import dev.overture.feature.PluginId;
import dev.overture.inject.Overture;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code overture list}: indexes the content (with the plugins registered at start-up) and prints
 * every primary asset by type (an asset a newer engine saved is not listed, only named at the end),
 * then every plugin with its state, where it is, and, for a plugin in {@code Error}, why. A plugin
 * that cannot come up is listed, never left out.
 */
@Command(addMethodSubcommands = false, name = "list", mixinStandardHelpOptions = true, description = "Index the content and list its primary assets by type, and the plugins with their states.")
final class ListCommand implements Callable<Integer> {

  @Mixin ContentOptions content;

  @Option(names = "--type", paramLabel = "T", description = "Only the assets of this type, for example Experience.")
  String type;

  @Option(names = "--plugin", paramLabel = "NAME", description = "Only the assets and the state of this plugin.")
  String plugin;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    try (Overture overture = SampleContent.open(content)) {
      AssetManager assets = overture.assets();
      GameFeatures features = overture.features();
      // Plugins registered at start-up add their content to the index; those that cannot are listed below.
      try {
        SampleContent.awaitReady(features, spec.commandLine().getErr());
      } catch (java.util.concurrent.CompletionException failed) {
        // reported below, with the plugins' states
      }
      PluginId only = plugin == null ? null : pluginNamed(features, plugin);
      // An asset a newer engine saved is not listed, as the seed says of Unreal's content browser.
      Map<PrimaryAssetId, Problem> newer = assets.tools().checkVersions();
      AssetIndex index = assets.index();
      out.printf("%d primary assets in %s%n", index.size(),
          String.join(", ", assets.contentRoots().stream().map(root -> root.name() + " (" + root.source().name() + ")").toList()));
      if (type != null && index.types().stream().noneMatch(known -> known.toString().equals(type))) {
        List<String> types = index.types().stream().map(Object::toString).toList();
        throw new IllegalArgumentException("--type " + type + ": no asset of that type is indexed"
            + Choices.didYouMean(type, types).map(name -> "; did you mean " + name + "?").orElse("")
            + " (types: " + String.join(", ", types) + ")");
      }
      for (PrimaryAssetType assetType : index.types()) {
        if (type != null && !assetType.toString().equals(type)) {
          continue;
        }
        List<PrimaryAssetId> ids = index.ids(assetType).stream()
            .filter(id -> only == null || index.find(id).orElseThrow().root().equals(only.name()))
            .toList();
        if (ids.isEmpty()) {
          continue;
        }
        out.printf("%n%s (%d)%n", assetType, ids.size());
        for (PrimaryAssetId id : ids) {
          AssetEntry entry = index.find(id).orElseThrow();
          out.printf("  %-40s %s%n", id, entry.file());
        }
      }
      printPlugins(features, only, out);
      for (Problem warning : index.warnings()) {
        out.printf("%nwarning: %s%n", warning);
      }
      newer.forEach((id, problem) -> out.printf("%nnot listed: %s, which a newer engine saved%n  %s%n", id, problem));
    }
    out.flush();
    return 0;
  }

  private static void printPlugins(GameFeatures features, PluginId only, PrintWriter out) {
    List<PluginId> plugins = features.plugins().stream().filter(id -> only == null || id.equals(only)).toList();
    out.printf("%nPlugins (%d)%n", plugins.size());
    for (PluginId id : plugins) {
      String version = features.descriptor(id).map(PluginDescriptor::version).map(Object::toString).orElse("?");
      out.printf("  %-20s %-8s %-11s %s%s%n", id, version, features.state(id), features.location(id),
          features.isJar(id) ? " (jar, own class loader)" : "");
      features.failure(id).ifPresent(failure -> failure.problems().forEach(problem -> out.printf("    %s%n", problem)));
    }
    if (only == null) {
      for (Problem problem : features.discoveryProblems()) {
        out.printf("  %s%n", problem);
      }
    }
  }

  /**
   * The plugin {@code name} names, or an error that says which plugins there are: like an unknown
   * {@code --type}, a well-formed name that nothing installed answers to is a question about the
   * content (exit 1), not a misuse of the command line (exit 2).
   */
  private PluginId pluginNamed(GameFeatures features, String name) {
    List<String> names = features.plugins().stream().map(PluginId::name).toList();
    if (names.contains(name)) {
      return PluginId.of(name);
    }
    throw new IllegalArgumentException("--plugin " + name + ": no such plugin"
        + Choices.didYouMean(name, names).map(guess -> "; did you mean " + guess + "?").orElse("")
        + " (plugins: " + ChoiceList.of(name, names) + ")");
  }
}
