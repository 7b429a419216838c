package dev.overture.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.AssetSource;
import dev.overture.core.Problem;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.LoadState;
import dev.overture.inject.Overture;
import dev.overture.testing.Content;
import dev.overture.testing.FakeTicker;
import dev.overture.testing.ManualExecutor;
import dev.overture.testing.PluginJar;
import dev.overture.world.ActorComponent;
import dev.overture.world.Pawn;
import dev.overture.world.World;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Jar plugins from a plugins folder (issue 16): code and content in one jar, a class loader per
 * plugin that sees another plugin's classes only along a declared dependency, everything its code
 * registered removed when it unregisters, and every way it can fail to register an {@code Error}
 * with a located problem that {@code ready()} and every request repeat.
 */
class JarPluginsTest {

  /** No Java exception class name in a message a content author sees. */
  static final Pattern JAVA_NAMES = Pattern.compile("\\b[A-Z][A-Za-z]*(Exception|Error)\\b|\\bjava\\.[a-z]");

  @TempDir Path temp;
  private final ManualExecutor workers = new ManualExecutor();
  private final ManualExecutor serial = new ManualExecutor();
  private Overture overture;

  private Path plugins() {
    return temp.resolve("plugins");
  }

  private Overture open() {
    Path game = Content.of()
        .file("pawns/Keeper.json", "{ \"pawnClass\": \"Pawn\", \"displayName\": \"Keeper\" }")
        .writeTo(temp.resolve("game"));
    overture = Overture.builder()
        .contentRoot(AssetSource.directory(game))
        .plugins(plugins())
        .workers(workers)
        .pluginExecutor(serial)
        .ticker(new FakeTicker())
        .closeTimeout(Duration.ZERO)
        .build();
    pump();
    return overture;
  }

  @AfterEach
  void close() {
    if (overture != null) {
      pump();
      overture.close();
    }
  }

  private void pump(World... worlds) {
    boolean ran;
    do {
      ran = workers.runAll() + serial.runAll() > 0;
      for (World world : worlds) {
        ran |= world.runPendingTasks() > 0;
      }
    } while (ran);
  }

  static final String LANTERN_PLUGIN = """
      package lanterns;

      import dev.overture.feature.OverturePlugin;
      import dev.overture.feature.PluginRegistration;
      import dev.overture.world.ActorComponent;
      import java.util.function.Supplier;

      public final class LanternPlugin implements OverturePlugin {
        @Override
        public void register(PluginRegistration plugin) {
          plugin.kind(ActorComponent.class, "Lantern", Lantern.class)
              .extension(Supplier.class, (Supplier<String>) () -> "lit by " + plugin.plugin());
        }
      }
      """;

  static final String LANTERN = """
      package lanterns;

      public class Lantern extends dev.overture.world.ActorComponent {
        public Lantern() {}
      }
      """;

  static final String NIGHT = """
      {
        "gameFeaturesToEnable": ["Lanterns"],
        "defaultPawnData": "PawnData:Keeper",
        "actions": [ { "action": "AddComponents", "componentList": [ { "actorClass": "Pawn", "componentClass": "Lantern" } ] } ]
      }
      """;

  /** The Lanterns plugin: a component, an extension and an experience that adds the component to pawns. */
  static PluginJar lanterns() {
    return PluginJar.of()
        .file("plugin.json", """
            {
              "name": "Lanterns",
              "version": "1.0.0",
              "entryPoint": "lanterns.LanternPlugin",
              "contributes": { "components": ["Lantern"] }
            }
            """)
        .file("experiences/Night.json", NIGHT)
        .java("lanterns.LanternPlugin", LANTERN_PLUGIN)
        .java("lanterns.Lantern", LANTERN);
  }

