package dev.overture.sample;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Run by the sample's Maven build once {@code overture.jar} is packaged (exec-maven-plugin): writes
 * the launcher {@code target/overture} and the start-up archive it uses, the classes of a training
 * run ({@link StartupTraining}) already parsed, verified and laid out as the JVM wants them. On
 * Java 25 and later that is the ahead-of-time cache ({@code overture.aot}, {@code
 * -XX:AOTCacheOutput}); before, a dynamic class-data-sharing archive ({@code overture.jsa}, {@code
 * -XX:ArchiveClassesAtExit}).
 *
 * <p>What fails what: a training run that fails means the jar is broken, so the build fails, with
 * the command's output. A JVM that writes no archive, or one that it then cannot map, leaves no
 * archive (a warning says why): the launcher then runs the jar as {@code java -jar} does, slower
 * and otherwise the same. The archive is written under another name, checked, then moved into
 * place, so a half-written archive is never used. Not part of the command line.
 *
 * <p>Threading: runs once, on the build's main thread, and keeps no state between runs.
 */
public final class StartupArchive {

  private static final long TIMEOUT_MINUTES = 10;

  private StartupArchive() {}

  /**
   * @param args the jar, the launcher script to copy beside it, the log file of the training run
   * @throws IOException when the launcher cannot be written
   * @throws InterruptedException when the build is stopped
   */
  public static void main(String[] args) throws IOException, InterruptedException {
    if (args.length != 3) {
      throw new IllegalArgumentException("usage: StartupArchive JAR LAUNCHER LOG (got " + args.length + " arguments)");
    }
    Path jar = Path.of(args[0]).toAbsolutePath();
    Path dir = jar.getParent();
    Path log = Path.of(args[2]);
    Path launcher = dir.resolve("overture");
    Files.copy(Path.of(args[1]), launcher, StandardCopyOption.REPLACE_EXISTING);
    try {
      Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
    } catch (UnsupportedOperationException e) {
      // Not a POSIX file system (Windows): the launcher is a sh script there anyway, run as `sh overture`.
    }
    boolean aot = Runtime.version().feature() >= 25;
    Path archive = dir.resolve(aot ? "overture.aot" : "overture.jsa");
    Path part = dir.resolve(archive.getFileName() + ".part");
    Files.deleteIfExists(dir.resolve("overture.aot"));
    Files.deleteIfExists(dir.resolve("overture.jsa"));
    Files.deleteIfExists(part);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    List<String> training = new ArrayList<>(List.of(java, aot ? "-XX:AOTCacheOutput=" + part : "-XX:ArchiveClassesAtExit=" + part,
        "-XX:+IgnoreUnrecognizedVMOptions", "-cp", jar.toString(), StartupTraining.class.getName()));
    int exit = run(training, dir, log);
    if (exit != 0) {
      throw new IllegalStateException("the start-up archive's training run of " + jar + " failed (exit " + exit + "): the jar is broken;"
          + " see " + log.toAbsolutePath() + "\n" + Files.readString(log, StandardCharsets.UTF_8));
    }
    if (!Files.isRegularFile(part)) {
      warn("this JVM (" + Runtime.version() + ") wrote no start-up archive, see " + log.toAbsolutePath());
      return;
    }
    // Checked as the launcher uses it, but strictly: a JVM refuses to start when it cannot map the archive.
    List<String> check = new ArrayList<>(List.of(java, aot ? "-XX:AOTCache=" + part : "-XX:SharedArchiveFile=" + part,
        aot ? "-XX:AOTMode=on" : "-Xshare:on", "-jar", jar.toString(), "--version"));
    Path checkLog = Path.of(log + ".check");
    if (run(check, dir, checkLog) != 0) {
      Files.deleteIfExists(part);
      warn("the start-up archive could not be used, so there is none; see " + checkLog.toAbsolutePath());
      return;
    }
    Files.move(part, archive, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }

  private static int run(List<String> command, Path dir, Path log) throws IOException, InterruptedException {
    Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
        .redirectOutput(log.toFile()).start();
    if (!process.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
      process.destroyForcibly().waitFor();
      throw new IllegalStateException(String.join(" ", command) + " did not finish within " + TIMEOUT_MINUTES + " minutes");
    }
    return process.exitValue();
  }

  private static void warn(String message) {
    // Maven prints what the build's own steps print; the launcher goes on without an archive.
    System.out.println("[WARNING] " + message + "; target/overture runs the jar as java -jar does, only slower");
  }
}
