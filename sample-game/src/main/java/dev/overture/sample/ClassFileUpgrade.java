package dev.overture.sample;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

/**
 * Run by the sample's Maven build between the shaded jar and its start-up archive
 * (exec-maven-plugin): rewrites the class files of {@code overture.jar} that cost every start-up
 * time, and changes nothing else. Three rewrites, each of the classes that need it:
 *
 * <ul>
 *   <li>A class file older than Java 6 becomes a Java 8 class file, its stack map frames computed
 *       by ASM (below).
 *   <li>String concatenation compiled to {@code invokedynamic} becomes calls to a helper that
 *       appends to a {@code StringBuilder}, as javac's {@code -XDstringConcat=inline} writes it
 *       ({@link InlineConcat}): the libraries' class files (Jackson's first of all) then no longer
 *       bootstrap the JVM's concatenation factory at start-up.
 *   <li>Lambdas and method references compiled to {@code invokedynamic} become classes of their own,
 *       written here ({@link InlineLambdas}): a command then loads them from the start-up archive
 *       instead of linking each call site through method handles.
 * </ul>
 *
 * <p>Why the first: picocli, the command line's library, is compiled for Java 5 so that it runs anywhere. A
 * class file that old has no stack map frames, so the JVM verifies it with the old inferencing
 * verifier on every start, and class-data sharing refuses to archive it ("Pre JDK 6 class not
 * supported by CDS"): every command loaded, parsed and verified picocli's 177 classes again
 * before it could read its first argument. With frames and a Java 8 version the archive holds them
 * like any other class. The code of each method is unchanged; only the version and the frames
 * differ, as when ASM or the shade plugin's relocation rewrite a class.
 *
 * <p>What fails the build: a rewritten class that the JVM then refuses to load and link (which
 * verifies it), named with the JVM's reason (the jar would not run). Each is checked as written: from
 * the jar's own entries, not a multi-release jar's versions of them. A class the jar as it is cannot
 * load either (a library's class whose superclass is in an optional dependency the jar leaves out,
 * as Jetty's JMX beans are) keeps its concatenations: it could not be checked. The jar is written
 * under another name and moved into place whole, so a failure leaves the shaded jar as it was; a jar
 * that needs neither rewrite is left untouched. Not part of the command line.
 *
 * <p>Threading: runs once, on the build's main thread, and keeps no state between runs.
 */
public final class ClassFileUpgrade {

  /** Java 6's class file version: the oldest that class-data sharing archives and that has stack map frames. */
  static final int JAVA_6 = 50;

  private ClassFileUpgrade() {}