  @Test
  void aJarPlugin_registersItsCodeAndContent_andItsExperiencePlays() {
    lanterns().writeTo(plugins().resolve("lanterns.jar"));
    open();
    GameFeatures features = overture.features();
    PluginId id = PluginId.of("Lanterns");

    assertEquals(PluginState.REGISTERED, features.state(id));
    assertTrue(features.isJar(id));
    Class<? extends ActorComponent> lantern = overture.assets().tools().kind(ActorComponent.class, "Lantern").orElseThrow();
    assertNotSame(getClass().getClassLoader(), lantern.getClassLoader(), "loaded by the plugin's own class loader");
    assertEquals(List.of("lit by Lanterns"), features.extensions(Supplier.class).stream().map(Supplier::get).toList());

    World world = overture.worlds().create("Night");
    ExperienceManager experience = ExperienceManager.of(world).orElseThrow();
    experience.setCurrentExperience(PrimaryAssetId.parse("Experience:Night"));
    pump(world);
    assertEquals(LoadState.LOADED, experience.state(), () -> experience.failure().map(Throwable::getMessage).orElse(""));
    Pawn pawn = experience.spawnPawn("Keeper");
    assertTrue(pawn.components().stream().anyMatch(lantern::isInstance), pawn.components().toString());
    world.close();
    pump(world);
  }

  static final String BASE = """
      package base;

      public final class Shared {
        public static String hello() {
          return "hello from Base";
        }
      }
      """;

  /** Reports, as an extension, which classes its plugin's code can see. */
  static String probe(String pkg, String... classes) {
    StringBuilder body = new StringBuilder();
    for (String name : classes) {
      body.append("    out.append(\"").append(name).append("=\").append(canSee(\"").append(name).append("\")).append(' ');\n");
    }
    return """
        package %s;

        import dev.overture.feature.OverturePlugin;
        import dev.overture.feature.PluginRegistration;
        import java.util.function.Supplier;

        public final class Probe implements OverturePlugin {
          %s
          @Override
          public void register(PluginRegistration plugin) {
            StringBuilder out = new StringBuilder(plugin.plugin() + ": ");
        %s
            String seen = out.toString().trim();
            plugin.extension(Supplier.class, (Supplier<String>) () -> seen);
          }

          private static boolean canSee(String name) {
            try {
              Class.forName(name, false, Probe.class.getClassLoader());
              return true;
            } catch (ClassNotFoundException e) {
              return false;
            }
          }
        }
        """.formatted(pkg, pkg.equals("top") ? "static { base.Shared.hello(); }" : "", body);
  }

  @Test
  void twoJarsOfOnePlugin_areADiscoveryProblem_andTheFirstByNameIsThePlugin() {
    for (String version : List.of("2.0.0", "1.0.0")) {
      PluginJar.of()
          .file("plugin.json", "{ \"name\": \"Lamps\", \"version\": \"" + version + "\" }")
          .writeTo(plugins().resolve("lamps-" + version + ".jar"));
    }
    open();
    GameFeatures features = overture.features();

    Path first = plugins().resolve("lamps-1.0.0.jar");
    Path second = plugins().resolve("lamps-2.0.0.jar");
    assertEquals(first.toString(), features.location(PluginId.of("Lamps")));
    assertEquals("1.0.0", features.descriptor(PluginId.of("Lamps")).orElseThrow().version().toString());
    assertEquals(1, features.discoveryProblems().size(), features.discoveryProblems().toString());
    Problem duplicate = features.discoveryProblems().get(0);
    assertEquals("Overture/DuplicatePlugin", duplicate.id());
    assertEquals("Plugin \"Lamps\" is both " + first + " and " + second + "; remove one of them", duplicate.message());
    assertTrue(duplicate.location().orElseThrow().file().startsWith(second.toString()), duplicate.toString());
  }

