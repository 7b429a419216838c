package dev.overture.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What the framework's module declaration promises, read from the compiled descriptor: which
 * packages are API, that the hidden ones stay hidden (no export, not even a qualified one), that
 * reflection is opened only to Jackson and Guice, and that Guice and sqlite-jdbc are optional. Then
 * every public or protected signature of every exported class (supertypes, fields, constructors,
 * methods, record components, type parameters, thrown types) is walked: none may name a type of a
 * package the module does not export, nor a type of ours a host cannot see.
 */
class ModuleBoundaryTest {

  private static final Set<String> API = Set.of(
      "dev.overture.archive", "dev.overture.asset", "dev.overture.core", "dev.overture.experience", "dev.overture.feature",
      "dev.overture.id", "dev.overture.inject", "dev.overture.live", "dev.overture.object", "dev.overture.persistence", "dev.overture.settings",
      "dev.overture.validation", "dev.overture.version", "dev.overture.world");
  private static final Set<String> HIDDEN = Set.of("dev.overture.internal", "dev.overture.feature.internal");

  private static ModuleDescriptor module;
  private static Path classes;

  @BeforeAll
  static void readTheDescriptor() throws IOException {
    classes = ChildJava.frameworkClasses();
    Set<String> packages = packagesOf(classes);
    try (InputStream in = Files.newInputStream(classes.resolve("module-info.class"))) {
      module = ModuleDescriptor.read(in, () -> packages); // as the module system reads a folder of classes
    }
  }

  /** The packages that hold classes under {@code root}. */
  private static Set<String> packagesOf(Path root) throws IOException {
    try (Stream<Path> files = Files.walk(root)) {
      return files.filter(file -> file.toString().endsWith(".class") && !file.getFileName().toString().equals("module-info.class"))
          .map(file -> root.relativize(file.getParent()).toString().replace(java.io.File.separatorChar, '.'))
          .collect(Collectors.toCollection(TreeSet::new));
    }
  }

  @Test
  void theModuleExportsTheApi_andNothingElse_toEveryone() {
    assertEquals("dev.overture.framework", module.name());
    Map<String, Set<String>> exports = new TreeMap<>();
    for (ModuleDescriptor.Exports export : module.exports()) {
      exports.put(export.source(), export.targets());
    }
    Map<String, Set<String>> expected = new TreeMap<>();
    API.forEach(name -> expected.put(name, Set.of()));
    assertEquals(expected, exports, "every export is unqualified, and only the API is exported");
    Set<String> all = new TreeSet<>(API);
    all.addAll(HIDDEN);
    assertEquals(all, module.packages(), "the module holds the API and the hidden packages, nothing else");
  }

  @Test
  void reflectionIsOpenedOnlyToJacksonAndGuice_andNeverOnTheHiddenPackages() {
    Map<String, Set<String>> opens = new TreeMap<>();
    for (ModuleDescriptor.Opens open : module.opens()) {
      assertTrue(open.isQualified(), open + " opens to everyone");
      opens.put(open.source(), open.targets());
    }
    assertEquals(Set.of("tools.jackson.databind", "com.google.guice"),
        opens.values().stream().flatMap(Set::stream).collect(Collectors.toSet()));
    assertEquals(Set.of(), HIDDEN.stream().filter(opens::containsKey).collect(Collectors.toSet()));
    assertEquals(Set.of("com.google.guice"), opens.get("dev.overture.inject"));
    assertTrue(module.modifiers().isEmpty(), "not an open module");
  }

  @Test
  void guiceAndSqlite_areOptional() {
    Map<String, Set<ModuleDescriptor.Requires.Modifier>> requires = new TreeMap<>();
    module.requires().forEach(requirement -> requires.put(requirement.name(), requirement.modifiers()));
    assertEquals(Set.of(ModuleDescriptor.Requires.Modifier.STATIC), requires.get("com.google.guice"));
    assertEquals(Set.of(ModuleDescriptor.Requires.Modifier.STATIC), requires.get("org.xerial.sqlitejdbc"));
  }

  @Test
  void noExportedSignature_namesAHiddenOrInaccessibleType() throws Exception {
    List<String> leaks = new ArrayList<>();
    int checked = 0;
    for (Class<?> type : exportedClasses()) {
      if (!visible(type)) {
        continue;
      }
      checked++;
      String where = type.getName();
      // A supertype may be ours and package-private (AssetKey, the sealed key of the asset slots):
      // a host never names it. It must not be hidden.
      checkHidden(where, type.getGenericSuperclass(), leaks);
      for (Type supertype : type.getGenericInterfaces()) {
        checkHidden(where, supertype, leaks);
      }
      for (TypeVariable<?> variable : type.getTypeParameters()) {
        for (Type bound : variable.getBounds()) {
          check(where, bound, leaks);
        }
      }
      if (type.isRecord()) {
        for (RecordComponent component : type.getRecordComponents()) {
          check(where + "." + component.getName(), component.getGenericType(), leaks);
        }
      }
      for (Field field : type.getDeclaredFields()) {
        if (reachable(type, field.getModifiers()) && !field.isSynthetic()) {
          check(where + "." + field.getName(), field.getGenericType(), leaks);
        }
      }
      for (Constructor<?> constructor : type.getDeclaredConstructors()) {
        if (reachable(type, constructor.getModifiers()) && !constructor.isSynthetic()) {
          checkExecutable(where + ".<init>", constructor, leaks);
        }
      }
      for (Method method : type.getDeclaredMethods()) {
        if (reachable(type, method.getModifiers()) && !method.isSynthetic() && !method.isBridge()) {
          check(where + "." + method.getName(), method.getGenericReturnType(), leaks);
          checkExecutable(where + "." + method.getName(), method, leaks);
        }
      }
    }
    assertEquals(List.of(), leaks);
    assertTrue(checked > 150, "checked only " + checked + " classes");
  }

