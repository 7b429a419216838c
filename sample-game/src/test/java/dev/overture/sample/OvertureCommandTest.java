package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The command line as a user sees it: its output, its errors and its exit codes. */
class OvertureCommandTest {

  private final CommandRun.Session cli = new CommandRun.Session(true);

  private List<String> lines() {
    return cli.out().lines().toList();
  }

  @Test
  void list_showsEveryAssetByType() {
    assertEquals(0, cli.run("list", "--assets", "../assets"), cli.err());

    String text = cli.out();
    assertTrue(text.startsWith("19 primary assets in Game (../assets), ShooterCore (../assets/plugins/ShooterCore),"
        + " TopDownArena (" + SampleContent.defaultPlugins().resolve("top-down-arena.jar") + ")"), text);
    assertTrue(text.contains("  ShooterCore          1.1.0    Registered  ../assets/plugins/ShooterCore" + System.lineSeparator()), text);
    assertTrue(text.contains("  TopDownArena         1.0.0    Registered  " + SampleContent.defaultPlugins().resolve("top-down-arena.jar")
        + " (jar, own class loader)"), text);
    assertTrue(text.contains("ActionSet:ShooterCoreComponents"), text);
    assertTrue(text.contains("Experience (4)"), text);
    assertTrue(text.contains("../assets/experiences/Elimination.json"), text);
  }

  @Test
  void play_withoutAnExperience_loadsTheDefaultTilesExperience_andPrintsTheTimeline() {
    assertEquals(0, cli.run("play", "--ticks", "0"), cli.err());

    List<String> lines = lines();
    assertEquals("Experience Experience:Elimination, chosen by the default user-facing experience; standalone world; seed 1", lines.get(0));
    assertEquals("Map Map:Arena: Arena (19x11)", lines.get(1));
    List<String> states = lines.subList(2, 6).stream().map(line -> line.substring(line.lastIndexOf(' ') + 1)).toList();
    assertEquals(List.of("Loading", "LoadingGameFeatures", "ExecutingActions", "Loaded"), states);
    assertTrue(lines.contains("Plugins activated: ShooterCore"), cli.out());
    assertTrue(lines.contains("  ActionSet:ShooterCoreComponents actions[0] AddComponents"), cli.out());
    assertTrue(
        lines.contains("Spawned Player as Hero (Archetype:StandardHero): HeroMovement, AbilitySystemComponent, ScoreComponent,"
            + " HealthComponent, BotBrain, LineOfSightWeapon, InputComponent"),
        cli.out());
    assertTrue(lines.contains("Movement: top speed 7.5 m/s, jump 1.5 m, turn 180.0 deg/s"),
        "the archetype tuned the default subobject, its turn rate upgraded from revolutions per second: " + cli.out());
  }

  @Test
  void play_onADedicatedServer_getsServerComponentsAndNoHud() {
    assertEquals(0, cli.run("play", "--net-mode", "dedicated", "--ticks", "3"), cli.err());

    assertTrue(lines().contains(
        "Spawned Player as Hero (Archetype:StandardHero): HeroMovement, AbilitySystemComponent, ScoreComponent, HealthComponent,"
            + " BotBrain, LineOfSightWeapon"), cli.out());
    assertTrue(lines().stream().noneMatch(line -> line.startsWith("  [")), "no HUD on a dedicated server: " + cli.out());
    assertTrue(lines().contains("Result: no team reached 25 by turn 3 (Red 0, Blue 0)"), cli.out());
  }

  @Test
  void play_anUnknownExperience_failsWithTheChoices() {
    assertEquals(1, cli.run("play", "--experience", "Elimnation", "--assets", "../assets"));

    String nl = System.lineSeparator();
    assertEquals(
        "No experience was selected, see the following problem:" + nl + nl
            + "1) [Overture/UnknownExperience] No experience Experience:Elimnation is indexed (named by --experience);"
            + " did you mean Experience:Elimination?"
            + " (experiences: \"Experience:Control\", \"Experience:Elimination\", \"Experience:FrontEnd\","
            + " \"Experience:TopDownArena\")" + nl + nl
            + "1 problem" + nl,
        cli.err());
  }

