package dev.overture.sample;

import dev.overture.archive.IdArchives;
import dev.overture.experience.Experiences;
import dev.overture.persistence.WorldStore;
import dev.overture.version.BuildVersion;
import dev.overture.version.CustomVersion;
import dev.overture.version.CustomVersionRegistry;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code overture version}: the engine version this build runs as, and every custom version it knows. */
@Command(addMethodSubcommands = false, name = "version", mixinStandardHelpOptions = true, description = "Print the engine version and the custom versions (data formats) this build reads and writes.")
final class VersionCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  /** Every custom version the sample knows, by name. */
  static CustomVersionRegistry registry() {
    CustomVersionRegistry registry = new CustomVersionRegistry();
    IdArchives.registerTo(registry);
    registry.register(WorldStore.PROPERTY_FORMAT);
    registry.register(Experiences.FORMAT);
    registry.register(SampleContent.HERO_FORMAT);
    return registry;
  }

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    BuildVersion build = SampleBuild.version();
    out.printf("Engine version: %s%n", build.engineVersion());
    out.printf("Compatible with: %s%n", build.compatibleVersion().toDisplayString());
    out.printf("Build: %s%s%n", build.displayBuildVersion(), build.buildId().isEmpty() ? "" : ", id " + build.buildId());
    out.println("Custom versions:");
    for (CustomVersion version : registry().all()) {
      out.printf("  %-20s %3d  %s%n", version.friendlyName(), version.latest(), version.guid());
    }
    out.flush();
    return 0;
  }
}
