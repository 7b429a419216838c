package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ObjectStreamClass;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Issue 20: the call sites where a class written at build time would not behave as the factory's
 * lambda does are left as they are (a review found each with a probe run before and after the
 * rewrite), and those that only needed care are rewritten and work.
 */
class InlineLambdasEdgesTest {

  @TempDir Path dir;

  private static Map<String, byte[]> rewriteAll(Map<String, byte[]> classes) {
    return Javac.withInlineLambdas(classes);
  }

  private static ClassLoader loader(Map<String, byte[]> classFiles) {
    return Javac.loader(classFiles);
  }

  /** What {@code call} returned, or the exception it threw as "Type: message". */
  private static String outcome(Callable<?> call) {
    try {
      return String.valueOf(call.call());
    } catch (Throwable t) {
      Throwable thrown = t instanceof InvocationTargetException ? t.getCause() : t;
      return thrown.getClass().getName() + ": " + thrown.getMessage();
    }
  }

  /** {@code method} of class {@code name} run before and after the rewrite: both outcomes, in that order. */
  private static List<String> beforeAndAfter(Map<String, byte[]> classes, String name, String method) throws Exception {
    Class<?> before = Class.forName(name, true, loader(classes));
    Class<?> after = Class.forName(name, true, loader(rewriteAll(classes)));
    return List.of(outcome(() -> before.getMethod(method).invoke(null)), outcome(() -> after.getMethod(method).invoke(null)));
  }

  private static int factoryCalls(Map<String, byte[]> classes, String name) {
    return Javac.factoryCalls(rewriteAll(classes).get(name), "java/lang/invoke/LambdaMetafactory").size();
  }

  @Test
  void aMethodThatActsOnItsCallersIdentity_staysACallSite() throws Exception {
    Map<String, byte[]> classes = Javac.compileByClassName(dir, Map.of("probe/Cs.java", """
        package probe;
        import java.lang.invoke.MethodHandles;
        import java.lang.reflect.Field;
        import java.util.function.Supplier;
        public class Cs {
          private int secret = 42;
          public interface Getter { Object get(Object o) throws Exception; }
          public static String lookupClass() {
            Supplier<MethodHandles.Lookup> lookup = MethodHandles::lookup;
            return String.valueOf(lookup.get().lookupClass().getName().startsWith("probe.Cs$$Lambda"));
          }
          public static Object readSecret() throws Exception {
            Field field = Cs.class.getDeclaredField("secret");
            Getter getter = field::get;
            return getter.get(new Cs());
          }
        }
        """));

    assertEquals(2, factoryCalls(classes, "probe.Cs"));
    assertEquals(List.of("true", "true"), beforeAndAfter(classes, "probe.Cs", "lookupClass"));
    assertEquals(List.of("42", "42"), beforeAndAfter(classes, "probe.Cs", "readSecret"));
  }

  @Test
  void anInterfaceWithDefaultMethodsAndAStaticInitializer_keepsItsLambdasCallSites() throws Exception {
    // Initializing a shared lambda class would initialize Shape, whose initializer makes a Shape:
    // two threads could then wait for each other. The factory makes a class per linking thread.
    Map<String, byte[]> classes = Javac.compileByClassName(dir, Map.of(
        "probe/Shape.java", """
            package probe;
            public interface Shape {
              Shape UNIT = Shapes.unit();
              double area();
              default double twice() { return 2 * area(); }
            }
            """,
        "probe/Shapes.java", """
            package probe;
            public final class Shapes {
              public static double one() { return 1; }
              public static Shape unit() { return Shapes::one; }
              public static Object twice() { return unit().twice(); }
            }
            """));

    assertEquals(1, factoryCalls(classes, "probe.Shapes"));
    assertEquals(List.of("2.0", "2.0"), beforeAndAfter(classes, "probe.Shapes", "twice"));
  }