  /**
   * A tile that cannot be read stops every command that needs the menu's tiles, under a heading
   * that says so, not the framework's "Could not load 3 assets [UserFacingExperience:ControlTile,
   * ...]" listing every tile.
   */
  @Test
  void aTileThatCannotBeRead_isReportedAsTheTiles_byEachCommandThatNeedsThem(@TempDir Path temp) throws Exception {
    Path assets = SampleCopy.in(temp);
    SampleCopy.edit(assets.resolve("ui/experiences/ControlTile.json"), "\"experienceId\": \"Experience:Control\",", "");
    Path noPlugins = Files.createDirectories(temp.resolve("plugins"));
    String nl = System.lineSeparator();
    String expected = Tiles.READ_FAILED + ", see the following problem:" + nl + nl
        + "1) [Overture/MissingProperty] Missing \"experienceId\": name the experience the tile starts" + nl
        + "   at " + assets + "/ui/experiences/ControlTile.json:";

    for (List<String> args : List.of(List.of("play", "--tile", "ControlTile"), List.of("play", "--experience", "Elimination"),
        List.of("frontend"))) {
      List<String> all = new java.util.ArrayList<>(args);
      all.addAll(List.of("--assets", assets.toString(), "--plugins", noPlugins.toString()));

      assertEquals(1, cli.run(all.toArray(String[]::new)), cli.err());
      assertTrue(cli.err().startsWith(expected), args + ": " + cli.err());
    }
  }

  @Test
  void brokenContent_isReportedAsNumberedProblems(@TempDir Path temp) throws Exception {
    Path assets = temp.resolve("assets");
    Files.createDirectories(assets.resolve("experiences"));
    Files.writeString(assets.resolve("experiences/Broken.json"), "{ \"gameFeaturesToEnable\": [ }");

    Path noPlugins = Files.createDirectories(temp.resolve("plugins"));
    assertEquals(1, cli.run("play", "--experience", "Broken", "--assets", assets.toString(), "--plugins", noPlugins.toString()));

    String text = cli.err();
    assertTrue(text.startsWith("Could not load experience Experience:Broken, see the following problem:"), text);
    assertTrue(text.contains("1) [Overture/MalformedJson] Malformed JSON: Unexpected close marker '}': expected ']'" + System.lineSeparator()), text);
    assertTrue(text.contains("at " + assets + "/experiences/Broken.json:1:29"), text);
  }

  @Test
  void usageMistakes_exitWithTwo() {
    assertEquals(2, cli.run("play", "--ticks", "many"));
    assertTrue(cli.err().contains("Invalid value for option '--ticks': 'many' is not an int"), cli.err());
    assertEquals(2, cli.run("play", "--net-mode", "lan"));
    assertTrue(cli.err().contains("'lan' is not a net mode (standalone, listen, dedicated, client)"), cli.err());
  }

  /** Issue 19: the inspector's and the pace's options say what they take. */
  @Test
  void inspectorAndPaceMistakes_exitWithTwo() {
    assertEquals(2, cli.run("play", "--inspect-address", "0.0.0.0"));
    assertTrue(cli.err().contains("--inspect-address needs --inspect"), cli.err());
    assertEquals(2, cli.run("play", "--inspect", "70000"));
    assertTrue(cli.err().contains("--inspect PORT must be 0 (any free port) to 65535: 70000"), cli.err());
    assertEquals(2, cli.run("play", "--turns-per-second", "0"));
    assertTrue(cli.err().contains("--turns-per-second must be more than 0 and at most 1000: 0.0"), cli.err());
    assertEquals(2, cli.run("play", "--inspect", "--inspect-address", "[::zz]"));
    assertTrue(cli.err().contains("'[::zz]' is not an address of this machine"), cli.err());
    // 192.0.2.1 is a documentation address (RFC 5737): a real address, of no machine.
    assertEquals(2, cli.run("play", "--inspect", "--inspect-address", "192.0.2.1"));
    assertTrue(cli.err().contains("'192.0.2.1' is not an address of this machine (127.0.0.1 serves this machine only, 0.0.0.0"
        + " every network it is on)"), cli.err());
  }

