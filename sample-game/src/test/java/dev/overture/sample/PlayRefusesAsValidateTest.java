package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code play} refuses or warns of besides the game's rules ({@link GameRulesValidationTest}),
 * it refuses or warns of as {@code validate} does, in validate's words and at validate's place: a
 * tile naming an unknown experience, two default tiles or none, a default tile that fails to load,
 * assets a newer engine saved, a reference into an installed plugin's content, validate's warnings
 * about what is played, and content without an experience.
 */
class PlayRefusesAsValidateTest {

  @TempDir Path temp;

  private Path copyOfTheContent() throws Exception {
    return SampleCopy.in(temp);
  }

  /**
   * Review #8: {@code play --tile} with a tile naming an unknown experience blamed "the URL option"
   * (Overture/UnknownExperience) with no place; validate says Overture/UnknownAsset at the tile.
   */
  @Test
  void aTileNamingAnUnknownExperience_isRefusedByPlayAtTheTile_asValidateDoes() throws Exception {
    Path assets = copyOfTheContent();
    SampleCopy.edit(assets.resolve("ui/experiences/ControlTile.json"), "\"Experience:Control\"", "\"Experience:Contrl\"");
    String expected = "[Overture/UnknownAsset] No asset Experience:Contrl is indexed (indexed: \"Experience:Control\","
        + " \"Experience:Elimination\", \"Experience:FrontEnd\", \"Experience:TopDownArena\")" + System.lineSeparator()
        + "   at " + assets + "/ui/experiences/ControlTile.json:15:19 (/experienceId)";

    CommandRun play = RefusedAlike.by(assets, expected, "--tile", "ControlTile", "--ticks", "1", "--view-every", "0");
    assertTrue(play.err().startsWith("Tile UserFacingExperience:ControlTile cannot be played (overture validate reports the same)"),
        play.err());
    assertFalse(play.all().contains("URL option"), play.all());
  }

  /**
   * Differential fuzzing of validate against play: {@code play --experience Control} whose tile names
   * a map that is not indexed said "Could not load Map:arena ... in Map:arena", naming no file;
   * validate says Overture/UnknownAsset at the tile's mapId. Play now refuses the tile whose map it
   * plays where validate does, whether --tile, --experience or the default chose it.
   */
  @Test
  void aTileNamingAnUnknownMap_isRefusedByPlayExperienceAtTheTile_asValidateDoes() throws Exception {
    Path assets = copyOfTheContent();
    SampleCopy.edit(assets.resolve("ui/experiences/ControlTile.json"), "\"Map:Outpost\"", "\"Map:arena\"");
    String expected = "[Overture/UnknownAsset] No asset Map:arena is indexed (indexed: \"Map:Arena\", \"Map:Menu\","
        + " \"Map:Outpost\", \"Map:Pit\")" + System.lineSeparator()
        + "   at " + assets + "/ui/experiences/ControlTile.json:14:12 (/mapId)";

    CommandRun play = RefusedAlike.by(assets, expected, "--experience", "Control", "--ticks", "1", "--view-every", "0");
    assertTrue(play.err().startsWith("Tile UserFacingExperience:ControlTile, whose map --experience plays, cannot be played"
        + " (overture validate reports the same)"), play.err());
    assertEquals(0, CommandRun.of("play", "--assets", assets.toString(), "--experience", "Elimination", "--ticks", "1",
        "--view-every", "0").exit(), "another experience's tile is not this one's fault");
  }

  /** Review #4: two default tiles were Overture/TwoDefaultExperiences in validate, another id and words without a place in play. */
  @Test
  void twoDefaultTiles_areOneFault_inOneWording_atEachTile_forValidateAndPlay() throws Exception {
    Path assets = copyOfTheContent();
    SampleCopy.edit(assets.resolve("ui/experiences/ControlTile.json"), "\"maxPlayerCount\"", "\"isDefaultExperience\": true,\n  \"maxPlayerCount\"");
    String nl = System.lineSeparator();
    String words = "[Overture/TwoDefaultExperiences] 2 user-facing experiences are marked the default"
        + " (UserFacingExperience:ControlTile, UserFacingExperience:EliminationTile); at most one may be" + nl + "   at " + assets;

    CommandRun validate = CommandRun.of("validate", "--assets", assets.toString());
    CommandRun play = CommandRun.of("play", "--assets", assets.toString(), "--ticks", "1", "--view-every", "0");

    assertEquals(1, validate.exit(), validate.all());
    assertEquals(1, play.exit(), play.all());
    for (String tile : List.of("ControlTile.json:", "EliminationTile.json:")) {
      assertTrue(validate.out().contains(words + "/ui/experiences/" + tile), validate.out());
      assertTrue(play.err().contains(words + "/ui/experiences/" + tile), play.all());
    }
  }