  @Test
  void aSerializableClassWithoutItsOwnId_getsNoBridge_andOneWithAnId_does() throws Exception {
    Map<String, byte[]> classes = Javac.compileByClassName(dir, Map.of(
        "probe/Saved.java", """
            package probe;
            import java.util.function.Supplier;
            public class Saved implements java.io.Serializable {
              String value = "x";
              private static String hidden() { return "h"; }
              public static Object get() { Supplier<String> s = Saved::hidden; return s.get(); }
            }
            """,
        "probe/Versioned.java", """
            package probe;
            import java.util.function.Supplier;
            public class Versioned implements java.io.Serializable {
              private static final long serialVersionUID = 7L;
              private static String hidden() { return "v"; }
              public static Object get() { Supplier<String> s = Versioned::hidden; return s.get(); }
            }
            """));
    Map<String, byte[]> rewritten = rewriteAll(classes);

    assertEquals(1, factoryCalls(classes, "probe.Saved"));
    assertEquals(0, factoryCalls(classes, "probe.Versioned"));
    assertEquals(ObjectStreamClass.lookup(Class.forName("probe.Saved", false, loader(classes))).getSerialVersionUID(),
        ObjectStreamClass.lookup(Class.forName("probe.Saved", false, loader(rewritten))).getSerialVersionUID());
    assertEquals(List.of("v", "v"), beforeAndAfter(classes, "probe.Versioned", "get"));
  }

  @Test
  void aSerializableInterface_madeThroughThePlainFactory_staysACallSite() throws Exception {
    // javac uses altMetafactory for these; another compiler might not, and the factory's lambda refuses serialization.
    Map<String, byte[]> classes = new HashMap<>(Javac.compileByClassName(dir, Map.of("probe/SerSupplier.java",
        "package probe; public interface SerSupplier extends java.util.function.Supplier<Object>, java.io.Serializable {}")));
    ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    writer.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "probe/Maker", null, "java/lang/Object", null);
    Javac.constantStaticMethod(writer, Opcodes.ACC_PUBLIC, "value", "v");
    MethodVisitor make = writer.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "make", "()Ljava/lang/Object;", null, null);
    make.visitCode();
    make.visitInvokeDynamicInsn("get", "()Lprobe/SerSupplier;", Javac.METAFACTORY, Type.getType("()Ljava/lang/Object;"),
        new Handle(Opcodes.H_INVOKESTATIC, "probe/Maker", "value", "()Ljava/lang/Object;", false), Type.getType("()Ljava/lang/Object;"));
    make.visitInsn(Opcodes.ARETURN);
    make.visitMaxs(0, 0);
    make.visitEnd();
    writer.visitEnd();
    classes.put("probe.Maker", writer.toByteArray());

    assertNull(new InlineLambdas(ClassFacts.over(name -> classes.get(name.replace('/', '.')))).rewrite(classes.get("probe.Maker")));
  }

  @Test
  void aClassMissingFromTheJar_leavesTheCallSite_soTheFailureComesWhereItDid() throws Exception {
    Map<String, byte[]> classes = new HashMap<>(Javac.compileByClassName(dir, Map.of(
        "probe/Opt.java", """
            package probe;
            import java.util.function.Function;
            public class Opt {
              public static String run() {
                Function<String, String> f;
                try {
                  f = Optional::m;
                } catch (LinkageError e) {
                  return "optional part unavailable: " + e.getClass().getSimpleName();
                }
                return f.apply("x");
              }
            }
            """,
        "probe/Optional.java", "package probe; public class Optional extends Missing { public static String m(String s) { return s; } }",
        "probe/Missing.java", "package probe; public class Missing {}")));
    classes.remove("probe.Missing"); // an optional dependency the jar leaves out

    assertEquals(1, factoryCalls(classes, "probe.Opt"));
    List<String> outcomes = beforeAndAfter(classes, "probe.Opt", "run");
    assertEquals("optional part unavailable: NoClassDefFoundError", outcomes.get(0));
    assertEquals(outcomes.get(0), outcomes.get(1));
  }

  @Test
  void anInterfaceMethodNamedLikeTheFactory_getsAFactoryOfAnotherName() throws Exception {
    Map<String, byte[]> classes = Javac.compileByClassName(dir, Map.of("probe/Wrap.java", """
        package probe;
        public class Wrap {
          public interface Wrapper { Object create(String s); }
          static Wrapper make(String prefix) { return s -> prefix + s; }
          public static Object run() { return make("a").create("b"); }
        }
        """));
    Map<String, byte[]> rewritten = rewriteAll(classes);

    assertEquals(0, factoryCalls(classes, "probe.Wrap"));
    assertEquals(List.of("ab", "ab"), beforeAndAfter(classes, "probe.Wrap", "run"));
    String lambda = rewritten.keySet().stream().filter(name -> name.contains(InlineLambdas.CLASS_INFIX)).findFirst().orElseThrow();
    assertEquals(List.of("<init>", "create$1", "create"), ClassFacts.methodNames(rewritten.get(lambda)));
  }
}
