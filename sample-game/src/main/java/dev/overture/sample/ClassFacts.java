package dev.overture.sample;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * What {@link InlineLambdas} needs to know of the classes a call site names, read from their class
 * files without loading them: each class's access and its methods' access, and which class declares
 * the method a reference resolves to. The class files come from a jar's entries, then the platform's.
 *
 * <p>Not thread-safe: it caches what it read; one per pass over a jar.
 */
final class ClassFacts {

  /**
   * A class's access flags (as its class file has them), superclass, interfaces, methods' access by
   * name and descriptor, the methods marked {@code @CallerSensitive} (which act on their caller's
   * identity) and the names of its static fields.
   */
  record Facts(String name, int access, String superName, String[] interfaces, Map<String, Integer> methods,
      Set<String> callerSensitive, Set<String> staticFields) {

    boolean isInterface() {
      return (access & Opcodes.ACC_INTERFACE) != 0;
    }

    boolean hasStaticInitializer() {
      return methods.containsKey("<clinit>()V");
    }

    /** Whether it declares a method with a body that instances inherit: an interface's default method. */
    boolean declaresDefaultMethod() {
      return methods.values().stream().anyMatch(access -> (access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_STATIC | Opcodes.ACC_PRIVATE)) == 0);
    }
  }

  /** A method found by resolution: the class that declares it and the method's access flags. */
  record Member(Facts declaring, int access) {}

  private final Function<String, byte[]> classFiles;
  private final Map<String, Optional<Facts>> read = new HashMap<>();

  /** @param classFiles a class file's bytes by its internal name; {@code null} for a class it does not have */
  ClassFacts(Function<String, byte[]> classFiles) {
    this.classFiles = classFiles;
  }

  /** Class files from {@code jar} first (by internal name), then the platform's (the JDK's own). */
  static ClassFacts over(Function<String, byte[]> jar) {
    return new ClassFacts(name -> {
      byte[] bytes = jar.apply(name);
      return bytes != null ? bytes : platform(name);
    });
  }

  private static byte[] platform(String name) {
    // A resource ending in .class is never encapsulated in a module, so this reads any JDK class file.
    try (InputStream in = ClassLoader.getPlatformClassLoader().getResourceAsStream(name + ".class")) {
      return in == null ? null : in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The facts of class {@code name} (internal form); {@code null} when neither source has it. */
  Facts of(String name) {
    return read.computeIfAbsent(name, n -> Optional.ofNullable(parse(classFiles.apply(n)))).orElse(null);
  }

  boolean exists(String name) {
    return of(name) != null;
  }

  private static final String CALLER_SENSITIVE = "Ljdk/internal/reflect/CallerSensitive;";

  private static Facts parse(byte[] bytes) {
    if (bytes == null) {
      return null;
    }
    Map<String, Integer> methods = new HashMap<>();
    Set<String> callerSensitive = new HashSet<>();
    Set<String> staticFields = new HashSet<>();
    Facts[] facts = new Facts[1];
    new ClassReader(bytes).accept(new ClassVisitor(Opcodes.ASM9) {
      @Override
      public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
        facts[0] = new Facts(name, access, superName, interfaces == null ? new String[0] : interfaces, methods, callerSensitive,
            staticFields);
      }

      @Override
      public FieldVisitor visitField(int access, String name, String descriptor, String signature, Object value) {
        if ((access & Opcodes.ACC_STATIC) != 0) {
          staticFields.add(name);
        }
        return null;
      }

      @Override
      public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
        String key = name + descriptor;
        methods.put(key, access);
        return new MethodVisitor(Opcodes.ASM9) {
          @Override
          public AnnotationVisitor visitAnnotation(String annotation, boolean visible) {
            if (annotation.equals(CALLER_SENSITIVE)) {
              callerSensitive.add(key);
            }
            return null;
          }
        };
      }
    }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
    return facts[0];
  }

  /**
   * {@code name} and every class and interface above it, when all of them are there; {@code null}
   * when one is missing (a class the JVM could not load, for lack of a supertype).
   */
  List<Facts> hierarchy(String name) {
    List<Facts> all = new ArrayList<>();
    Deque<String> pending = new ArrayDeque<>(List.of(name));
    Set<String> seen = new HashSet<>();
    while (!pending.isEmpty()) {
      String next = pending.removeFirst();
      if (!seen.add(next)) {
        continue;
      }
      Facts c = of(next);
      if (c == null) {
        return null;
      }
      all.add(c);
      if (c.superName() != null) {
        pending.add(c.superName());
      }
      pending.addAll(List.of(c.interfaces()));
    }
    return all;
  }

  /**
   * The method {@code name descriptor} as a reference through {@code owner} resolves to: declared in
   * {@code owner}, else in its superclasses, else in its superinterfaces (the JVM's order, JVMS
   * 5.4.3.3 and 5.4.3.4, without its choice among several maximally specific interface methods:
   * the first found is taken, which only matters for access, and interface methods are public or
   * private alike). {@code null} when a class or interface above {@code owner} is missing, or
   * nothing declares it.
   */
  Member resolve(String owner, String name, String descriptor) {
    List<Facts> all = hierarchy(owner);
    if (all == null) {
      return null;
    }
    String key = name + descriptor;
    Facts start = all.get(0);
    for (Facts c = start; c != null; c = c.superName() == null ? null : of(c.superName())) {
      Integer access = c.methods().get(key);
      if (access != null) {
        return new Member(c, access);
      }
    }
    // Then the superinterfaces, whose static and private methods are not inherited.
    for (Facts i : all) {
      Integer access = i != start && i.isInterface() ? i.methods().get(key) : null;
      if (access != null && (access & Opcodes.ACC_STATIC) == 0 && (access & Opcodes.ACC_PRIVATE) == 0) {
        return new Member(i, access);
      }
    }
    return null;
  }

  /**
   * Whether {@code classFile} holds {@code text} (a name's UTF-8 bytes) anywhere: a class whose
   * constant pool cannot name a factory has no call to it, so most classes are passed over unparsed.
   */
  static boolean mentions(byte[] classFile, byte[] text) {
    outer:
    for (int i = 0; i + text.length <= classFile.length; i++) {
      for (int j = 0; j < text.length; j++) {
        if (classFile[i + j] != text[j]) {
          continue outer;
        }
      }
      return true;
    }
    return false;
  }

  /** The names of the methods of {@code classFile}, in the order it declares them (an overloaded name once per method). */
  static List<String> methodNames(byte[] classFile) {
    List<String> names = new ArrayList<>();
    new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
      @Override
      public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
        names.add(name);
        return null;
      }
    }, ClassReader.SKIP_CODE);
    return names;
  }

  /** The package of a class's internal name ({@code ""} for the unnamed one). */
  static String packageOf(String internalName) {
    int slash = internalName.lastIndexOf('/');
    return slash < 0 ? "" : internalName.substring(0, slash);
  }
}