  /**
   * @param args the jar to rewrite in place
   * @throws IOException when the jar cannot be read or written
   */
  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      throw new IllegalArgumentException("usage: ClassFileUpgrade JAR (got " + args.length + " arguments)");
    }
    Rewritten rewritten = upgrade(Path.of(args[0]));
    // Maven prints what the build's own steps print.
    System.out.println("[INFO] " + args[0] + ": " + rewritten.framed().size() + " class files older than Java 6 rewritten with stack map"
        + " frames, " + rewritten.inlined().size() + " with their string concatenations inline, " + rewritten.lambdas().size()
        + " with their lambdas as " + rewritten.lambdaClasses().size() + " classes of their own ("
        + rewritten.unloadable().size() + " left as they were: the jar cannot load them)");
  }

  /**
   * The entries rewritten: class files given frames, class files given inline concatenation, class
   * files whose lambdas became classes, and those classes (new entries); and the class files that
   * would have been rewritten but were left as they were, since the jar cannot load them to check a
   * rewrite.
   */
  record Rewritten(List<String> framed, List<String> inlined, List<String> lambdas, List<String> lambdaClasses,
      List<String> unloadable) {

    /** Every entry written anew: the framed ones, the inlined ones, the ones with lambdas rewritten and the lambdas' classes. */
    List<String> all() {
      Set<String> all = new LinkedHashSet<>(framed);
      all.addAll(inlined);
      all.addAll(lambdas);
      all.addAll(lambdaClasses);
      return List.copyOf(all);
    }
  }

  /**
   * Rewrites the class files of {@code jar} that need it, in place; returns their entry names.
   *
   * @throws IllegalStateException when a rewritten class does not verify (the jar is left as it was)
   */
  static Rewritten upgrade(Path jar) throws IOException {
    Path part = jar.resolveSibling(jar.getFileName() + ".part");
    List<String> upgraded = new ArrayList<>();
    List<String> inlined = new ArrayList<>();
    List<String> unloadable = new ArrayList<>();
    List<String> lambdas = new ArrayList<>();
    Map<String, Added> lambdaClasses = new LinkedHashMap<>();
    try {
      try (ZipFile in = new ZipFile(jar.toFile());
          JarEntries original = new JarEntries(jar);
          OutputStream file = Files.newOutputStream(part);
          ZipOutputStream out = new ZipOutputStream(file)) {
        InlineLambdas inlineLambdas = new InlineLambdas(ClassFacts.over(name -> entryBytes(in, name + ".class")));
        Set<String> versioned = versionedClasses(in);
        Enumeration<? extends ZipEntry> entries = in.entries();
        while (entries.hasMoreElements()) {
          ZipEntry entry = entries.nextElement();
          byte[] bytes = read(in, entry);
          if (isOldClassFile(entry, bytes)) {
            bytes = withFrames(bytes, original);
            upgraded.add(entry.getName());
          } else if (isClassFile(entry, bytes)) {
            byte[] inline;
            InlineLambdas.Rewritten classes;
            try {
              inline = InlineConcat.rewrite(bytes);
              // A class with a version for newer Javas keeps its lambdas: a JVM that loads the
              // version would not have the bridges the base class's lambdas call.
              classes = versioned.contains(entry.getName()) ? null : inlineLambdas.rewrite(inline != null ? inline : bytes);
            } catch (RuntimeException e) {
              throw new IllegalStateException("could not rewrite " + entry.getName() + " of " + jar.getFileName() + ": " + e, e);
            }
            if ((inline != null || classes != null) && failure(className(entry.getName()), original) != null) {
              unloadable.add(entry.getName());
            } else {
              if (inline != null) {
                bytes = inline;
                inlined.add(entry.getName());
              }
              if (classes != null) {
                bytes = classes.host();
                lambdas.add(entry.getName());
                // Each dated as its call site's class, so that the jar stays reproducible.
                classes.classes().forEach((name, content) -> lambdaClasses.put(name + ".class", new Added(content, entry.getTime())));
              }
            }
          }
          ZipEntry copy = new ZipEntry(entry.getName());
          copy.setTime(entry.getTime());
          if (entry.getComment() != null) {
            copy.setComment(entry.getComment());
          }
          if (entry.getExtra() != null) {
            copy.setExtra(entry.getExtra());
          }
          out.putNextEntry(copy);
          out.write(bytes);
          out.closeEntry();
        }
        for (Map.Entry<String, Added> generated : lambdaClasses.entrySet()) {
          ZipEntry added = new ZipEntry(generated.getKey());
          added.setTime(generated.getValue().time());
          out.putNextEntry(added);
          out.write(generated.getValue().bytes());
          out.closeEntry();
        }
      }
      Rewritten rewritten = new Rewritten(List.copyOf(upgraded), List.copyOf(inlined), List.copyOf(lambdas),
          List.copyOf(lambdaClasses.keySet()), List.copyOf(unloadable));
      if (rewritten.all().isEmpty()) {
        return rewritten; // nothing to rewrite: the jar stays as it was, the copy is dropped
      }
      verify(part, rewritten.all(), jar);
      Files.move(part, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      return rewritten;
    } finally {
      Files.deleteIfExists(part);
    }
  }

  /** A class file the pass adds, and the time its entry carries. */
  private record Added(byte[] bytes, long time) {}

  /** The class files a multi-release jar has versions of ({@code META-INF/versions/N/a/B.class}), by their base entry names. */
  private static Set<String> versionedClasses(ZipFile jar) {
    Set<String> versioned = new HashSet<>();
    for (ZipEntry entry : Collections.list(jar.entries())) {
      String name = entry.getName();
      if (name.startsWith("META-INF/versions/") && name.endsWith(".class")) {
        int slash = name.indexOf('/', "META-INF/versions/".length());
        if (slash > 0) {
          versioned.add(name.substring(slash + 1));
        }
      }
    }
    return versioned;
  }

  /** The bytes of entry {@code name} of {@code jar}; {@code null} when it has none. */
  private static byte[] entryBytes(ZipFile jar, String name) {
    ZipEntry entry = jar.getEntry(name);
    try {
      return entry == null ? null : read(jar, entry);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static byte[] read(ZipFile jar, ZipEntry entry) throws IOException {
    try (InputStream content = jar.getInputStream(entry)) {
      return content.readAllBytes();
    }
  }

  /** A class file (not a multi-release jar's version of one) whose major version is below Java 6's. */
  static boolean isOldClassFile(ZipEntry entry, byte[] bytes) {
    return isClassFile(entry, bytes) && (((bytes[6] & 0xFF) << 8) | (bytes[7] & 0xFF)) < JAVA_6;
  }

  /**
   * A class file, not a multi-release jar's version of one (a handful of classes in this jar, for
   * other Java versions and GraalVM's native images; left as they are).
   */
  static boolean isClassFile(ZipEntry entry, byte[] bytes) {
    return entry.getName().endsWith(".class") && !entry.getName().startsWith("META-INF/")
        && bytes.length >= 8 && (bytes[0] & 0xFF) == 0xCA && (bytes[1] & 0xFF) == 0xFE && (bytes[2] & 0xFF) == 0xBA
        && (bytes[3] & 0xFF) == 0xBE;
  }

  /**
   * The class in {@code bytes} as a Java 8 class file with stack map frames. ASM computes a frame's
   * common superclass of two types by loading them, from {@code classes} (the original jar).
   */
  static byte[] withFrames(byte[] bytes, ClassLoader classes) {
    ClassReader reader = new ClassReader(bytes);
    ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_FRAMES) {
      @Override
      protected ClassLoader getClassLoader() {
        return classes;
      }
    };
    reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
      @Override
      public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
        super.visit(Opcodes.V1_8, access, name, signature, superName, interfaces);
      }
    }, 0);
    return writer.toByteArray();
  }

  /**
   * Loads and links each rewritten class from {@code jar}'s own entries, which verifies it: asking a
   * class for its declared methods links it (the JVM verifies a class when it links it), and
   * initializes nothing.
   */
  private static void verify(Path jar, List<String> entries, Path original) throws IOException {
    List<String> refused = new ArrayList<>();
    try (JarEntries classes = new JarEntries(jar)) {
      for (String entry : entries) {
        String name = className(entry);
        String failure = failure(name, classes);
        if (failure != null) {
          refused.add(name + ": " + failure);
        }
      }
    }
    if (!refused.isEmpty()) {
      throw new IllegalStateException((refused.size() == 1 ? "1 rewritten class file does not" : refused.size() + " rewritten class files do not")
          + " verify, so " + original.getFileName()
          + " was left as it was:\n  " + String.join("\n  ", refused));
    }
  }

  private static String className(String entry) {
    return entry.substring(0, entry.length() - ".class".length()).replace('/', '.');
  }

  /** Why {@code name} does not load and link from {@code classes}; {@code null} when it does. */
  private static String failure(String name, ClassLoader classes) {
    try {
      Class.forName(name, false, classes).getDeclaredMethods();
      return null;
    } catch (ClassNotFoundException | LinkageError e) {
      return e.toString();
    }
  }

  /**
   * The classes of a jar as its entries hold them, each defined from its own entry (never a
   * multi-release jar's version of it, which a {@code URLClassLoader} would prefer on a newer Java),
   * with the platform's classes as parent: what a rewrite wrote is what is checked. Single-threaded.
   */
  private static final class JarEntries extends ClassLoader implements Closeable {
    private final ZipFile zip;

    JarEntries(Path jar) throws IOException {
      super(ClassLoader.getPlatformClassLoader());
      zip = new ZipFile(jar.toFile());
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
      ZipEntry entry = zip.getEntry(name.replace('.', '/') + ".class");
      if (entry == null) {
        throw new ClassNotFoundException(name);
      }
      try (InputStream content = zip.getInputStream(entry)) {
        byte[] bytes = content.readAllBytes();
        return defineClass(name, bytes, 0, bytes.length);
      } catch (IOException e) {
        throw new ClassNotFoundException(name, e);
      }
    }

    @Override
    public void close() throws IOException {
      zip.close();
    }
  }
}
