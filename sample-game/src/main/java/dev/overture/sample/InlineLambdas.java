package dev.overture.sample;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Rewrites a class file's lambdas and method references compiled to {@code invokedynamic} (Java 8's
 * {@code LambdaMetafactory.metafactory}) as classes of their own, written at build time: what
 * Android's and retrolambda's desugaring do. Each call site becomes a read of the new class's one
 * instance (a lambda that captures nothing, which the factory also makes once) or a call of its
 * static factory with the captured values; the class implements the functional interface's method by
 * calling the same method the call site named, with the same conversions of arguments and result.
 *
 * <p>Why: the first run of each such call site links it through method handles, about a seventh of a
 * millisecond of CPU each, even with the lambda's class in the start-up archive; a {@code play} links
 * about 270 of this jar's (issue 20, docs/benchmarks.md). A class of the jar is simply loaded, from
 * the archive.
 *
 * <p>Only the call sites whose rewrite behaves as the factory's lambda does are rewritten; every
 * other stays as it is and works as before:
 * <ul>
 *   <li>the factory's plain form only ({@code altMetafactory}, for serializable lambdas, marker
 *       interfaces and bridges, is left alone), and not for a serializable interface either;
 *   <li>the interface, the method's class and every class the conversions name must be accessible
 *       from the call site's package, and the method itself: public, or package-private or protected
 *       in the same package, or private in the call site's own class (not an interface), reached
 *       through a static bridge method the rewrite adds to that class ({@code lambda$inline$N}), unless
 *       that class is serializable without a {@code serialVersionUID} of its own (a new method would
 *       change the one Java computes);
 *   <li>not a method that acts on its caller's identity ({@code @CallerSensitive}: reflection's
 *       access checks, {@code MethodHandles.lookup()}), which would see the new class as its caller;
 *   <li>every class the call site names must be there with all its supertypes, since the factory
 *       resolves them when the lambda is made, and the new class only when it is called;
 *   <li>not when the interface, or one above it, has default methods and a static initializer: the
 *       new class is one for all threads, and initializing it runs that initializer, which could wait
 *       for a thread that waits for the class (the factory makes a class per linking thread);
 *   <li>the conversions are the simple ones javac asks for: a cast to the instantiated type, unboxing
 *       a wrapper, boxing a primitive, widening a primitive, dropping a result for {@code void}.
 * </ul>
 *
 * <p>What differs, as for any desugaring: a rewritten lambda's class is an ordinary one (named {@code
 * Outer$$InlineLambda$N}, synthetic, final), not a hidden class, and its method shows in stack traces
 * and to {@code StackWalker}: code that looks for its caller's class through a method reference
 * finds the lambda's class, where the factory's frames were hidden.
 *
 * <p>Used by {@link ClassFileUpgrade}'s pass over the shaded jar. Not thread-safe (its {@link
 * ClassFacts} caches); one per pass.
 */
final class InlineLambdas {

  private static final String FACTORY = "java/lang/invoke/LambdaMetafactory";
  private static final byte[] FACTORY_BYTES = FACTORY.getBytes(StandardCharsets.UTF_8);
  private static final String METAFACTORY_DESCRIPTOR = "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;"
      + "Ljava/lang/invoke/MethodType;Ljava/lang/invoke/MethodType;Ljava/lang/invoke/MethodHandle;"
      + "Ljava/lang/invoke/MethodType;)Ljava/lang/invoke/CallSite;";
  /** Between the call site's class's name and the number, in a rewritten lambda's class name. */
  static final String CLASS_INFIX = "$$InlineLambda$";
  /** The bridges' names, numbered within their class. */
  static final String BRIDGE = "lambda$inline$";
  private static final String INSTANCE = "INSTANCE";
  private static final String CREATE = "create";
  private static final String OBJECT = "java/lang/Object";

  private final ClassFacts facts;
  /** Class names taken by this pass's new classes. */
  private final Set<String> taken = new HashSet<>();

  InlineLambdas(ClassFacts facts) {
    this.facts = facts;
  }

  /** A rewritten class and the classes its call sites now use, by internal name in the order of the call sites. */
  record Rewritten(byte[] host, Map<String, byte[]> classes) {}

