package dev.overture.world;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;

/** Creates actors and components through their no-argument constructors. Stateless. */
final class Construction {

  private Construction() {}

  static <T> T create(Class<T> type) {
    if (type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
      throw new IllegalArgumentException("Cannot create " + type.getName() + ": it is abstract");
    }
    try {
      Constructor<T> constructor = type.getDeclaredConstructor();
      constructor.setAccessible(true);
      return constructor.newInstance();
    } catch (NoSuchMethodException e) {
      throw new IllegalArgumentException(
          "Cannot create " + type.getName() + ": it needs a constructor without arguments", e);
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException runtime) {
        throw runtime;
      }
      throw new IllegalStateException("The constructor of " + type.getName() + " failed: " + cause, cause);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("Cannot create " + type.getName() + ": " + e, e);
    }
  }
}
