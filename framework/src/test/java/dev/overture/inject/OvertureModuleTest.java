package dev.overture.inject;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.inject.AbstractModule;
import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Key;
import com.google.inject.ProvisionException;
import com.google.inject.TypeLiteral;
import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.ScanRule;
import dev.overture.core.Problem;
import dev.overture.experience.ExperienceSettings;
import dev.overture.feature.GameFeatures;
import dev.overture.object.ObjectFactory;
import dev.overture.persistence.WorldStore;
import dev.overture.settings.LocalSettings;
import dev.overture.settings.Settings;
import dev.overture.testing.FakeTicker;
import dev.overture.testing.ManualExecutor;
import dev.overture.validation.Validator;
import dev.overture.version.AssetVersions;
import dev.overture.version.CustomVersion;
import dev.overture.version.Guid;
import dev.overture.version.UpgradeStep;
import dev.overture.world.ActorComponent;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Guice module: one runtime, its parts bound, contributions gathered from every module. */
class OvertureModuleTest {

  @TempDir Path temp;

  /** A secondary asset type a plugin module registers. */
  public record Banner(String text) {}

  static final CustomVersion BANNER_FORMAT = new CustomVersion(Guid.parse("0B0D7B5E-3C59-4C7A-9E2E-6B1F3D5A2C11"), 2, "Test-Banner");

  private AbstractModule host() {
    Path content = MatchContent.content()
        .file("banners/Welcome.json", "{ \"$version\": { \"custom\": [ { \"name\": \"Test-Banner\", \"guid\": \"0B0D7B5E-3C59-4C7A-9E2E-6B1F3D5A2C11\", \"version\": 1 } ] }, \"title\": \"hello\" }")
        .writeTo(temp.resolve("content"));
    return new AbstractModule() {
      @Override
      protected void configure() {
        OvertureModule.extend(binder())
            .contentRoot(AssetSource.directory(content))
            .component("Score", MatchContent.Score.class)
            .component("Duelist", MatchContent.Duelist.class);
      }
    };
  }

  /** A plugin's module: a scan rule, a custom version with its upgrade, a validator. */
  static class BannerModule extends AbstractModule {
    @Override
    protected void configure() {
      OvertureModule.extend(binder())
          .scanRule(ScanRule.of("Banner", Banner.class, "banners"))
          .customVersion(BANNER_FORMAT, Banner.class)
          .upgrade(UpgradeStep.of(BANNER_FORMAT, 2, Banner.class, "title is now text",
              dev.overture.version.JsonUpgrade.rename("/title", "text")))
          .validator((dev.overture.validation.ProjectValidator) context ->
              context.report(Problem.warning("Test/Banners", "banners were checked")));
    }
  }

  private Injector injector(AbstractModule... more) {
    List<com.google.inject.Module> modules = new java.util.ArrayList<>(List.of(new OvertureModule(overture -> overture
        .workers(new ManualExecutor()).pluginExecutor(new ManualExecutor()).ticker(new FakeTicker()))));
    modules.addAll(List.of(more));
    return Guice.createInjector(modules);
  }

  @Test
  void everyPartIsBound_toTheOneRuntime() {
    Injector injector = injector(host());
    try (Overture overture = injector.getInstance(Overture.class)) {
      assertSame(overture, injector.getInstance(Overture.class));
      assertSame(overture.assets(), injector.getInstance(AssetManager.class));
      assertSame(overture.features(), injector.getInstance(GameFeatures.class));
      assertSame(overture.objects(), injector.getInstance(ObjectFactory.class));
      assertSame(overture.worlds(), injector.getInstance(WorldFactory.class));
      assertSame(overture.validator(), injector.getInstance(Validator.class));
      assertSame(overture.experienceSettings(), injector.getInstance(ExperienceSettings.class));
      assertEquals(overture.versions().customVersions(), injector.getInstance(AssetVersions.class).customVersions());
    }
  }

