package dev.overture.sample;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Rewrites a class file's string concatenations compiled to {@code invokedynamic} (Java 9's {@code
 * StringConcatFactory}) as calls to a private static method of the same class that appends each part
 * to a {@code StringBuilder}: the code javac writes itself with {@code -XDstringConcat=inline}, which
 * the JDK's own classes and this project's modules are compiled with.
 *
 * <p>Why: the first concatenation a JVM runs through the factory bootstraps it, spinning method
 * handles and lambda forms that no Java 17 start-up archive holds, about 14 ms of CPU; in this jar
 * that first one is Jackson's (its pretty printer's separators, in the static initialization every
 * mapper needs), on the path of every command. The result is the same text: each argument is
 * appended as Java's string conversion renders it (JLS 5.1.11: a {@code char[]} or any other object
 * through {@code append(Object)}, a {@code String} through {@code append(String)}, {@code byte} and
 * {@code short} as {@code int}), the recipe's constants as they are. A call site that javac would not
 * write (a constant that is not a string or a number, a recipe whose tags do not match its arguments
 * and constants) is left as it is, to fail or not when it runs, as before. One difference, shared with javac's
 * inline strategy: the arguments' {@code toString()} run one after another as the text is built
 * rather than all before it.
 *
 * <p>Used by {@link ClassFileUpgrade}'s pass over the shaded jar. Stateless; thread-safe.
 */
final class InlineConcat {

  private static final String FACTORY = "java/lang/invoke/StringConcatFactory";
  private static final byte[] FACTORY_BYTES = FACTORY.getBytes(StandardCharsets.UTF_8);
  private static final String BUILDER = "java/lang/StringBuilder";
  /** The helpers' names, numbered within their class. */
  static final String HELPER = "concat$inline$";
  /** The recipe's tag for the next argument, and for the next constant. */
  private static final char ARGUMENT = '\u0001';
  private static final char CONSTANT = '\u0002';

  private InlineConcat() {}

  /** The class in {@code bytes} with its concatenations inline; {@code null} when it has none. */
  static byte[] rewrite(byte[] bytes) {
    if (!ClassFacts.mentions(bytes, FACTORY_BYTES)) {
      return null;
    }
    ClassReader reader = new ClassReader(bytes);
    Set<String> methodNames = new HashSet<>(ClassFacts.methodNames(bytes));
    ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    Rewriter rewriter = new Rewriter(writer, methodNames);
    reader.accept(rewriter, 0);
    return rewriter.helpers.isEmpty() ? null : writer.toByteArray();
  }

  /** One concatenation site: the helper's name, its descriptor (the call site's), the recipe and the constants. */
  private record Helper(String name, String descriptor, String recipe, Object[] constants) {}

  private static final class Rewriter extends ClassVisitor {
    private final List<Helper> helpers = new ArrayList<>();
    /** The class's own methods' names, which no helper may take. */
    private final Set<String> methodNames;
    private String owner;
    private boolean isInterface;

    Rewriter(ClassVisitor next, Set<String> methodNames) {
      super(Opcodes.ASM9, next);
      this.methodNames = methodNames;
    }

    /** The next helper name the class does not use already. */
    private String nextName() {
      String name;
      int number = helpers.size();
      do {
        name = HELPER + number++;
      } while (methodNames.contains(name));
      methodNames.add(name);
      return name;
    }

    @Override
    public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
      owner = name;
      isInterface = (access & Opcodes.ACC_INTERFACE) != 0;
      super.visit(version, access, name, signature, superName, interfaces);
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
      return new MethodVisitor(Opcodes.ASM9, super.visitMethod(access, name, descriptor, signature, exceptions)) {
        @Override
        public void visitInvokeDynamicInsn(String callName, String callDescriptor, Handle bootstrap, Object... arguments) {
          String recipe = recipe(bootstrap, callDescriptor, arguments);
          if (recipe == null) {
            super.visitInvokeDynamicInsn(callName, callDescriptor, bootstrap, arguments);
            return;
          }
          Object[] constants = bootstrap.getName().equals("makeConcat") ? new Object[0]
              : Arrays.copyOfRange(arguments, 1, arguments.length);
          Helper helper = new Helper(nextName(), callDescriptor, recipe, constants);
          helpers.add(helper);
          super.visitMethodInsn(Opcodes.INVOKESTATIC, owner, helper.name(), callDescriptor, isInterface);
        }
      };
    }

