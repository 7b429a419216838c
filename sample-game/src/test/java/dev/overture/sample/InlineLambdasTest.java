package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
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
 * Issue 20: lambdas and method references rewritten from {@code invokedynamic} into classes of their
 * own do what they did. Classes are compiled here by javac, then run before and after the rewrite
 * side by side; the call sites the rewrite must leave alone are checked to be left, and still work.
 */
class InlineLambdasTest {

  /** Every shape of lambda and method reference javac writes with the plain factory, and two it writes otherwise. */
  private static final String SOURCE = """
      package probe;

      import java.util.ArrayList;
      import java.util.Arrays;
      import java.util.Comparator;
      import java.util.List;
      import java.util.function.*;

      public class Lambdas implements Supplier<List<String>> {
        private final String name = "n";
        private int counter = 3;

        /** Arguments widened: a float and a long to doubles. */
        public interface Sum {
          double sum(float f, long l);
        }

        public interface Defaults {
          String base();

          /** A lambda in a default method: its body is private to the interface, so it stays a call site. */
          default Supplier<String> viaDefault() {
            return () -> base() + "+";
          }

          /** A method reference to a public method: rewritten, also in an interface. */
          static Function<String, String> viaStatic() {
            return String::trim;
          }
        }

        static String staticHelper(String s) {
          return s + "!";
        }

        private static String privateStatic(String s) {
          return "<" + s + ">";
        }

        private String privateInstance(int i) {
          return name + i;
        }

        String packageMethod(String s) {
          return s.toUpperCase() + counter;
        }

        private Lambdas() {}

        Lambdas(String label) {
          counter = label.length();
        }

        public static Lambdas create() {
          return new Lambdas();
        }

        public static Supplier<String> constant() {
          return () -> "constant";
        }

        public static Supplier<String> capturing(String value) {
          return () -> value;
        }

        @Override
        public List<String> get() {
          List<String> out = new ArrayList<>();
          out.add(constant().get());
          String local = "local";
          Supplier<String> capturesThisAndLocal = () -> local + name + counter;
          out.add(capturesThisAndLocal.get());
          Function<String, String> staticRef = Lambdas::staticHelper;
          Function<String, String> privateStaticRef = Lambdas::privateStatic;
          IntFunction<String> privateInstanceRef = this::privateInstance;
          Function<String, String> boundPackage = this::packageMethod;
          BiFunction<Lambdas, String, String> unbound = Lambdas::packageMethod;
          out.add(staticRef.apply("s") + privateStaticRef.apply("p") + privateInstanceRef.apply(4) + boundPackage.apply("b")
              + unbound.apply(new Lambdas("four"), "u"));
          Function<String, Integer> boxedLength = String::length;
          ToIntFunction<String> length = String::length;
          out.add(boxedLength.apply("abc") + "/" + length.applyAsInt("abcd"));
          Supplier<Lambdas> privateConstructor = Lambdas::new;
          Function<String, Lambdas> packageConstructor = Lambdas::new;
          Supplier<ArrayList<String>> jdkConstructor = ArrayList::new;
          IntFunction<String[]> arrayConstructor = String[]::new;
          out.add(privateConstructor.get().counter + "/" + packageConstructor.apply("seven").counter + "/"
              + jdkConstructor.get().size() + "/" + arrayConstructor.apply(5).length);
          IntToLongFunction widenedAndUnboxed = Long::valueOf;
          ToIntFunction<Integer> unboxedReceiver = Integer::intValue;
          IntFunction<Object> boxed = Integer::valueOf;
          ToIntBiFunction<Integer, Integer> unboxedArguments = Integer::sum;
          BinaryOperator<Integer> unboxedAndBoxed = Math::max;
          Sum widened = Double::sum;
          out.add(widenedAndUnboxed.applyAsLong(-2) + "/" + unboxedReceiver.applyAsInt(9) + "/" + boxed.apply(8) + "/"
              + unboxedArguments.applyAsInt(2, 3) + "/" + unboxedAndBoxed.apply(4, 11) + "/" + widened.sum(0.5f, 2L));
          Runnable increments = () -> counter++;
          increments.run();
          increments.run();
          Consumer<String> discardsResult = out::add;
          discardsResult.accept("added, its boolean dropped");
          long big = Long.MAX_VALUE;
          double fraction = 0.25;
          int small = 7;
          DoubleSupplier wide = () -> fraction + small + (big % 10);
          out.add(counter + "/" + wide.getAsDouble());
          Predicate<Object> isString = String.class::isInstance;
          Function<int[], Integer> arrayLength = array -> array.length;
          Function<String[], List<String>> varargs = Arrays::asList;
          out.add(isString.test("x") + "/" + isString.test(1) + "/" + arrayLength.apply(new int[3]) + "/"
              + varargs.apply(new String[] {"a", "b"}));
          List<String> sorted = new ArrayList<>(List.of("ccc", "a", "bb"));
          sorted.sort(Comparator.comparing(String::length).thenComparing(Comparator.reverseOrder()));
          out.add(String.join(",", sorted));
          Runnable serializable = (Runnable & java.io.Serializable) () -> counter += 10;
          serializable.run();
          out.add("after the serializable one: " + counter);
          Defaults defaults = () -> "base";
          out.add(defaults.viaDefault().get() + Defaults.viaStatic().apply("  trimmed  "));
          try {
            Function<Object, String> failing = value -> ((String) value).trim();
            failing.apply(5);
          } catch (ClassCastException e) {
            out.add("a cast fails as before");
          }
          return out;
        }
      }
      """;