  /** The class in {@code bytes} with its lambdas as classes; {@code null} when none could be. */
  Rewritten rewrite(byte[] bytes) {
    if (!ClassFacts.mentions(bytes, FACTORY_BYTES)) {
      return null;
    }
    ClassReader reader = new ClassReader(bytes);
    Set<String> methodNames = new HashSet<>(ClassFacts.methodNames(bytes));
    ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    Rewriter rewriter = new Rewriter(writer, methodNames);
    reader.accept(rewriter, 0);
    return rewriter.classes.isEmpty() ? null : new Rewritten(writer.toByteArray(), Collections.unmodifiableMap(rewriter.classes));
  }

  /** A bridge the host gets: a static method that calls one of its private methods or constructors. */
  private record Bridge(String name, String descriptor, Handle target) {}

  /** What a lambda's method calls: an accessible method, or the host's bridge to a private one. */
  private record Target(int kind, String owner, String name, String descriptor, boolean isInterface, boolean bridged) {

    boolean hasReceiver() {
      return kind == Opcodes.H_INVOKEVIRTUAL || kind == Opcodes.H_INVOKEINTERFACE || kind == Opcodes.H_INVOKESPECIAL;
    }
  }

  private final class Rewriter extends ClassVisitor {
    private final Set<String> methodNames;
    private final Map<String, byte[]> classes = new LinkedHashMap<>();
    private final Map<Handle, Bridge> bridges = new LinkedHashMap<>();
    /** Each capturing lambda's class's factory method, by the class's name. */
    private final Map<String, String> factories = new HashMap<>();
    private String host;
    private int version;
    private boolean hostIsInterface;
    private String source;

    Rewriter(ClassVisitor next, Set<String> methodNames) {
      super(Opcodes.ASM9, next);
      this.methodNames = methodNames;
    }

    @Override
    public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
      this.host = name;
      this.version = version;
      this.hostIsInterface = (access & Opcodes.ACC_INTERFACE) != 0;
      super.visit(version, access, name, signature, superName, interfaces);
    }

    @Override
    public void visitSource(String file, String debug) {
      this.source = file;
      super.visitSource(file, debug);
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
      return new MethodVisitor(Opcodes.ASM9, super.visitMethod(access, name, descriptor, signature, exceptions)) {
        @Override
        public void visitInvokeDynamicInsn(String callName, String callDescriptor, Handle bootstrap, Object... arguments) {
          String lambda = isMetafactory(bootstrap, arguments) ? lambdaClass(callName, callDescriptor, arguments) : null;
          if (lambda == null) {
            super.visitInvokeDynamicInsn(callName, callDescriptor, bootstrap, arguments);
          } else if (Type.getArgumentTypes(callDescriptor).length == 0) {
            super.visitFieldInsn(Opcodes.GETSTATIC, lambda, INSTANCE, Type.getReturnType(callDescriptor).getDescriptor());
          } else {
            super.visitMethodInsn(Opcodes.INVOKESTATIC, lambda, factories.get(lambda), callDescriptor, false);
          }
        }
      };
    }

    @Override
    public void visitEnd() {
      for (Bridge bridge : bridges.values()) {
        writeBridge(super.visitMethod(Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC, bridge.name(), bridge.descriptor(), null, null),
            bridge);
      }
      super.visitEnd();
    }

    /**
     * Writes the class of one call site and returns its name; {@code null} when the site is not one
     * this rewrite makes (see the class comment), so that it stays as it is.
     */
    private String lambdaClass(String samName, String callDescriptor, Object[] arguments) {
      Type samType = (Type) arguments[0];
      Handle implementation = (Handle) arguments[1];
      Type instantiated = (Type) arguments[2];
      Type functional = Type.getReturnType(callDescriptor);
      if (functional.getSort() != Type.OBJECT || !classAccessible(functional.getInternalName())
          || !facts.of(functional.getInternalName()).isInterface()) {
        return null;
      }
      List<ClassFacts.Facts> interfaces = facts.hierarchy(functional.getInternalName());
      if (interfaces == null || !initializesSafely(interfaces) || !allPresent(callDescriptor, samType, instantiated, implementation)) {
        return null;
      }
      Target target = target(implementation);
      if (target == null) {
        return null;
      }
      String name = nextClassName();
      String factory = factoryName(interfaces);
      ClassWriter lambda = new ClassWriter(ClassWriter.COMPUTE_MAXS);
      if (!writeLambda(lambda, name, functional.getInternalName(), samName, samType, instantiated,
          Type.getArgumentTypes(callDescriptor), implementation, target, factory)) {
        return null;
      }
      factories.put(name, factory);
      if (target.bridged() && !bridges.containsKey(implementation)) {
        bridges.put(implementation, new Bridge(target.name(), target.descriptor(), implementation));
        methodNames.add(target.name());
      }
      taken.add(name);
      classes.put(name, lambda.toByteArray());
      return name;
    }

