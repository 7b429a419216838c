/**
 * Helpers every layer of the framework shares and hosts must not use, hidden by the module (it
 * does not export this package): replacing files atomically ({@link
 * dev.overture.internal.AtomicFiles}), reading files with a size limit ({@link
 * dev.overture.internal.BoundedFiles}), the valid choices shown beside an error ({@link
 * dev.overture.internal.Choices}), the one JSON layout files are written in ({@link
 * dev.overture.internal.JsonLayout}), the JSON mappers' builder, which sets up Jackson's {@code
 * java.time} support only when a mapper first meets such a type ({@link
 * dev.overture.internal.JsonMappers}), the check for numbers that are not finite ({@link
 * dev.overture.internal.FiniteNumbers}), how content's whole numbers read ({@link
 * dev.overture.internal.WholeNumbers}), the column of a place in a file as an editor counts it
 * ({@link dev.overture.internal.TextColumns}) and whether an optional library is there ({@link
 * dev.overture.internal.OptionalDependency}).
 *
 * <p>It is the bottom layer: it imports nothing of Overture's, and every other package, {@code
 * dev.overture.core} included, may import it. Nothing of it appears in an exported package's
 * signatures (ModuleBoundaryTest checks). The sample game and its command-line tool, Overture's
 * own and run on the class path, use it too; no promise of compatibility is made to anyone else.
 */
package dev.overture.internal;
