package dev.overture.live;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetPath;
import dev.overture.asset.AssetSource;
import dev.overture.asset.ContentFile;
import dev.overture.asset.ContentRoot;
import dev.overture.core.Problem;
import dev.overture.experience.Experiences;
import dev.overture.testing.Content;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a batch of changed paths, as a file watcher reports them, means for the content: which
 * content files they are (in the game's root and in a plugin's, each by its own root), every file
 * of a folder that appeared or went away, what lies outside the content, and the changes only a
 * restart applies, each said once with what to do.
 */
class ChangedFilesTest {

  @TempDir Path temp;
  private Path game;
  private Path jars;
  private AssetManager assets;

  @BeforeEach
  void content() throws Exception {
    game = Content.of()
        .file("experiences/Duel.json", "{}")
        .file("experiences/modes/Siege.json", "{}")
        .file("experiences/modes/Raid.json", "{}")
        .file("plugins/Chimes/plugin.json", "{ \"version\": \"1.0.0\" }")
        .file("plugins/Chimes/experiences/Bells.json", "{}")
        .writeTo(temp.resolve("game"))
        .toRealPath();
    jars = Files.createDirectories(temp.resolve("jars")).toRealPath();
    assets = Experiences.register(AssetManager.builder()).contentRoot(AssetSource.directory(game)).build();
    assets.addContentRoot(ContentRoot.of("Chimes", AssetSource.directory(game.resolve("plugins/Chimes"))));
  }

  @AfterEach
  void close() {
    assets.close();
  }

  private ChangedFiles.Sorted sort(Path... changed) {
    return ChangedFiles.sort(new LinkedHashSet<>(List.of(changed)), assets, Set.of("Chimes"), jars, StartFiles.none());
  }

  private static List<String> files(ChangedFiles.Sorted sorted) {
    List<String> files = new ArrayList<>();
    for (ContentFile file : sorted.files()) {
      files.add(file + " shown as " + sorted.shown().get(file));
    }
    return files;
  }

  private static List<String> restarts(ChangedFiles.Sorted sorted) {
    return sorted.restartNeeded().stream().map(problem -> problem.id() + " " + problem.message()).toList();
  }

  private String shown(String relative) {
    return game.resolve(relative).toString();
  }

  @Test
  void aChangedFile_isAFileOfEveryRootItIsIn_shownAsItsPath() {
    ChangedFiles.Sorted sorted = sort(game.resolve("experiences/Duel.json"), game.resolve("plugins/Chimes/experiences/Bells.json"));

    assertEquals(List.of(
        "Chimes:/experiences/Bells.json shown as " + shown("plugins/Chimes/experiences/Bells.json"),
        "Game:/experiences/Duel.json shown as " + shown("experiences/Duel.json"),
        "Game:/plugins/Chimes/experiences/Bells.json shown as " + shown("plugins/Chimes/experiences/Bells.json")),
        files(sorted));
    assertEquals(List.of(), sorted.restartNeeded());
  }

  /** Review defect 6: play --watch --save reported its own save's working copy as an edit ("Reloaded assets/.game.db.overture-..."). */
  @Test
  void theTemporariesOfAFileBeingReplaced_areNoContent() throws Exception {
    Path temporary = dev.overture.internal.AtomicFiles.newTemporary(game.resolve("game.db"));
    Path journal = game.resolve(temporary.getFileName() + "-journal");
    Files.writeString(journal, "");
    Path inFolder = Files.createDirectories(game.resolve("experiences/new"));
    Files.writeString(inFolder.resolve(".Arena.json.overture-12345-0123456789abcdef.tmp"), "{}");
    Files.writeString(inFolder.resolve("Arena.json"), "{}");

    ChangedFiles.Sorted sorted = sort(temporary, journal, game.resolve("experiences/Duel.json"), inFolder);

    assertEquals(List.of(
        "Game:/experiences/Duel.json shown as " + shown("experiences/Duel.json"),
        "Game:/experiences/new shown as " + shown("experiences/new"),
        "Game:/experiences/new/Arena.json shown as " + shown("experiences/new/Arena.json")), files(sorted));
  }

