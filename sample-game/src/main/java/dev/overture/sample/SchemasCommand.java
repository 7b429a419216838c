package dev.overture.sample;

import dev.overture.asset.AssetManager;
import dev.overture.inject.Overture;
import dev.overture.internal.SpecialFiles;
import dev.overture.validation.SchemaGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code overture schemas}: writes the JSON Schemas of every asset type (from the records and the
 * registered kinds and classes) into {@code assets/schemas}, so that editors complete and check
 * content. A test fails when the committed schemas are not current. Without {@code --out} it
 * needs {@code ./assets} to be there: made here, it would become every other command's content.
 */
@Command(addMethodSubcommands = false, name = "schemas", mixinStandardHelpOptions = true, description = "Write the JSON Schemas of every asset type (default: into assets/schemas).")
final class SchemasCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(names = "--out", paramLabel = "DIR", defaultValue = "assets/schemas", description = "Where to write them (default: ${DEFAULT-VALUE}).")
  Path out;

  @Override
  public Integer call() throws IOException {
    if (!spec.commandLine().getParseResult().hasMatchedOption("--out") && !Files.isDirectory(Path.of("assets"))) {
      // Creating ./assets/schemas here would make ./assets, empty of content, the folder every other command reads.
      throw new ParameterException(spec.commandLine(), "schemas writes into ./assets/schemas, but there is no ./assets folder in "
          + Path.of("").toAbsolutePath() + ": run it where the content folder is, or give --out DIR");
    }
    if (Files.exists(out, LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(out)) {
      String found = SpecialFiles.kindOf(out);
      String kind = switch (found) {
        case "a regular file" -> "a file";
        case "missing" -> "a symbolic link that leads nowhere (to nothing, or round in a loop)";
        default -> found;
      };
      // A usage error (exit 2, with the usage), as every other folder option naming no folder is.
      throw new ParameterException(spec.commandLine(), "--out " + out + ": it is " + kind + ", not a folder (the schemas are"
          + " written into one, created when missing)");
    }
    try (Overture overture = SampleContent.builder(null, SampleContent.existing(SampleContent.defaultPlugins())).build()) {
      SampleContent.awaitPlugins(overture, spec.commandLine().getErr());
      AssetManager assets = overture.assets();
      List<Path> written = new SchemaGenerator(assets).writeTo(out);
      PrintWriter printer = spec.commandLine().getOut();
      written.forEach(file -> printer.println("wrote " + file));
      printer.println(written.isEmpty() ? "The schemas in " + out + " are current." : written.size() + " schema(s) written.");
      printer.flush();
      return 0;
    }
  }
}
