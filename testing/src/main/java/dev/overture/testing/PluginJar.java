package dev.overture.testing;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * A feature plugin jar for tests: its {@code plugin.json}, its content and its Java sources,
 * compiled (against the test's class path and the jars of the plugins it depends on) and packed
 * the way a plugin's build packs them, ready to drop into a plugins folder.
 *
 * <pre>{@code
 * Path jar = PluginJar.of()
 *     .file("plugin.json", "{ \"name\": \"Lanterns\", \"version\": \"1.0.0\", \"entryPoint\": \"lanterns.Plugin\" }")
 *     .file("experiences/Night.json", "{ \"gameFeaturesToEnable\": [\"Lanterns\"] }")
 *     .java("lanterns.Plugin", "package lanterns; public class Plugin implements ... { ... }")
 *     .writeTo(pluginsFolder.resolve("lanterns.jar"));
 * }</pre>
 *
 * Needs a JDK (the system Java compiler). Not thread-safe while it is being filled.
 */
public final class PluginJar {

  private final Map<String, String> files = new LinkedHashMap<>();
  private final Map<String, String> sources = new LinkedHashMap<>();
  private final List<Path> classPath = new ArrayList<>();

  private PluginJar() {}

  /** An empty jar. */
  public static PluginJar of() {
    return new PluginJar();
  }

  /**
   * Adds (or replaces) the file at {@code path} in the jar with {@code text}; the path is read as
   * content names files ({@code ./plugin.json} is {@code plugin.json}).
   *
   * @throws IllegalArgumentException when {@code path} is no file inside the jar's root (absolute,
   *     climbing out with {@code ..}), saying why; {@link #entry} writes such a name as it is
   */
  public PluginJar file(String path, String text) {
    files.put(Content.contentPath(path), text);
    return this;
  }

  /** Adds an entry named exactly {@code path}, unchecked: for a test of how a hostile jar is refused. */
  public PluginJar entry(String path, String text) {
    files.put(java.util.Objects.requireNonNull(path, "path"), text);
    return this;
  }

  /** Adds the Java class {@code className} with its source {@code source}, compiled into the jar. */
  public PluginJar java(String className, String source) {
    sources.put(className, source);
    return this;
  }

  /** Compiles against {@code jars} too (the jars of the plugins it depends on). */
  public PluginJar compiledAgainst(Path... jars) {
    classPath.addAll(List.of(jars));
    return this;
  }

  /**
   * Compiles the sources and writes the jar at {@code jar} (its folder is created).
   *
   * @throws IllegalStateException with the compiler's messages when a source does not compile
   * @throws UncheckedIOException when a file cannot be written
   */
  public Path writeTo(Path jar) {
    try {
      Map<String, byte[]> entries = new TreeMap<>();
      files.forEach((path, text) -> entries.put(path, text.getBytes(StandardCharsets.UTF_8)));
      if (!sources.isEmpty()) {
        Path classes = Files.createTempDirectory("plugin-classes");
        try {
          compile(classes);
          try (Stream<Path> compiled = Files.walk(classes)) {
            for (Path file : compiled.filter(Files::isRegularFile).toList()) {
              entries.put(classes.relativize(file).toString().replace(File.separatorChar, '/'), Files.readAllBytes(file));
            }
          }
        } finally {
          deleteTree(classes);
        }
      }
      Files.createDirectories(jar.toAbsolutePath().getParent());
      try (OutputStream out = Files.newOutputStream(jar); JarOutputStream zip = new JarOutputStream(out)) {
        List<String> folders = new ArrayList<>();
        for (Map.Entry<String, byte[]> entry : entries.entrySet()) {
          String path = entry.getKey();
          for (int slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', slash + 1)) {
            String folder = path.substring(0, slash + 1);
            if (!folders.contains(folder)) {
              folders.add(folder);
              zip.putNextEntry(new JarEntry(folder));
              zip.closeEntry();
            }
          }
          zip.putNextEntry(new JarEntry(path));
          zip.write(entry.getValue());
          zip.closeEntry();
        }
      }
      return jar;
    } catch (IOException e) {
      throw new UncheckedIOException("Could not write the plugin jar " + jar, e);
    }
  }

  private void compile(Path classes) throws IOException {
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    if (compiler == null) {
      throw new IllegalStateException("PluginJar compiles plugin code and needs a JDK, not a JRE");
    }
    List<JavaFileObject> units = new ArrayList<>();
    sources.forEach((name, text) -> units.add(new Source(name, text)));
    StringBuilder path = new StringBuilder(System.getProperty("java.class.path"));
    classPath.forEach(jar -> path.append(File.pathSeparator).append(jar));
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager manager = compiler.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8)) {
      List<String> options = List.of("-d", classes.toString(), "-classpath", path.toString(), "--release", "17", "-proc:none");
      if (!compiler.getTask(null, manager, diagnostics, options, null, units).call()) {
        throw new IllegalStateException("The plugin's sources do not compile: " + diagnostics.getDiagnostics());
      }
    }
  }

  private static void deleteTree(Path root) throws IOException {
    try (Stream<Path> all = Files.walk(root)) {
      for (Path path : all.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }

  /** A source held in memory. */
  private static final class Source extends SimpleJavaFileObject {
    private final String text;

    Source(String className, String text) {
      super(URI.create("string:///" + className.replace('.', '/') + Kind.SOURCE.extension), Kind.SOURCE);
      this.text = text;
    }

    @Override
    public CharSequence getCharContent(boolean ignoreEncodingErrors) {
      return text;
    }
  }
}