  @Test
  void aFolderThatAppeared_isEveryFileInIt_andOneThatWentAway_isEveryFileTheIndexHadInIt() throws Exception {
    Content.of().file("experiences/new/Arena.json", "{}").file("experiences/new/deep/Pit.json", "{}").writeTo(game);
    ChangedFiles.Sorted appeared = sort(game.resolve("experiences/new"));

    assertEquals(List.of(
        "Game:/experiences/new shown as " + shown("experiences/new"),
        "Game:/experiences/new/Arena.json shown as " + shown("experiences/new/Arena.json"),
        "Game:/experiences/new/deep/Pit.json shown as " + shown("experiences/new/deep/Pit.json")), files(appeared));

    Path modes = game.resolve("experiences/modes");
    try (var walk = Files.walk(modes)) {
      walk.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    }
    ChangedFiles.Sorted gone = sort(modes);

    assertEquals(List.of(
        "Game:/experiences/modes shown as " + shown("experiences/modes"),
        "Game:/experiences/modes/Raid.json shown as " + shown("experiences/modes/Raid.json"),
        "Game:/experiences/modes/Siege.json shown as " + shown("experiences/modes/Siege.json")), files(gone));
  }

  @Test
  void whatLiesOutsideTheContent_theFolderItself_andANameNoContentMayHave_areNoContentFiles() throws Exception {
    Path outside = Files.writeString(temp.resolve("notes.json"), "{}");
    Path badName = Files.writeString(game.resolve("experiences/bad\\name.json"), "{}");

    ChangedFiles.Sorted sorted = sort(outside, game, badName, temp.resolve("elsewhere/deleted.json"));

    assertEquals(List.of(), files(sorted));
    assertEquals(List.of(), sorted.restartNeeded());
  }

  @Test
  void aPathAnnouncedThroughALinkOrRelatively_isTheFileItNames() throws Exception {
    Path link = Files.createSymbolicLink(temp.resolve("link"), game.resolve("experiences"));

    ChangedFiles.Sorted sorted = sort(link.resolve("Duel.json"));

    assertEquals(List.of("Game:/experiences/Duel.json shown as " + shown("experiences/Duel.json")), files(sorted));
    assertEquals(java.util.Optional.of(AssetPath.parse("experiences/Duel.json")),
        ChangedFiles.relative(link.resolve("Duel.json"), game));
    assertEquals(java.util.Optional.empty(), ChangedFiles.relative(temp.resolve("gone/Duel.json"), game));
  }

  @Test
  void aRootsSettingsFile_orAnInstalledPluginsDescriptor_needsARestart_saidOnceEach() throws Exception {
    Files.writeString(game.resolve("overture.json"), "{}");
    Path descriptor = game.resolve("plugins/Chimes/plugin.json");

    ChangedFiles.Sorted sorted = sort(game.resolve("overture.json"), descriptor);

    assertEquals(List.of(), files(sorted), "neither is applied, nor is the descriptor a file of the game's root");
    assertEquals(List.of(
        "Overture/RestartNeeded " + shown("overture.json") + " changed: a content root's overture.json (its scan rules, game data"
            + " and default pawn data) is read when the game starts; restart to apply it",
        "Overture/RestartNeeded " + shown("plugins/Chimes/plugin.json") + " changed: a plugin's descriptor is read when the game"
            + " starts; restart to apply it (plugin Chimes runs as it was)"), restarts(sorted));
    assertEquals(shown("overture.json"), sorted.restartNeeded().get(0).location().orElseThrow().file());

    Files.delete(descriptor);
    Files.delete(game.resolve("overture.json"));
    assertEquals(List.of(
        "Overture/RestartNeeded " + shown("overture.json") + " was deleted: a content root's overture.json (its scan rules, game"
            + " data and default pawn data) is read when the game starts; restart to apply it",
        "Overture/RestartNeeded " + shown("plugins/Chimes/plugin.json") + " was deleted: plugin Chimes stays installed, as it was,"
            + " until the game restarts"), restarts(sort(game.resolve("overture.json"), descriptor)));
  }

  @Test
  void anInstalledPluginsFolderMovedAway_needsARestart_andItsFilesStayAsTheyWere() throws Exception {
    Path folder = game.resolve("plugins/Chimes");
    Path away = Files.move(folder, temp.resolve("Chimes.away"));

    ChangedFiles.Sorted sorted = sort(folder, folder.resolve("experiences/Bells.json"));

    assertEquals(List.of("Overture/RestartNeeded " + shown("plugins/Chimes") + " was moved away or deleted: plugin Chimes stays"
        + " installed, as it was, until the game restarts"), restarts(sorted));
    assertEquals(List.of(), files(sorted), "its content stays in force with the plugin, until the restart");

    Files.move(away, folder);
    assertEquals(List.of("Overture/RestartNeeded " + shown("plugins/Chimes") + " changed: a plugin's folder is read when the game"
        + " starts; restart to apply it (plugin Chimes runs as it was)"), restarts(sort(folder)));
  }

