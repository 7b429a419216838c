package dev.overture.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetSource;
import dev.overture.core.Problem;
import dev.overture.inject.Overture;
import dev.overture.testing.Content;
import dev.overture.testing.PluginJar;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Review C, defect 4: a plugin's check that threw ended all of validate with its bare message (every
 * other problem lost), and one that recursed without end was blamed on the content. Each is now one
 * located problem naming the check and its plugin, and the rest of the report is intact.
 */
class FailingChecksTest {

  @TempDir Path temp;

  static final String PLUGIN = """
      package buggy;

      import dev.overture.experience.ExperienceDefinition;
      import dev.overture.feature.OverturePlugin;
      import dev.overture.feature.PluginRegistration;
      import dev.overture.validation.AssetValidator;
      import dev.overture.validation.ProjectContext;
      import dev.overture.validation.ProjectValidator;
      import dev.overture.validation.ValidationContext;

      public final class BuggyPlugin implements OverturePlugin {
        public static final class Boom implements ProjectValidator {
          @Override
          public void isDataValid(ProjectContext context) {
            throw new IllegalStateException("boom in validator");
          }
        }

        public static final class Endless implements AssetValidator<ExperienceDefinition> {
          @Override
          public Class<ExperienceDefinition> assetClass() {
            return ExperienceDefinition.class;
          }

          @Override
          public void isDataValid(ExperienceDefinition experience, ValidationContext context) {
            isDataValid(experience, context);
          }
        }

        @Override
        public void register(PluginRegistration plugin) {
          plugin.extension(ProjectValidator.class, new Boom()).extension(AssetValidator.class, new Endless());
        }
      }
      """;

  @Test
  void aPluginCheckThatThrows_isOneLocatedProblemNamingIt_andTheRestOfTheReportStays() {
    Path jar = PluginJar.of()
        .file("plugin.json", "{\n  \"name\": \"Buggy\",\n  \"version\": \"1.0.0\",\n  \"entryPoint\": \"buggy.BuggyPlugin\"\n}")
        .java("buggy.BuggyPlugin", PLUGIN)
        .writeTo(temp.resolve("plugins/buggy.jar"));
    Path game = Content.of()
        .file("experiences/Calm.json", "{ \"gameFeaturesToEnable\": [\"Nope\"] }")
        .writeTo(temp.resolve("game"));
    // The validator blocks while assets load, so this runtime reads files on its own pool.
    try (Overture overture = Overture.builder()
        .contentRoot(AssetSource.directory(game))
        .plugins(temp.resolve("plugins"))
        .workerThreads(2)
        .build()) {
      overture.ready().join();
      ValidationReport report = overture.validator().run();

      List<Problem> problems = report.problems();
      assertEquals(List.of("Overture/UnknownPlugin", "Overture/ValidatorFailed", "Overture/ValidatorFailed"),
          problems.stream().map(Problem::id).sorted().toList(), report.format());
      Problem endless = problems.stream().filter(p -> p.message().contains("Endless")).findFirst().orElseThrow();
      assertEquals("The check Endless of plugin Buggy (" + jar + ") failed: it overflowed the stack (a call that never ends calling"
          + " itself?); thrown at buggy.BuggyPlugin$Endless.isDataValid(BuggyPlugin.java:27); the other checks ran, but not the rest"
          + " of this one", endless.message());
      assertTrue(endless.location().orElseThrow().file().endsWith("Calm.json"), endless.toString());
      Problem boom = problems.stream().filter(p -> p.message().contains("Boom")).findFirst().orElseThrow();
      assertEquals("The check Boom of plugin Buggy (" + jar + ") failed: boom in validator; thrown at"
          + " buggy.BuggyPlugin$Boom.isDataValid(BuggyPlugin.java:15); the other checks ran, but not the rest of this one",
          boom.message());
      assertEquals(jar + "!/plugin.json", boom.location().orElseThrow().file());
      assertEquals(4, boom.location().orElseThrow().line());
      assertEquals("/entryPoint", boom.location().orElseThrow().pointer());
    }
  }
}
