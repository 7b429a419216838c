package dev.overture.asset;

import static dev.overture.asset.TestAssets.id;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Everything an {@link AssetOverlay} does not fix is the manager's: each call reaches the manager
 * underneath, with its arguments, and hands back exactly what the manager answered.
 */
class ManagerOverlayDelegationTest {

  @TempDir Path temp;
  private final List<String> calls = new ArrayList<>();
  private final Map<String, Object> answers = new java.util.HashMap<>();

  private final AssetManager manager = (AssetManager) Proxy.newProxyInstance(
      AssetManager.class.getClassLoader(),
      new Class<?>[] {AssetManager.class},
      (proxy, method, args) -> {
        if (method.getName().equals("toString")) {
          return "Recording";
        }
        StringBuilder call = new StringBuilder(method.getName());
        if (args != null) {
          for (Object arg : args) {
            call.append(' ').append(arg);
          }
        }
        calls.add(call.toString());
        Object answer = answers.get(call.toString());
        if (answer == null && method.getReturnType() == boolean.class) {
          return false;
        }
        return answer;
      });

  private final AssetOverlay overlay = AssetOverlay.of(manager, Map.of(id("Mode:Base"), "fixed"));

  private static LoadHandle aHandle() {
    return (LoadHandle) Proxy.newProxyInstance(
        LoadHandle.class.getClassLoader(), new Class<?>[] {LoadHandle.class}, (proxy, method, args) -> null);
  }

  @Test
  void gameSettings_areTheManagers() {
    answers.put("gameDataId", Optional.of(id("Mode:Elimination")));
    answers.put("defaultPawnData", Optional.of(id("Pawn:Hero")));
    answers.put("gameData class java.lang.String", "the game data");

    assertEquals(Optional.of(id("Mode:Elimination")), overlay.gameDataId());
    assertEquals(Optional.of(id("Pawn:Hero")), overlay.defaultPawnData());
    assertEquals("the game data", overlay.gameData(String.class));
    assertEquals(List.of("gameDataId", "defaultPawnData", "gameData class java.lang.String"), calls);
  }

  @Test
  void startUpAndBundleChanges_areTheManagers() {
    StartupJobs jobs = StartupJobs.builder().add("Index content", 1, c -> CompletableFuture.completedFuture(null)).build();
    LoadHandle change = aHandle();
    answers.put("startInitialLoading", jobs);
    answers.put("changeBundleState [Pawn:Hero] [client] [server]", change);

    assertSame(jobs, overlay.startInitialLoading());
    assertSame(change, overlay.changeBundleState(List.of(id("Pawn:Hero")), List.of("client"), List.of("server")));
    assertEquals(List.of("startInitialLoading", "changeBundleState [Pawn:Hero] [client] [server]"), calls);
  }

  @Test
  void contentRootsAndExtensions_areAddedToAndRemovedFromTheManager() {
    ContentRoot plugin = ContentRoot.of("plugin", AssetSource.directory(temp));
    AssetExtension extension = AssetExtension.empty();
    answers.put("removeContentRoot plugin", true);
    answers.put("removeExtension Medic", true);

    overlay.addContentRoot(plugin);
    overlay.addExtension("Medic", extension);
    assertTrue(overlay.removeContentRoot("plugin"));
    assertFalse(overlay.removeContentRoot("other"));
    assertTrue(overlay.removeExtension("Medic"));
    assertFalse(overlay.removeExtension("Nobody"));

    assertEquals(List.of(
        "addContentRoot " + plugin,
        "addExtension Medic " + extension,
        "removeContentRoot plugin",
        "removeContentRoot other",
        "removeExtension Medic",
        "removeExtension Nobody"), calls);
  }
}
