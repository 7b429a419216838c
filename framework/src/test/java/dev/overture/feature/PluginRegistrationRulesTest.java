package dev.overture.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.overture.version.CustomVersion;
import dev.overture.version.Guid;
import dev.overture.version.UpgradeStep;
import dev.overture.world.ActorComponent;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * What a plugin's author is told when registering wrongly: every registration made after {@code
 * register()} returned (from a thread the plugin kept, say) is refused with one message naming the
 * plugin, and an extension that does not implement its point is refused naming both.
 */
class PluginRegistrationRulesTest {

  public static class Glow extends ActorComponent {}

  record Settings(int volume) {}

  private static final CustomVersion FORMAT = new CustomVersion(new Guid(1, 2, 3, 4), 2, "ChimesFormat");
  private static final String LATE =
      "Plugin Chimes registered after its entry point returned; register only in register()";

  private final PluginCode code = new PluginCode(PluginId.of("Chimes"));
  private final PluginRegistration registration = code.registration();

  @Test
  void whileTheEntryPointRuns_everyKindOfRegistrationIsTaken() {
    registration.kind(ActorComponent.class, "Glow", Glow.class)
        .assetClass("ChimesSettings", Settings.class)
        .customVersion(FORMAT, Settings.class)
        .upgrade(UpgradeStep.of(FORMAT, 2, Settings.class, "volume became a number", json -> {}))
        .extension(Supplier.class, (Supplier<String>) () -> "ding");
    code.freeze();

    assertEquals(PluginId.of("Chimes"), registration.plugin());
    assertEquals(1, code.extensions().size());
    assertEquals(Supplier.class, code.extensions().get(0).point());
    assertEquals("PluginRegistration[Chimes]", registration.toString());
  }

  @Test
  void anyRegistrationAfterTheEntryPointReturned_isRefused_namingThePlugin() {
    code.freeze();

    List<Runnable> late = List.of(
        () -> registration.kind(ActorComponent.class, "Glow", Glow.class),
        () -> registration.assetClass("ChimesSettings", Settings.class),
        () -> registration.customVersion(FORMAT, Settings.class),
        () -> registration.upgrade(UpgradeStep.of(FORMAT, 2, Settings.class, "volume became a number", json -> {})),
        () -> registration.extension(Supplier.class, (Supplier<String>) () -> "ding"));
    for (Runnable registering : late) {
      IllegalStateException e = assertThrows(IllegalStateException.class, registering::run);
      assertEquals(LATE, e.getMessage());
    }
    assertEquals(List.of(), code.extensions(), "nothing was added");
  }

  @Test
  @SuppressWarnings({"unchecked", "rawtypes"})
  void anExtensionThatIsNotOfItsPoint_isRefused_namingBoth() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> registration.extension((Class) Runnable.class, "not a runnable"));
    assertEquals("java.lang.String is not a java.lang.Runnable", e.getMessage());
    assertEquals("extension", assertThrows(NullPointerException.class, () -> registration.extension(Runnable.class, null)).getMessage());
    assertEquals("point", assertThrows(NullPointerException.class, () -> registration.extension(null, "x")).getMessage());
  }
}
