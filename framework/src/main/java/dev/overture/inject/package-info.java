/**
 * Assembly: {@link dev.overture.inject.Overture#builder()} for hosts without Guice, {@link
 * dev.overture.inject.OvertureModule} for Guice hosts, the {@link dev.overture.inject.WorldFactory}
 * of a runtime, and the Guice adapter of the object factory. See docs/embedding.md.
 */
package dev.overture.inject;
