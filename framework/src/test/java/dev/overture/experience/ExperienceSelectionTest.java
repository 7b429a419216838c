package dev.overture.experience;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import dev.overture.core.ProblemException;
import dev.overture.version.EngineVersion;
import java.nio.file.Files;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ExperienceSelectionTest extends WithExperienceFixture {

  private ExperienceSelection.Selected select(ExperienceSelection selection) {
    CompletableFuture<ExperienceSelection.Selected> selected = selection.select(game.assets);
    game.pump();
    return selected.join();
  }

  private Problem failure(ExperienceSelection selection) {
    CompletableFuture<ExperienceSelection.Selected> selected = selection.select(game.assets);
    game.pump();
    CompletionException e = assertThrows(CompletionException.class, selected::join);
    return ((ProblemException) e.getCause()).problems().get(0);
  }

  @Test
  void eachSource_winsOverTheOnesBelowIt() {
    ExperienceSelection.Builder builder = ExperienceSelection.builder();
    assertEquals(new ExperienceSelection.Selected(PrimaryAssetId.of("Experience", "Arena"),
        ExperienceSelection.Source.DEFAULT_USER_FACING_EXPERIENCE), select(builder.build()));

    builder.mapDefault("Lobby");
    assertEquals(ExperienceSelection.Source.MAP_DEFAULT, select(builder.build()).source());
    builder.commandLine(List.of("play", "-Experience=Throws"));
    assertEquals("Throws", select(builder.build()).id().name());
    assertEquals(ExperienceSelection.Source.COMMAND_LINE, select(builder.build()).source());
    builder.developerOverride("Experience:Pausing");
    assertEquals(ExperienceSelection.Source.DEVELOPER_OVERRIDE, select(builder.build()).source());
    builder.urlOptions("/Game/Maps/Dust?listen&Experience=Needy");
    ExperienceSelection.Selected top = select(builder.build());
    assertEquals(new ExperienceSelection.Selected(PrimaryAssetId.of("Experience", "Needy"), ExperienceSelection.Source.URL_OPTION), top);
  }

  @Test
  void anIdTheHostParsed_isTakenAsIs_andCheckedLikeText() {
    ExperienceSelection.Builder builder = ExperienceSelection.builder().commandLine(List.of("-Experience=Throws"));

    builder.named(ExperienceSelection.Source.URL_OPTION, PrimaryAssetId.of("Experience", "Lobby"));

    assertEquals(new ExperienceSelection.Selected(PrimaryAssetId.of("Experience", "Lobby"), ExperienceSelection.Source.URL_OPTION),
        select(builder.build()));
    Problem unknown = failure(ExperienceSelection.builder()
        .named(ExperienceSelection.Source.URL_OPTION, PrimaryAssetId.of("Experience", "Lobbby")).build());
    assertEquals("No experience Experience:Lobbby is indexed (named by the URL option); did you mean Experience:Lobby?",
        unknown.message().split(" \\(experiences")[0]);
    IllegalArgumentException found = assertThrows(IllegalArgumentException.class, () -> ExperienceSelection.builder()
        .named(ExperienceSelection.Source.DEFAULT_USER_FACING_EXPERIENCE, PrimaryAssetId.of("Experience", "Lobby")));
    assertEquals("the default user-facing experience is found, not given: name another source", found.getMessage());
  }

  /** Review D5: the command line's --experience was called "the URL option", a Lyra word its user never typed. */
  @Test
  void aSourceTheHostDescribed_isCalledInTheHostsWords() throws Exception {
    ExperienceSelection described = ExperienceSelection.builder().describe(ExperienceSelection.Source.URL_OPTION, "--experience")
        .named(ExperienceSelection.Source.URL_OPTION, PrimaryAssetId.of("Experience", "Lobbby")).build();

    assertEquals("No experience Experience:Lobbby is indexed (named by --experience); did you mean Experience:Lobby?",
        failure(described).message().split(" \\(experiences")[0]);
    assertEquals("--experience", described.describe(ExperienceSelection.Source.URL_OPTION));
    assertEquals("the command line", described.describe(ExperienceSelection.Source.COMMAND_LINE));

    Files.writeString(game.root.resolve("ui/experiences/ArenaTile.json"), "{ \"experienceId\": \"Arena\" }");
    Problem none = failure(ExperienceSelection.builder().describe(ExperienceSelection.Source.URL_OPTION, "--experience").build());
    assertTrue(none.message().startsWith("No source names an experience (--experience) and no user-facing experience is marked"
        + " isDefaultExperience"), none.message());
    IllegalStateException twice = assertThrows(IllegalStateException.class, () -> ExperienceSelection.builder()
        .describe(ExperienceSelection.Source.URL_OPTION, "--experience").describe(ExperienceSelection.Source.URL_OPTION, "-e"));
    assertEquals("URL_OPTION was already described as \"--experience\"", twice.getMessage());
  }

  @Test
  void anUnknownId_isAnErrorNamingTheKnownExperiences_neverAFallback() {
    Problem problem = failure(ExperienceSelection.builder().commandLine(List.of("-Experience=Arean")).mapDefault("Lobby").build());

    assertEquals("Overture/UnknownExperience", problem.id());
    assertEquals(
        "No experience Experience:Arean is indexed (named by the command line); did you mean Experience:Arena?"
            + " (experiences: \"Experience:Arena\", \"Experience:Needy\","
            + " \"Experience:Curse\", \"Experience:Joust\", \"Experience:Lobby\", \"Experience:Pausing\", \"Experience:Throws\","
            + " \"Experience:Clumsy\" and 4 more)",
        problem.message());
  }

  /**
   * An indexed asset of another type is said to be one (a hostile review: "No experience Map:Arena
   * is indexed", of a map that is); an id of no asset is missing.
   */
  @Test
  void anIdOfAnotherType_isNotAnExperience() {
    Problem problem = failure(ExperienceSelection.builder().developerOverride("PawnData:Hero").build());
    assertEquals("PawnData:Hero is an asset of type PawnData, not an experience (named by the developer override)",
        problem.message().split(" \\(experiences")[0]);
    Problem missing = failure(ExperienceSelection.builder().developerOverride("PawnData:Nobody").build());
    assertEquals("No experience PawnData:Nobody is indexed (named by the developer override)",
        missing.message().split(" \\(experiences")[0]);
  }

  @Test
  void withoutADefaultTile_theErrorSaysHowToChoose() throws Exception {
    Files.writeString(game.root.resolve("ui/experiences/ArenaTile.json"), "{ \"experienceId\": \"Arena\" }");

    Problem problem = failure(ExperienceSelection.builder().build());

    assertEquals("Overture/NoExperienceSelected", problem.id());
    assertEquals(
        "No source names an experience (URL option, developer override, command line, map default) and no"
            + " user-facing experience is marked isDefaultExperience (experiences: \"Experience:Arena\", \"Experience:BadJoust\","
            + " \"Experience:Clumsy\", \"Experience:Curse\", \"Experience:Haunted\", \"Experience:Joust\", \"Experience:Lobby\","
            + " \"Experience:Misspelled\" and 4 more)",
        problem.message());
  }

  /** Review #4: the fault validate calls Overture/TwoDefaultExperiences had another id and words here, and no place. */
  @Test
  void twoDefaultTiles_areAnError_inValidatesIdAndWords_atTheTile() throws Exception {
    Files.writeString(game.root.resolve("ui/experiences/LobbyTile.json"), "{ \"experienceId\": \"Lobby\", \"isDefaultExperience\": true }");

    Problem problem = failure(ExperienceSelection.builder().build());

    assertEquals("Overture/TwoDefaultExperiences", problem.id());
    assertEquals("2 user-facing experiences are marked the default (UserFacingExperience:ArenaTile,"
        + " UserFacingExperience:LobbyTile); at most one may be", problem.message());
    assertTrue(problem.location().orElseThrow().file().endsWith("ui/experiences/ArenaTile.json"), problem.toString());
    assertEquals("/isDefaultExperience", problem.location().orElseThrow().pointer());
  }

  @ParameterizedTest
  @ValueSource(strings = {"?Experience=Lobby", "Experience=Lobby", "/Game/Maps/Dust?listen?experience=Lobby",
      "?Bots=3&EXPERIENCE=Experience%3ALobby&Mode=Fast", "?=Arena&Experience&Experience=Lobby"})
  void theUrlOption_isFoundAmongTheOthers_inAnyCase_andDecoded(String options) {
    ExperienceSelection selection = ExperienceSelection.builder().urlOptions(options).mapDefault("Throws").build();

    assertEquals(new ExperienceSelection.Selected(PrimaryAssetId.of("Experience", "Lobby"), ExperienceSelection.Source.URL_OPTION),
        select(selection));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "?", "/Game/Maps/Dust?listen", "?Bots=3&Experience=", "?Experience", "?=Lobby", "?Mode=Experience"})
  void aUrlWithoutAnExperienceOption_leavesTheChoiceToTheNextSource(String options) {
    ExperienceSelection selection = ExperienceSelection.builder().urlOptions(options).mapDefault("Throws").build();

    assertEquals(new ExperienceSelection.Selected(PrimaryAssetId.of("Experience", "Throws"), ExperienceSelection.Source.MAP_DEFAULT),
        select(selection));
  }

  @Test
  void theCommandLine_takesTheExperienceArgument_withOrWithoutItsDash_inAnyCase_theLastOneWinning() {
    assertEquals("Lobby", select(ExperienceSelection.builder().commandLine(List.of("play", "Experience=Lobby")).build()).id().name());
    assertEquals("Lobby", select(ExperienceSelection.builder().commandLine(List.of("-EXPERIENCE=Lobby")).build()).id().name());
    assertEquals("Lobby", select(ExperienceSelection.builder()
        .commandLine(List.of("-Experience=Arena", "-log", "-Experience=Lobby")).build()).id().name());
    assertEquals(ExperienceSelection.Source.DEFAULT_USER_FACING_EXPERIENCE, select(ExperienceSelection.builder()
        .commandLine(List.of("play", "-ExperienceName=Lobby", "-Exp=Lobby")).build()).source(), "no such argument");
  }

  @Test
  void blankSources_areSkipped_andNamesAreTrimmed() {
    ExperienceSelection.Builder builder = ExperienceSelection.builder().developerOverride("   ").mapDefault("");
    assertEquals(ExperienceSelection.Source.DEFAULT_USER_FACING_EXPERIENCE, select(builder.build()).source());

    builder.mapDefault("  Lobby\t");
    assertEquals(new ExperienceSelection.Selected(PrimaryAssetId.of("Experience", "Lobby"), ExperienceSelection.Source.MAP_DEFAULT),
        select(builder.build()));
  }

  @Test
  void textThatIsNoId_failsTheSelection_sayingWhatAnIdLooksLike() {
    CompletableFuture<ExperienceSelection.Selected> selected =
        ExperienceSelection.builder().developerOverride("Experience:").mapDefault("Lobby").build().select(game.assets);

    CompletionException e = assertThrows(CompletionException.class, selected::join);
    assertTrue(e.getCause() instanceof IllegalArgumentException, e.toString());
    assertTrue(e.getCause().getMessage().startsWith("Invalid primary asset id \"Experience:\""), e.getCause().getMessage());
  }

  @Test
  void aTypoInTheType_isSuggestedToo() {
    Problem problem = failure(ExperienceSelection.builder().developerOverride("Experiance:Lobby").build());

    assertEquals("No experience Experiance:Lobby is indexed (named by the developer override); did you mean Experience:Lobby?",
        problem.message().split(" \\(experiences")[0]);
  }

  @Test
  void aDefaultTileNamingAnUnknownExperience_isAnError_atTheTilesExperienceId() throws Exception {
    Files.writeString(game.root.resolve("ui/experiences/ArenaTile.json"), "{ \"experienceId\": \"Arnea\", \"isDefaultExperience\": true }");

    Problem problem = failure(ExperienceSelection.builder().build());

    assertEquals("Overture/UnknownExperience", problem.id());
    assertEquals("No experience Experience:Arnea is indexed (named by the default user-facing experience);"
        + " did you mean Experience:Arena?", problem.message().split(" \\(experiences")[0]);
    assertEquals("UserFacingExperience:ArenaTile", problem.asset().orElseThrow());
    assertEquals(game.root.resolve("ui/experiences/ArenaTile.json") + " (/experienceId)", problem.location().orElseThrow().toString());
    assertEquals(0, game.assets.stats().pinned(), "the tiles were released");
  }

  /** Seed 000: a tile a newer engine saved is not listed; finding the default goes on without it. */
  @Test
  void aTileANewerEngineSaved_isLeftOut_andTheDefaultIsStillFound() {
    game.close();
    game = new ExperienceFixture(temp.resolve("newer"),
        content -> content.file("ui/experiences/FutureTile.json",
            "{ \"$version\": { \"engine\": \"9.0.0-1\", \"custom\": [] }, \"experienceId\": \"Lobby\" }"),
        builder -> builder.engineVersion(EngineVersion.parse("1.0.0-500"), EngineVersion.parse("1.0.0-500")));

    assertEquals(new ExperienceSelection.Selected(PrimaryAssetId.of("Experience", "Arena"),
        ExperienceSelection.Source.DEFAULT_USER_FACING_EXPERIENCE), select(ExperienceSelection.builder().build()));
    assertEquals(0, game.assets.stats().pinned(), "the tiles were released");
  }

  /** Seed 000: a default tile that names an experience a newer engine saved reports that, in the experience's own file. */
  @Test
  void aDefaultTileNamingAnExperienceANewerEngineSaved_saysSo_inThatExperiencesFile() throws Exception {
    game.close();
    game = new ExperienceFixture(temp.resolve("newer"),
        content -> content
            .file("experiences/Future.json", "{ \"$version\": { \"engine\": \"9.0.0-1\", \"custom\": [] } }")
            .file("ui/experiences/ArenaTile.json", "{ \"experienceId\": \"Arena\" }")
            .file("ui/experiences/FutureTile.json", "{ \"experienceId\": \"Future\", \"isDefaultExperience\": true }"),
        builder -> builder.engineVersion(EngineVersion.parse("1.0.0-500"), EngineVersion.parse("1.0.0-500")));
    game.assets.tools().checkVersions();

    Problem problem = failure(ExperienceSelection.builder().build());

    assertEquals("Overture/NewerEngine", problem.id());
    assertEquals("UserFacingExperience:FutureTile", problem.asset().orElseThrow(), "the tile that named it");
    assertEquals(game.root.resolve("experiences/Future.json").toString(), problem.location().orElseThrow().file());
    assertEquals(0, game.assets.stats().pinned(), "the tiles were released");
  }

  /** A tile that cannot be read, the index unchanged: finding the default fails with the tile's problem, in its file. */
  @Test
  void aTileThatCannotBeRead_failsFindingTheDefault_inThatTilesFile() {
    game.close();
    game = new ExperienceFixture(temp.resolve("broken"),
        content -> content.file("ui/experiences/BrokenTile.json", "{ \"experienceId\": "));

    Problem problem = failure(ExperienceSelection.builder().build());

    assertEquals("Overture/MalformedJson", problem.id());
    assertEquals(game.root.resolve("ui/experiences/BrokenTile.json").toString(), problem.location().orElseThrow().file());
    assertEquals(0, game.assets.stats().pinned(), "the tiles were released");
  }
}