  @Test
  void plugins_seeEachOthersClasses_onlyAlongADeclaredDependency() {
    Path base = PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Base\", \"version\": \"1.0.0\", \"entryPoint\": \"base.Probe\" }")
        .java("base.Shared", BASE)
        .java("base.Probe", probe("base", "top.Probe", "side.Probe"))
        .writeTo(plugins().resolve("base.jar"));
    PluginJar.of()
        .file("plugin.json", """
            { "name": "Top", "version": "1.0.0", "entryPoint": "top.Probe", "dependencies": [ { "name": "Base" } ] }
            """)
        .java("top.Probe", probe("top", "base.Shared", "side.Probe"))
        .compiledAgainst(base)
        .writeTo(plugins().resolve("top.jar"));
    PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Side\", \"version\": \"1.0.0\", \"entryPoint\": \"side.Probe\" }")
        .java("side.Probe", probe("side", "base.Shared", "top.Probe"))
        .compiledAgainst(base)
        .writeTo(plugins().resolve("side.jar"));
    open();

    assertEquals(
        List.of("Base: top.Probe=false side.Probe=false", "Side: base.Shared=false top.Probe=false",
            "Top: base.Shared=true side.Probe=false"),
        overture.features().extensions(Supplier.class).stream().map(s -> (String) s.get()).sorted().toList(),
        "Top sees Base, which it depends on; nobody sees Top or Side; Base sees neither of its dependents");
  }

  @Test
  void aJarOverwrittenInPlaceWhileTheGameRuns_leavesThePluginItInstalledWhole_untilTheNextStart() throws Exception {
    Path jar = plugins().resolve("lanterns.jar");
    lanterns().writeTo(jar);
    java.util.Set<Path> copiesBefore = copyFolders();
    open();
    PluginId id = PluginId.of("Lanterns");
    // A rebuild copied over the jar (cp writes the same file), here with bytes that are no jar at all.
    Files.write(jar, "not a jar any more".getBytes(java.nio.charset.StandardCharsets.UTF_8));

    World world = overture.worlds().create("Night");
    ExperienceManager experience = ExperienceManager.of(world).orElseThrow();
    experience.setCurrentExperience(PrimaryAssetId.parse("Experience:Night"));
    pump(world);
    assertEquals(LoadState.LOADED, experience.state(), () -> experience.failure().map(Throwable::getMessage).orElse(""));
    assertEquals(PluginState.ACTIVE, overture.features().state(id), "its code and content are the ones it installed");
    assertEquals(jar.toString().replace('\\', '/'), overture.assets().contentRoots().stream()
        .filter(root -> root.name().equals("Lanterns")).findFirst().orElseThrow().source().name(), "shown as the user's jar");
    world.close();
    pump(world);
    overture.close();

    assertEquals(copiesBefore, copyFolders(), "the copies go with the runtime");
  }

  /** The folders of plugin jar copies in the temporary folder now. */
  private static java.util.Set<Path> copyFolders() throws java.io.IOException {
    try (java.util.stream.Stream<Path> listed = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
      return listed.filter(path -> path.getFileName().toString().startsWith("overture-plugins-"))
          .collect(java.util.stream.Collectors.toSet());
    }
  }

  @Test
  void unregister_removesEverythingItsCodeRegistered_andRegisteringAgainLoadsItAfresh() {
    lanterns().writeTo(plugins().resolve("lanterns.jar"));
    open();
    GameFeatures features = overture.features();
    PluginId id = PluginId.of("Lanterns");
    ClassLoader first = overture.assets().tools().kind(ActorComponent.class, "Lantern").orElseThrow().getClassLoader();

    CompletableFuture<Void> unregistered = features.unregister(id);
    pump();
    unregistered.join();

    assertEquals(PluginState.INSTALLED, features.state(id));
    assertTrue(overture.assets().tools().kind(ActorComponent.class, "Lantern").isEmpty(), "its kind is gone");
    assertEquals(List.of(), features.extensions(Supplier.class), "its extensions are gone");
    assertTrue(overture.assets().index().find(PrimaryAssetId.parse("Experience:Night")).isEmpty(), "its content left the index");
    assertTrue(overture.assets().contentRoots().stream().noneMatch(root -> root.name().equals("Lanterns")));

    CompletableFuture<Void> registered = features.register(id);
    pump();
    registered.join();
    ClassLoader second = overture.assets().tools().kind(ActorComponent.class, "Lantern").orElseThrow().getClassLoader();
    assertNotSame(first, second, "a new class loader");
    assertTrue(overture.assets().index().find(PrimaryAssetId.parse("Experience:Night")).isPresent());
  }

  @Test
  void aPluginAnotherRegisteredPluginDependsOn_cannotUnregisterFirst() {
    PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Base\", \"version\": \"1.0.0\" }")
        .java("base.Shared", BASE)
        .writeTo(plugins().resolve("base.jar"));
    PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Top\", \"version\": \"1.0.0\", \"dependencies\": [ { \"name\": \"Base\" } ] }")
        .writeTo(plugins().resolve("top.jar"));
    open();

    CompletableFuture<Void> refused = overture.features().unregister(PluginId.of("Base"));
    pump();

    PluginException failure = assertInstanceOf(PluginException.class, assertThrows(CompletionException.class, refused::join).getCause());
    assertEquals("Plugin Base is needed by plugin Top, which is registered; unregister Top first", failure.problems().get(0).message());
    assertEquals(PluginState.REGISTERED, overture.features().state(PluginId.of("Base")));
  }

  /** A broken plugin, what its problem must be, and where. */
  record Broken(String name, String problemId, String message, String pointer) {}

  @Test
  void everyWayAPluginCannotRegister_isAnErrorWithALocatedProblem_thatReadyAndEveryRequestRepeat() throws IOException {
    PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Absent\", \"version\": \"1.0.0\", \"entryPoint\": \"absent.Plugin\" }")
        .writeTo(plugins().resolve("absent.jar"));
    PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Throws\", \"version\": \"1.0.0\", \"entryPoint\": \"throwing.Plugin\" }")
        .java("throwing.Plugin", """
            package throwing;

            public final class Plugin implements dev.overture.feature.OverturePlugin {
              @Override
              public void register(dev.overture.feature.PluginRegistration plugin) {
                throw new IllegalStateException("the lamp oil ran out");
              }
            }
            """)
        .writeTo(plugins().resolve("throws.jar"));
    PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Silent\", \"version\": \"1.0.0\", \"entryPoint\": \"silent.Plugin\" }")
        .java("silent.Plugin", """
            package silent;

            public final class Plugin implements dev.overture.feature.OverturePlugin {
              @Override
              public void register(dev.overture.feature.PluginRegistration plugin) {
                throw new UnsupportedOperationException();
              }
            }
            """)
        .writeTo(plugins().resolve("silent.jar"));
    PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Stranger\", \"version\": \"1.0.0\", \"entryPoint\": \"stranger.Plugin\" }")
        .java("stranger.Plugin", "package stranger; public final class Plugin { }")
        .writeTo(plugins().resolve("stranger.jar"));
    PluginJar.of()
        .file("plugin.json", """
            { "name": "Boaster", "version": "1.0.0", "contributes": { "components": ["Lantern"] } }
            """)
        .writeTo(plugins().resolve("boaster.jar"));
    PluginJar.of().file("plugin.json", "{ \"name\": \"Garbled\", ").writeTo(plugins().resolve("garbled.jar"));
    PluginJar.of().file("experiences/Lost.json", "{}").writeTo(plugins().resolve("headless.jar"));
    PluginJar.of().file("plugin.json/inside.json", "{}").writeTo(plugins().resolve("hollow.jar"));
    PluginJar.of().file("plugin.json", "{ \"name\": \"Sneaky\", \"version\": \"1.0.0\" }").entry("../../escape.txt", "out")
        .writeTo(plugins().resolve("sneaky.jar"));
    PluginJar.of().file("plugin.json", "{ \"version\": \"1.0.0\" }").writeTo(plugins().resolve("nameless.jar"));
    Files.writeString(plugins().resolve("notajar.jar"), "these bytes are no zip archive");
    open();
    GameFeatures features = overture.features();

    List<Broken> expected = List.of(
        new Broken("Absent", "Overture/EntryPointNotFound",
            "Plugin Absent names the entry point \"absent.Plugin\", which its jar " + plugins().resolve("absent.jar")
                + " does not hold", "/entryPoint"),
        new Broken("Throws", "Overture/EntryPointFailed",
            "The entry point \"throwing.Plugin\" of plugin Throws failed while registering: the lamp oil ran out;"
                + " thrown at throwing.Plugin.register(Plugin.java:6)", "/entryPoint"),
        new Broken("Silent", "Overture/EntryPointFailed",
            "The entry point \"silent.Plugin\" of plugin Silent failed while registering: UnsupportedOperationException without"
                + " a message, thrown at silent.Plugin.register(Plugin.java:6)", "/entryPoint"),
        new Broken("Stranger", "Overture/NotAnEntryPoint",
            "The entry point \"stranger.Plugin\" of plugin Stranger does not implement dev.overture.feature.OverturePlugin",
            "/entryPoint"),
        new Broken("Boaster", "Overture/UnregisteredContribution",
            "Plugin Boaster contributes the component \"Lantern\", which no code registered (registered components:"
                + " \"AbilitySystemComponent\", \"InputComponent\")", "/contributes/components/0"),
        new Broken("garbled", "Overture/MalformedJson", null, null),
        new Broken("headless", "Overture/MissingDescriptor",
            "The jar " + plugins().resolve("headless.jar") + " holds no plugin.json at its top; a plugin jar carries its"
                + " descriptor there, beside its content folders (a library a plugin uses goes inside that plugin's jar, not"
                + " beside it)", null),
        // A hostile review: a plugin.json that is a folder was "no plugin.json at its top".
        new Broken("hollow", "Overture/NotARegularFile", "The plugin.json at the top of " + plugins().resolve("hollow.jar")
            + " is a folder, not a regular file; a plugin carries its descriptor there as a JSON file", null),
        // A hostile review: an entry outside every scanned folder that climbs out of the jar passed unsaid.
        new Broken("sneaky", "Overture/InvalidPath", "The jar " + plugins().resolve("sneaky.jar") + " holds an entry named"
            + " \"../../escape.txt\", which may climb out of the jar (a \"..\" part, or a leading slash or backslash): a tool"
            + " unpacking it may write outside its folder, so the plugin is refused; build the jar again without it", null),
        new Broken("nameless", "Overture/MissingPluginName",
            "The plugin.json of a jar plugin must give its \"name\", for example \"name\": \"nameless\"", null),
        new Broken("notajar", "Overture/UnreadablePlugin", "Cannot read the plugin " + plugins().resolve("notajar.jar")
            + ": zip END header not found (it is not a jar: a jar is a zip archive; build it again with jar or the build's jar"
            + " step, or take it out of the plugins folder)", null));

    CompletionException ready = assertThrows(CompletionException.class, () -> features.ready().join());
    String report = ready.getCause().getMessage();
    for (Broken broken : expected) {
      PluginId id = PluginId.of(broken.name());
      assertEquals(PluginState.ERROR, features.state(id), broken.toString());
      Problem problem = features.failure(id).orElseThrow().problems().get(0);
      assertEquals(broken.problemId(), problem.id(), problem.toString());
      if (broken.message() != null) {
        assertEquals(broken.message(), problem.message());
      }
      if (broken.pointer() != null) {
        assertEquals(broken.pointer(), problem.location().orElseThrow().pointer());
        assertTrue(problem.location().orElseThrow().line() > 0, "located: " + problem);
      }
      // Only an exception without a message is named by its class: nothing else says what it was.
      assertFalse(JAVA_NAMES.matcher(problem.message().replaceAll("\\w+ without a message, thrown at ", "")).find(),
          "no Java exception names: " + problem.message());
      assertTrue(report.contains(problem.message()), "ready() reports it: " + report);

      CompletableFuture<Void> request = features.loadAndActivate(id);
      pump();
      PluginException again = assertInstanceOf(PluginException.class, assertThrows(CompletionException.class, request::join).getCause());
      assertEquals(problem, again.problems().get(0), "a later request fails with the same problem");
      assertEquals(PluginState.ERROR, features.state(id));
    }
  }

  /**
   * Review C, defect 7: the refusal named the same class twice and not the plugin that had the
   * name. A jar holding its own copy of another plugin's class is told whose it is.
   */
  @Test
  void aKindAnotherPluginRegistered_isRefusedNamingThatPlugin_andTheCopiedClass() {
    lanterns().writeTo(plugins().resolve("a-lanterns.jar"));
    PluginJar.of()
        .file("plugin.json", "{\n  \"name\": \"Copycat\",\n  \"version\": \"1.0.0\",\n  \"entryPoint\": \"copycat.CopyPlugin\"\n}")
        .java("copycat.CopyPlugin", """
            package copycat;

            public final class CopyPlugin implements dev.overture.feature.OverturePlugin {
              @Override
              public void register(dev.overture.feature.PluginRegistration plugin) {
                plugin.kind(dev.overture.world.ActorComponent.class, "Lantern", lanterns.Lantern.class);
              }
            }
            """)
        .java("lanterns.Lantern", LANTERN)
        .writeTo(plugins().resolve("b-copycat.jar"));
    open();

    Problem problem = overture.features().failure(PluginId.of("Copycat")).orElseThrow().problems().get(0);
    assertEquals("Overture/RegistrationConflict", problem.id());
    assertEquals("Plugin Copycat cannot register its code: Kind \"Lantern\" of ActorComponent is already registered by Lanterns"
        + " for lanterns.Lantern; cannot register it again for lanterns.Lantern (the same class name from two class loaders:"
        + " Copycat holds its own copy of Lanterns's class; depend on Lanterns and use its class instead)", problem.message());
    assertEquals("/entryPoint", problem.location().orElseThrow().pointer());
    assertEquals(PluginState.REGISTERED, overture.features().state(PluginId.of("Lanterns")));
  }
}