  // ---- versions

  /** A copy of the sample content to change. */
  private static Path copyOfTheContent(Path temp) throws Exception {
    return SampleCopy.in(temp);
  }

  @Test
  void resaveDryRun_showsTheTwoOldFilesAndWhatUpgradesThem_andWritesNothing(@TempDir Path temp) throws Exception {
    Path assets = copyOfTheContent(temp);
    byte[] hero = Files.readAllBytes(assets.resolve("archetypes/StandardHero.json"));

    assertEquals(0, cli.run("resave", "--dry-run", "--assets", assets.toString()), cli.err());

    assertEquals(List.of(
            "would rewrite " + assets + "/archetypes/StandardHero.json",
            "  engine 0.1.0-900+++Overture+Main -> 0.1.0-1000+++Overture+Main",
            "  Sample-Hero 1 -> 2: hero turnRate is in degrees per second, was revolutions per second",
            "would rewrite " + assets + "/pawns/SpectatorPawn.json",
            "  engine 0.1.0-900+++Overture+Main -> 0.1.0-1000+++Overture+Main",
            "  Overture-Experience 1 -> 2: cameraMode is now defaultCameraMode",
            "2 to rewrite, 0 refused, 21 already current (dry run: nothing was written)"),
        lines());
    assertTrue(java.util.Arrays.equals(hero, Files.readAllBytes(assets.resolve("archetypes/StandardHero.json"))));
  }

  @Test
  void resave_upgradesTheFilesOnce(@TempDir Path temp) throws Exception {
    Path assets = copyOfTheContent(temp);

    assertEquals(0, cli.run("resave", "--assets", assets.toString()), cli.err());
    assertTrue(lines().contains("2 rewritten, 0 refused, 21 already current"), cli.out());
    String spectator = Files.readString(assets.resolve("pawns/SpectatorPawn.json"));
    assertTrue(spectator.contains("\"defaultCameraMode\": \"cameras/ThirdPerson.json\""), spectator);
    assertTrue(Files.readString(assets.resolve("archetypes/StandardHero.json")).contains("\"turnRate\": 180.0"));

    cli.clearOut();
    assertEquals(0, cli.run("resave", "--assets", assets.toString()), cli.err());
    assertEquals(List.of("0 rewritten, 0 refused, 23 already current"), lines());
  }

  @Test
  void resave_keepsAFilesCrlfLineEnds_andItsByteOrderMark(@TempDir Path temp) throws Exception {
    Path assets = copyOfTheContent(temp);
    Path spectator = assets.resolve("pawns/SpectatorPawn.json");
    Files.writeString(spectator, "\uFEFF" + Files.readString(spectator).replace("\r\n", "\n").replace("\n", "\r\n"));

    assertEquals(0, cli.run("resave", "--assets", assets.toString()), cli.err());

    String text = Files.readString(spectator);
    assertTrue(text.startsWith("\uFEFF{\r\n"), "the mark and the Windows line ends stay: " + text);
    assertTrue(text.contains("\"defaultCameraMode\": \"cameras/ThirdPerson.json\"\r\n"), text);
    assertEquals(0, text.replace("\r\n", "").chars().filter(c -> c == '\n').count(), "no bare LF: " + text);
  }

  @Test
  void contentSavedByANewerBuild_isRefusedByPlayAndResave_andLeftAsItIs(@TempDir Path temp) throws Exception {
    Path assets = copyOfTheContent(temp);
    Path elimination = assets.resolve("experiences/Elimination.json");
    Files.writeString(elimination, Files.readString(elimination).replace("\"compatible\": \"0.1.0-1000+++Overture+Main\"",
        "\"compatible\": \"0.1.0-2000+++Overture+Main\""));
    byte[] before = Files.readAllBytes(elimination);

    assertEquals(1, cli.run("play", "--assets", assets.toString(), "--ticks", "0"));
    assertTrue(cli.err().contains("[Overture/NewerEngine] Saved by engine 0.1.0-1000, which needs 0.1.0-2000 or newer to read it;"
        + " this build is 0.1.0-1000 (the file is left as it is)"), cli.err());
    assertTrue(cli.err().contains("at " + elimination + ":4:19 (/$version/compatible)"), cli.err());

    assertEquals(1, cli.run("resave", "--assets", assets.toString()));
    assertTrue(cli.out().contains("refused " + elimination), cli.out());
    assertTrue(java.util.Arrays.equals(before, Files.readAllBytes(elimination)), "never rewritten");
  }