  /**
   * Review #6: pawn data a newer engine saved is an error for validate (Overture/NewerEngine: this
   * build cannot check it), but play loaded it as null, exited 0 and said the experience names no
   * pawn data. Play now refuses it in validate's words, in the pawn data's file.
   */
  @Test
  void pawnDataANewerEngineSaved_isRefusedByPlayAsByValidate_inItsFile() throws Exception {
    Path assets = copyOfTheContent();
    SampleCopy.edit(assets.resolve("pawns/HeroPawn.json"), "\"engine\": \"0.1.0-1000+++Overture+Main\"", "\"engine\": \"0.2.0-2000+++Overture+Main\"");
    SampleCopy.edit(assets.resolve("pawns/HeroPawn.json"), "\"compatible\": \"0.1.0-1000+++Overture+Main\"",
        "\"compatible\": \"0.2.0-2000+++Overture+Main\"");
    String expected = "[Overture/NewerEngine] Saved by engine 0.2.0-2000, which needs 0.2.0-2000 or newer to read it; this build is"
        + " 0.1.0-1000 (the file is left as it is)" + System.lineSeparator() + "   at " + assets + "/pawns/HeroPawn.json:3:15 (/$version/engine)";

    CommandRun play = RefusedAlike.by(assets, expected, "--experience", "Control", "--ticks", "1", "--view-every", "0");
    assertFalse(play.all().contains("names no pawn data"), play.all());
  }

