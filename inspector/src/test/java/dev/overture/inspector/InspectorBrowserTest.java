package dev.overture.inspector;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.LoadHandle;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.testing.Content;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;

/**
 * The inspector's page in a real headless Chromium (issue 19): it loads with no console errors,
 * shows a world live (the canvas changes as the world ticks, the timeline reaches Loaded, the HUD,
 * plugins and actions), shows a failed load's located problem, and stays responsive with 10,000
 * assets in memory (the list is virtual: a scroll or a filter is answered with the rows in view).
 */
class InspectorBrowserTest {

  private static final Duration PATIENCE = Duration.ofSeconds(30);
  private static Chromium chromium;

  @TempDir Path temp;
  private TestGame game;
  private Inspector inspector;

  @BeforeAll
  static void startBrowser() {
    chromium = Chromium.start();
  }

  @AfterAll
  static void stopBrowser() {
    if (chromium != null) {
      chromium.close();
    }
  }

  @AfterEach
  void stop() {
    if (inspector != null) {
      inspector.close();
    }
    if (game != null) {
      game.close();
    }
  }

  private void open(TestGame started) {
    game = started;
    inspector = Inspector.builder(game.overture).start();
    chromium.open(inspector.uri().toString());
    await().atMost(PATIENCE).until(() -> text("status").equals("live"));
  }

  private String text(String id) {
    return chromium.driver().findElement(By.id(id)).getText();
  }

  private String canvas() {
    return (String) chromium.script("return document.getElementById('arena').toDataURL()");
  }

  private void saveScreenshot(String name) throws Exception {
    Files.write(Path.of("target", name), chromium.screenshot());
  }

  @Test
  void thePageShowsTheWorldLive_withNoConsoleErrors() throws Exception {
    TestGame started = TestGame.start(temp.resolve("content"));
    assertEquals("Loaded", started.loadAndWait("Walk"));
    open(started);

    await().atMost(PATIENCE).until(() -> text("timeline").contains("Loaded"));
    String before = canvas();
    await().atMost(PATIENCE).until(() -> !canvas().equals(before));

    String timeline = text("timeline");
    assertTrue(timeline.indexOf("Loading") < timeline.indexOf("Loaded"), timeline);
    assertTrue(timeline.contains(" s") && timeline.contains(" ms"), "each state with its time: " + timeline);
    assertEquals("Experience:Walk", text("experience-id"));
    assertEquals("Basics", text("experience-plugins"));
    assertTrue(text("actions").contains("AddComponents"), text("actions"));
    await().atMost(PATIENCE).until(() -> text("hud").matches("(?s).*StepsWidget: \\d+ steps.*"));
    assertTrue(text("view-title").startsWith("Room, step "), text("view-title"));
    String plugins = text("plugins");
    assertTrue(plugins.contains("Basics Active 1 1.2.0"), plugins);
    await().atMost(PATIENCE).until(() -> text("asset-count").matches("\\d+ assets?"));
    assertTrue(text("asset-rows").contains("Experience:Walk"), text("asset-rows"));
    saveScreenshot("inspector-test-walk.png");
    assertEquals(List.of(), chromium.consoleErrors());
  }

  @Test
  void aFailingExperience_showsItsLocatedProblem() throws Exception {
    TestGame started = TestGame.start(temp.resolve("content"));
    assertEquals("Failed", started.loadAndWait("Broken"));
    open(started);

    await().atMost(PATIENCE).until(() -> chromium.driver().findElement(By.id("failure")).isDisplayed());

    String where = "experiences/Broken.json:3:15 (/gameFeaturesToEnable/1)";
    String failure = text("failure");
    assertTrue(failure.startsWith("Could not load experience Experience:Broken"), failure);
    assertTrue(failure.contains("[Overture/UnknownPlugin] Plugin \"Magic\" is not installed"), failure);
    assertTrue(failure.contains(where), failure);
    await().atMost(PATIENCE).until(() -> text("reports").contains("LoadFailed: Could not load experience Experience:Broken (world Arena)"));
    assertTrue(text("reports").contains(where), text("reports"));
    assertEquals("Failed", text("experience-state"));
    assertTrue(text("timeline").contains("Failed"), text("timeline"));
    saveScreenshot("inspector-test-broken.png");
    assertEquals(List.of(), chromium.consoleErrors());
  }

  @Test
  void tenThousandAssets_stayResponsive() throws Exception {
    Content content = TestGame.content();
    List<PrimaryAssetId> items = new ArrayList<>();
    for (int i = 0; i < 10_000; i++) {
      String name = String.format("Item%05d", i);
      content.file("items/" + name + ".json", "{ \"name\": \"" + name + "\", \"weight\": " + (i % 17) + " }");
      items.add(PrimaryAssetId.of("Item", name));
    }
    TestGame started = TestGame.start(temp.resolve("content"), content);
    LoadHandle loaded = started.overture.assets().loadPrimaryAssets(items, List.of());
    loaded.waitUntilComplete(PATIENCE);
    open(started);

    await().atMost(PATIENCE).until(() -> text("asset-count").equals("10000 assets"));
    WebElement scroller = chromium.driver().findElement(By.id("asset-scroll"));
    long rows = (Long) chromium.script("return document.querySelectorAll('#asset-rows .asset-row').length");
    assertTrue(rows > 0 && rows <= AssetView.MAX_LIMIT, "only the rows around the view are in the page: " + rows);

    chromium.script("arguments[0].scrollTop = arguments[0].scrollHeight", scroller);
    await().atMost(PATIENCE).until(() -> text("asset-rows").contains("Item:Item09999"));
    chromium.script("arguments[0].scrollTop = arguments[0].scrollHeight / 2", scroller);
    await().atMost(PATIENCE).until(() -> text("asset-rows").contains("Item:Item05000"));

    WebElement filter = chromium.driver().findElement(By.id("asset-filter"));
    filter.sendKeys("item04242");
    await().atMost(PATIENCE).until(() -> text("asset-count").equals("1 matches \"item04242\""));
    await().atMost(PATIENCE).until(() -> text("asset-rows").startsWith("Item:Item04242"));
    filter.sendKeys(Keys.chord(Keys.CONTROL, "a"), Keys.BACK_SPACE);
    await().atMost(PATIENCE).until(() -> text("asset-count").equals("10000 assets"));
    assertFalse(text("asset-summary").isEmpty());
    assertTrue(text("asset-summary").startsWith("10000 in memory: 10000 loaded, 0 loading, 0 failed, 10000 pinned, about "),
        text("asset-summary"));
    saveScreenshot("inspector-test-assets.png");
    assertEquals(List.of(), chromium.consoleErrors());
    loaded.release();
  }
}