    @Override
    public void visitEnd() {
      for (Helper helper : helpers) {
        write(super.visitMethod(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC, helper.name(), helper.descriptor(),
            null, null), helper);
      }
      super.visitEnd();
    }
  }

  /**
   * The recipe of a call to the factory whose result is a {@code String}, when it is one javac writes:
   * {@code makeConcat}'s is one argument tag per argument; {@code makeConcatWithConstants}'s names as
   * many arguments as the call has and as many constants as follow it, each a string or a number.
   * {@code null} for any other call site, which stays as it is.
   */
  private static String recipe(Handle bootstrap, String callDescriptor, Object[] arguments) {
    if (!bootstrap.getOwner().equals(FACTORY) || !Type.getReturnType(callDescriptor).getDescriptor().equals("Ljava/lang/String;")) {
      return null;
    }
    int parameters = Type.getArgumentTypes(callDescriptor).length;
    if (bootstrap.getName().equals("makeConcat")) {
      return arguments.length == 0 ? String.valueOf(ARGUMENT).repeat(parameters) : null;
    }
    if (!bootstrap.getName().equals("makeConcatWithConstants") || arguments.length < 1 || !(arguments[0] instanceof String recipe)) {
      return null;
    }
    for (int i = 1; i < arguments.length; i++) {
      if (constantType(arguments[i]) == null) {
        return null;
      }
    }
    long argumentTags = recipe.chars().filter(c -> c == ARGUMENT).count();
    long constantTags = recipe.chars().filter(c -> c == CONSTANT).count();
    return argumentTags == parameters && constantTags == arguments.length - 1 ? recipe : null;
  }

  /** The body of {@code helper}: a builder, each part of the recipe appended in order, its text returned. */
  private static void write(MethodVisitor method, Helper helper) {
    method.visitCode();
    method.visitTypeInsn(Opcodes.NEW, BUILDER);
    method.visitInsn(Opcodes.DUP);
    method.visitMethodInsn(Opcodes.INVOKESPECIAL, BUILDER, "<init>", "()V", false);
    Type[] parameters = Type.getArgumentTypes(helper.descriptor());
    int argument = 0;
    int slot = 0;
    int constant = 0;
    StringBuilder literal = new StringBuilder();
    String recipe = helper.recipe();
    for (int i = 0; i < recipe.length(); i++) {
      char c = recipe.charAt(i);
      if (c != ARGUMENT && c != CONSTANT) {
        literal.append(c);
        continue;
      }
      appendLiteral(method, literal);
      if (c == ARGUMENT) {
        Type type = parameters[argument++];
        method.visitVarInsn(type.getOpcode(Opcodes.ILOAD), slot);
        slot += type.getSize();
        append(method, type);
      } else {
        Object value = helper.constants()[constant++];
        method.visitLdcInsn(value);
        append(method, constantType(value));
      }
    }
    appendLiteral(method, literal);
    method.visitMethodInsn(Opcodes.INVOKEVIRTUAL, BUILDER, "toString", "()Ljava/lang/String;", false);
    method.visitInsn(Opcodes.ARETURN);
    method.visitMaxs(0, 0);
    method.visitEnd();
  }

  private static void appendLiteral(MethodVisitor method, StringBuilder literal) {
    if (literal.length() > 0) {
      method.visitLdcInsn(literal.toString());
      append(method, Type.getType(String.class));
      literal.setLength(0);
    }
  }

  /** Appends the value of {@code type} on the stack to the builder under it, as {@code String.valueOf} renders it. */
  private static void append(MethodVisitor method, Type type) {
    String parameter = switch (type.getSort()) {
      case Type.BOOLEAN -> "Z";
      case Type.CHAR -> "C";
      case Type.BYTE, Type.SHORT, Type.INT -> "I";
      case Type.LONG -> "J";
      case Type.FLOAT -> "F";
      case Type.DOUBLE -> "D";
      default -> type.getDescriptor().equals("Ljava/lang/String;") ? "Ljava/lang/String;" : "Ljava/lang/Object;";
    };
    method.visitMethodInsn(Opcodes.INVOKEVIRTUAL, BUILDER, "append", "(" + parameter + ")L" + BUILDER + ";", false);
  }

  /** The type a recipe constant is loaded and appended as; {@code null} for a kind javac does not write. */
  private static Type constantType(Object value) {
    if (value instanceof String) {
      return Type.getType(String.class);
    }
    if (value instanceof Integer) {
      return Type.INT_TYPE;
    }
    if (value instanceof Long) {
      return Type.LONG_TYPE;
    }
    if (value instanceof Float) {
      return Type.FLOAT_TYPE;
    }
    if (value instanceof Double) {
      return Type.DOUBLE_TYPE;
    }
    return null;
  }
}