    /**
     * Whether the lambda's class may be initialized whenever it is first used: the factory's class
     * is one per thread that links the call site, this one is shared, so its initialization must not
     * run an interface's static initializer (the JVM initializes a superinterface with default
     * methods along with the class), which could wait for a thread that waits for this class. Also
     * false for a serializable interface, whose lambdas the factory makes refuse serialization.
     */
    private static boolean initializesSafely(List<ClassFacts.Facts> interfaces) {
      for (ClassFacts.Facts type : interfaces) {
        if (type.name().equals("java/io/Serializable")
            || (type.isInterface() && type.declaresDefaultMethod() && type.hasStaticInitializer())) {
          return false;
        }
      }
      return true;
    }

    /**
     * Whether every class the call site names is in the jar or the platform, with all its
     * supertypes: the factory resolves them when the lambda is made, where a missing one fails the
     * code that makes it; the lambda's class would only resolve them when called.
     */
    private boolean allPresent(String callDescriptor, Type samType, Type instantiated, Handle implementation) {
      List<Type> types = new ArrayList<>();
      for (String descriptor : List.of(callDescriptor, samType.getDescriptor(), instantiated.getDescriptor(), implementation.getDesc())) {
        types.addAll(List.of(Type.getArgumentTypes(descriptor)));
        types.add(Type.getReturnType(descriptor));
      }
      types.add(Type.getObjectType(implementation.getOwner()));
      for (Type type : types) {
        Type element = type.getSort() == Type.ARRAY ? type.getElementType() : type;
        if (element.getSort() == Type.OBJECT && facts.hierarchy(element.getInternalName()) == null) {
          return false;
        }
      }
      return true;
    }

    /** The factory's name: one no method of the interface has, so that the two cannot clash. */
    private static String factoryName(List<ClassFacts.Facts> interfaces) {
      Set<String> used = new HashSet<>();
      for (ClassFacts.Facts type : interfaces) {
        for (String method : type.methods().keySet()) {
          used.add(method.substring(0, method.indexOf('(')));
        }
      }
      String name = CREATE;
      for (int number = 1; used.contains(name); number++) {
        name = CREATE + "$" + number;
      }
      return name;
    }

    /**
     * Whether a bridge may be added to the host: not when the host is serializable with the
     * serialization id Java computes from its members (no {@code serialVersionUID} of its own), which
     * a new method would change; an enum's and a record's id is fixed.
     */
    private boolean mayAddBridge() {
      ClassFacts.Facts own = facts.of(host);
      List<ClassFacts.Facts> supertypes = facts.hierarchy(host);
      if (own == null || supertypes == null) {
        return false;
      }
      boolean serializable = supertypes.stream().anyMatch(type -> type.name().equals("java/io/Serializable"));
      boolean fixedId = "java/lang/Enum".equals(own.superName()) || "java/lang/Record".equals(own.superName())
          || own.staticFields().contains("serialVersionUID");
      return !serializable || fixedId;
    }

    /** The next free name for a lambda's class: neither in the jar nor taken by this pass. */
    private String nextClassName() {
      for (int number = 0; ; number++) {
        String name = host + CLASS_INFIX + number;
        if (!taken.contains(name) && !facts.exists(name)) {
          return name;
        }
      }
    }

