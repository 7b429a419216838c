package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 20: no lambda of ours beyond a known few is linked by the JDK's factory at run time, and no record of the framework or the sample links a generated {@code equals}, {@code
 * hashCode} or {@code toString} in {@code play --ticks 0} or in {@code validate}. Each is an
 * {@code invokedynamic} call site of {@code ObjectMethods}; the first one a run links pays for the
 * method-handle machinery, about 7 ms of the main thread, so the records met on the start-up path
 * write theirs out. A record added to that path later, or hashed there for the first time, shows
 * here by name: the JVM's own log of the call sites it links ({@code -Xlog:methodhandles+indy}),
 * read from the built jar in a JVM of its own.
 */
class StartupLinksIT {

  private static final Path JAR = Path.of("target", "overture.jar");
  private static final Pattern RECORD_METHOD =
      Pattern.compile("Bootstrap in (dev/overture/\\S+) indy#\\d+@CP\\[\\d+\\] (equals|hashCode|toString):");

  /** A lambda or method reference of ours linked by the JDK's factory: its class and what it makes. */
  private static final Pattern LAMBDA =
      Pattern.compile("Bootstrap in (dev/overture/\\S+) indy#\\d+@CP\\[\\d+\\] (\\w+):\\(([^)]*)\\)L([^;]+);");

  /**
   * The lambdas of ours a start-up may link at run time, the build's rewrite (the sample's {@code
   * InlineLambdas}) leaving them to the JDK's factory: the asset manager's set-up steps, a
   * supplier of duplicate names, the runtime's set-up and the object factory's dependencies. Their
   * classes are in the start-up archive, but each still runs the factory's linking. Known, not
   * wanted: none may join them.
   */
  private static final Set<String> LAMBDAS_LINKED_AT_RUN_TIME = Set.of(
      "dev.overture.asset.ContentSetup makes java.util.function.Consumer",
      "dev.overture.asset.DuplicateNames makes java.util.function.Supplier",
      "dev.overture.inject.RuntimeSetup makes java.util.function.Consumer",
      "dev.overture.object.Dependencies makes dev.overture.object.Dependencies");

  /**
   * The call sites a run of the jar with {@code args} linked. Its temporary folder holds the
   * plugin jar copies' folder of another process that still runs (this test's JVM), as a machine
   * running two games does: the start-up's sweep of leftover copies then asks whether that
   * process runs, as it does on such a machine, whatever else the system's temporary folder holds.
   */
  private static String linked(Path log, String... args) throws Exception {
    assertTrue(Files.exists(JAR), "run after package: " + JAR.toAbsolutePath());
    Path temporary = Files.createDirectories(log.resolveSibling(log.getFileName() + ".tmp"));
    ProcessHandle self = ProcessHandle.current();
    Files.createDirectory(temporary.resolve("overture-plugins-" + self.pid() + "-"
        + self.info().startInstant().map(java.time.Instant::toEpochMilli).orElse(0L) + "-0123456789abcdef"));
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xlog:methodhandles+indy=debug:file=" + log, "-Djava.io.tmpdir=" + temporary, "-jar", JAR.toString()));
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(120, TimeUnit.SECONDS), output);
    assertEquals(0, process.exitValue(), output);
    String linked = Files.readString(log, StandardCharsets.UTF_8);
    assertTrue(linked.contains("resolve_invokedynamic Bootstrap in"), "the JVM logged no call site it linked: " + log);
    return linked;
  }

  private static String linkedRecordMethods(Path log, String... args) throws Exception {
    TreeSet<String> found = new TreeSet<>();
    Matcher matcher = RECORD_METHOD.matcher(linked(log, args));
    while (matcher.find()) {
      found.add(matcher.group(1).replace('/', '.') + "." + matcher.group(2));
    }
    return String.join("\n", found);
  }

  /** The lambdas of ours a run linked by the JDK's factory and that are not among the known ones. */
  private static String newLambdasLinked(Path log, String... args) throws Exception {
    TreeSet<String> found = new TreeSet<>();
    Matcher matcher = LAMBDA.matcher(linked(log, args));
    while (matcher.find()) {
      String site = matcher.group(1).replace('/', '.') + " makes " + matcher.group(4).replace('/', '.');
      if (!LAMBDAS_LINKED_AT_RUN_TIME.contains(site) && !matcher.group(2).matches("equals|hashCode|toString")) {
        found.add(site + " (" + matcher.group(2) + ")");
      }
    }
    return String.join("\n", found);
  }

  @Test
  void play_linksNoGeneratedRecordMethod(@TempDir Path logs) throws Exception {
    assertEquals("", linkedRecordMethods(logs.resolve("play.log"), "play", "--ticks", "0"),
        "records whose generated methods play linked: write them out as StableId does");
  }

  /**
   * A lambda the build's rewrite leaves alone is linked by the JDK's factory on every start: an
   * interface with both a static initializer and a default method is one such case (the rewrite
   * would share one class between threads whose initializations could wait for each other), as
   * {@code Extensions} became when it gained a default method beside its constant.
   */
  @Test
  void playAndValidate_linkNoLambdaOfOursAtRunTime_beyondTheKnownOnes(@TempDir Path logs) throws Exception {
    assertEquals("", newLambdasLinked(logs.resolve("play-lambdas.log"), "play", "--ticks", "0"),
        "lambdas of ours that play linked at run time: see what InlineLambdas leaves alone");
    assertEquals("", newLambdasLinked(logs.resolve("validate-lambdas.log"), "validate"),
        "lambdas of ours that validate linked at run time: see what InlineLambdas leaves alone");
  }

  @Test
  void validate_linksNoGeneratedRecordMethod(@TempDir Path logs) throws Exception {
    assertEquals("", linkedRecordMethods(logs.resolve("validate.log"), "validate"),
        "records whose generated methods validate linked: write them out as StableId does");
  }
}
