package dev.overture.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.core.Problem;
import dev.overture.testing.PluginJar;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Code a jar plugin runs that needs a class nothing it may see provides ({@code Overture/MissingClass}):
 * the problem names the class, whose code needed it (the plugin's own or a dependency's) and the
 * installed plugin whose jar has it, to depend on, unless that would make a cycle.
 */
class MissingClassTest extends JarPluginHarness {

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
        .writeTo(plugins().resolve("base.jar"));
    stowaway()
        .compiledAgainst(base)
        .writeTo(plugins().resolve("stowaway.jar"));
    open();
    PluginId id = PluginId.of("Stowaway");

    assertEquals(PluginState.ERROR, overture.features().state(id));
    Problem problem = overture.features().failure(id).orElseThrow().problems().get(0);
    assertEquals("Overture/MissingClass", problem.id());
    assertEquals("The code of plugin Stowaway needs the class base.Shared, which neither its jar, the host nor the plugins it"
        + " depends on provide; plugin Base (" + base.toString().replace('\\', '/') + ") has it: add \"Base\" to its"
        + " \"dependencies\"", problem.message());
    assertEquals(plugins().resolve("stowaway.jar") + "!/plugin.json:1:57 (/entryPoint)", problem.location().orElseThrow().toString());
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
        .writeTo(plugins().resolve("base.jar"));
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
        .writeTo(plugins().resolve("stowaway.jar"));
    open();

    Problem problem = overture.features().failure(PluginId.of("Stowaway")).orElseThrow().problems().get(0);
    assertEquals("The code of plugin Stowaway needs the class base.Shared, which neither its jar, the host nor the plugins it"
        + " depends on provide; plugin Base (" + base.toString().replace('\\', '/') + ") has it: add \"Base\" to its"
        + " \"dependencies\"", problem.message());
  }

  /** The plugin that has the class depends on the one that needs it: depending on it back would make a cycle, so that is not the advice. */
  @Test
  void aClassOfAPluginThatDependsOnTheOneNeedingIt_isNotAdvisedAsADependency() {
    PluginJar stowaway = stowaway();
    Path base = PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Base\", \"version\": \"1.0.0\", \"dependencies\": [ { \"name\": \"Stowaway\" } ] }")
        .java("base.Shared", BASE)
        .writeTo(plugins().resolve("base.jar"));
    stowaway.compiledAgainst(base).writeTo(plugins().resolve("stowaway.jar"));
    open();

    Problem problem = overture.features().failure(PluginId.of("Stowaway")).orElseThrow().problems().get(0);
    assertEquals("The code of plugin Stowaway needs the class base.Shared, which neither its jar, the host nor the plugins it"
        + " depends on provide; plugin Base (" + base.toString().replace('\\', '/') + ") has it, but depends on Stowaway itself,"
        + " so depending on it would make a cycle: move the class into a plugin both can depend on", problem.message());
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
        .writeTo(plugins().resolve("base.jar"));
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
        .writeTo(plugins().resolve("mid.jar"));
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
        .writeTo(plugins().resolve("stowaway.jar"));
    open();

    Problem problem = overture.features().failure(PluginId.of("Stowaway")).orElseThrow().problems().get(0);
    assertEquals("The code of plugin Stowaway uses plugin Mid, whose code needs the class base.Shared, which neither Mid's jar,"
        + " the host nor the plugins Mid depends on provide; plugin Base (" + base.toString().replace('\\', '/') + ") has it: add"
        + " \"Base\" to Mid's \"dependencies\"", problem.message());
  }

  /** Of two plugins that have the class, the one that would make a cycle is not advised while the other would do. */
  @Test
  void ofTwoPluginsThatHaveTheClass_theOneWithoutACycle_isAdvised() {
    Path alpha = PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Alpha\", \"version\": \"1.0.0\", \"dependencies\": [ { \"name\": \"Stowaway\" } ] }")
        .java("base.Shared", BASE)
        .writeTo(plugins().resolve("alpha.jar"));
    Path zeta = PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Zeta\", \"version\": \"1.0.0\" }")
        .java("base.Shared", BASE)
        .writeTo(plugins().resolve("zeta.jar"));
    stowaway().compiledAgainst(alpha).writeTo(plugins().resolve("stowaway.jar"));
    open();

    Problem problem = overture.features().failure(PluginId.of("Stowaway")).orElseThrow().problems().get(0);
    assertTrue(problem.message().endsWith("; plugin Zeta (" + zeta.toString().replace('\\', '/') + ") has it: add \"Zeta\" to its"
        + " \"dependencies\""), problem.message());
  }

  @Test
  void codeThatUsesAClassNoInstalledPluginHas_failsToRegister_namingTheClass() {
    Path elsewhere = PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Base\", \"version\": \"1.0.0\" }")
        .java("base.Shared", BASE)
        .writeTo(temp.resolve("not-installed/base.jar"));
    stowaway()
        .compiledAgainst(elsewhere)
        .writeTo(plugins().resolve("stowaway.jar"));
    JarPluginsTest.lanterns().writeTo(plugins().resolve("lanterns.jar")); // another jar plugin, without the class
    open();
    PluginId id = PluginId.of("Stowaway");

    assertEquals(PluginState.ERROR, overture.features().state(id));
    Problem problem = overture.features().failure(id).orElseThrow().problems().get(0);
    assertEquals("The code of plugin Stowaway needs the class base.Shared, which neither its jar, the host nor the plugins it"
        + " depends on provide; add the plugin that has it to its \"dependencies\"", problem.message());
  }
}
