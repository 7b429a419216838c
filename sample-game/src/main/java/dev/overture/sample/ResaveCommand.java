package dev.overture.sample;

import dev.overture.asset.AssetManager;
import dev.overture.asset.ResaveReport;
import dev.overture.inject.Overture;
import dev.overture.internal.AtomicFiles;
import dev.overture.internal.Failures;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code overture resave [--dry-run]}: rewrites the content (and the plugins' content) at the
 * current versions, only the files that change, each atomically. Exits 1 when a file was refused
 * (saved by a newer build, holding a reference that does not resolve). First removes, and names,
 * the temporary files a resave that was killed left behind.
 */
@Command(addMethodSubcommands = false, name = "resave", mixinStandardHelpOptions = true, description = "Rewrite the content at the current versions: only the files that change, each atomically.")
final class ResaveCommand implements Callable<Integer> {

  @Mixin ContentOptions content;
  @Spec CommandSpec spec;

  @Option(names = "--dry-run", description = "Show what would change; write nothing.")
  boolean dryRun;

  @Override
  public Integer call() {
    Path folder = content.folderOrNull();
    if (folder == null) {
      throw new ParameterException(spec.commandLine(), "resave rewrites files on disk, and there is no ./assets folder in "
          + Path.of("").toAbsolutePath() + ": give the content folder with --assets DIR (the content inside the jar cannot be written)");
    }
    PrintWriter out = spec.commandLine().getOut();
    if (!dryRun) {
      // A resave that was killed left its temporary file beside the file it was rewriting.
      try {
        AtomicFiles.removeLeftoversUnder(folder).forEach(leftover -> out.println(leftover.describe()));
      } catch (IOException e) {
        throw new IllegalArgumentException("resave cannot look through " + folder + " (" + Failures.describe(e) + ")");
      }
    }
    try (StopNotice stop = dryRun ? null : new StopNotice(spec.commandLine().getErr(), "resave was stopped by Ctrl+C (or a"
            + " termination signal); each file is whole, rewritten or as it was: run resave again to rewrite the rest");
        Overture overture = SampleContent.builder(folder, content.pluginsOrNull()).build()) {
      SampleContent.awaitPlugins(overture, spec.commandLine().getErr());
      AssetManager assets = overture.assets();
      ResaveReport report = assets.tools().resave(dryRun);
      out.println(report.format());
      out.flush();
      return report.refused().isEmpty() ? 0 : OvertureCommand.FAILED;
    }
  }
}
