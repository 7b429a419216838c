package dev.overture.inject;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.inject.AbstractModule;
import com.google.inject.Guice;
import com.google.inject.Injector;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.asset.ContentSetup;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.Experiences;
import dev.overture.experience.LoadState;
import dev.overture.object.ObjectInitializer;
import dev.overture.persistence.SaveConflictException;
import dev.overture.persistence.WorldStore;
import dev.overture.testing.FakeTicker;
import dev.overture.testing.TestPostgres;
import dev.overture.world.ActorComponent;
import dev.overture.world.FixedStepLoop;
import dev.overture.world.NetMode;
import dev.overture.world.Pawn;
import dev.overture.world.World;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The examples of docs/embedding.md, run. Each region between {@code // tag::name[]} and {@code //
 * end::name[]} appears in the guide word for word; {@link #theGuideShowsTheseExamples_asTheyAre}
 * fails when the two drift apart.
 */
class EmbeddingExamplesTest {

  @TempDir Path temp;
  private Path contentFolder;
  /** The examples' loop runs on a fake clock: waiting moves the clock instead of sleeping. */
  private final FakeTicker clock = new FakeTicker();

  @BeforeEach
  void writeContent() {
    contentFolder = MatchContent.content().writeTo(temp.resolve("content"));
  }

  private FixedStepLoop.Builder loopBuilder(double step) {
    return FixedStepLoop.builder(step).ticker(clock).waiter(clock::advanceNanos);
  }

  // tag::guice-service[]
  /** A service of the host game, made by Guice. */
  @Singleton
  public static class Leaderboard {
    private final Map<String, Integer> points = new ConcurrentHashMap<>();

    public void add(String player, int score) {
      points.merge(player, score, Integer::sum);
    }

    public int points(String player) {
      return points.getOrDefault(player, 0);
    }
  }

  /** A component that content adds (AddComponents), constructed with the host's service. */
  public static class Trophy extends ActorComponent {
    private final Leaderboard leaderboard;

    @Inject
    public Trophy(ObjectInitializer initializer, Leaderboard leaderboard) {
      this.leaderboard = leaderboard;
    }

    @Override
    protected void beginPlay() {
      leaderboard.add(owner().name(), 10);
    }
  }

  /** What a plugin's code contributes, from its own module. */
  static class TrophyModule extends AbstractModule {
    @Override
    protected void configure() {
      OvertureModule.extend(binder()).component("Score", Trophy.class).component("Duelist", MatchContent.Duelist.class);
    }
  }
  // end::guice-service[]

  @Test
  void aPlainJavaHost() {
    FixedStepLoop loop = loopBuilder(1.0 / 60).build();
    // tag::plain[]
    try (Overture overture = Overture.builder()
        .contentRoot(AssetSource.directory(contentFolder))
        .component("Score", MatchContent.Score.class)
        .component("Duelist", MatchContent.Duelist.class)
        .build()) {
      World world = overture.worlds().create("Match", NetMode.STANDALONE);
      ExperienceManager experience = ExperienceManager.of(world).orElseThrow();
      experience.setCurrentExperience(PrimaryAssetId.parse("Experience:Duel"));

      loop.add(world);
      loop.runUntil(() -> experience.state() == LoadState.LOADED || experience.state() == LoadState.FAILED);
      if (experience.state() == LoadState.FAILED) {
        throw experience.failure().orElseThrow(); // names every file, line and column at fault
      }
      Pawn player = experience.spawnPawn("Player");
      loop.runUntil(() -> world.timeSeconds() >= 10);

      assertTrue(player.findComponent(MatchContent.Score.class).isPresent());
      world.close();
    }
    // end::plain[]
  }

  // tag::shared-setup[]
  /** The game's content and classes, said once for whichever builder assembles them. */
  static <S extends ContentSetup<S>> S duelGame(S setup, Path content) {
    return setup
        .contentRoot(AssetSource.directory(content))
        .kind(ActorComponent.class, "Score", MatchContent.Score.class)
        .kind(ActorComponent.class, "Duelist", MatchContent.Duelist.class);
  }
  // end::shared-setup[]

  @Test
  void oneSetup_configuresEveryBuilder() {
    // tag::shared-setup-use[]
    Overture plain = duelGame(Overture.builder(), contentFolder).build();
    Injector injector = Guice.createInjector(new OvertureModule(), new AbstractModule() {
      @Override
      protected void configure() {
        duelGame(OvertureModule.extend(binder()), contentFolder);
      }
    });
    AssetManager alone = duelGame(Experiences.register(AssetManager.builder()), contentFolder).build();
    // end::shared-setup-use[]
    try (plain; Overture guiced = injector.getInstance(Overture.class); alone) {
      List<String> components = List.of("AbilitySystemComponent", "Duelist", "InputComponent", "Score");
      assertEquals(components, plain.assets().tools().kinds(ActorComponent.class));
      assertEquals(components, guiced.assets().tools().kinds(ActorComponent.class));
      assertEquals(components, alone.tools().kinds(ActorComponent.class));
      assertEquals(plain.assets().index().ids(), alone.index().ids());
    }
  }

  @Test
  void aGuiceApplication() {
    FixedStepLoop loop = loopBuilder(1.0 / 30).build();
    // tag::guice[]
    Injector injector = Guice.createInjector(
        new OvertureModule(overture -> overture.workerThreads(2)),
        new TrophyModule(),
        new AbstractModule() {
          @Override
          protected void configure() {
            OvertureModule.extend(binder()).contentRoot(AssetSource.directory(contentFolder));
          }
        });
    try (Overture overture = injector.getInstance(Overture.class)) {
      World world = injector.getInstance(WorldFactory.class).create("Match");
      ExperienceManager experience = ExperienceManager.of(world).orElseThrow();
      experience.setCurrentExperience(PrimaryAssetId.parse("Experience:Duel"));
      loop.add(world);
      loop.runUntil(() -> experience.state() == LoadState.LOADED || experience.state() == LoadState.FAILED);

      experience.spawnPawn("Ada");

      assertEquals(10, injector.getInstance(Leaderboard.class).points("Ada"));
      world.close();
    }
    // end::guice[]
  }

  @Test
  void aDedicatedServerHostingTwoMatches() {
    // tag::server[]
    try (Overture overture = Overture.builder()
        .contentRoot(AssetSource.directory(contentFolder))
        .component("Score", MatchContent.Score.class)
        .component("Duelist", MatchContent.Duelist.class)
        .build()) {
      FixedStepLoop loop = loopBuilder(1.0 / 30).maxStepsPerFrame(4).build();
      List<ExperienceManager> matches = new ArrayList<>();
      for (String experienceName : List.of("Duel", "Brawl")) {
        World match = overture.worlds().create(experienceName + "-1", NetMode.DEDICATED_SERVER);
        ExperienceManager experience = ExperienceManager.of(match).orElseThrow();
        experience.callOrRegisterOnLoaded(ExperienceManager.Priority.NORMAL, loaded -> {
          experience.spawnPawn("Player-1");
          match.schedule(60, match::close); // a one-minute match
        });
        experience.callOrRegisterOnFailed(failure -> {
          System.err.println(failure.getMessage()); // the host reports it; the match ends
          match.close();
        });
        experience.setCurrentExperience(PrimaryAssetId.parse("Experience:" + experienceName));
        loop.add(match);
        matches.add(experience);
      }

      loop.runUntil(() -> false); // returns when every match has closed

      assertEquals(List.of(), overture.worlds().open());
    }
    // end::server[]
  }

  @Test
  void aServerOfAFleet_keepsItsMatchesInASharedPostgresStore() {
    TestPostgres.Database server = TestPostgres.newDatabase();
    String databaseUrl = server.url();
    String user = server.user();
    String password = server.password();
    // tag::fleet[]
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(databaseUrl); // jdbc:postgresql://HOST:PORT/DATABASE, shared by every server
    config.setUsername(user); // from the environment or a secret store, never a command line
    config.setPassword(password);
    try (HikariDataSource database = new HikariDataSource(config);
        Overture overture = Overture.builder()
            .contentRoot(AssetSource.directory(contentFolder))
            .component("Score", MatchContent.Score.class)
            .component("Duelist", MatchContent.Duelist.class)
            .worldStore(database, databaseUrl)
            .build()) {
      WorldStore store = overture.worldStore().orElseThrow();
      FixedStepLoop loop = loopBuilder(1.0 / 30).build();
      World match = overture.worlds().create("eu-1/Duel", NetMode.DEDICATED_SERVER); // one name per server and match
      loop.add(match);
      CompletableFuture<WorldStore.Restored> last = store.restoreAsync(match); // the last save, and its version
      loop.runUntil(last::isDone);
      ExperienceManager.of(match).orElseThrow().setCurrentExperience(PrimaryAssetId.parse("Experience:Duel"));
      loop.runUntil(() -> match.timeSeconds() >= 10);

      CompletableFuture<WorldStore.Saved> saved = store.saveAsync(match).whenComplete((done, error) -> {
        if (error instanceof SaveConflictException conflict) {
          // Another server saved this world since we read it; nothing was written. Restore, then decide.
          System.err.println(conflict.getMessage());
        }
      });
      loop.runUntil(saved::isDone);

      assertEquals(1, saved.join().version());
      match.close();
    }
    // end::fleet[]
  }

  private static final Pattern TAG =
      Pattern.compile("(?m)^[ \\t]*// tag::([a-z-]+)\\[\\]\\n(.*?)^[ \\t]*// end::\\1\\[\\]", Pattern.DOTALL);

  @Test
  void theGuideShowsTheseExamples_asTheyAre() throws IOException {
    String source = Files.readString(Path.of("src/test/java/dev/overture/inject/EmbeddingExamplesTest.java"));
    String guide = Files.readString(Path.of("../docs/embedding.md"));
    Matcher tags = TAG.matcher(source);
    List<String> names = new ArrayList<>();
    while (tags.find()) {
      names.add(tags.group(1));
      String example = tags.group(2).stripTrailing().stripIndent().strip();
      assertTrue(guide.contains(example), "docs/embedding.md does not show the example \"" + tags.group(1)
          + "\" as it is in EmbeddingExamplesTest; copy it from there:\n" + example);
    }
    assertEquals(List.of("guice-service", "plain", "shared-setup", "shared-setup-use", "guice", "server", "fleet"), names);
  }
}
