package dev.overture.sample;

import java.util.Map;
import java.util.function.Predicate;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * The conversions {@link InlineLambdas} writes between a functional interface's method and the
 * method a lambda calls, the ones {@code LambdaMetafactory} makes for what javac writes: a cast to
 * the instantiated type, unboxing a wrapper, boxing a primitive, widening a primitive, dropping a
 * result for {@code void}. Anything else is refused, and the call site stays as it is. Stateless.
 */
final class LambdaConversions {

  private LambdaConversions() {}

  /** The primitive types by their wrappers' internal names. */
  private static final Map<String, Type> UNBOXED = Map.of(
      "java/lang/Boolean", Type.BOOLEAN_TYPE, "java/lang/Character", Type.CHAR_TYPE, "java/lang/Byte", Type.BYTE_TYPE,
      "java/lang/Short", Type.SHORT_TYPE, "java/lang/Integer", Type.INT_TYPE, "java/lang/Long", Type.LONG_TYPE,
      "java/lang/Float", Type.FLOAT_TYPE, "java/lang/Double", Type.DOUBLE_TYPE);

  private static Type wrapper(Type primitive) {
    return UNBOXED.entrySet().stream().filter(e -> e.getValue().equals(primitive)).findFirst()
        .map(e -> Type.getObjectType(e.getKey())).orElseThrow();
  }

  private static boolean isReference(Type type) {
    return type.getSort() == Type.OBJECT || type.getSort() == Type.ARRAY;
  }

  /**
   * Converts an argument on the stack from {@code from} to {@code to}, checking a reference against
   * {@code via} (the instantiated type, or null) first as the factory does; false, with nothing
   * written that matters, for a conversion this rewrite does not make, or a cast to a class that
   * {@code castable} says the lambda's class may not name.
   */
  static boolean convert(MethodVisitor method, Type from, Type via, Type to, Predicate<Type> castable) {
    if (isReference(from) && isReference(to)) {
      Type cast = via != null && isReference(via) && !via.getDescriptor().equals("Ljava/lang/Object;") ? via : to;
      if (!cast.equals(from) && !cast.getDescriptor().equals("Ljava/lang/Object;")) {
        if (!castable.test(cast)) {
          return false;
        }
        method.visitTypeInsn(Opcodes.CHECKCAST, cast.getSort() == Type.ARRAY ? cast.getDescriptor() : cast.getInternalName());
      }
      return true;
    }
    if (isReference(from)) {
      Type box = via != null && via.getSort() == Type.OBJECT && UNBOXED.containsKey(via.getInternalName()) ? via
          : from.getSort() == Type.OBJECT && UNBOXED.containsKey(from.getInternalName()) ? from : null;
      if (box == null) {
        return false;
      }
      Type primitive = UNBOXED.get(box.getInternalName());
      if (!primitive.equals(to) && !widens(primitive, to)) {
        return false;
      }
      if (!box.equals(from)) {
        method.visitTypeInsn(Opcodes.CHECKCAST, box.getInternalName());
      }
      method.visitMethodInsn(Opcodes.INVOKEVIRTUAL, box.getInternalName(), primitive.getClassName() + "Value",
          "()" + primitive.getDescriptor(), false);
      widen(method, primitive, to);
      return true;
    }
    if (isReference(to)) {
      Type box = wrapper(from);
      String target = to.getInternalName();
      boolean fits = to.equals(box) || target.equals("java/lang/Object") || target.equals("java/io/Serializable")
          || target.equals("java/lang/Comparable") || (target.equals("java/lang/Number") && from.getSort() >= Type.BYTE
              && from.getSort() <= Type.DOUBLE && from.getSort() != Type.CHAR);
      if (!fits) {
        return false;
      }
      method.visitMethodInsn(Opcodes.INVOKESTATIC, box.getInternalName(), "valueOf",
          Type.getMethodDescriptor(box, from), false);
      return true;
    }
    if (from.equals(to)) {
      return true;
    }
    if (!widens(from, to)) {
      return false;
    }
    widen(method, from, to);
    return true;
  }

  /**
   * Converts the called method's result to the interface method's: dropped for {@code void}, boxed,
   * unboxed or widened; a reference cast only when the interface's type is not {@code Object}.
   */
  static boolean convertResult(MethodVisitor method, Type result, Type returned, Predicate<Type> castable) {
    if (returned.getSort() == Type.VOID) {
      if (result.getSize() == 1) {
        method.visitInsn(Opcodes.POP);
      } else if (result.getSize() == 2) {
        method.visitInsn(Opcodes.POP2);
      }
      method.visitInsn(Opcodes.RETURN);
      return true;
    }
    if (result.getSort() == Type.VOID) {
      return false;
    }
    if (!convert(method, result, null, returned, castable)) {
      return false;
    }
    method.visitInsn(returned.getOpcode(Opcodes.IRETURN));
    return true;
  }

  /** Java's widening primitive conversions (JLS 5.1.2). */
  private static boolean widens(Type from, Type to) {
    int f = from.getSort();
    int t = to.getSort();
    return switch (f) {
      case Type.BYTE -> t == Type.SHORT || t == Type.INT || t == Type.LONG || t == Type.FLOAT || t == Type.DOUBLE;
      case Type.SHORT, Type.CHAR -> t == Type.INT || t == Type.LONG || t == Type.FLOAT || t == Type.DOUBLE;
      case Type.INT -> t == Type.LONG || t == Type.FLOAT || t == Type.DOUBLE;
      case Type.LONG -> t == Type.FLOAT || t == Type.DOUBLE;
      case Type.FLOAT -> t == Type.DOUBLE;
      default -> false;
    };
  }

  private static void widen(MethodVisitor method, Type from, Type to) {
    if (from.equals(to)) {
      return;
    }
    boolean fromLong = from.getSort() == Type.LONG;
    boolean fromFloat = from.getSort() == Type.FLOAT;
    switch (to.getSort()) {
      case Type.LONG -> method.visitInsn(Opcodes.I2L);
      case Type.FLOAT -> method.visitInsn(fromLong ? Opcodes.L2F : Opcodes.I2F);
      case Type.DOUBLE -> method.visitInsn(fromLong ? Opcodes.L2D : fromFloat ? Opcodes.F2D : Opcodes.I2D);
      default -> { } // byte, short and char to int (or short): the JVM holds them as int already
    }
  }
}