  /**
   * The game's whole content folder moved away (or deleted): the watcher still reports edits made
   * in it where it went, under its old path, and they were left out without a word.
   */
  @Test
  void theGamesFolderMovedAway_isSaidOnce_andNoneOfItsFilesIsTaken() throws Exception {
    Path away = Files.move(game, temp.resolve("game.away"));

    ChangedFiles.Sorted sorted = sort(game.resolve("experiences/Duel.json"), game.resolve("plugins/Chimes/experiences/Bells.json"));

    assertEquals(List.of("Overture/ContentFolderGone " + game + ", the folder of content root Game, was moved away or deleted: the"
        + " game keeps that content as it was loaded and applies no edit of it until the folder is back at that path; then save"
        + " again each file edited meanwhile (a folder made anew in its place is watched only after a restart)"), restarts(sorted));
    assertEquals(game.toString(), sorted.restartNeeded().get(0).location().orElseThrow().file());
    assertEquals(List.of(), files(sorted));

    Files.move(away, game);
    assertEquals(List.of(), restarts(sort(game.resolve("experiences/Duel.json"))));
  }

  @Test
  void aPluginFolderThatAppeared_needsARestartToInstall_butOneThatWentAwayBeforeItWasInstalled_isNothing() throws Exception {
    Path descriptor = Files.createDirectories(game.resolve("plugins/Lanterns")).resolve("plugin.json");
    Files.writeString(descriptor, "{ \"version\": \"1.0.0\" }");

    assertEquals(List.of("Overture/RestartNeeded " + shown("plugins/Lanterns/plugin.json")
        + " appeared: plugins are found when the game starts; restart to install Lanterns"), restarts(sort(descriptor)));

    Files.delete(descriptor);
    ChangedFiles.Sorted gone = sort(descriptor);
    assertEquals(List.of(), gone.restartNeeded());
    assertEquals(List.of("Game:/plugins/Lanterns/plugin.json shown as " + shown("plugins/Lanterns/plugin.json")), files(gone));
  }

  @Test
  void aPluginJar_thatAppearsChangesOrGoes_needsARestart_andWhatIsNotAJarOfThePluginsFolderIsNot() throws Exception {
    Path jar = Files.writeString(jars.resolve("lanterns.jar"), "PK");
    Path notes = Files.writeString(jars.resolve("README.txt"), "plugins go here");
    Path elsewhere = Files.writeString(temp.resolve("other.jar"), "PK");

    ChangedFiles.Sorted sorted = sort(jar, notes, elsewhere, jar.resolveSibling("./lanterns.jar"));

    assertEquals(List.of("Overture/RestartNeeded " + jar + " appeared or changed: plugin jars are loaded when the game starts"
        + " (their code cannot be swapped in a running game); restart to install or update lanterns.jar"), restarts(sorted));
    assertEquals(List.of(), files(sorted));
    Problem problem = sorted.restartNeeded().get(0);
    assertEquals(jar.toString(), problem.location().orElseThrow().file());

    Files.delete(jar);
    assertEquals(List.of("Overture/RestartNeeded " + jar + " was deleted: its plugin stays as it was, code and content, until the"
        + " game restarts"), restarts(sort(jar)));
    // A hostile review: a link to nothing named like a jar was reported as a deleted plugin.
    Path dangling = Files.createSymbolicLink(jars.resolve("dangling.jar"), temp.resolve("nonexistent"));
    assertEquals(List.of("Overture/RestartNeeded " + dangling + " appeared or changed: plugin jars are loaded when the game starts"
        + " (their code cannot be swapped in a running game); restart to install or update dangling.jar"), restarts(sort(dangling)));
    assertEquals(List.of(), ChangedFiles.sort(Set.of(jar), assets, Set.of("Chimes"), null, StartFiles.none()).restartNeeded(),
        "without a plugins folder, a jar is just a file outside the content");
  }

  /**
   * What a change keeps of its files follows the content's own listing: a link to nothing is on disk
   * (the index lists it, its read names it), an editor's hidden lock link (Emacs's .#Duel.json) is
   * not, so saving in such an editor reports nothing about the lock.
   */
  @Test
  void aLinkToNothing_isKeptAsOnDisk_butAnEditorsHiddenLockLinkPassesUnnoticed() throws Exception {
    Path gone = Files.createSymbolicLink(game.resolve("experiences/Gone.json"), game.resolve("experiences/Missing.json"));
    Path lock = Files.createSymbolicLink(game.resolve("experiences/.#Duel.json"), Path.of("dev@laptop.4242:1700000000"));

    ChangedFiles.Sorted kept = ChangedFiles.withoutPassing(sort(gone, lock), assets, Map.of(), List.of());

    assertEquals(List.of("Game:/experiences/Gone.json shown as " + shown("experiences/Gone.json")), files(kept));
  }
}
