package dev.overture.asset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.version.BuildVersion;
import dev.overture.version.CustomVersion;
import dev.overture.version.Guid;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Type names, a bare id that starts with ':', the resave report's text, and what setup checks at once. */
class ManagerNamesAndSetupTest {

  @ParameterizedTest
  @ValueSource(strings = {"a", "z", "A", "Z", "Aa", "Az", "AA", "AZ", "A0", "A9", "A_"})
  void typeNamesAtTheEndsOfEachRange_areValid(String name) {
    assertEquals(name, PrimaryAssetType.of(name).name());
  }

  @ParameterizedTest
  @ValueSource(strings = {"@", "[", "`", "{", "A/", "A:", "A@", "A[", "A`", "A{"})
  void typeNamesWithTheirNeighbours_areInvalid(String name) {
    assertThrows(IllegalArgumentException.class, () -> PrimaryAssetType.of(name));
  }

  @Test
  void aTypeName_mayBe64CharactersLong_butNotMore() {
    assertEquals(64, PrimaryAssetType.of("T".repeat(64)).name().length());
    assertThrows(IllegalArgumentException.class, () -> PrimaryAssetType.of("T".repeat(65)));
  }

  @Test
  void aBareIdStartingWithAColon_isReadAsTypeAndName() {
    IllegalArgumentException e = assertThrows(
        IllegalArgumentException.class, () -> PrimaryAssetId.parse(":Hero", PrimaryAssetType.of("Pawn")));
    assertEquals("Invalid primary asset id \":Hero\": \"\" is not a valid type name; expected \"Type:Name\","
        + " for example \"Experience:Elimination\"", e.getMessage());
  }

  @Test
  void resaveReportFormat_listsEachChangeAndEachProblemWithItsLocation() {
    SourceLocation where = SourceLocation.ofFile("assets/pawns/Hero.json");
    ResaveReport report = new ResaveReport(List.of(
        new ResaveReport.Entry("Pawn:Villain", "assets/pawns/Villain.json", ResaveReport.Outcome.WOULD_REWRITE,
            List.of("adds the version header", "drops /colour (the code no longer has it)"), List.of()),
        new ResaveReport.Entry("Pawn:Hero", "assets/pawns/Hero.json", ResaveReport.Outcome.REFUSED, List.of(), List.of(
            Problem.error("Overture/ReadOnlyContent", "Not saved: it cannot be written").at(where),
            Problem.error("Overture/ResaveFailed", "Not saved: no")))),
        3, true);

    assertEquals(String.join(System.lineSeparator(),
        "would rewrite assets/pawns/Villain.json",
        "  adds the version header",
        "  drops /colour (the code no longer has it)",
        "refused assets/pawns/Hero.json",
        "  [Overture/ReadOnlyContent] Not saved: it cannot be written",
        "    at " + where,
        "  [Overture/ResaveFailed] Not saved: no",
        "1 to rewrite, 1 refused, 3 already current (dry run: nothing was written)"), report.format());
  }

  /** A setup that only records its steps, as a Guice module's contribution does until the runtime is built. */
  static final class Recorder implements ContentSetup<Recorder> {
    final List<Consumer<AssetManager.Builder>> steps = new ArrayList<>();

    @Override
    public Recorder assets(Consumer<AssetManager.Builder> step) {
      steps.add(step);
      return this;
    }
  }

  @Test
  void anInvalidKindName_isRefusedAtTheCall_evenWhenStepsAreAppliedLater() {
    Recorder setup = new Recorder();

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> setup.kind(TestAssets.Action.class, "bad name", TestAssets.Spawn.class));

    assertEquals("Invalid kind name \"bad name\": expected a letter followed by letters, digits or '_'", e.getMessage());
    assertEquals(List.of(), setup.steps);
  }

  @Test
  void engineVersionFromABuildFile_chainsAndIsHandedOn() {
    Recorder setup = new Recorder();
    BuildVersion build = new BuildVersion(1, 2, 0, 500, 400, false, false, "++Overture+Main", "");

    assertSame(setup, setup.engineVersion(build));
    assertEquals(1, setup.steps.size());
    AssetManager.Builder builder = AssetManager.builder();
    setup.steps.get(0).accept(builder);
    IllegalStateException twice = assertThrows(IllegalStateException.class, () -> builder.engineVersion(build));
    assertEquals("the engine version was already set to " + build.engineVersion(), twice.getMessage());
  }

  private static final CustomVersion SHIPS = new CustomVersion(Guid.parse("0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0"), 3, "Ships");

  @Test
  void anExtensionsCustomVersions_areCheckedWhenAdded_theManagersOwnAtOnce() {
    AssetExtension twice = AssetExtension.builder().customVersion(SHIPS).customVersion(SHIPS).build();
    assertFalse(twice.isEmpty());
    assertTrue(twice.toString().startsWith("AssetExtension["), twice.toString());

    AssetManager.Builder builder = AssetManager.builder().customVersion(SHIPS);
    assertThrows(IllegalArgumentException.class, () -> builder.customVersion(SHIPS));
  }
}
