package dev.overture.sample;

import dev.overture.asset.AssetManager;
import dev.overture.experience.UserFacingExperience;
import dev.overture.inject.Overture;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code overture frontend}: the front end's tiles, as the menu lists them. */
@Command(addMethodSubcommands = false, name = "frontend", mixinStandardHelpOptions = true, description = "List the front end's tiles (user-facing experiences) as the menu shows them.")
final class FrontendCommand implements Callable<Integer> {

  @Mixin ContentOptions content;
  @Spec CommandSpec spec;

  @Option(names = "--all", description = "Also the tiles hidden from the menu (showInFrontEnd false).")
  boolean all;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    try (Overture overture = SampleContent.openReady(content, spec.commandLine().getErr())) {
      AssetManager assets = overture.assets();
      int shown = 0;
      List<Tiles.Tile> tiles = Tiles.load(assets);
      for (Tiles.Tile entry : tiles) {
        UserFacingExperience tile = entry.tile();
        if (!tile.showInFrontEnd() && !all) {
          continue;
        }
        shown++;
        out.printf("%s%s%s%n", tile.tileTitle(), tile.tileSubTitle().isEmpty() ? "" : " - " + tile.tileSubTitle(),
            (tile.isDefaultExperience() ? " (default)" : "") + (tile.showInFrontEnd() ? "" : " (hidden)"));
        // The command that plays this very tile: --experience when it is the tile that plays, else --tile.
        out.printf("  %s   map %s, up to %d players%n", Tiles.command(tiles, entry),
            tile.map().map(Object::toString).orElse("none"), tile.maxPlayerCount());
        if (!tile.tileDescription().isEmpty()) {
          out.printf("  %s%n", tile.tileDescription());
        }
      }
      out.printf("%d tile(s)%n", shown);
      out.flush();
      return 0;
    }
  }
}