  /**
   * Seed 000: "An asset saved with a newer engine version does not appear in the Content Browser.
   * References to that asset are treated as null." (issue 18)
   */
  @Test
  void pawnDataSavedByANewerBuild_isNotListed_andPlayRefusesTheExperiencesThatNameIt_asValidateDoes(@TempDir Path temp) throws Exception {
    Path assets = copyOfTheContent(temp);
    Path hero = assets.resolve("pawns/HeroPawn.json");
    Files.writeString(hero, Files.readString(hero).replace("\"compatible\": \"0.1.0-1000+++Overture+Main\"",
        "\"compatible\": \"0.1.0-2000+++Overture+Main\""));

    assertEquals(0, cli.run("list", "--type", "PawnData", "--assets", assets.toString()), cli.err());
    assertFalse(cli.out().contains("  PawnData:HeroPawn "), cli.out());
    assertTrue(cli.out().contains("not listed: PawnData:HeroPawn, which a newer engine saved"), cli.out());

    // The reference loads as null (the load warns, NewerAssetsTest checks its words), but validate refuses the pawn data
    // (Overture/NewerEngine: this build cannot check it), and play with it (review #6: it played a match nobody spawned in).
    assertEquals(1, cli.run("play", "--experience", "Elimination", "--assets", assets.toString(), "--ticks", "0"), cli.err());
    assertTrue(cli.err().contains("[Overture/NewerEngine] "), cli.err());
    assertFalse(lines().contains("  Loaded"), cli.out());
  }

  @Test
  void resave_needsAFolder_aUsageError() {
    // The tests run in sample-game/, which has no ./assets.
    assertEquals(2, cli.run("resave"));
    assertEquals("resave rewrites files on disk, and there is no ./assets folder in " + Path.of("").toAbsolutePath()
        + ": give the content folder with --assets DIR (the content inside the jar cannot be written)", cli.err().lines().findFirst()
        .orElse(""));
  }

  @Test
  void version_printsTheBuildVersion() {
    assertEquals(0, cli.run("--version"));
    List<String> lines = lines();
    assertEquals(List.of("Overture sample game 0.1.0-1000+++Overture+Main", "what it saves can be read by builds from 0.1.0-1000 on"),
        lines.subList(0, 2));
    assertTrue(lines.get(2).matches("build \\+\\+Overture\\+Main-CL-1000, id [0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}"),
        "build/Build.version leaves BuildId empty, so the build gave the jar's copy a new one: " + lines);
  }

  // ---- issue 14: an Error (out of memory, a stack overflow) is one line, never a stack trace

  /** A command that fails with an Error, as a command reading a huge file did before its limit. */
  @CommandLine.Command(name = "fail")
  static final class Failing implements java.util.concurrent.Callable<Integer> {
    final Error error;

    Failing(Error error) {
      this.error = error;
    }

    @Override
    public Integer call() {
      throw error;
    }
  }

  private int runFailing(Error error, String... args) {
    CommandLine commandLine = OvertureCommand.commandLine();
    commandLine.addSubcommand("fail", new Failing(error));
    return cli.run(commandLine, args);
  }

  @Test
  void anOutOfMemoryError_isOneLineWithoutAStackTrace_exitCode1() {
    assertEquals(1, runFailing(new OutOfMemoryError("Java heap space"), "fail"));

    assertEquals("overture: the command ran out of memory (Java heap space); give Java more (java -Xmx2g -jar overture.jar ...)"
        + " or smaller input (run with --debug for the stack trace)" + System.lineSeparator(), cli.err());
  }

