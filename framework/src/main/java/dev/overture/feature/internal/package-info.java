/**
 * The feature package's other half, hidden by the module: running a list of actions in one world
 * ({@link dev.overture.feature.internal.FeatureActivation}, with the framework's side of each
 * action's {@link dev.overture.feature.FeatureContext}) and the registration of the built-in kinds.
 * The experience manager and the plugins' per-world application both use it; hosts and plugins
 * must not (the module does not export it). It and {@code dev.overture.feature} use each other:
 * they are one unit, split only so that the module system can hide this half.
 */
package dev.overture.feature.internal;