    /** What the lambda's method calls for {@code handle}; {@code null} when it may not call it. */
    private Target target(Handle handle) {
      String owner = handle.getOwner();
      if (owner.startsWith("[") || owner.equals("java/lang/invoke/MethodHandle") || owner.equals("java/lang/invoke/VarHandle")
          || !classAccessible(owner)) {
        return null;
      }
      int kind = handle.getTag();
      ClassFacts.Member member;
      if (kind == Opcodes.H_NEWINVOKESPECIAL) {
        ClassFacts.Facts declaring = facts.of(owner);
        Integer access = declaring == null ? null : declaring.methods().get("<init>" + handle.getDesc());
        member = access == null ? null : new ClassFacts.Member(declaring, access);
      } else if (kind == Opcodes.H_INVOKESTATIC || kind == Opcodes.H_INVOKEVIRTUAL || kind == Opcodes.H_INVOKEINTERFACE
          || kind == Opcodes.H_INVOKESPECIAL) {
        member = facts.resolve(owner, handle.getName(), handle.getDesc());
      } else {
        return null;
      }
      if (member == null || member.declaring().callerSensitive().contains(handle.getName() + handle.getDesc())) {
        return null; // a caller-sensitive method would see the lambda's class as its caller
      }
      int access = member.access();
      String declaring = member.declaring().name();
      if ((access & Opcodes.ACC_PRIVATE) != 0 || kind == Opcodes.H_INVOKESPECIAL) {
        // Only the host may call it: through a static bridge, which an interface cannot have package-private.
        if (!declaring.equals(host) || !owner.equals(host) || hostIsInterface || !mayAddBridge()) {
          return null;
        }
        Bridge existing = bridges.get(handle);
        String name = existing != null ? existing.name() : nextBridgeName();
        return new Target(Opcodes.H_INVOKESTATIC, host, name, bridgeDescriptor(handle), false, true);
      }
      boolean samePackage = ClassFacts.packageOf(declaring).equals(ClassFacts.packageOf(host));
      if ((access & Opcodes.ACC_PUBLIC) == 0 && !samePackage) {
        return null; // protected or package-private elsewhere
      }
      return new Target(kind, owner, handle.getName(), handle.getDesc(), handle.isInterface(), false);
    }

    private String nextBridgeName() {
      int number = bridges.size();
      String name;
      do {
        name = BRIDGE + number++;
      } while (methodNames.contains(name)); // a bridge's name joins them when it is planned
      return name;
    }

    /** Whether a class in the host's package may name {@code internalName}: public, or in the same package. */
    private boolean classAccessible(String internalName) {
      ClassFacts.Facts c = facts.of(internalName);
      return c != null && ((c.access() & Opcodes.ACC_PUBLIC) != 0
          || ClassFacts.packageOf(internalName).equals(ClassFacts.packageOf(host)));
    }

    /** Whether a cast to {@code type} may be written here: a primitive, or an accessible class (an array by its element). */
    private boolean castable(Type type) {
      Type element = type.getSort() == Type.ARRAY ? type.getElementType() : type;
      return element.getSort() != Type.OBJECT || classAccessible(element.getInternalName());
    }

