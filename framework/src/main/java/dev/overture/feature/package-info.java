/**
 * Feature plugins and the actions they and experiences run: {@link
 * dev.overture.feature.GameFeatures} (discovery, the plugin state machine, request counting), the
 * {@link dev.overture.feature.GameFeatureAction} SPI with its per-world {@link
 * dev.overture.feature.FeatureContext}, and the built-in actions. Running actions in a world
 * (activate in order, deactivate in reverse, pausable) is {@code dev.overture.feature.internal}'s.
 */
package dev.overture.feature;