  @TempDir static Path compiled;
  /** The probe's class files by binary name. */
  private static Map<String, byte[]> classes;

  @BeforeAll
  static void compile() throws Exception {
    classes = Javac.compileByClassName(compiled, Map.of("probe/Lambdas.java", SOURCE));
  }

  /** The rewrite over the probe's own classes, and the platform's. */
  private static InlineLambdas inlineLambdas() {
    return new InlineLambdas(ClassFacts.over(name -> classes.get(name.replace('/', '.'))));
  }

  /** The probe's classes as given, or each rewritten (with the classes the rewrite adds) when {@code rewrite}. */
  private static Map<String, byte[]> probeClasses(boolean rewrite) {
    if (!rewrite) {
      return classes;
    }
    return Javac.withInlineLambdas(classes);
  }

  private static ClassLoader loader(Map<String, byte[]> classFiles) {
    return Javac.loader(classFiles);
  }

  @SuppressWarnings("unchecked")
  private static List<String> run(boolean rewrite) throws Exception {
    Class<?> probe = Class.forName("probe.Lambdas", true, loader(probeClasses(rewrite)));
    return ((Supplier<List<String>>) probe.getMethod("create").invoke(null)).get();
  }

  /** The factory's call sites in {@code bytes}: the bootstrap method's name of each. */
  private static List<String> factoryCalls(byte[] bytes) {
    return Javac.factoryCalls(bytes, "java/lang/invoke/LambdaMetafactory").stream().map(call -> call.split(" ")[0]).toList();
  }

  @Test
  void everyLambda_doesWhatItDid_afterTheRewrite() throws Exception {
    List<String> before = run(false);
    List<String> after = run(true);

    assertEquals(before, after);
    assertEquals(List.of(
        "constant",
        "localn3",
        "s!<p>n4B3U4",
        "3/4",
        "3/5/0/5",
        "-2/9/8/5/11/2.5",
        "added, its boolean dropped",
        "5/14.25",
        "true/false/3/[a, b]",
        "a,bb,ccc",
        "after the serializable one: 15",
        "base+trimmed",
        "a cast fails as before"), after);
  }

  @Test
  void everyPlainCallSite_isRewritten_andOnlyThoseJavacCannotWriteThatWayStay() {
    InlineLambdas inlineLambdas = inlineLambdas();
    assertTrue(factoryCalls(classes.get("probe.Lambdas")).size() > 25, "javac's lambdas");

    InlineLambdas.Rewritten lambdas = inlineLambdas.rewrite(classes.get("probe.Lambdas"));
    InlineLambdas.Rewritten defaults = inlineLambdas.rewrite(classes.get("probe.Lambdas$Defaults"));

    assertNotNull(lambdas);
    assertEquals(List.of("altMetafactory", "altMetafactory"), factoryCalls(lambdas.host()),
        "only the serializable lambda stays, at its call site and in the method that deserializes it");
    assertNotNull(defaults);
    assertEquals(List.of("metafactory"), factoryCalls(defaults.host()), "only the default method's lambda, private to the interface, stays");
    assertEquals(1, defaults.classes().size());
  }

  @Test
  void aLambdaThatCapturesNothing_isOneInstance_andOneThatCaptures_isANewOneEachTime() throws Exception {
    for (boolean rewrite : new boolean[] {false, true}) {
      Class<?> probe = Class.forName("probe.Lambdas", true, loader(probeClasses(rewrite)));
      Object first = probe.getMethod("constant").invoke(null);
      Object second = probe.getMethod("constant").invoke(null);
      Object captured = probe.getMethod("capturing", String.class).invoke(null, "v");
      Object capturedAgain = probe.getMethod("capturing", String.class).invoke(null, "v");

      assertTrue(first == second, "rewritten: " + rewrite);
      assertTrue(captured != capturedAgain, "rewritten: " + rewrite);
      assertEquals("v", ((Supplier<?>) capturedAgain).get());
    }
  }

