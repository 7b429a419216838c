/**
 * Overture, a data-driven experience loading framework: the asset manager, experiences, feature
 * plugins, worlds, object construction, versions, settings, validation and the world store.
 *
 * <p>The exported packages are the API. {@code dev.overture.internal} (helpers every layer shares:
 * atomic files, bounded reads, choice lists, JSON layout, finite numbers) and {@code
 * dev.overture.feature.internal} (running actions in a world, the built-in kinds) are not
 * exported: nothing of them appears in an exported signature, and a host cannot reach them.
 *
 * <p>Guice and sqlite-jdbc are optional ({@code requires static}): {@code dev.overture.inject.OvertureModule}
 * needs Guice, and {@code dev.overture.persistence.WorldStore} needs sqlite-jdbc only for a database
 * file it opens itself (a host's own {@code DataSource} needs neither). Without them, the rest runs,
 * and asking for what needs them fails with a {@code dev.overture.core.MissingDependencyException}
 * that names the artifact to add.
 *
 * <p>Reflection: Jackson binds the framework's records and Guice calls the module's provider
 * methods, so the packages holding them are opened to those two modules only. A host on the
 * module path opens the packages of its own asset records, settings and components to {@code
 * tools.jackson.databind} and {@code dev.overture.framework} (the object factory constructs them
 * and sets their properties).
 */
@SuppressWarnings("requires-automatic") // Guice 7 names its module only in its manifest; the watcher not at all
module dev.overture.framework {
  requires transitive com.fasterxml.jackson.annotation;
  requires transitive java.sql;
  requires transitive tools.jackson.databind;
  requires com.github.benmanes.caffeine;
  requires org.slf4j;
  // Not transitive: that would make Guice mandatory when a host module compiles. A host that uses
  // OvertureModule requires Guice itself (it calls Guice.createInjector anyway).
  requires static com.google.guice;
  requires static org.xerial.sqlitejdbc;
  // Live content's watcher, for development only (its jar has no module name of its own).
  requires static directory.watcher;

  exports dev.overture.archive;
  exports dev.overture.asset;
  exports dev.overture.core;
  exports dev.overture.experience;
  exports dev.overture.feature;
  exports dev.overture.id;
  exports dev.overture.inject;
  exports dev.overture.live;
  exports dev.overture.object;
  exports dev.overture.persistence;
  exports dev.overture.settings;
  exports dev.overture.validation;
  exports dev.overture.version;
  exports dev.overture.world;

  opens dev.overture.asset to tools.jackson.databind;
  opens dev.overture.experience to tools.jackson.databind;
  opens dev.overture.feature to tools.jackson.databind;
  opens dev.overture.object to tools.jackson.databind;
  opens dev.overture.settings to tools.jackson.databind;
  opens dev.overture.validation to tools.jackson.databind;
  opens dev.overture.version to tools.jackson.databind;
  opens dev.overture.inject to com.google.guice;
}