  @Test
  void aStackOverflow_isOneLine_andDebugAddsTheStackTrace() {
    assertEquals(1, runFailing(new StackOverflowError(), "fail"));
    assertEquals("overture: the command failed: it overflowed the stack (a call that never ends calling itself?) (run with --debug for the stack trace)"
        + System.lineSeparator(), cli.err());

    cli.clearErr();
    assertEquals(1, runFailing(new StackOverflowError(), "fail", "--debug"));
    assertTrue(cli.err().contains("java.lang.StackOverflowError" + System.lineSeparator() + "\tat "), cli.err());
  }

  // ---- ids and archives

  @Test
  void archiveInspect_showsTheHeaderTheNamedCustomVersionsAndTheIds() {
    String v2 = "0A020000 F1030000 02000000"
        + " EFBEADDE 0FCAFEBA CAFBCFAB CDAB2143 00000000"
        + " EFBEADDE 0FCAFEBA CADBCDAB CDAB3412 02000000"
        + " 00000000 1F000000 " + java.util.HexFormat.of().formatHex("/Script/UE4Dreamworld.UniqueID\0".getBytes())
        + " 14000000 " + java.util.HexFormat.of().formatHex("UniqueID_2147417576\0".getBytes())
        + " EFCDAB8967452301";

    assertEquals(0, cli.run("archive", "inspect", "--hex", v2), cli.err());

    assertEquals(List.of(
            "123 bytes",
            "Package versions: UE4 522, UE5 1009, licensee 0",
            "Custom versions (2):",
            "  DEADBEEF-BAFECA0F-ABCFFBCA-4321ABCD ObjectVersion version 0",
            "  DEADBEEF-BAFECA0F-ABCDDBCA-1234ABCD UniqueID version 2",
            "Layout: UniqueID v2 (legacy)",
            "Ids (1):",
            "  81985529216486895 (0x0123456789ABCDEF)"),
        lines());
  }

  /** Seed 000: "Engine보다 높은 Version이 있는 Package는 Load 할 수 없다." */
  @Test
  void archiveInspect_showsANewerVersionWord_andRefusesItsIds() {
    String newer = "0A020000 F2030000 01000000 47CF7918 934A0A33 87B50890 7594CC0B 00000000 EFCDAB8967452301";

    assertEquals(1, cli.run("archive", "inspect", "--hex", newer));

    assertEquals("Package versions: UE4 522, UE5 1010 (newer than this build's 1009), licensee 0", lines().get(1));
    assertEquals("overture: the --hex bytes: At byte 4: written with FileVersionUE5 1010, newer than this build reads (up to 1009);"
        + " the archive is left as it is" + System.lineSeparator(), cli.err());
  }

  /** Issue 14: a named pipe would block a read forever; it is refused without being opened. */
  @Test
  void archiveInspect_refusesANamedPipe_withoutOpeningIt(@TempDir Path temp) throws Exception {
    Path pipe = temp.resolve("blob.pipe");
    assertEquals(0, new ProcessBuilder("mkfifo", pipe.toString()).start().waitFor());

    assertEquals(1, cli.run("archive", "inspect", pipe.toString()));

    assertEquals("overture: " + pipe + " is a named pipe, not a regular file; it was not opened" + System.lineSeparator(),
        cli.err());
  }

  /** Issue 14: a huge file ended in OutOfMemoryError; now it is refused before it is read. */
  @Test
  void archiveInspect_refusesAFileLargerThanMaxBytes(@TempDir Path temp) throws Exception {
    Path blob = temp.resolve("blob.bin");
    Files.write(blob, new byte[100]);

    assertEquals(1, cli.run("archive", "inspect", blob.toString(), "--max-bytes", "64"));

    assertEquals("overture: " + blob + " is 100 bytes; the largest accepted is 64 bytes (archive inspect --max-bytes)"
        + System.lineSeparator(), cli.err());
  }