  @Test
  void aLambdasClass_isASyntheticFinalClass_namedAfterItsCallSitesClass() throws Exception {
    Map<String, byte[]> rewritten = probeClasses(true);
    Class<?> constant = Class.forName("probe.Lambdas", true, loader(rewritten)).getMethod("constant").invoke(null).getClass();

    assertTrue(constant.getName().startsWith("probe.Lambdas" + InlineLambdas.CLASS_INFIX), constant.getName());
    assertTrue(constant.isSynthetic());
    assertTrue(Modifier.isFinal(constant.getModifiers()));
    assertTrue(!constant.isHidden());
  }

  @Test
  void aClassWithoutLambdas_isNotRewritten() {
    byte[] noLambdas = handWritten(null, null);
    assertNull(inlineLambdas().rewrite(noLambdas));
  }

  /**
   * A class {@code hand.Probe} whose {@code static Object run()} makes a {@code Supplier} from
   * {@code implementation} through the plain factory (nothing captured) and returns what it
   * supplies; with {@code taken}, it also has a static method of that name, which a bridge must not
   * take, and {@code static Object hidden()}, private, returning "hidden".
   */
  private static byte[] handWritten(Handle implementation, String taken) {
    ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    writer.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "hand/Probe", null, "java/lang/Object", null);
    MethodVisitor run = writer.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "run", "()Ljava/lang/Object;", null, null);
    run.visitCode();
    if (implementation != null) {
      run.visitInvokeDynamicInsn("get", "()Ljava/util/function/Supplier;", Javac.METAFACTORY,
          Type.getType("()Ljava/lang/Object;"), implementation, Type.getType("()Ljava/lang/Object;"));
      run.visitMethodInsn(Opcodes.INVOKEINTERFACE, "java/util/function/Supplier", "get", "()Ljava/lang/Object;", true);
    } else {
      run.visitInsn(Opcodes.ACONST_NULL);
    }
    run.visitInsn(Opcodes.ARETURN);
    run.visitMaxs(0, 0);
    run.visitEnd();
    Javac.constantStaticMethod(writer, Opcodes.ACC_PRIVATE, "hidden", "hidden");
    if (taken != null) {
      Javac.emptyStaticMethod(writer, taken);
    }
    writer.visitEnd();
    return writer.toByteArray();
  }

  private static Object runHandWritten(Map<String, byte[]> classFiles) throws Exception {
    return Class.forName("hand.Probe", true, loader(classFiles)).getMethod("run").invoke(null);
  }

  @Test
  void aMethodTheLambdasClassMayNotCall_staysACallSite() throws Exception {
    // Object.clone is protected, in another package: only the call site's own class may call it.
    byte[] protectedElsewhere = handWritten(new Handle(Opcodes.H_INVOKEVIRTUAL, "java/lang/Object", "clone", "()Ljava/lang/Object;", false), null);
    // A method of a class that is not public, in another package.
    byte[] hiddenClass = handWritten(new Handle(Opcodes.H_INVOKESTATIC, "java/util/ImmutableCollections", "listCopy",
        "(Ljava/util/Collection;)Ljava/util/List;", false), null);

    assertNull(inlineLambdas().rewrite(protectedElsewhere));
    assertNull(inlineLambdas().rewrite(hiddenClass));
  }

  @Test
  void aPrivateMethod_isCalledThroughABridge_whoseNameTheClassDoesNotUseAlready() throws Exception {
    byte[] original = handWritten(new Handle(Opcodes.H_INVOKESTATIC, "hand/Probe", "hidden", "()Ljava/lang/Object;", false),
        InlineLambdas.BRIDGE + 0);
    InlineLambdas.Rewritten rewritten = new InlineLambdas(ClassFacts.over(name -> name.equals("hand/Probe") ? original : null))
        .rewrite(original);

    assertNotNull(rewritten);
    assertEquals(List.of(), factoryCalls(rewritten.host()));
    Map<String, byte[]> classFiles = new HashMap<>(Map.of("hand.Probe", rewritten.host()));
    rewritten.classes().forEach((name, bytes) -> classFiles.put(name.replace('/', '.'), bytes));
    assertEquals("hidden", runHandWritten(Map.of("hand.Probe", original)));
    assertEquals("hidden", runHandWritten(classFiles));
    assertEquals(List.of("run", "hidden", InlineLambdas.BRIDGE + 0, InlineLambdas.BRIDGE + 1), ClassFacts.methodNames(rewritten.host()));
  }
}
