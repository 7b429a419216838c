package dev.overture.sample;

import static java.util.Map.entry;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Issue 20: the build step that makes picocli's Java 5 class files archivable and the libraries'
 * string concatenations inline. An old class file comes out as a Java 8 one that verifies and runs
 * the same code; a class that concatenates through the factory comes out saying the same with a
 * helper; every other entry comes out as it went in; a class that does not verify fails the build
 * and leaves the jar as it was.
 */
class ClassFileUpgradeTest {

  /**
   * A Java 5 class file (no stack map frames) of {@code name} with {@code static Object pick(boolean
   * first)}, returning a {@code StringBuilder} or a {@code StringBuffer}: the branches meet with two
   * types on the stack, so the frame there needs their common superclass.
   */
  private static byte[] java5Class(String name) {
    ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    writer.visit(Opcodes.V1_5, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, name, null, "java/lang/Object", null);
    MethodVisitor pick = writer.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "pick", "(Z)Ljava/lang/Object;", null, null);
    pick.visitCode();
    Label second = new Label();
    Label done = new Label();
    pick.visitVarInsn(Opcodes.ILOAD, 0);
    pick.visitJumpInsn(Opcodes.IFEQ, second);
    pick.visitTypeInsn(Opcodes.NEW, "java/lang/StringBuilder");
    pick.visitInsn(Opcodes.DUP);
    pick.visitLdcInsn("first");
    pick.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/StringBuilder", "<init>", "(Ljava/lang/String;)V", false);
    pick.visitJumpInsn(Opcodes.GOTO, done);
    pick.visitLabel(second);
    pick.visitTypeInsn(Opcodes.NEW, "java/lang/StringBuffer");
    pick.visitInsn(Opcodes.DUP);
    pick.visitLdcInsn("second");
    pick.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/StringBuffer", "<init>", "(Ljava/lang/String;)V", false);
    pick.visitLabel(done);
    pick.visitInsn(Opcodes.ARETURN);
    pick.visitMaxs(0, 0);
    pick.visitEnd();
    writer.visitEnd();
    return writer.toByteArray();
  }

  /** A Java 5 class whose {@code static String f(Object)} returns its argument unchecked: it does not verify. */
  private static byte[] unverifiableJava5Class(String name) {
    ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    writer.visit(Opcodes.V1_5, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, name, null, "java/lang/Object", null);
    MethodVisitor f = writer.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "f", "(Ljava/lang/Object;)Ljava/lang/String;", null, null);
    f.visitCode();
    f.visitVarInsn(Opcodes.ALOAD, 0);
    f.visitInsn(Opcodes.ARETURN);
    f.visitMaxs(0, 0);
    f.visitEnd();
    writer.visitEnd();
    return writer.toByteArray();
  }

  private static void writeJar(Path jar, Map<String, byte[]> entries) throws Exception {
    try (OutputStream file = Files.newOutputStream(jar); ZipOutputStream out = new ZipOutputStream(file)) {
      for (Map.Entry<String, byte[]> entry : entries.entrySet()) {
        ZipEntry zip = new ZipEntry(entry.getKey());
        zip.setTime(1_700_000_000_000L);
        out.putNextEntry(zip);
        out.write(entry.getValue());
        out.closeEntry();
      }
    }
  }

  /** {@code entries} written, in their order, to {@code game.jar} in {@code dir}. */
  private static Path gameJar(Path dir, Map<String, byte[]> entries) throws Exception {
    Path jar = dir.resolve("game.jar");
    writeJar(jar, entries);
    return jar;
  }

  /** A jar's entries, in the order given. */
  @SafeVarargs
  private static Map<String, byte[]> inOrder(Map.Entry<String, byte[]>... entries) {
    Map<String, byte[]> ordered = new LinkedHashMap<>();
    for (Map.Entry<String, byte[]> entry : entries) {
      ordered.put(entry.getKey(), entry.getValue());
    }
    return ordered;
  }

  private static Map<String, byte[]> readJar(Path jar) throws Exception {
    Map<String, byte[]> entries = new LinkedHashMap<>();
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      for (ZipEntry entry : Collections.list(zip.entries())) {
        try (InputStream content = zip.getInputStream(entry)) {
          entries.put(entry.getName(), content.readAllBytes());
        }
      }
    }
    return entries;
  }

  private static int majorVersion(byte[] classFile) {
    return ((classFile[6] & 0xFF) << 8) | (classFile[7] & 0xFF);
  }

  private static byte[] java17Class() throws Exception {
    try (InputStream own = ClassFileUpgradeTest.class.getResourceAsStream("ClassFileUpgradeTest.class")) {
      return own.readAllBytes();
    }
  }

  @Test
  void aJava5ClassFile_becomesAJava8One_thatVerifiesAndRunsTheSameCode(@TempDir Path dir) throws Exception {
    Map<String, byte[]> before = inOrder(
        entry("META-INF/MANIFEST.MF", "Manifest-Version: 1.0\r\n\r\n".getBytes()),
        entry("old/Picker.class", java5Class("old/Picker")),
        entry("assets/game.json", "{\"a\": 1}".getBytes()),
        entry("dev/Modern.class", java17Class()),
        entry("META-INF/versions/9/old/Picker.class", java5Class("old/Picker")));
    Path jar = gameJar(dir, before);

    List<String> upgraded = ClassFileUpgrade.upgrade(jar).all();

    assertEquals(List.of("old/Picker.class"), upgraded);
    Map<String, byte[]> after = readJar(jar);
    assertEquals(new ArrayList<>(before.keySet()), new ArrayList<>(after.keySet()), "the same entries, in the same order");
    assertEquals(52, majorVersion(after.get("old/Picker.class")));
    for (String unchanged : List.of("META-INF/MANIFEST.MF", "assets/game.json", "dev/Modern.class", "META-INF/versions/9/old/Picker.class")) {
      assertArrayEquals(before.get(unchanged), after.get(unchanged), unchanged);
    }
    try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
      Class<?> picker = Class.forName("old.Picker", true, loader);
      assertEquals("first", picker.getMethod("pick", boolean.class).invoke(null, true).toString());
      assertEquals(StringBuffer.class, picker.getMethod("pick", boolean.class).invoke(null, false).getClass());
    }
    assertTrue(Files.notExists(dir.resolve("game.jar.part")));
  }

  @Test
  void aJarWithNothingOlderThanJava6_isLeftUntouched(@TempDir Path dir) throws Exception {
    Path jar = gameJar(dir, Map.of("dev/Modern.class", java17Class()));
    FileTime written = FileTime.fromMillis(1_600_000_000_000L);
    Files.setLastModifiedTime(jar, written);
    byte[] bytes = Files.readAllBytes(jar);

    assertEquals(List.of(), ClassFileUpgrade.upgrade(jar).all());
    assertArrayEquals(bytes, Files.readAllBytes(jar));
    assertEquals(written, Files.getLastModifiedTime(jar));
  }

  @Test
  void aRewrittenClassThatDoesNotVerify_failsTheBuild_andLeavesTheJarAsItWas(@TempDir Path dir) throws Exception {
    Path jar = gameJar(dir, inOrder(
        entry("old/Picker.class", java5Class("old/Picker")), entry("old/Bad.class", unverifiableJava5Class("old/Bad"))));
    byte[] bytes = Files.readAllBytes(jar);

    IllegalStateException failure = assertThrows(IllegalStateException.class, () -> ClassFileUpgrade.upgrade(jar));

    assertTrue(failure.getMessage().startsWith("1 rewritten class file does not verify, so game.jar was left as it was:\n  old.Bad:"
        + " java.lang.VerifyError:"), failure.getMessage());
    assertArrayEquals(bytes, Files.readAllBytes(jar));
    assertTrue(Files.notExists(dir.resolve("game.jar.part")));
  }

  @Test
  void aClassThatConcatenatesThroughTheFactory_isRewrittenInline_andSaysTheSame(@TempDir Path dir) throws Exception {
    Map<String, byte[]> classes = Javac.compile(dir, Map.of("lib/Greeting.java",
        "package lib; public class Greeting { public static String of(String name, int count) { return \"hello \" + name + \" x\" + count; } }"));
    Path jar = gameJar(dir, classes);

    ClassFileUpgrade.Rewritten rewritten = ClassFileUpgrade.upgrade(jar);

    assertEquals(List.of(), rewritten.framed());
    assertEquals(List.of("lib/Greeting.class"), rewritten.inlined());
    try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
      Class<?> greeting = Class.forName("lib.Greeting", true, loader);
      assertEquals("hello you x3", greeting.getMethod("of", String.class, int.class).invoke(null, "you", 3));
      assertTrue(java.util.Arrays.stream(greeting.getDeclaredMethods()).anyMatch(method -> method.getName().startsWith(InlineConcat.HELPER)));
    }
  }

  @Test
  void aClassWithLambdas_getsClassesForThem_inTheJar_andDoesTheSame(@TempDir Path dir) throws Exception {
    Map<String, byte[]> classes = Javac.compile(dir, Map.of("lib/Counter.java", """
        package lib;
        import java.util.List;
        import java.util.stream.Collectors;
        public class Counter {
          private final int step;
          public Counter(int step) { this.step = step; }
          private int next(int value) { return value + step; }
          public String run(List<Integer> values) {
            return values.stream().map(this::next).map(value -> "#" + value).collect(Collectors.joining(","));
          }
        }
        """));
    Path jar = gameJar(dir, classes);

    ClassFileUpgrade.Rewritten rewritten = ClassFileUpgrade.upgrade(jar);

    assertEquals(List.of("lib/Counter.class"), rewritten.lambdas());
    assertEquals(List.of("lib/Counter" + InlineLambdas.CLASS_INFIX + "0.class", "lib/Counter" + InlineLambdas.CLASS_INFIX + "1.class"),
        rewritten.lambdaClasses());
    assertTrue(readJar(jar).keySet().containsAll(rewritten.lambdaClasses()));
    try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
      Object counter = Class.forName("lib.Counter", true, loader).getConstructor(int.class).newInstance(10);
      assertEquals("#11,#12,#13", counter.getClass().getMethod("run", List.class).invoke(counter, List.of(1, 2, 3)));
    }
  }

  @Test
  void aClassWithAVersionForNewerJavas_keepsItsLambdas(@TempDir Path dir) throws Exception {
    // A JVM that loads the version would not have the bridges or classes the base class's lambdas use.
    Map<String, byte[]> classes = Javac.compile(dir, Map.of("lib/Later.java",
        "package lib; public class Later { public static Runnable task() { return () -> {}; } }"));
    Path jar = gameJar(dir, inOrder(
        entry("lib/Later.class", classes.get("lib/Later.class")), entry("META-INF/versions/11/lib/Later.class", classes.get("lib/Later.class"))));

    ClassFileUpgrade.Rewritten rewritten = ClassFileUpgrade.upgrade(jar);

    assertEquals(List.of(), rewritten.lambdas());
    assertArrayEquals(classes.get("lib/Later.class"), readJar(jar).get("lib/Later.class"));
  }

  @Test
  void aClassTheJarCannotLoad_keepsItsConcatenations(@TempDir Path dir) throws Exception {
    // A library's class whose superclass lives in an optional dependency the jar leaves out (Jetty's
    // JMX beans in the sample's jar): a rewrite of it could not be checked, so there is none.
    Map<String, byte[]> classes = Javac.compile(dir, Map.of(
        "optional/Base.java", "package optional; public class Base {}",
        "lib/Bean.java", "package lib; public class Bean extends optional.Base { public String name(int n) { return \"bean \" + n; } }",
        "lib/Greeting.java", "package lib; public class Greeting { public static String of(int n) { return \"hi \" + n; } }"));
    Path jar = gameJar(dir, inOrder(
        entry("lib/Bean.class", classes.get("lib/Bean.class")), entry("lib/Greeting.class", classes.get("lib/Greeting.class"))));

    ClassFileUpgrade.Rewritten rewritten = ClassFileUpgrade.upgrade(jar);

    assertEquals(List.of("lib/Greeting.class"), rewritten.inlined());
    assertEquals(List.of("lib/Bean.class"), rewritten.unloadable());
    assertArrayEquals(classes.get("lib/Bean.class"), readJar(jar).get("lib/Bean.class"));
  }

  @Test
  void aMultiReleaseJar_hasItsBaseClassesChecked_notTheirVersions(@TempDir Path dir) throws Exception {
    // A URLClassLoader prefers META-INF/versions/9's copy on Java 9 and later; the check must load the
    // class that was rewritten.
    Map<String, byte[]> classes = Javac.compile(dir, Map.of("lib/Greeting.java",
        "package lib; public class Greeting { public static String of(int n) { return \"hi \" + n; } }"));
    Path jar = gameJar(dir, inOrder(
        entry("META-INF/MANIFEST.MF", "Manifest-Version: 1.0\r\nMulti-Release: true\r\n\r\n".getBytes()),
        entry("lib/Greeting.class", classes.get("lib/Greeting.class")),
        entry("META-INF/versions/9/lib/Greeting.class", classes.get("lib/Greeting.class"))));

    ClassFileUpgrade.Rewritten rewritten = ClassFileUpgrade.upgrade(jar);

    assertEquals(List.of("lib/Greeting.class"), rewritten.inlined());
    Map<String, byte[]> after = readJar(jar);
    assertArrayEquals(classes.get("lib/Greeting.class"), after.get("META-INF/versions/9/lib/Greeting.class"), "versions are left as they are");
    assertTrue(InlineConcat.rewrite(after.get("lib/Greeting.class")) == null, "the base class has no factory call left");
  }

  @Test
  void theWrongNumberOfArguments_isAUsageError() {
    IllegalArgumentException failure = assertThrows(IllegalArgumentException.class, () -> ClassFileUpgrade.main(new String[0]));

    assertEquals("usage: ClassFileUpgrade JAR (got 0 arguments)", failure.getMessage());
  }
}