  @Test
  void archiveInspect_refusesWhatIsNotAnArchive_namingIt(@TempDir Path temp) throws Exception {
    assertEquals(1, cli.run("archive", "inspect", "--hex", "0A0200"));
    assertTrue(cli.err().contains("overture: the --hex bytes is not an archive: At byte 0: truncated: FileVersionUE4 needs 4"
        + " bytes, 3 left"), cli.err());
    assertEquals(2, cli.run("archive", "inspect", "--hex", "xyz"));
    assertTrue(cli.err().contains("--hex: 'x' at digit 1 is not a hex digit; give pairs of 0-9 and a-f (spaces between them are"
        + " ignored)"), cli.err());
    assertEquals(2, cli.run("archive", "inspect", "--hex", "0A 0"));
    assertTrue(cli.err().contains("--hex: 3 digits, an odd count; give whole bytes, two digits each"), cli.err());
    assertEquals(2, cli.run("archive", "inspect", "--hex", "0a \uFF16\uFF16")); // fullwidth digits are no hex digits to HexFormat
    assertTrue(cli.err().contains("--hex: '\uFF16' at digit 3 is not a hex digit"), cli.err());
    Path empty = Files.createFile(temp.resolve("empty.bin"));
    assertEquals(1, cli.run("archive", "inspect", empty.toString()));
    assertTrue(cli.err().contains("overture: " + empty + " is not an archive: At byte 0: truncated: FileVersionUE4 needs 4"
        + " bytes, 0 left"), cli.err());
  }

  @Test
  void migrateIds_convertsTheLegacyBlobsOfAGameDb(@TempDir Path temp) throws Exception {
    Path db = temp.resolve("game.db");
    dev.overture.persistence.WorldStore.open(db, dev.overture.persistence.ClassNames.of(java.util.Map.of())).close();
    try (var connection = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db);
        var sql = connection.createStatement();
        var insert = connection.prepareStatement("INSERT INTO properties (actor_id, component, name, value) VALUES (1, '', ?, ?)")) {
      sql.executeUpdate("INSERT INTO actors (id, world, class, name) VALUES (1, 'Sample', 'Hero', 'Player')");
      insert.setString(1, "friend");
      insert.setBytes(2, dev.overture.archive.IdArchives.encode(dev.overture.archive.IdArchives.Layout.LEGACY_V2,
          List.of(dev.overture.id.StableId.of(77))));
      insert.executeUpdate();
      insert.setString(1, "broken");
      insert.setBytes(2, new byte[] {9});
      insert.executeUpdate();
    }

    assertEquals(1, cli.run("migrate-ids", "--db", db.toString()), "a refused blob makes the exit code 1");

