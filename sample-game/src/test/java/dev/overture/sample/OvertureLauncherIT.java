package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 20: {@code package} leaves the launcher {@code target/overture} beside the jar, with the
 * start-up archive it made from a training run; the launcher is the same program as {@code java
 * -jar}, started faster, and prints the same bytes, also where the archive does not fit (a copied
 * folder), where the JVM ignores it without a word, and where the system offers no huge pages.
 */
class OvertureLauncherIT {

  private static final Path TARGET = Path.of("target");
  private static final List<String> PLAY = List.of("play", "--experience", "Control", "--seed", "5", "--ticks", "120");

  private record Run(int exit, String output) {}

  private static Run run(List<String> command) throws Exception {
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(120, TimeUnit.SECONDS), output);
    return new Run(process.exitValue(), output);
  }

  private static List<String> launcher(Path folder, List<String> args) {
    List<String> command = new ArrayList<>(List.of(folder.resolve("overture").toAbsolutePath().toString()));
    command.addAll(args);
    return command;
  }

  private static List<String> javaJar(List<String> args) {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
        TARGET.resolve("overture.jar").toString()));
    command.addAll(args);
    return command;
  }

  @Test
  void packageLeavesTheLauncherAndItsArchive_besideTheJar() {
    assertTrue(Files.isExecutable(TARGET.resolve("overture")), "run after package: " + TARGET.toAbsolutePath());
    Path archive = TARGET.resolve(Runtime.version().feature() >= 25 ? "overture.aot" : "overture.jsa");
    assertTrue(Files.isRegularFile(archive), "no start-up archive: " + archive.toAbsolutePath());
    assertTrue(Files.notExists(TARGET.resolve(archive.getFileName() + ".part")), "a half-written archive was left");
  }

  /**
   * The options each of the launcher's ways starts the JVM with, as a stand-in {@code java} (the
   * launcher's {@code $JAVA_HOME/bin/java}) receives them, one a line.
   */
  private static List<String> optionsGiven(Path folder, Path fakeHome) throws Exception {
    ProcessBuilder builder = new ProcessBuilder(launcher(folder, List.of("list"))).redirectErrorStream(true);
    builder.environment().put("JAVA_HOME", fakeHome.toString());
    Process process = builder.start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(60, TimeUnit.SECONDS), output);
    assertEquals(0, process.exitValue(), output);
    return output.lines().toList();
  }

  @Test
  void hugePages_areAskedFor_onlyWhereTheSystemHandsThemOut(@TempDir Path temp) throws Exception {
    // A JVM given -XX:+UseTransparentHugePages where the system has none prints a warning (Java 17,
    // past -Xlog), and one that does not know the option (not Linux) refuses to start: the launcher
    // reads the system's setting and gives the option only where the mode in force is madvise or always.
    Path fakeHome = temp.resolve("jdk");
    Files.createDirectories(fakeHome.resolve("bin"));
    Path fakeJava = fakeHome.resolve("bin/java");
    Files.writeString(fakeJava, "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done\n");
    assertTrue(fakeJava.toFile().setExecutable(true));
    Path setting = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");
    String mode = Files.isReadable(setting) ? Files.readString(setting) : "";
    boolean offered = mode.contains("[madvise]") || mode.contains("[always]");
    Path plain = temp.resolve("plain");
    Files.createDirectories(plain);
    Files.copy(TARGET.resolve("overture"), plain.resolve("overture"), java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
    Files.copy(TARGET.resolve("overture.jar"), plain.resolve("overture.jar"));

    for (Path folder : List.of(TARGET, plain)) {
      List<String> options = optionsGiven(folder, fakeHome);
      assertEquals(offered, options.contains("-XX:+UseTransparentHugePages"), folder + " with the system's mode " + mode + ": " + options);
      assertTrue(!options.contains("-XX:+IgnoreUnrecognizedVMOptions"), "a mistyped option of the user's own must still be refused: "
          + options);
      assertTrue(options.contains("-Xlog:pagesize=off"), options.toString());
      assertEquals(List.of("-jar", folder.resolve("overture.jar").toAbsolutePath().toString(), "list"),
          options.subList(options.size() - 3, options.size()));
    }
  }

  @Test
  void theLauncher_printsWhatJavaJarPrints() throws Exception {
    Run viaLauncher = run(launcher(TARGET, PLAY));
    Run viaJar = run(javaJar(PLAY));

    assertEquals(0, viaLauncher.exit(), viaLauncher.output());
    assertEquals(viaJar, viaLauncher);
  }

  /** Review defect 5: through a link the launcher looked for the jar beside the link ("Unable to access jarfile"). */
  @Test
  void theLauncher_runThroughSymbolicLinks_printsWhatJavaJarPrints(@TempDir Path bin) throws Exception {
    Path absolute = Files.createSymbolicLink(bin.resolve("overture-link"), TARGET.resolve("overture").toAbsolutePath());
    Files.createDirectories(bin.resolve("bin"));
    Path relative = Files.createSymbolicLink(bin.resolve("bin/overture"), Path.of("../overture-link"));
    Run viaJar = run(javaJar(List.of("version")));

    for (Path link : List.of(absolute, relative)) {
      Run viaLink = run(List.of(link.toString(), "version"));

      assertEquals(0, viaLink.exit(), link + ": " + viaLink.output());
      assertEquals(viaJar, viaLink, link.toString());
    }
  }

  @Test
  void aLauncherWhoseArchiveDoesNotFit_runsAsJavaJarDoes(@TempDir Path copy) throws Exception {
    for (String file : List.of("overture", "overture.jar", "overture.jsa", "overture.aot")) {
      if (Files.exists(TARGET.resolve(file))) {
        Files.copy(TARGET.resolve(file), copy.resolve(file), StandardCopyOption.COPY_ATTRIBUTES);
      }
    }
    Files.createDirectories(copy.resolve("plugins"));
    Files.copy(TARGET.resolve("plugins/top-down-arena.jar"), copy.resolve("plugins/top-down-arena.jar"));

    Run moved = run(launcher(copy, PLAY));
    Run viaJar = run(javaJar(PLAY));

    assertEquals(0, moved.exit(), moved.output());
    assertEquals(viaJar, moved);
  }

  @Test
  void usageErrors_exitAsJavaJarDoes() throws Exception {
    List<String> bad = List.of("play", "--ticks", "many");

    Run viaLauncher = run(launcher(TARGET, bad));

    assertEquals(2, viaLauncher.exit(), viaLauncher.output());
    assertEquals(run(javaJar(bad)), viaLauncher);
  }
}