    /**
     * Writes the class {@code name}: the captured values as fields, the one instance or the factory,
     * and the interface's method calling {@code target}. False, with nothing of it used, when a
     * conversion is not one this rewrite makes.
     */
    private boolean writeLambda(ClassWriter out, String name, String functional, String samName, Type samType, Type instantiated,
        Type[] captured, Handle implementation, Target target, String factory) {
      out.visit(Math.max(Opcodes.V1_8, version & 0xFFFF), Opcodes.ACC_FINAL | Opcodes.ACC_SUPER | Opcodes.ACC_SYNTHETIC, name, null,
          OBJECT, new String[] {functional});
      if (source != null) {
        out.visitSource(source, null);
      }
      String fieldsDescriptor = Type.getMethodDescriptor(Type.VOID_TYPE, captured);
      for (int i = 0; i < captured.length; i++) {
        out.visitField(Opcodes.ACC_PRIVATE | Opcodes.ACC_FINAL | Opcodes.ACC_SYNTHETIC, "captured" + i, captured[i].getDescriptor(),
            null, null).visitEnd();
      }
      writeConstructor(out.visitMethod(Opcodes.ACC_PRIVATE, "<init>", fieldsDescriptor, null, null), name, captured);
      Type functionalType = Type.getObjectType(functional);
      if (captured.length == 0) {
        out.visitField(Opcodes.ACC_STATIC | Opcodes.ACC_FINAL | Opcodes.ACC_SYNTHETIC, INSTANCE, functionalType.getDescriptor(), null, null)
            .visitEnd();
        MethodVisitor init = out.visitMethod(Opcodes.ACC_STATIC, "<clinit>", "()V", null, null);
        init.visitCode();
        init.visitTypeInsn(Opcodes.NEW, name);
        init.visitInsn(Opcodes.DUP);
        init.visitMethodInsn(Opcodes.INVOKESPECIAL, name, "<init>", "()V", false);
        init.visitFieldInsn(Opcodes.PUTSTATIC, name, INSTANCE, functionalType.getDescriptor());
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();
      } else {
        MethodVisitor create = out.visitMethod(Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC, factory,
            Type.getMethodDescriptor(functionalType, captured), null, null);
        create.visitCode();
        create.visitTypeInsn(Opcodes.NEW, name);
        create.visitInsn(Opcodes.DUP);
        loadArguments(create, captured);
        create.visitMethodInsn(Opcodes.INVOKESPECIAL, name, "<init>", fieldsDescriptor, false);
        create.visitInsn(Opcodes.ARETURN);
        create.visitMaxs(0, 0);
        create.visitEnd();
      }
      MethodVisitor method = out.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_SYNTHETIC, samName, samType.getDescriptor(), null, null);
      method.visitCode();
      if (!writeCall(method, name, samType, instantiated, captured, implementation, target)) {
        return false;
      }
      method.visitMaxs(0, 0);
      method.visitEnd();
      out.visitEnd();
      return true;
    }

    /** The body of the interface's method: the call with its arguments converted, and its result. */
    private boolean writeCall(MethodVisitor method, String name, Type samType, Type instantiated, Type[] captured,
        Handle implementation, Target target) {
      boolean constructs = implementation.getTag() == Opcodes.H_NEWINVOKESPECIAL;
      boolean bridged = target.bridged();
      Type[] parameters = Type.getArgumentTypes(target.descriptor());
      Type[] wanted;
      if (target.hasReceiver()) {
        wanted = new Type[parameters.length + 1];
        wanted[0] = Type.getObjectType(target.owner());
        System.arraycopy(parameters, 0, wanted, 1, parameters.length);
      } else {
        wanted = parameters;
      }
      Type[] samParameters = samType.getArgumentTypes();
      Type[] instantiatedParameters = instantiated.getArgumentTypes();
      if (captured.length + samParameters.length != wanted.length || instantiatedParameters.length != samParameters.length) {
        return false;
      }
      if (constructs && !bridged) {
        method.visitTypeInsn(Opcodes.NEW, target.owner());
        method.visitInsn(Opcodes.DUP);
      }
      for (int i = 0; i < captured.length; i++) {
        method.visitVarInsn(Opcodes.ALOAD, 0);
        method.visitFieldInsn(Opcodes.GETFIELD, name, "captured" + i, captured[i].getDescriptor());
        if (!LambdaConversions.convert(method, captured[i], null, wanted[i], this::castable)) {
          return false;
        }
      }
      int slot = 1;
      for (int i = 0; i < samParameters.length; i++) {
        method.visitVarInsn(samParameters[i].getOpcode(Opcodes.ILOAD), slot);
        slot += samParameters[i].getSize();
        if (!LambdaConversions.convert(method, samParameters[i], instantiatedParameters[i], wanted[captured.length + i],
            this::castable)) {
          return false;
        }
      }
      Type result;
      switch (target.kind()) {
        case Opcodes.H_INVOKESTATIC -> {
          method.visitMethodInsn(Opcodes.INVOKESTATIC, target.owner(), target.name(), target.descriptor(), target.isInterface());
          result = Type.getReturnType(target.descriptor());
        }
        case Opcodes.H_INVOKEVIRTUAL -> {
          method.visitMethodInsn(Opcodes.INVOKEVIRTUAL, target.owner(), target.name(), target.descriptor(), false);
          result = Type.getReturnType(target.descriptor());
        }
        case Opcodes.H_INVOKEINTERFACE -> {
          method.visitMethodInsn(Opcodes.INVOKEINTERFACE, target.owner(), target.name(), target.descriptor(), true);
          result = Type.getReturnType(target.descriptor());
        }
        case Opcodes.H_NEWINVOKESPECIAL -> {
          method.visitMethodInsn(Opcodes.INVOKESPECIAL, target.owner(), "<init>", target.descriptor(), false);
          result = Type.getObjectType(target.owner());
        }
        default -> {
          return false;
        }
      }
      return LambdaConversions.convertResult(method, result, samType.getReturnType(), this::castable);
    }
  }

  /** The constructor: each captured value into its field. */
  private static void writeConstructor(MethodVisitor method, String name, Type[] captured) {
    method.visitCode();
    method.visitVarInsn(Opcodes.ALOAD, 0);
    method.visitMethodInsn(Opcodes.INVOKESPECIAL, OBJECT, "<init>", "()V", false);
    int slot = 1;
    for (int i = 0; i < captured.length; i++) {
      method.visitVarInsn(Opcodes.ALOAD, 0);
      method.visitVarInsn(captured[i].getOpcode(Opcodes.ILOAD), slot);
      slot += captured[i].getSize();
      method.visitFieldInsn(Opcodes.PUTFIELD, name, "captured" + i, captured[i].getDescriptor());
    }
    method.visitInsn(Opcodes.RETURN);
    method.visitMaxs(0, 0);
    method.visitEnd();
  }

  /** The descriptor of the bridge to {@code handle}: a static method taking the receiver first, returning what the call does. */
  private static String bridgeDescriptor(Handle handle) {
    Type[] parameters = Type.getArgumentTypes(handle.getDesc());
    int tag = handle.getTag();
    if (tag == Opcodes.H_NEWINVOKESPECIAL) {
      return Type.getMethodDescriptor(Type.getObjectType(handle.getOwner()), parameters);
    }
    Type result = Type.getReturnType(handle.getDesc());
    if (tag == Opcodes.H_INVOKESTATIC) {
      return Type.getMethodDescriptor(result, parameters);
    }
    Type[] withReceiver = new Type[parameters.length + 1];
    withReceiver[0] = Type.getObjectType(handle.getOwner());
    System.arraycopy(parameters, 0, withReceiver, 1, parameters.length);
    return Type.getMethodDescriptor(result, withReceiver);
  }

  /** Pushes a static method's arguments of {@code types}, in order, from slot 0 on. */
  private static void loadArguments(MethodVisitor method, Type[] types) {
    int slot = 0;
    for (Type type : types) {
      method.visitVarInsn(type.getOpcode(Opcodes.ILOAD), slot);
      slot += type.getSize();
    }
  }

  /** A bridge's body: its arguments passed on to the private method or constructor it stands for. */
  private static void writeBridge(MethodVisitor method, Bridge bridge) {
    Handle target = bridge.target();
    method.visitCode();
    if (target.getTag() == Opcodes.H_NEWINVOKESPECIAL) {
      method.visitTypeInsn(Opcodes.NEW, target.getOwner());
      method.visitInsn(Opcodes.DUP);
    }
    loadArguments(method, Type.getArgumentTypes(bridge.descriptor()));
    switch (target.getTag()) {
      case Opcodes.H_INVOKESTATIC ->
          method.visitMethodInsn(Opcodes.INVOKESTATIC, target.getOwner(), target.getName(), target.getDesc(), false);
      case Opcodes.H_NEWINVOKESPECIAL ->
          method.visitMethodInsn(Opcodes.INVOKESPECIAL, target.getOwner(), "<init>", target.getDesc(), false);
      default -> method.visitMethodInsn(Opcodes.INVOKESPECIAL, target.getOwner(), target.getName(), target.getDesc(), false);
    }
    method.visitInsn(Type.getReturnType(bridge.descriptor()).getOpcode(Opcodes.IRETURN));
    method.visitMaxs(0, 0);
    method.visitEnd();
  }

  private static boolean isMetafactory(Handle bootstrap, Object[] arguments) {
    return bootstrap.getTag() == Opcodes.H_INVOKESTATIC && bootstrap.getOwner().equals(FACTORY)
        && bootstrap.getName().equals("metafactory") && bootstrap.getDesc().equals(METAFACTORY_DESCRIPTOR)
        && arguments.length == 3 && arguments[0] instanceof Type && arguments[1] instanceof Handle && arguments[2] instanceof Type;
  }


}
