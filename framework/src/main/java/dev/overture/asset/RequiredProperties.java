package dev.overture.asset;

import dev.overture.internal.Choices;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.deser.SettableBeanProperty;
import tools.jackson.databind.deser.ValueInstantiator;
import tools.jackson.databind.deser.ValueInstantiators;
import tools.jackson.databind.deser.bean.PropertyValueBuffer;

/**
 * Honours {@link Required}: the instantiator of a record (or class) with a required creator
 * property is wrapped, and the wrapper refuses an object that leaves one out before the
 * constructor is called, as {@code Overture/MissingProperty} located at the object. The message
 * names the property and what to write there; for a class name or an enum it lists the valid
 * choices, as an unknown class or enum value does. Types without one are left as they are.
 * Stateless apart from the read-only kind registry; thread-safe.
 */
final class RequiredProperties extends ValueInstantiators.Base {

  private final KindRegistry kinds;

  RequiredProperties(KindRegistry kinds) {
    this.kinds = kinds;
  }

  @Override
  public ValueInstantiator modifyValueInstantiator(
      DeserializationConfig config, BeanDescription.Supplier description, ValueInstantiator instantiator) {
    if (instantiator == null || !instantiator.canCreateFromObjectWith()) {
      return instantiator;
    }
    SettableBeanProperty[] properties = instantiator.getFromObjectArguments(config);
    if (properties == null) {
      return instantiator;
    }
    int[] required = IntStream.range(0, properties.length)
        .filter(i -> properties[i] != null && properties[i].getAnnotation(Required.class) != null)
        .toArray();
    return required.length == 0 ? instantiator : new Checking(instantiator, required);
  }

  /** The wrapped instantiator, called only when every required property was written. */
  private final class Checking extends ValueInstantiator.Delegating {
    private static final long serialVersionUID = 1L;
    /**
     * The creator arguments that are required, in order, found once: checking an object asked each
     * argument for its annotation and made a list, for every object bound.
     */
    private final int[] required;

    Checking(ValueInstantiator delegate, int[] required) {
      super(delegate);
      this.required = required;
    }

    @Override
    public Object createFromObjectWith(DeserializationContext ctxt, SettableBeanProperty[] properties, PropertyValueBuffer buffer) {
      List<SettableBeanProperty> missing = null;
      for (int index : required) {
        SettableBeanProperty property = index < properties.length ? properties[index] : null;
        if (property != null && !buffer.hasParameter(property)) {
          if (missing == null) {
            missing = new ArrayList<>();
          }
          missing.add(property);
        }
      }
      if (missing != null) {
        throw missing(ctxt, missing);
      }
      return delegate().createFromObjectWith(ctxt, properties, buffer);
    }
  }

  /** {@code Missing "slotId": name the slot; "widgetClass" is missing too}, with the first one's choices. */
  private AssetReferenceException missing(DeserializationContext ctxt, List<SettableBeanProperty> missing) {
    SettableBeanProperty first = missing.get(0);
    String hint = first.getAnnotation(Required.class).value();
    StringBuilder message = new StringBuilder("Missing \"").append(first.getName()).append('"');
    if (!hint.isEmpty()) {
      message.append(": ").append(hint);
    }
    if (missing.size() > 1) {
      List<String> others = missing.subList(1, missing.size()).stream().map(p -> "\"" + p.getName() + "\"").toList();
      message.append("; ").append(others.size() == 1 ? others.get(0) + " is" : String.join(", ", others) + " are")
          .append(" missing too");
    }
    JavaType type = first.getType();
    Class<?> raw = type.getRawClass();
    if ((raw == ClassRef.class || raw == ClassOrAsset.class) && type.containedTypeCount() == 1) {
      List<String> known = kinds.classNamesAssignableTo(type.containedType(0).getRawClass());
      return new AssetReferenceException(ctxt.getParser(), "Overture/MissingProperty", message.toString(), Choices.closest("", known))
          .withLabel("registered");
    }
    if (raw.isEnum()) {
      List<String> constants = Arrays.stream(raw.getEnumConstants()).map(Object::toString).toList();
      return new AssetReferenceException(ctxt.getParser(), "Overture/MissingProperty", message.toString(), constants)
          .withLabel("valid");
    }
    return new AssetReferenceException(ctxt.getParser(), "Overture/MissingProperty", message.toString(), List.of());
  }
}