  @Test
  void anAbilitySetOrInputMappingANewerEngineSaved_isTreatedAsNull_byPlayAsValidateWarns_withoutATrace() throws Exception {
    Path assets = copyOfTheContent();
    for (String file : List.of("abilities/HeroAbilities.json", "input/DefaultMappings.json")) {
      SampleCopy.edit(assets.resolve(file), "\"engine\": \"0.1.0-1000+++Overture+Main\"", "\"engine\": \"0.2.0-2000+++Overture+Main\"");
      SampleCopy.edit(assets.resolve(file), "\"compatible\": \"0.1.0-1000+++Overture+Main\"", "\"compatible\": \"0.2.0-2000+++Overture+Main\"");
    }

    CommandRun validate = CommandRun.of("validate", "--assets", assets.toString());
    assertEquals(0, validate.exit(), validate.all());
    assertTrue(validate.out().contains("[Overture/NewerAssetReference]"), validate.out());

    // The framework's log goes to the process's standard error (slf4j-simple looks it up at each line).
    java.io.ByteArrayOutputStream logged = new java.io.ByteArrayOutputStream();
    java.io.PrintStream err = System.err;
    CommandRun play;
    System.setErr(new java.io.PrintStream(logged, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      play = CommandRun.of("play", "--assets", assets.toString(), "--experience", "Elimination", "--ticks", "3", "--view-every", "0");
    } finally {
      System.setErr(err);
    }
    String all = play.all() + logged.toString(java.nio.charset.StandardCharsets.UTF_8);
    assertEquals(0, play.exit(), all);
    assertTrue(all.contains("[Overture/NewerAssetReference]"), "the load's warning, once per reference: " + all);
    assertFalse(JavaNames.PATTERN.matcher(all).find(), "no stack trace: " + all);
    assertFalse(all.contains("[ERROR]"), all);
  }

  /**
   * A hostile review of validate/play parity: validate registers a plugin whose initialState is
   * Installed to check it, so its content was indexed and an experience naming one of its action
   * sets passed; play indexes that content only once the plugin is registered, after the
   * experience's references are resolved, and refused it. validate refuses it now, in play's words.
   */
  @Test
  void aReferenceIntoAnInstalledPluginsContent_isRefusedByValidate_asPlayRefusesIt() throws Exception {
    Path assets = copyOfTheContent();
    Files.createDirectories(assets.resolve("plugins/Extra/actionsets"));
    Files.writeString(assets.resolve("plugins/Extra/plugin.json"),
        "{ \"name\": \"Extra\", \"version\": \"1.0.0\", \"initialState\": \"Installed\" }");
    Files.writeString(assets.resolve("plugins/Extra/actionsets/ExtraSet.json"), "{ \"actions\": [] }");
    SampleCopy.edit(assets.resolve("experiences/Elimination.json"), "\"SharedInput\"\n", "\"SharedInput\",\n    \"ExtraSet\"\n");

    String nl = System.lineSeparator();
    CommandRun validate = CommandRun.of("validate", "--assets", assets.toString());
    assertEquals(1, validate.exit(), validate.all());
    java.util.regex.Matcher error = java.util.regex.Pattern.compile("\\[Overture/UnknownAsset\\] No asset ActionSet:ExtraSet is"
        + " indexed \\(indexed: [^)]*\\)" + nl + "   at " + java.util.regex.Pattern.quote(assets + "/experiences/Elimination.json:22:5"
        + " (/actionSets/3)")).matcher(validate.out());
    assertTrue(error.find(), validate.out());
    String refused = error.group();
    assertTrue(validate.out().contains("[Overture/InInstalledPlugin] warning: ActionSet:ExtraSet is in plugin Extra, whose"
        + " initialState is Installed"), validate.out());

    CommandRun play = CommandRun.of("play", "--assets", assets.toString(), "--experience", "Elimination", "--ticks", "1");
    assertEquals(1, play.exit(), play.all());
    assertTrue(play.err().contains(refused), "validate's words: " + play.err());
  }

  /**
   * A parity review: a default tile that failed to load (a number out of range) made validate add a
   * warning that no tile is marked isDefaultExperience, though that very tile is; only its own
   * error is reported now.
   */
  @Test
  void aDefaultTileThatFailsToLoad_isReportedOnce_notAsAMissingDefault() throws Exception {
    Path assets = copyOfTheContent();
    SampleCopy.edit(assets.resolve("ui/experiences/EliminationTile.json"), "\"maxPlayerCount\": 8", "\"maxPlayerCount\": -5");

    CommandRun validate = CommandRun.of("validate", "--assets", assets.toString());
    assertEquals(1, validate.exit(), validate.all());
    assertTrue(validate.out().contains("ui/experiences/EliminationTile.json:"), validate.out());
    assertFalse(validate.out().contains("Sample/NoDefaultTile"), validate.out());
  }

  /** A parity review: play dropped validate's warnings about what it plays (here an action that adds nothing). */
  @Test
  void validatesWarningsAboutThePlayedContent_areShownByPlayToo() throws Exception {
    Path assets = copyOfTheContent();
    SampleCopy.edit(assets.resolve("experiences/Elimination.json"), "\"actions\": [\n", "\"actions\": [\n    { \"action\": \"AddComponents\","
        + " \"componentList\": [] },\n");
    String warning = "[Overture/EmptyAction] warning: AddComponents adds nothing: its componentList is empty"
        + System.lineSeparator() + "   at " + assets + "/experiences/Elimination.json:24:51 (/actions/0/componentList)";

    CommandRun validate = CommandRun.of("validate", "--assets", assets.toString());
    assertEquals(0, validate.exit(), validate.all());
    assertTrue(validate.out().contains(warning), validate.out());

    CommandRun play = CommandRun.of("play", "--assets", assets.toString(), "--experience", "Elimination", "--ticks", "1");
    assertEquals(0, play.exit(), play.all());
    assertTrue(play.err().contains(warning), play.err());
  }

  /** Review: validate said "Content is valid" of an empty content folder, which play cannot run ("No experience was selected"). */
  @Test
  void contentWithoutAnExperience_isAnError_forValidateAsForPlay(@org.junit.jupiter.api.io.TempDir Path empty) {
    CommandRun validate = CommandRun.of("validate", "--assets", empty.toString(), "--plugins", empty.toString());
    CommandRun play = CommandRun.of("play", "--assets", empty.toString(), "--plugins", empty.toString());

    assertEquals(1, validate.exit(), validate.all());
    assertTrue(validate.out().contains("[Sample/NothingToPlay] The content (" + empty + ") holds no experience, so play has nothing to"
        + " load (\"No experience was selected\"); add one in experiences/, and a tile in ui/experiences/ whose experienceId names it"
        + " and whose isDefaultExperience is true"), validate.out());
    assertEquals(1, play.exit(), play.all());
    assertTrue(play.err().startsWith("No experience was selected"), play.err());
  }

  @Test
  void contentWithoutADefaultTile_isAWarning_playNeedsAnExperienceNamed() throws Exception {
    Path assets = copyOfTheContent();
    SampleCopy.edit(assets.resolve("ui/experiences/EliminationTile.json"), "\"isDefaultExperience\": true", "\"isDefaultExperience\": false");

    CommandRun validate = CommandRun.of("validate", "--assets", assets.toString());

    assertEquals(0, validate.exit(), validate.all());
    assertTrue(validate.out().contains("[Sample/NoDefaultTile] warning: No tile of the content (" + assets + ") is marked isDefaultExperience, so"
        + " play without --experience or --tile selects nothing (\"No experience was selected\"); mark one tile's isDefaultExperience"
        + " true (tiles: UserFacingExperience:"), validate.out());
    assertEquals(1, CommandRun.of("play", "--assets", assets.toString(), "--ticks", "1").exit());
    assertEquals(0, CommandRun.of("play", "--assets", assets.toString(), "--ticks", "1", "--experience", "Elimination").exit());
  }
}
