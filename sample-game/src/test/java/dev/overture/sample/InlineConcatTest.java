package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Issue 20: string concatenation rewritten from {@code invokedynamic} to {@code StringBuilder} calls
 * says the same text. Classes are compiled here by javac with its default strategy (the
 * factory), then run before and after the rewrite side by side.
 */
class InlineConcatTest {

  /** Every kind of argument and constant a concatenation can have, in classes, interfaces and instances. */
  private static final String SOURCE = """
      package probe;

      import java.util.ArrayList;
      import java.util.List;
      import java.util.function.Supplier;

      public class Concat implements Supplier<List<String>> {
        private final long id = 7L;
        private final String name = "n";

        public interface Named {
          String name();

          default String label(int count) {
            return "<" + name() + ":" + count + ">";
          }

          static String twice(Object value) {
            return value + "|" + value;
          }
        }

        @Override
        public List<String> get() {
          List<String> out = new ArrayList<>();
          int i = -3;
          long l = Long.MIN_VALUE;
          double d = 0.1 + 0.2;
          float f = 1.5f;
          char c = 'x';
          boolean b = true;
          byte by = (byte) -8;
          short sh = (short) 300;
          String none = null;
          Object nothing = null;
          char[] chars = {'a', 'b'};
          StringBuilder sequence = new StringBuilder("seq");
          Integer boxed = 42;
          out.add("i=" + i + " l=" + l + " d=" + d + " f=" + f + " c=" + c + " b=" + b + " by=" + by + " sh=" + sh);
          out.add(none + "/" + nothing + "/" + boxed + "/" + sequence);
          out.add("" + chars.length + (chars == null ? "" : "arrays print as objects: " + (chars.getClass() == char[].class)));
          out.add(l + d + "after two wide values" + i + c);
          out.add("tags \\u0001 and \\u0002 in the text: " + i + "\\u0001" + c + "\\u0002");
          out.add(i + "" + l);
          out.add(String.valueOf(c) + c);
          String grown = "";
          for (int k = 0; k < 3; k++) {
            grown += k + ",";
          }
          out.add(grown);
          out.add(this.name + "#" + this.id + "#" + this);
          out.add(((Named) () -> "anon").label(5));
          out.add(Named.twice(d));
          out.add("a" + 1 + 2L + 3.0f + 4.0 + 'c' + true + (byte) 5 + (short) 6 + "b" + i + l + d + f + c + b + by + sh + none);
          return out;
        }

        @Override
        public String toString() {
          return "Concat[" + name + "]";
        }
      }
      """;

  @TempDir static Path compiled;
  private static Map<String, byte[]> classes;

  @BeforeAll
  static void compile() throws Exception {
    classes = Javac.compileByClassName(compiled, Map.of("probe/Concat.java", SOURCE));
  }

  /** Loads the probe's classes as given, each rewritten first when {@code rewrite}. */
  private static ClassLoader loader(boolean rewrite) {
    if (!rewrite) {
      return Javac.loader(classes);
    }
    Map<String, byte[]> rewritten = new LinkedHashMap<>();
    classes.forEach((name, bytes) -> {
      byte[] inline = InlineConcat.rewrite(bytes);
      rewritten.put(name, inline != null ? inline : bytes);
    });
    return Javac.loader(rewritten);
  }

  @SuppressWarnings("unchecked")
  private static List<String> run(boolean rewrite) throws Exception {
    Class<?> probe = Class.forName("probe.Concat", true, loader(rewrite));
    return ((Supplier<List<String>>) probe.getConstructor().newInstance()).get();
  }

  /** The concatenation call sites left in {@code bytes}. */
  private static List<String> factoryCalls(byte[] bytes) {
    return Javac.factoryCalls(bytes, "java/lang/invoke/StringConcatFactory");
  }

  @Test
  void theProbe_usesTheFactory_beforeTheRewrite() {
    assertTrue(factoryCalls(classes.get("probe.Concat")).size() > 10, "javac's default strategy");
    assertTrue(factoryCalls(classes.get("probe.Concat$Named")).size() == 2, "the interface's default and static methods");
  }

  @Test
  void everyConcatenation_saysTheSameText_afterTheRewrite() throws Exception {
    List<String> before = run(false);
    List<String> after = run(true);

    assertEquals(before, after);
    assertEquals("i=-3 l=-9223372036854775808 d=0.30000000000000004 f=1.5 c=x b=true by=-8 sh=300", after.get(0));
    assertEquals("null/null/42/seq", after.get(1));
    assertEquals("tags \u0001 and \u0002 in the text: -3\u0001x\u0002", after.get(4));
    assertEquals("0,1,2,", after.get(7));
    assertEquals("n#7#Concat[n]", after.get(8));
    assertEquals("<anon:5>", after.get(9));
  }