  /** Every class compiled into an exported package, nested ones included. */
  private static List<Class<?>> exportedClasses() throws IOException, ClassNotFoundException {
    List<Class<?>> found = new ArrayList<>();
    for (String name : new TreeSet<>(API)) {
      Path folder = classes.resolve(name.replace('.', '/'));
      try (Stream<Path> files = Files.list(folder)) {
        for (Path file : files.filter(f -> f.toString().endsWith(".class")).sorted().toList()) {
          String simple = file.getFileName().toString().replace(".class", "");
          if (!simple.equals("package-info")) {
            found.add(Class.forName(name + "." + simple, false, ModuleBoundaryTest.class.getClassLoader()));
          }
        }
      }
    }
    return found;
  }

  /** Whether a host can name {@code type}: it and every class around it are public or protected members. */
  private static boolean visible(Class<?> type) {
    for (Class<?> at = type; at != null; at = at.getDeclaringClass()) {
      if (at.isAnonymousClass() || at.isLocalClass() || at.isSynthetic()) {
        return false;
      }
      int modifiers = at.getModifiers();
      boolean member = at.getDeclaringClass() != null;
      if (!Modifier.isPublic(modifiers) && !(member && Modifier.isProtected(modifiers) && !Modifier.isFinal(at.getDeclaringClass().getModifiers()))) {
        return false;
      }
    }
    return true;
  }

  /** Whether a host reaches a member: public, or protected in a class it can extend. */
  private static boolean reachable(Class<?> owner, int modifiers) {
    return Modifier.isPublic(modifiers) || (Modifier.isProtected(modifiers) && !Modifier.isFinal(owner.getModifiers()));
  }

  private static void checkExecutable(String where, Executable executable, List<String> leaks) {
    for (Type parameter : executable.getGenericParameterTypes()) {
      check(where, parameter, leaks);
    }
    for (Type thrown : executable.getGenericExceptionTypes()) {
      check(where, thrown, leaks);
    }
    for (TypeVariable<?> variable : executable.getTypeParameters()) {
      for (Type bound : variable.getBounds()) {
        check(where, bound, leaks);
      }
    }
  }

  /** Records in {@code leaks} every class in {@code type} that is in a package the module does not export. */
  private static void checkHidden(String where, Type type, List<String> leaks) {
    Set<Class<?>> named = new HashSet<>();
    collect(type, named, new HashSet<>());
    for (Class<?> mentioned : named) {
      if (mentioned.getName().startsWith("dev.overture.") && !API.contains(mentioned.getPackageName())) {
        leaks.add(where + " extends " + mentioned.getName() + ", of the package " + mentioned.getPackageName() + " that is not exported");
      }
    }
  }

  /** Records in {@code leaks} every class in {@code type} that is ours and hidden or inaccessible. */
  private static void check(String where, Type type, List<String> leaks) {
    Set<Class<?>> named = new HashSet<>();
    collect(type, named, new HashSet<>());
    for (Class<?> mentioned : named) {
      if (!mentioned.getName().startsWith("dev.overture.")) {
        continue;
      }
      if (!API.contains(mentioned.getPackageName())) {
        leaks.add(where + " names " + mentioned.getName() + ", of the package " + mentioned.getPackageName() + " that is not exported");
      } else if (!visible(mentioned)) {
        leaks.add(where + " names " + mentioned.getName() + ", which a host cannot see");
      }
    }
  }

  private static void collect(Type type, Set<Class<?>> named, Set<TypeVariable<?>> seen) {
    if (type instanceof Class<?> plain) {
      Class<?> element = plain;
      while (element.isArray()) {
        element = element.getComponentType();
      }
      named.add(element);
    } else if (type instanceof ParameterizedType parameterized) {
      collect(parameterized.getRawType(), named, seen);
      if (parameterized.getOwnerType() != null) {
        collect(parameterized.getOwnerType(), named, seen);
      }
      for (Type argument : parameterized.getActualTypeArguments()) {
        collect(argument, named, seen);
      }
    } else if (type instanceof GenericArrayType array) {
      collect(array.getGenericComponentType(), named, seen);
    } else if (type instanceof WildcardType wildcard) {
      for (Type bound : wildcard.getUpperBounds()) {
        collect(bound, named, seen);
      }
      for (Type bound : wildcard.getLowerBounds()) {
        collect(bound, named, seen);
      }
    } else if (type instanceof TypeVariable<?> variable && seen.add(variable)) {
      for (Type bound : variable.getBounds()) {
        collect(bound, named, seen);
      }
    }
  }
}
