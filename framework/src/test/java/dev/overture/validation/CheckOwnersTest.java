package dev.overture.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overture.asset.AssetSource;
import dev.overture.inject.Overture;
import dev.overture.testing.Content;
import dev.overture.testing.PluginJar;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Review: the validator asked {@code GameFeatures.ownerOf} (a walk over every plugin's extensions)
 * for each check again at every asset and action it met. It now asks once a run per check, so a
 * project of many assets costs the same lookups as one of one.
 */
class CheckOwnersTest {

  @TempDir Path temp;

  static final String PLUGIN = """
      package quiet;

      import dev.overture.experience.ExperienceDefinition;
      import dev.overture.feature.OverturePlugin;
      import dev.overture.feature.PluginRegistration;
      import dev.overture.validation.AssetValidator;
      import dev.overture.validation.ValidationContext;

      public final class QuietPlugin implements OverturePlugin {
        public static final class Looks implements AssetValidator<ExperienceDefinition> {
          @Override
          public Class<ExperienceDefinition> assetClass() {
            return ExperienceDefinition.class;
          }

          @Override
          public void isDataValid(ExperienceDefinition experience, ValidationContext context) {}
        }

        @Override
        public void register(PluginRegistration plugin) {
          plugin.extension(AssetValidator.class, new Looks());
        }
      }
      """;

  private int lookupsValidating(int experiences) {
    Path plugins = temp.resolve(experiences + "/plugins");
    PluginJar.of()
        .file("plugin.json", "{\n  \"name\": \"Quiet\",\n  \"version\": \"1.0.0\",\n  \"entryPoint\": \"quiet.QuietPlugin\"\n}")
        .java("quiet.QuietPlugin", PLUGIN)
        .writeTo(plugins.resolve("quiet.jar"));
    Content content = Content.of();
    for (int i = 0; i < experiences; i++) {
      content = content.file("experiences/Calm" + i + ".json", "{ \"gameFeaturesToEnable\": [] }");
    }
    Path game = content.writeTo(temp.resolve(experiences + "/game"));
    try (Overture overture = Overture.builder()
        .contentRoot(AssetSource.directory(game))
        .plugins(plugins)
        .workerThreads(2)
        .build()) {
      overture.ready().join();
      Validator validator = overture.validator();
      ValidationReport report = validator.run();
      assertEquals(0, report.problems().size(), report.format());
      return validator.failures.ownerLookups.get();
    }
  }

  @Test
  void eachChecksPluginIsLookedUpOnceARun_howeverManyAssetsItChecks() {
    int one = lookupsValidating(1);
    int ten = lookupsValidating(10);

    assertEquals(one, ten);
  }
}