  @Test
  void aRewrittenClass_hasNoFactoryCallLeft() {
    for (String name : List.of("probe.Concat", "probe.Concat$Named")) {
      byte[] rewritten = InlineConcat.rewrite(classes.get(name));
      assertNotNull(rewritten, name);
      assertEquals(List.of(), factoryCalls(rewritten), name);
    }
  }

  @Test
  void aClassWithoutConcatenation_isNotRewritten() throws Exception {
    try (InputStream own = InlineConcatTest.class.getResourceAsStream("InlineConcatTest.class")) {
      // This project compiles with -XDstringConcat=inline: its own classes have no factory call.
      assertNull(InlineConcat.rewrite(own.readAllBytes()));
    }
  }

  /**
   * A class {@code hand.Probe} whose {@code static String run(String, long)} is one call to the
   * factory's {@code bootstrap} with {@code arguments}; with {@code taken}, it also has a method of
   * that name (a name the rewrite must then not give its helper).
   */
  private static byte[] handWritten(String bootstrap, String taken, Object... arguments) {
    ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    writer.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "hand/Probe", null, "java/lang/Object", null);
    MethodVisitor run = writer.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "run", "(Ljava/lang/String;J)Ljava/lang/String;", null, null);
    run.visitCode();
    run.visitVarInsn(Opcodes.ALOAD, 0);
    run.visitVarInsn(Opcodes.LLOAD, 1);
    String type = "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/invoke/MethodType;"
        + (bootstrap.equals("makeConcat") ? "" : "Ljava/lang/String;[Ljava/lang/Object;") + ")Ljava/lang/invoke/CallSite;";
    run.visitInvokeDynamicInsn(bootstrap, "(Ljava/lang/String;J)Ljava/lang/String;",
        new Handle(Opcodes.H_INVOKESTATIC, "java/lang/invoke/StringConcatFactory", bootstrap, type, false), arguments);
    run.visitInsn(Opcodes.ARETURN);
    run.visitMaxs(0, 0);
    run.visitEnd();
    if (taken != null) {
      Javac.emptyStaticMethod(writer, taken);
    }
    writer.visitEnd();
    return writer.toByteArray();
  }

  private static String runHandWritten(byte[] bytes) throws Exception {
    return (String) Class.forName("hand.Probe", true, Javac.loader(Map.of("hand.Probe", bytes))).getMethod("run", String.class, long.class).invoke(null, "x", 5L);
  }

  @Test
  void makeConcat_withoutARecipe_joinsItsArguments() throws Exception {
    byte[] original = handWritten("makeConcat", null);
    byte[] rewritten = InlineConcat.rewrite(original);

    assertNotNull(rewritten);
    assertEquals(List.of(), factoryCalls(rewritten));
    assertEquals("x5", runHandWritten(original));
    assertEquals("x5", runHandWritten(rewritten));
  }

  @Test
  void numberConstants_areAppendedAsTheFactoryRendersThem() throws Exception {
    byte[] original = handWritten("makeConcatWithConstants", null, "\u0002\u0001\u0002-\u0001\u0002\u0002", 1, 2L, 0.5f, 0.25);
    byte[] rewritten = InlineConcat.rewrite(original);

    assertNotNull(rewritten);
    assertEquals("1x2-50.50.25", runHandWritten(original));
    assertEquals(runHandWritten(original), runHandWritten(rewritten));
  }

  @Test
  void aCallSiteJavacWouldNotWrite_isLeftAsItIs() throws Exception {
    // A class constant (the factory prints "class java.lang.String"), and a recipe naming one argument of two.
    byte[] classConstant = handWritten("makeConcatWithConstants", null, "\u0001\u0001\u0002", Type.getType(String.class));
    byte[] missingTag = handWritten("makeConcatWithConstants", null, "only \u0001");

    assertNull(InlineConcat.rewrite(classConstant));
    assertEquals("x5class java.lang.String", runHandWritten(classConstant));
    assertNull(InlineConcat.rewrite(missingTag));
  }

  @Test
  void aHelperName_theClassAlreadyUses_isPassedOver() throws Exception {
    byte[] original = handWritten("makeConcatWithConstants", InlineConcat.HELPER + 0, "\u0001=\u0001");
    byte[] rewritten = InlineConcat.rewrite(original);

    assertNotNull(rewritten);
    assertEquals("x=5", runHandWritten(rewritten));
    assertEquals(List.of("run", InlineConcat.HELPER + 0, InlineConcat.HELPER + 1), ClassFacts.methodNames(rewritten));
  }
}
