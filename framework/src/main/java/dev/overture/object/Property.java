package dev.overture.object;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a field as a property, like Unreal's {@code UPROPERTY}: class defaults hold its default
 * value, new instances start from it, and archetypes in JSON may override it by name. Property
 * values should be immutable (numbers, strings, records, immutable lists): instances share them
 * with the class defaults.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface Property {}