  @Test
  void contributionsOfEveryModule_areGathered() {
    Injector injector = injector(host(), new BannerModule());
    try (Overture overture = injector.getInstance(Overture.class)) {
      AssetManager assets = overture.assets();
      PrimaryAssetId welcome = PrimaryAssetId.parse("Banner:Welcome");
      assertTrue(assets.index().ids().contains(welcome), assets.index().ids().toString());
      assertEquals(List.of("Test-Banner"), assets.tools().versions().usedBy(Banner.class).stream().map(CustomVersion::friendlyName).toList());
      assertEquals(List.of("Duelist", "Score"), assets.tools().kinds(ActorComponent.class).stream().filter(n -> !n.contains("Component")).sorted().toList());
    }
  }

  @Test
  void aModule_mayUpgradeAVersionThatAModuleInstalledAfterItRegisters() {
    AbstractModule upgrades = new AbstractModule() {
      @Override
      protected void configure() {
        OvertureModule.extend(binder()).upgrade(UpgradeStep.of(BANNER_FORMAT, 2, Banner.class, "title is now text",
            dev.overture.version.JsonUpgrade.rename("/title", "text")));
      }
    };
    AbstractModule banners = new AbstractModule() {
      @Override
      protected void configure() {
        OvertureModule.extend(binder()).scanRule(ScanRule.of("Banner", Banner.class, "banners")).customVersion(BANNER_FORMAT, Banner.class);
      }
    };
    Injector injector = injector(host(), upgrades, banners);
    try (Overture overture = injector.getInstance(Overture.class)) {
      Banner welcome = overture.assets().loadSynchronously(PrimaryAssetId.parse("Banner:Welcome"), Banner.class);
      assertEquals("hello", welcome.text()); // saved at version 1 as "title", upgraded
    }
  }

  @Test
  void aContributionThatDoesNotFit_failsWhenTheRuntimeIsProvided() {
    AbstractModule again = new AbstractModule() {
      @Override
      protected void configure() {
        OvertureModule.extend(binder()).contentRoot(AssetSource.directory(temp));
      }
    };
    Injector injector = injector(host(), again);
    ProvisionException e = assertThrows(ProvisionException.class, () -> injector.getInstance(Overture.class));
    assertEquals("content root Game was already added", e.getCause().getMessage());
  }

  @Test
  void aKindThatCannotBe_isRefusedWhereTheModuleNamesIt() {
    AbstractModule wrong = new AbstractModule() {
      @Override
      @SuppressWarnings({"unchecked", "rawtypes"})
      protected void configure() {
        OvertureModule.extend(binder()).kind((Class) ActorComponent.class, "Banner", Banner.class);
      }
    };
    com.google.inject.CreationException e = assertThrows(com.google.inject.CreationException.class, () -> injector(host(), wrong));
    assertEquals("Kind \"Banner\": " + Banner.class.getName() + " is not a concrete subtype of " + ActorComponent.class.getName(),
        e.getCause().getMessage());
  }

  @Test
  void withoutAStoreOrSettings_askingForThemSaysHowToConfigureThem() {
    Injector injector = injector(host());
    try (Overture overture = injector.getInstance(Overture.class)) {
      ProvisionException store = assertThrows(ProvisionException.class, () -> injector.getInstance(WorldStore.class));
      assertTrue(store.getMessage().contains(
          "Overture has no world store: configure one with new OvertureModule(overture -> overture.worldStore(path))"), store.getMessage());
      ProvisionException settings = assertThrows(ProvisionException.class,
          () -> injector.getInstance(Key.get(new TypeLiteral<Settings<LocalSettings>>() {})));
      assertTrue(settings.getMessage().contains("Overture has no settings folder"), settings.getMessage());
    }
  }

  @Test
  void aStoreConfiguredInTheModule_isBound() {
    Path file = temp.resolve("game.db");
    Injector injector = Guice.createInjector(new OvertureModule(overture -> overture
        .workers(new ManualExecutor()).pluginExecutor(new ManualExecutor()).worldStore(file)), host());
    try (Overture overture = injector.getInstance(Overture.class)) {
      assertSame(overture.worldStore().orElseThrow(), injector.getInstance(WorldStore.class));
    }
  }
}
