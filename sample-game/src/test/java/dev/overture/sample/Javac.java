package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.tools.ToolProvider;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Compiles Java sources in a test, with javac's defaults (string concatenation through {@code
 * invokedynamic}, unlike this project's own modules), for the build steps that rewrite class files.
 */
final class Javac {

  /** {@code LambdaMetafactory.metafactory}, the bootstrap method of javac's plain lambdas, for hand-written call sites. */
  static final Handle METAFACTORY = new Handle(Opcodes.H_INVOKESTATIC, "java/lang/invoke/LambdaMetafactory", "metafactory",
      "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/invoke/MethodType;Ljava/lang/invoke/MethodType;"
          + "Ljava/lang/invoke/MethodHandle;Ljava/lang/invoke/MethodType;)Ljava/lang/invoke/CallSite;", false);

  private Javac() {}

  /**
   * Compiles {@code sources} (path under the source root to text) for Java 17 under {@code dir};
   * returns each class file by its entry name ({@code a/b/C.class}), in name order.
   */
  static Map<String, byte[]> compile(Path dir, Map<String, String> sources) throws Exception {
    Path classes = dir.resolve("classes");
    List<String> arguments = new ArrayList<>(List.of("--release", "17", "-d", classes.toString()));
    for (Map.Entry<String, String> source : sources.entrySet()) {
      Path file = dir.resolve("src").resolve(source.getKey());
      Files.createDirectories(file.getParent());
      Files.writeString(file, source.getValue());
      arguments.add(file.toString());
    }
    assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, arguments.toArray(String[]::new)), "the sources compile");
    Map<String, byte[]> compiled = new LinkedHashMap<>();
    try (var files = Files.walk(classes)) {
      for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
        compiled.put(classes.relativize(file).toString().replace('\\', '/'), Files.readAllBytes(file));
      }
    }
    return compiled;
  }

  /** {@link #compile}'s class files by binary name ({@code a.b.C}) rather than entry name. */
  static Map<String, byte[]> compileByClassName(Path dir, Map<String, String> sources) throws Exception {
    Map<String, byte[]> classes = new LinkedHashMap<>();
    compile(dir, sources).forEach((entry, bytes) -> classes.put(entry.substring(0, entry.length() - ".class".length()).replace('/', '.'), bytes));
    return classes;
  }

  /** Adds {@code static void name()}, which does nothing, to the class {@code writer} writes: a name a rewrite must not take. */
  static void emptyStaticMethod(ClassWriter writer, String name) {
    MethodVisitor method = writer.visitMethod(Opcodes.ACC_STATIC, name, "()V", null, null);
    method.visitCode();
    method.visitInsn(Opcodes.RETURN);
    method.visitMaxs(0, 0);
    method.visitEnd();
  }

  /** Adds {@code static Object name()} with {@code access} (a visibility), returning {@code value}, to the class {@code writer} writes. */
  static void constantStaticMethod(ClassWriter writer, int access, String name, String value) {
    MethodVisitor method = writer.visitMethod(access | Opcodes.ACC_STATIC, name, "()Ljava/lang/Object;", null, null);
    method.visitCode();
    method.visitLdcInsn(value);
    method.visitInsn(Opcodes.ARETURN);
    method.visitMaxs(0, 0);
    method.visitEnd();
  }

  /**
   * The {@code invokedynamic} call sites of {@code classFile} whose bootstrap method is in class
   * {@code factory} (internal name), in order: each as its bootstrap method's name, its call's name
   * and descriptor ({@code metafactory apply()Ljava/util/function/Function;}).
   */
  static List<String> factoryCalls(byte[] classFile, String factory) {
    List<String> calls = new ArrayList<>();
    new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
      @Override
      public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
        return new MethodVisitor(Opcodes.ASM9) {
          @Override
          public void visitInvokeDynamicInsn(String callName, String callDescriptor, Handle bootstrap, Object... arguments) {
            if (bootstrap.getOwner().equals(factory)) {
              calls.add(bootstrap.getName() + " " + callName + callDescriptor);
            }
          }
        };
      }
    }, 0);
    return calls;
  }

  /**
   * {@code classes} (by binary name) each rewritten by one {@link InlineLambdas} pass over them and
   * the platform's classes, with the classes the pass adds; a class it leaves alone as it was.
   */
  static Map<String, byte[]> withInlineLambdas(Map<String, byte[]> classes) {
    InlineLambdas inlineLambdas = new InlineLambdas(ClassFacts.over(name -> classes.get(name.replace('/', '.'))));
    Map<String, byte[]> out = new LinkedHashMap<>();
    classes.forEach((name, bytes) -> {
      InlineLambdas.Rewritten rewritten = inlineLambdas.rewrite(bytes);
      out.put(name, rewritten == null ? bytes : rewritten.host());
      if (rewritten != null) {
        rewritten.classes().forEach((added, content) -> out.put(added.replace('/', '.'), content));
      }
    });
    return out;
  }

  /** A class loader that defines {@code classFiles} (by binary name) itself, over the test's classes. */
  static ClassLoader loader(Map<String, byte[]> classFiles) {
    return new ClassLoader(Javac.class.getClassLoader()) {
      @Override
      protected Class<?> findClass(String name) throws ClassNotFoundException {
        byte[] bytes = classFiles.get(name);
        if (bytes == null) {
          throw new ClassNotFoundException(name);
        }
        return defineClass(name, bytes, 0, bytes.length);
      }
    };
  }
}