    assertEquals(List.of(
            "Database: " + db,
            "Backup: " + db + ".before-migrate-ids",
            "Rows read: 2",
            "Converted: 1",
            "Already current: 0",
            "Not ids: 0",
            "Refused: 1",
            "  actor 1, property broken: At byte 0: truncated: FileVersionUE4 needs 4 bytes, 1 left"),
        lines());
    cli.clearOut();
    assertEquals(1, cli.run("migrate-ids", "--db", db.toString(), "--no-backup", "--dry-run"));
    assertTrue(lines().containsAll(List.of("Would convert: 0", "Already current: 1", "Dry run: nothing was written.")), cli.out());
  }

  @Test
  void migrateIds_usageMistakes() {
    assertEquals(2, cli.run("migrate-ids", "--db", "game.db", "--to", "v4"));
    assertTrue(cli.err().contains("'v4' is not a target (v3, stable-id)"), cli.err());
    assertEquals(1, cli.run("migrate-ids", "--db", "no-such.db"));
    assertTrue(cli.err().contains("overture: No database at no-such.db"), cli.err());
  }

  /** Review defect 9: the error printed the whole URL, its sslpassword= included. */
  @Test
  void migrateIds_onAServerItCannotReach_namesItsUrl_withoutItsParameters() {
    assertEquals(1, cli.run("migrate-ids", "--jdbc-url", "jdbc:postgresql://127.0.0.1:1/db?sslpassword=hunter2", "--dry-run", "--debug"));

    assertTrue(cli.err().startsWith("overture: Cannot read jdbc:postgresql://127.0.0.1:1/db: "), cli.err());
    assertFalse(cli.err().contains("hunter2"), cli.err());
    assertFalse(cli.out().contains("hunter2"), cli.out());
  }

  @Test
  void migrateIds_aUrlWithAUserAndPasswordBeforeTheHost_isRefusedAsOneWithThemInItsParameters() {
    assertEquals(2, cli.run("migrate-ids", "--jdbc-url", "jdbc:postgresql://me:hunter2@127.0.0.1:1/db", "--dry-run", "--debug"));

    assertTrue(cli.err().startsWith("--jdbc-url must not carry the user or the password"), cli.err());
    assertFalse(cli.err().contains("hunter2"), cli.err());
  }

  @Test
  void migrateIds_noBackupWithAServer_isAUsageError() {
    assertEquals(2, cli.run("migrate-ids", "--jdbc-url", "jdbc:postgresql://127.0.0.1:1/db", "--no-backup"));

    assertEquals("--no-backup is for --db: migrate-ids makes no backup of a server's database (--jdbc-url); back it up first, for"
        + " example with pg_dump", cli.err().lines().findFirst().orElse(""));
  }

  // ---- validation

  @Test
  void validate_theSampleContentIsClean() {
    assertEquals(0, cli.run("validate", "--assets", "../assets"), cli.out() + cli.err());
    assertEquals(List.of("Content is valid: no problems found."), lines());
  }

  @Test
  void validate_exitsOneOnAnError_withNumberedProblemsOrJson(@TempDir Path temp) throws Exception {
    Path assets = copyOfTheContent(temp);
    Path tile = assets.resolve("ui/experiences/EliminationTile.json");
    Files.writeString(tile, Files.readString(tile).replace("\"Map:Arena\"", "\"Map:Arean\""));

    assertEquals(1, cli.run("validate", "--assets", assets.toString()));
    String text = cli.out();
    assertTrue(text.startsWith("Validation found 1 error(s) and 0 warning(s), see the following problem:"), text);
    assertTrue(text.contains("1) [Overture/UnknownAsset] No asset Map:Arean is indexed (indexed: \"Map:Arena\","
        + " \"Map:Menu\", \"Map:Outpost\", \"Map:Pit\")"), text);
    assertTrue(text.contains("at " + tile + ":"), text);

    cli.clearOut();
    assertEquals(1, cli.run("validate", "--assets", assets.toString(), "--format", "json"));
    assertTrue(cli.out().startsWith("{"), cli.out());
    assertTrue(cli.out().contains("\"errors\" : 1"), cli.out());
  }

  /** Review: --timings showed a "world time" column that was always 0.000 s: the world is not ticked while it loads. */
  @Test
  void timings_showTheWallClockMillisecondsOfEachState_andNoWorldTimeThatIsAlwaysZero() {
    CommandRun play = CommandRun.of("play", "--timings", "--ticks", "0", "--view-every", "0");

    assertEquals(0, play.exit(), play.all());
    List<String> states = play.out().lines().filter(line -> line.matches(" +\\+\\d+ ms  [A-Za-z]+")).toList();
    assertEquals(List.of("Loading", "LoadingGameFeatures", "ExecutingActions", "Loaded"),
        states.stream().map(line -> line.substring(line.lastIndexOf(' ') + 1)).toList(), play.out());
    assertFalse(play.out().contains(" s  "), play.out());
  }

  /** Review: archive inspect --hex ignored --max-bytes silently. */
  @Test
  void archiveInspect_holdsHexToMaxBytes_asItHoldsAFile() {
    CommandRun inspect = CommandRun.of("archive", "inspect", "--hex", "00 01", "--max-bytes", "1");

    assertEquals(1, inspect.exit(), inspect.all());
    assertEquals("overture: --hex holds 2 bytes; the largest accepted is 1 bytes (archive inspect --max-bytes)" + System.lineSeparator(),
        inspect.err());
  }
}
