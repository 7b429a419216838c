package dev.overture.inject;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetSource;
import dev.overture.core.ReportKind;
import dev.overture.core.Reports;
import dev.overture.testing.FakeTicker;
import dev.overture.testing.ManualExecutor;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the plain builder refuses, and what a built runtime says of itself. */
class OvertureBuilderRulesTest {

  @TempDir Path temp;

  private Overture.Builder builder() {
    return MatchContent.register(Overture.builder())
        .contentRoot(AssetSource.directory(MatchContent.content().writeTo(temp.resolve("content"))))
        .workers(new ManualExecutor())
        .pluginExecutor(new ManualExecutor())
        .ticker(new FakeTicker())
        .closeTimeout(Duration.ZERO);
  }

  @Test
  void aShippingConfiguration_refusesEveryDevelopmentMode_namingEach() {
    IllegalStateException both = assertThrows(IllegalStateException.class,
        () -> builder().shipping().liveContent().developmentMode(true).build());
    assertEquals("This runtime is marked as a shipping configuration (Overture.Builder.shipping()), which refuses development modes,"
        + " but live content (Overture.Builder.liveContent) and editor-only subobjects (Overture.Builder.developmentMode) are"
        + " turned on; turn them off, or drop shipping() in development builds", both.getMessage());

    IllegalStateException one = assertThrows(IllegalStateException.class, () -> builder().developmentMode(true).shipping().build());
    assertEquals("This runtime is marked as a shipping configuration (Overture.Builder.shipping()), which refuses development modes,"
        + " but editor-only subobjects (Overture.Builder.developmentMode) is turned on; turn it off, or drop shipping() in"
        + " development builds", one.getMessage());

    try (Overture shipped = builder().developmentMode(true).developmentMode(false).shipping().build()) {
      assertFalse(shipped.isClosed(), "a mode turned off again is no mode");
    }
  }

  @Test
  void partsThatAreSetOnce_refuseASecondSetting() {
    Overture.Builder builder = builder();
    builder.reports(Reports.create()).plugins(temp.resolve("plugins")).pluginClassLoader(getClass().getClassLoader());

    assertEquals("the reports feed was already set",
        assertThrows(IllegalStateException.class, () -> builder.reports(Reports.create())).getMessage());
    assertEquals("the plugins folder was already set to " + temp.resolve("plugins"),
        assertThrows(IllegalStateException.class, () -> builder.plugins(temp.resolve("other"))).getMessage());
    assertEquals("the plugin class loader was already set",
        assertThrows(IllegalStateException.class, () -> builder.pluginClassLoader(ClassLoader.getSystemClassLoader())).getMessage());
    assertEquals("the close timeout must not be negative: PT-1S",
        assertThrows(IllegalArgumentException.class, () -> builder.closeTimeout(Duration.ofSeconds(-1))).getMessage());
  }

  // Regression (review D): these took a second setting silently, the last one winning, where every
  // other part of the builder refuses it; a settings folder given twice saved the player's settings
  // in whichever came last.
  @Test
  void theRuntimesOwnSettings_refuseASecondSettingToo() {
    Overture.Builder builder = builder();
    builder.settings(dev.overture.settings.SettingsFolder.at(temp.resolve("settings")))
        .worldStore(new org.sqlite.SQLiteDataSource(), "first.db")
        .experienceSettings(dev.overture.experience.ExperienceSettings.defaults())
        .maxPluginJarBytes(1000);

    assertEquals("the close timeout was already set to PT0S",
        assertThrows(IllegalStateException.class, () -> builder.closeTimeout(Duration.ofSeconds(1))).getMessage());
    assertEquals("the settings folder was already set to " + temp.resolve("settings"), assertThrows(IllegalStateException.class,
        () -> builder.settings(dev.overture.settings.SettingsFolder.at(temp.resolve("other")))).getMessage());
    assertEquals("the world store was already set to first.db",
        assertThrows(IllegalStateException.class, () -> builder.worldStore(temp.resolve("second.db"))).getMessage());
    assertEquals("the world store was already set to first.db", assertThrows(IllegalStateException.class,
        () -> builder.worldStore(new org.sqlite.SQLiteDataSource(), "third.db")).getMessage());
    assertEquals("the experience settings were already set", assertThrows(IllegalStateException.class,
        () -> builder.experienceSettings(dev.overture.experience.ExperienceSettings.defaults())).getMessage());
    assertEquals("the largest plugin jar was already set to 1000 bytes",
        assertThrows(IllegalStateException.class, () -> builder.maxPluginJarBytes(2000)).getMessage());
  }

  @Test
  void theHostsReportsFeed_isTheOneTheRuntimePublishesInto() {
    Reports feed = Reports.create();

    try (Overture overture = builder().reports(feed).build()) {
      assertSame(feed, overture.reports());
      overture.reports().publish(ReportKind.of("Host"), "from the host", List.of());
      assertEquals(1, feed.published());
    }
  }

  @Test
  void aRuntime_saysWhetherItIsClosed_andItsToStringSaysSoToo() {
    Overture overture = builder().build();
    overture.worlds().create("Match");

    assertFalse(overture.isClosed());
    assertTrue(overture.toString().startsWith("Overture["), overture.toString());
    assertTrue(overture.toString().endsWith(", 1 worlds]"), overture.toString());
    overture.close();
    overture.close();
    assertTrue(overture.isClosed());
    assertTrue(overture.toString().endsWith(", 0 worlds, closed]"), overture.toString());
  }
}
