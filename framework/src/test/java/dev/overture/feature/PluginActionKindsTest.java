package dev.overture.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overture.asset.AssetSource;
import dev.overture.core.Problem;
import dev.overture.inject.Overture;
import dev.overture.testing.Content;
import dev.overture.testing.FakeTicker;
import dev.overture.testing.ManualExecutor;
import dev.overture.testing.PluginJar;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Review exp, findings 1 and 10: a plugin's own {@code actions} that use a kind of a plugin it does
 * not depend on passed or failed by the order the plugins happened to register in (bound after the
 * other's code: accepted, and the component added twice in play; before it: {@code
 * Overture/UnknownClass}, with a list of known kinds that changed between runs). Now the same
 * descriptor draws the same refusal in either order: {@code Overture/UndeclaredDependency}, naming
 * the plugin and the dependency to add.
 */
class PluginActionKindsTest {

  @TempDir Path temp;
  private final ManualExecutor workers = new ManualExecutor();
  private final ManualExecutor serial = new ManualExecutor();
  private Overture overture;

  static final String LENDER = """
      package lender;

      import dev.overture.feature.OverturePlugin;
      import dev.overture.feature.PluginRegistration;
      import dev.overture.world.ActorComponent;

      public final class LenderPlugin implements OverturePlugin {
        public static class Whisper extends ActorComponent {}

        @Override
        public void register(PluginRegistration plugin) {
          plugin.kind(ActorComponent.class, "Whisper", Whisper.class);
        }
      }
      """;

  private Overture open(String borrowerState) {
    return open(borrowerState, "Whisper");
  }

  private Overture open(String borrowerState, String component) {
    // Jars register in file-name order: the borrower's state decides whether it binds its actions
    // before the lender's code has registered (Registered) or after (Installed, registered later).
    PluginJar.of()
        .file("plugin.json", """
            { "name": "Borrower", "version": "1.0.0", "initialState": "%s",
              "actions": [ { "action": "AddComponents",
                             "componentList": [ { "actorClass": "Pawn", "componentClass": "%s" } ] } ] }
            """.formatted(borrowerState, component))
        .writeTo(temp.resolve("plugins/a-borrower.jar"));
    PluginJar.of()
        .file("plugin.json", """
            { "name": "Lender", "version": "1.0.0", "entryPoint": "lender.LenderPlugin",
              "contributes": { "components": [ "Whisper" ] } }
            """)
        .java("lender.LenderPlugin", LENDER)
        .writeTo(temp.resolve("plugins/z-lender.jar"));
    Path game = Content.of().file("pawns/Keeper.json", "{ \"pawnClass\": \"Pawn\" }").writeTo(temp.resolve("game"));
    overture = Overture.builder()
        .contentRoot(AssetSource.directory(game))
        .plugins(temp.resolve("plugins"))
        .workers(workers)
        .pluginExecutor(serial)
        .ticker(new FakeTicker())
        .closeTimeout(Duration.ZERO)
        .build();
    pump();
    return overture;
  }

  private void pump() {
    while (workers.runAll() + serial.runAll() > 0) {
      // until nothing is left to run
    }
  }

  @AfterEach
  void close() {
    if (overture != null) {
      pump();
      overture.close();
    }
  }

  private static String described(Problem problem) {
    return "[" + problem.id() + "] " + problem.message() + " at " + problem.location().orElseThrow();
  }

  @ParameterizedTest
  @ValueSource(strings = {"Registered", "Installed"})
  void anotherPluginsKind_inAPluginsActions_isRefusedAlike_whicheverRegistersFirst(String borrowerState) {
    GameFeatures features = open(borrowerState).features();
    PluginId borrower = PluginId.of("Borrower");
    if (borrowerState.equals("Installed")) {
      assertEquals(PluginState.REGISTERED, features.state(PluginId.of("Lender")));
      features.register(borrower);
      pump();
    }
    assertEquals(PluginState.ERROR, features.state(borrower));
    List<String> problems = features.failure(borrower).orElseThrow().problems().stream().map(PluginActionKindsTest::described).toList();
    String jar = temp.resolve("plugins/a-borrower.jar").toString();
    assertEquals(List.of("[Overture/UndeclaredDependency] Plugin Borrower uses component \"Whisper\" of plugin Lender, which it"
        + " does not depend on; add { \"name\": \"Lender\" } to its \"dependencies\" at " + jar
        + "!/plugin.json:3:79 (/actions/0/componentList/0/componentClass)"), problems);
  }

  @ParameterizedTest
  @ValueSource(strings = {"Registered", "Installed"})
  void anUnknownClass_inAPluginsActions_listsOnlyWhatThePluginMayUse_whicheverRegistersFirst(String borrowerState) {
    GameFeatures features = open(borrowerState, "Whisperr").features();
    PluginId borrower = PluginId.of("Borrower");
    if (borrowerState.equals("Installed")) {
      features.register(borrower);
      pump();
    }
    List<String> problems = features.failure(borrower).orElseThrow().problems().stream().map(PluginActionKindsTest::described).toList();
    String jar = temp.resolve("plugins/a-borrower.jar").toString();
    assertEquals(List.of("[Overture/UnknownClass] Unknown ActorComponent class \"Whisperr\" (registered: \"AbilitySystemComponent\","
        + " \"InputComponent\") at " + jar + "!/plugin.json:3:79 (/actions/0/componentList/0/componentClass)"), problems);
  }
}
