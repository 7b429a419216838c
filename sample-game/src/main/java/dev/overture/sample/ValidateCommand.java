package dev.overture.sample;

import dev.overture.asset.AssetManager;
import dev.overture.core.Problem;
import dev.overture.core.ProblemException;
import dev.overture.feature.GameFeatures;
import dev.overture.inject.Overture;
import dev.overture.validation.ValidationReport;
import dev.overture.validation.Validator;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code overture validate}: loads every asset for real and runs every check, the plugins' own
 * included (a plugin that cannot be installed or registered is one of the problems); exits 1 when
 * there is an error, 0 otherwise (warnings included). Stricter than play: an unknown property is an
 * error, and so is content {@code play} cannot start at all ({@link PlayableContent}). Text in the numbered style, or JSON for CI tools; the JSON report is written even when the
 * content cannot be indexed (with the problems that stopped it), so a tool always has one to read;
 * a folder option that names no folder is a usage error (exit code 2) in either format.
 */
@Command(addMethodSubcommands = false, name = "validate", mixinStandardHelpOptions = true, description = "Check the content (every asset loaded for real, every check run); exit 1 on an error.")
final class ValidateCommand implements Callable<Integer> {

  /** How the report is printed. */
  enum Format {
    text,
    json
  }

  @Mixin ContentOptions content;
  @Spec CommandSpec spec;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text", description = "text or json (default: ${DEFAULT-VALUE}).")
  Format format;

  @Option(names = "--settings", paramLabel = "DIR", description = "A settings folder whose files must parse too.")
  Path settings;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    ValidationReport report;
    int exitOnError = OvertureCommand.FAILED;
    try (Overture overture = SampleContent.open(content)) {
      AssetManager assets = overture.assets();
      GameFeatures features = overture.features();
      // A plugin that cannot come up is the validator's to report, with the rest, in the report's format.
      try {
        SampleContent.awaitReady(features, spec.commandLine().getErr());
      } catch (java.util.concurrent.CompletionException failed) {
        // reported below, with the plugins' states
      }
      Validator.Builder validator = Validator.builder(assets).features(features).pluginTimeout(SampleContent.pluginTimeout());
      Path folder = content.folderOrNull();
      validator.validator(new PlayableContent(folder == null ? "the content inside the jar" : folder.toString()));
      validator.validator(new InstalledPluginContent());
      if (settings != null) {
        validator.settingsFolder(ContentOptions.folder(spec, "--settings", settings));
      }
      report = validator.build().run();
      if (report.problems().stream().anyMatch(problem -> problem.id().equals("Overture/PluginTimedOut"))) {
        features.abandonRunningChange(); // reported: closing need not wait for that code again, nor warn before the report
      }
    } catch (ProblemException | IllegalArgumentException | IllegalStateException | ParameterException e) {
      if (format == Format.text) {
        throw e;
      }
      if (e instanceof ParameterException) {
        exitOnError = 2; // a usage mistake (a folder that is not there), as in text, but with the report a tool reads
      }
      // A tool reading the JSON gets a report whatever stopped the validation (content that
      // cannot be indexed, a plugin that cannot start or never comes up, a folder that is not
      // there): its problems.
      report = new ValidationReport(e instanceof ProblemException problems ? problems.problems()
          : List.of(Problem.error("Overture/CannotValidate", e.getMessage())));
      spec.commandLine().getErr().println(e instanceof ProblemException ? e.getMessage() : "overture: " + e.getMessage());
      spec.commandLine().getErr().flush();
    }
    out.println(format == Format.json ? report.toJson() : report.format());
    out.flush();
    return report.hasErrors() ? exitOnError : 0;
  }
}
