package dev.overture.sample;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.overture.inject.Overture;
import dev.overture.internal.FastCreators;
import dev.overture.internal.JsonMappers;
import java.lang.annotation.Annotation;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;

/**
 * Start-up work that every command that builds a runtime needs and that does not depend on its
 * arguments, done on a second thread while the main thread builds and parses the command line
 * (picocli's model, by reflection, takes a JVM on two cores about a sixth of a second). Spring
 * Boot's {@code BackgroundPreinitializer} does the same for the parts of a start-up that only cost
 * time: what runs here is what the command would otherwise run first itself, so it finds it done.
 *
 * <ul>
 *   <li>The build version, read from the jar (it builds Jackson's first mapper) and kept ({@link
 *       SampleBuild#version()}).
 *   <li>The runtime's builders with the framework's registrations ({@link Overture#builder()}): a
 *       builder only collects settings, so one built and dropped here changes nothing, and the
 *       classes it needs are loaded and initialized when the command builds its own.
 *   <li>Jackson's first bean deserializer ({@link #warmJackson()}), built and used on a mapper of
 *       its own and dropped. The first one a JVM builds costs far more than the next (Jackson's
 *       introspection classes initialized, their call sites linked, the annotation proxies made,
 *       once per JVM whatever the mapper), and every command that builds a runtime binds a file
 *       soon after (the plugins' manifests, then the content). It runs for every command, those
 *       that build no runtime ({@code version}, help, a mistyped name) too: there the daemon thread
 *       is cut short when the command exits, and the extra CPU was not measured. Measured in pairs
 *       (docs/benchmarks.md, issue 20): {@code validate} 11-25 ms faster, in 78 of 120 rounds (p ≈ 0.001); {@code play}
 *       reached its end faster in 89 of 130 rounds (p &lt; 0.001; medians of the paired differences
 *       -5 to -22 ms in three runs) for about 18 ms more CPU. Before {@code java.time}'s set-up
 *       left the start-up (see {@code JsonMappers}) it gained {@code play} nothing: the main
 *       thread was still building its command line when the warm-up ran.
 *   <li>The proxy classes of the annotations the framework and Jackson read while the runtime
 *       is built and the content bound ({@link #annotationProxies()}). The JVM writes a class for
 *       each annotation type the first time one of its annotations is read, and a start-up archive
 *       cannot keep them on Java 17: {@code play} made 24, about 33 ms of its main thread's CPU
 *       (async-profiler). Made here, the main thread finds most of them made (the JDK keeps one
 *       per type and class loader; a thread that asks while another makes it waits for that one):
 *       its share fell to about 18 ms, and in pairs against the build before, {@code play} took
 *       0.989x the wall time (40 pairs) and {@code validate} 0.988x (30): a small gain, the CPU
 *       moved rather than saved.
 * </ul>
 *
 * <p>Nothing here prints or fails a command: a failure is dropped, and the command meets it again
 * where it does the same work and reports it there, as it would without the preload. The thread is
 * a daemon, so a command that ends first is not held up by it. Started once, from {@link Main}.
 */
final class Preload implements Runnable {

  private Preload() {}

  /**
   * The document {@link #warmJackson()} binds: one of each thing the content's files hold (text,
   * whole and decimal numbers, an enum name, a list of objects, an object of numbers).
   */
  private static final String SAMPLE =
      "{\"name\": \"a\", \"count\": 1, \"scale\": 0.5, \"kind\": \"FIRST\", \"parts\": [{\"id\": \"b\"}], \"tags\": {\"c\": 2}}";

  /** An enum, as the content's kinds and modes are. */
  enum Kind {
    FIRST
  }

  /** A record, as most asset classes are. */
  record Part(String id) {}

  /** A class bound through an annotated creator, as the plugin manifest is (the first file a runtime binds). */
  static final class Sample {
    final String name;
    final int count;
    final double scale;
    final Kind kind;
    final List<Part> parts;
    final Map<String, Integer> tags;

    @JsonCreator
    Sample(@JsonProperty("name") String name, @JsonProperty("count") int count, @JsonProperty("scale") double scale,
        @JsonProperty("kind") Kind kind, @JsonProperty("parts") List<Part> parts, @JsonProperty("tags") Map<String, Integer> tags) {
      this.name = name;
      this.count = count;
      this.scale = scale;
      this.kind = kind;
      this.parts = parts;
      this.tags = tags;
    }
  }

  /**
   * Builds Jackson's first bean deserializer on a mapper of its own and binds {@link #SAMPLE} with
   * it, calling the creator the way the content's mapper does ({@link FastCreators}).
   */
  static Sample warmJackson() {
    return JsonMappers.builder().addModule(FastCreators.module()).build().readValue(SAMPLE, Sample.class);
  }

  /**
   * The annotation types whose proxy classes {@link #annotationProxies()} makes: those read while a
   * runtime is built and the sample's content bound, after the command line is parsed (picocli's
   * own are read first thing on the main thread, before this thread could get to them).
   */
  static final List<Class<? extends Annotation>> ANNOTATIONS = List.of(
      dev.overture.asset.Required.class, dev.overture.asset.NotBlank.class, dev.overture.asset.SizeRange.class,
      dev.overture.asset.ValueRange.class, dev.overture.asset.AssetBundles.class, dev.overture.asset.AllowedTypes.class,
      dev.overture.object.Property.class, com.fasterxml.jackson.annotation.JsonTypeInfo.class,
      com.fasterxml.jackson.annotation.JsonValue.class, com.fasterxml.jackson.annotation.JsonRootName.class,
      tools.jackson.databind.annotation.JsonDeserialize.class, tools.jackson.databind.annotation.JacksonStdImpl.class,
      Deprecated.class, java.lang.annotation.Documented.class);

  /**
   * Makes the proxy class of each of {@link #ANNOTATIONS}, as reading one of its annotations would:
   * the same class loader and interface, so the JDK's cache hands the class to the reader later.
   *
   * @return how many were made or found
   */
  static int annotationProxies() {
    InvocationHandler none = (proxy, method, arguments) -> null;
    int made = 0;
    for (Class<? extends Annotation> type : ANNOTATIONS) {
      Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, none);
      made++;
    }
    return made;
  }

  /** Starts the preload on a daemon thread of its own and returns at once. */
  static void start() {
    // A class, not a method reference: linking a lambda's call site costs the main thread several
    // milliseconds the first time, more than the thread itself.
    Thread thread = new Thread(new Preload(), "overture-preload");
    thread.setDaemon(true);
    thread.setPriority(Thread.NORM_PRIORITY);
    thread.start();
  }

  @Override
  public void run() {
    try {
      annotationProxies();
      SampleBuild.version();
      Overture.builder();
      warmJackson();
    } catch (RuntimeException | LinkageError e) {
      // The command does the same work and reports the failure there (see the class comment).
    }
  }
}
