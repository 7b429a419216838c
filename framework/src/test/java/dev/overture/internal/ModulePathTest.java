package dev.overture.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hosts that are modules, compiled and run here against the framework on the module path, as a
 * modular game would be: the exported API is enough to build a runtime and load an experience
 * (Jackson and Guice reach what they must through the module's qualified opens); Guice and
 * sqlite-jdbc work there when the host requires them and are not needed when it does not; and the
 * hidden packages can be reached neither by the compiler nor by reflection.
 */
class ModulePathTest {

  @TempDir Path temp;

  private static final String PLAIN_HOST = """
      package example.host;

      import dev.overture.asset.AssetSource;
      import dev.overture.asset.PrimaryAssetId;
      import dev.overture.asset.ScanRule;
      import dev.overture.experience.ExperienceManager;
      import dev.overture.experience.LoadState;
      import dev.overture.inject.Overture;
      import dev.overture.world.ActorComponent;
      import dev.overture.world.NetMode;
      import dev.overture.world.Pawn;
      import dev.overture.world.World;
      import java.nio.file.Path;
      import java.util.Collection;
      import java.util.List;

      public final class Main {
        /** The host's own asset class, bound by Jackson. */
        public record Banner(String text) {}

        /** The host's own component, constructed by the framework's object factory. */
        public static class Score extends ActorComponent {
          public Score() {}
        }

        public static void main(String[] args) throws Exception {
          System.out.println("framework module: " + Overture.class.getModule().getName());
          try (Overture overture = Overture.builder()
              .contentRoot(AssetSource.directory(Path.of(args[0])))
              .scanRule(ScanRule.of("Banner", Banner.class, "banners"))
              .workers(Runnable::run)
              .pluginExecutor(Runnable::run)
              .component("Score", Score.class)
              .build()) {
            overture.ready().join();
            World world = overture.worlds().create("Match", NetMode.STANDALONE);
            ExperienceManager experience = ExperienceManager.of(world).orElseThrow();
            experience.setCurrentExperience(PrimaryAssetId.parse("Experience:Arena"));
            for (int tick = 0; tick < 100 && experience.state() != LoadState.LOADED && experience.state() != LoadState.FAILED; tick++) {
              world.tick(1.0 / 30);
            }
            System.out.println("experience: " + experience.state() + experience.failure().map(e -> " " + e.getMessage()).orElse(""));
            Pawn pawn = experience.spawnPawn("Player");
            System.out.println("pawn components: " + pawn.components().stream().map(c -> c.getClass().getSimpleName()).sorted().toList());
            System.out.println("banner: " + overture.assets().loadSynchronously(PrimaryAssetId.parse("Banner:Welcome"), Banner.class).text());
            world.close();
          }
          try {
            Class<?> choices = Class.forName("dev.overture.internal.Choices");
            System.out.println("internal: " + choices.getMethod("quoted", Collection.class).invoke(null, List.of("a")));
          } catch (IllegalAccessException e) {
            System.out.println("internal: " + e.getMessage());
          }
        }
      }
      """;

  private static final String GUICE_HOST = """
      package example.guice;

      import com.google.inject.AbstractModule;
      import com.google.inject.Guice;
      import com.google.inject.Injector;
      import dev.overture.asset.AssetSource;
      import dev.overture.asset.PrimaryAssetId;
      import dev.overture.experience.ExperienceManager;
      import dev.overture.experience.LoadState;
      import dev.overture.inject.Overture;
      import dev.overture.inject.OvertureModule;
      import dev.overture.inject.WorldFactory;
      import dev.overture.persistence.WorldStore;
      import dev.overture.world.ActorComponent;
      import dev.overture.world.NetMode;
      import dev.overture.world.World;
      import java.nio.file.Path;

      public final class Main {
        /** The host's own component. */
        public static class Score extends ActorComponent {
          public Score() {}
        }

        public static void main(String[] args) {
          Path content = Path.of(args[0]);
          Injector injector = Guice.createInjector(
              new OvertureModule(overture -> overture.workers(Runnable::run).pluginExecutor(Runnable::run).worldStore(Path.of(args[1]))),
              new AbstractModule() {
                @Override
                protected void configure() {
                  OvertureModule.extend(binder()).contentRoot(AssetSource.directory(content)).component("Score", Score.class);
                }
              });
          try (Overture overture = injector.getInstance(Overture.class)) {
            overture.ready().join();
            World world = injector.getInstance(WorldFactory.class).create("Match", NetMode.STANDALONE);
            ExperienceManager experience = ExperienceManager.of(world).orElseThrow();
            experience.setCurrentExperience(PrimaryAssetId.parse("Experience:Arena"));
            for (int tick = 0; tick < 100 && experience.state() != LoadState.LOADED && experience.state() != LoadState.FAILED; tick++) {
              world.tick(1.0 / 30);
            }
            System.out.println("experience: " + experience.state() + experience.failure().map(e -> " " + e.getMessage()).orElse(""));
            experience.spawnPawn("Player");
            WorldStore.Saved saved = injector.getInstance(WorldStore.class).save(world);
            System.out.println("saved: " + saved.actors() + " actors, " + saved.components() + " components");
            world.close();
          }
        }
      }
      """;

  private static final String PEEKING_HOST = """
      package example.peek;

      import dev.overture.internal.Choices;

      public final class Main {
        public static void main(String[] args) {
          System.out.println(Choices.MAX_LISTED);
        }
      }
      """;

  /** The framework and the libraries it requires, with a logger. */
  private static List<Path> frameworkModules() {
    return List.of(ChildJava.frameworkClasses(), ChildJava.jar("jackson-databind"), ChildJava.jar("jackson-core"),
        ChildJava.jar("jackson-annotations"), ChildJava.jar("caffeine"), ChildJava.jar("slf4j-api"), ChildJava.jar("slf4j-simple"));
  }

  /** Guice with what it needs, and sqlite-jdbc. */
  private static List<Path> optionalModules() {
    return List.of(ChildJava.jar("guice"), ChildJava.jar("jakarta.inject-api"), ChildJava.jar("aopalliance"),
        ChildJava.jar("guava"), ChildJava.jar("failureaccess"), ChildJava.jar("sqlite-jdbc"));
  }

  private record Compiled(Path classes, List<String> errors) {}

  /** Compiles the module {@code name} (its declaration and one class) against {@code modulePath}. */
  private Compiled compile(String name, String declaration, String mainSource, List<Path> modulePath) throws IOException {
    Path sources = temp.resolve("src-" + name);
    Path main = sources.resolve(name.replace('.', '/')).resolve("Main.java");
    Files.createDirectories(main.getParent());
    Files.writeString(sources.resolve("module-info.java"), declaration, StandardCharsets.UTF_8);
    Files.writeString(main, mainSource, StandardCharsets.UTF_8);
    Path classes = Files.createDirectories(temp.resolve("classes-" + name));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
      files.setLocationFromPaths(StandardLocation.CLASS_PATH, List.of()); // not this test's: only the module path
      List<String> options = List.of("--module-path", ChildJava.pathList(modulePath), "-d", classes.toString(), "-proc:none");
      javac.getTask(null, files, diagnostics, options, null, files.getJavaFileObjects(sources.resolve("module-info.java"), main)).call();
    }
    List<String> errors = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> diagnostic : diagnostics.getDiagnostics()) {
      if (diagnostic.getKind() == Diagnostic.Kind.ERROR) {
        errors.add(diagnostic.getMessage(Locale.ROOT));
      }
    }
    return new Compiled(classes, errors);
  }

  /**
   * Runs {@code mainModule} with {@code modulePath}; {@code addModules} are resolved although
   * nothing requires them (the logger, which SLF4J finds as a service, and Guice's jakarta.inject,
   * which Guice, an automatic module, cannot require).
   */
  private ChildJava.Result run(List<Path> modulePath, String addModules, String mainModule, String... args) {
    List<String> command = new ArrayList<>(List.of(ChildJava.java(), "--module-path", ChildJava.pathList(modulePath),
        "--add-modules", addModules, "-m", mainModule));
    command.addAll(List.of(args));
    return ChildJava.run(command);
  }

  private Path content() {
    return OptionalDependenciesTest.arena()
        .file("banners/Welcome.json", "{ \"text\": \"hello\" }")
        .writeTo(temp.resolve("content"));
  }

  @Test
  void aModularHost_withoutGuiceOrSqlite_loadsAnExperience_butCannotReachTheHiddenPackages() throws IOException {
    List<Path> modulePath = frameworkModules();
    Compiled host = compile("example.host", """
        module example.host {
          requires dev.overture.framework;
          opens example.host to dev.overture.framework, tools.jackson.databind;
        }
        """, PLAIN_HOST, modulePath);
    assertEquals(List.of(), host.errors());

    List<Path> withHost = new ArrayList<>(modulePath);
    withHost.add(host.classes());
    ChildJava.Result child = run(withHost, "org.slf4j.simple", "example.host/example.host.Main", content().toString());

    assertEquals(List.of(
        "framework module: dev.overture.framework",
        "experience: Loaded",
        "pawn components: [AbilitySystemComponent, Score]",
        "banner: hello",
        "internal: class example.host.Main (in module example.host) cannot access class dev.overture.internal.Choices"
            + " (in module dev.overture.framework) because module dev.overture.framework does not export"
            + " dev.overture.internal to module example.host"),
        OptionalDependenciesTest.withoutLogging(child.lines()), child.output());
    assertEquals(0, child.exit(), child.output());
  }

  @Test
  void aModularHost_thatRequiresGuiceAndSqlite_usesTheModuleAndTheStore() throws IOException {
    List<Path> modulePath = new ArrayList<>(frameworkModules());
    modulePath.addAll(optionalModules());
    Compiled host = compile("example.guice", """
        module example.guice {
          requires dev.overture.framework;
          requires com.google.guice;
          requires org.xerial.sqlitejdbc;
          opens example.guice to dev.overture.framework, tools.jackson.databind, com.google.guice;
        }
        """, GUICE_HOST, modulePath);
    assertEquals(List.of(), host.errors());

    modulePath.add(host.classes());
    ChildJava.Result child = run(modulePath, "org.slf4j.simple,jakarta.inject", "example.guice/example.guice.Main", content().toString(), temp.resolve("game.db").toString());

    assertEquals(List.of("experience: Loaded", "saved: 2 actors, 0 components"),
        OptionalDependenciesTest.withoutLogging(child.lines()), child.output());
    assertEquals(0, child.exit(), child.output());
  }

  @Test
  void aModularHost_thatImportsAHiddenPackage_doesNotCompile() throws IOException {
    Compiled host = compile("example.peek", """
        module example.peek {
          requires dev.overture.framework;
        }
        """, PEEKING_HOST, frameworkModules());

    assertEquals(List.of("package dev.overture.internal is not visible\n"
        + "  (package dev.overture.internal is declared in module dev.overture.framework, which does not export it)"),
        host.errors());
  }
}
