package dev.overture.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.core.Problem;
import dev.overture.testing.PluginJar;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Code a jar plugin runs that needs a class nothing it may see provides ({@code Overture/MissingClass}):
 * the problem names the class, whose code needed it (the plugin's own or a dependency's) and the
 * installed plugin whose jar has it, to depend on, unless that would make a cycle.
 */
class MissingClassTest {

  @TempDir Path temp;

  private static final String BASE = JarPluginsTest.BASE;

  /** A plugin whose entry point uses base.Shared ({@link #BASE}) without depending on the plugin that has it. */
  private static PluginJar stowaway() {
    return PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Stowaway\", \"version\": \"1.0.0\", \"entryPoint\": \"stowaway.Plugin\" }")
        .java("stowaway.Plugin", """
            package stowaway;

            public final class Plugin implements dev.overture.feature.OverturePlugin {
              @Override
              public void register(dev.overture.feature.PluginRegistration plugin) {
                base.Shared.hello();
              }
            }
            """);
  }

  @Test
  void codeThatUsesAPluginItDoesNotDependOn_failsToRegister_namingTheClass_andThePluginThatHasIt() {
    Path base = PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Base\", \"version\": \"1.0.0\" }")
        .java("base.Shared", BASE)
        .writeTo(JarPluginGame.plugins(temp).resolve("base.jar"));
    stowaway()
        .compiledAgainst(base)
        .writeTo(JarPluginGame.plugins(temp).resolve("stowaway.jar"));
    try (JarPluginGame game = JarPluginGame.open(temp)) {
      PluginId id = PluginId.of("Stowaway");

      assertEquals(PluginState.ERROR, game.features().state(id));
      Problem problem = game.features().failure(id).orElseThrow().problems().get(0);
      assertEquals("Overture/MissingClass", problem.id());
      assertEquals("The code of plugin Stowaway needs the class base.Shared, which neither its jar, the host nor the plugins it"
          + " depends on provide; plugin Base (" + base.toString().replace('\\', '/') + ") has it: add \"Base\" to its"
          + " \"dependencies\"", problem.message());
      assertEquals(JarPluginGame.plugins(temp).resolve("stowaway.jar") + "!/plugin.json:1:57 (/entryPoint)", problem.location().orElseThrow().toString());
    }
  }

  /**
   * The JVM answers a second use of a class it could not find from its cache of the first error,
   * with a cause it makes again from its class's name: the problem is worded from the plugin's
   * loader, not from that cause, so a second use says the same (a hostile review).
   */
  @Test
  void aClassMissedTwice_isExplainedTheSameTheSecondTime() {
    Path base = PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Base\", \"version\": \"1.0.0\" }")
        .java("base.Shared", BASE)
        .writeTo(JarPluginGame.plugins(temp).resolve("base.jar"));
    PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Stowaway\", \"version\": \"1.0.0\", \"entryPoint\": \"stowaway.Plugin\" }")
        .java("stowaway.Plugin", """
            package stowaway;

            public final class Plugin implements dev.overture.feature.OverturePlugin {
              @Override
              public void register(dev.overture.feature.PluginRegistration plugin) {
                try {
                  base.Shared.hello();
                } catch (NoClassDefFoundError first) {
                  // tried again below: the JVM's cached error this time
                }
                base.Shared.hello();
              }
            }
            """)
        .compiledAgainst(base)
        .writeTo(JarPluginGame.plugins(temp).resolve("stowaway.jar"));
    try (JarPluginGame game = JarPluginGame.open(temp)) {

      Problem problem = game.features().failure(PluginId.of("Stowaway")).orElseThrow().problems().get(0);
      assertEquals("The code of plugin Stowaway needs the class base.Shared, which neither its jar, the host nor the plugins it"
          + " depends on provide; plugin Base (" + base.toString().replace('\\', '/') + ") has it: add \"Base\" to its"
          + " \"dependencies\"", problem.message());
    }
  }

  /** The plugin that has the class depends on the one that needs it: depending on it back would make a cycle, so that is not the advice. */
  @Test
  void aClassOfAPluginThatDependsOnTheOneNeedingIt_isNotAdvisedAsADependency() {
    PluginJar stowaway = stowaway();
    Path base = PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Base\", \"version\": \"1.0.0\", \"dependencies\": [ { \"name\": \"Stowaway\" } ] }")
        .java("base.Shared", BASE)
        .writeTo(JarPluginGame.plugins(temp).resolve("base.jar"));
    stowaway.compiledAgainst(base).writeTo(JarPluginGame.plugins(temp).resolve("stowaway.jar"));
    try (JarPluginGame game = JarPluginGame.open(temp)) {

      Problem problem = game.features().failure(PluginId.of("Stowaway")).orElseThrow().problems().get(0);
      assertEquals("The code of plugin Stowaway needs the class base.Shared, which neither its jar, the host nor the plugins it"
          + " depends on provide; plugin Base (" + base.toString().replace('\\', '/') + ") has it, but depends on Stowaway itself,"
          + " so depending on it would make a cycle: move the class into a plugin both can depend on", problem.message());
    }
  }

  /**
   * The class is missing from a plugin the failing one depends on: that plugin is the one to
   * change, and the advice says so (a second hostile review: it told the failing plugin to add a
   * dependency that would not have helped).
   */
  @Test
  void aClassMissingFromADependencysCode_namesThatDependency_asTheOneToChange() {
    Path base = PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Base\", \"version\": \"1.0.0\" }")
        .java("base.Shared", BASE)
        .writeTo(JarPluginGame.plugins(temp).resolve("base.jar"));
    Path mid = PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Mid\", \"version\": \"1.0.0\" }")
        .java("mid.Helper", """
            package mid;

            public final class Helper {
              public static String call() {
                return base.Shared.hello();
              }
            }
            """)
        .compiledAgainst(base)
        .writeTo(JarPluginGame.plugins(temp).resolve("mid.jar"));
    PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Stowaway\", \"version\": \"1.0.0\", \"entryPoint\": \"stowaway.Plugin\","
            + " \"dependencies\": [ { \"name\": \"Mid\" } ] }")
        .java("stowaway.Plugin", """
            package stowaway;

            public final class Plugin implements dev.overture.feature.OverturePlugin {
              @Override
              public void register(dev.overture.feature.PluginRegistration plugin) {
                mid.Helper.call();
              }
            }
            """)
        .compiledAgainst(mid, base)
        .writeTo(JarPluginGame.plugins(temp).resolve("stowaway.jar"));
    try (JarPluginGame game = JarPluginGame.open(temp)) {

      Problem problem = game.features().failure(PluginId.of("Stowaway")).orElseThrow().problems().get(0);
      assertEquals("The code of plugin Stowaway uses plugin Mid, whose code needs the class base.Shared, which neither Mid's jar,"
          + " the host nor the plugins Mid depends on provide; plugin Base (" + base.toString().replace('\\', '/') + ") has it: add"
          + " \"Base\" to Mid's \"dependencies\"", problem.message());
    }
  }

  /** Of two plugins that have the class, the one that would make a cycle is not advised while the other would do. */
  @Test
  void ofTwoPluginsThatHaveTheClass_theOneWithoutACycle_isAdvised() {
    Path alpha = PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Alpha\", \"version\": \"1.0.0\", \"dependencies\": [ { \"name\": \"Stowaway\" } ] }")
        .java("base.Shared", BASE)
        .writeTo(JarPluginGame.plugins(temp).resolve("alpha.jar"));
    Path zeta = PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Zeta\", \"version\": \"1.0.0\" }")
        .java("base.Shared", BASE)
        .writeTo(JarPluginGame.plugins(temp).resolve("zeta.jar"));
    stowaway().compiledAgainst(alpha).writeTo(JarPluginGame.plugins(temp).resolve("stowaway.jar"));
    try (JarPluginGame game = JarPluginGame.open(temp)) {

      Problem problem = game.features().failure(PluginId.of("Stowaway")).orElseThrow().problems().get(0);
      assertTrue(problem.message().endsWith("; plugin Zeta (" + zeta.toString().replace('\\', '/') + ") has it: add \"Zeta\" to its"
          + " \"dependencies\""), problem.message());
    }
  }

  @Test
  void codeThatUsesAClassNoInstalledPluginHas_failsToRegister_namingTheClass() {
    Path elsewhere = PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Base\", \"version\": \"1.0.0\" }")
        .java("base.Shared", BASE)
        .writeTo(temp.resolve("not-installed/base.jar"));
    stowaway()
        .compiledAgainst(elsewhere)
        .writeTo(JarPluginGame.plugins(temp).resolve("stowaway.jar"));
    JarPluginsTest.lanterns().writeTo(JarPluginGame.plugins(temp).resolve("lanterns.jar")); // another jar plugin, without the class
    try (JarPluginGame game = JarPluginGame.open(temp)) {
      PluginId id = PluginId.of("Stowaway");

      assertEquals(PluginState.ERROR, game.features().state(id));
      Problem problem = game.features().failure(id).orElseThrow().problems().get(0);
      assertEquals("The code of plugin Stowaway needs the class base.Shared, which neither its jar, the host nor the plugins it"
          + " depends on provide; if it is a library's, put the library's classes inside its jar (as a shaded jar holds them: a"
          + " jar inside the jar is not read, and one beside it in the plugins folder is no plugin); if another plugin's, add"
          + " that plugin to its \"dependencies\"", problem.message());
    }
  }
}
