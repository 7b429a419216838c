/**
 * Feature plugins and the actions they and experiences run: {@link
 * dev.overture.feature.GameFeatures} (discovery, the plugin state machine, request counting), the
 * {@link dev.overture.feature.GameFeatureAction} SPI with its per-world {@link
 * dev.overture.feature.FeatureContext}, {@link dev.overture.feature.FeatureActivation} (activate in
 * order, deactivate in reverse, pausable), and the built-in actions.
 */
package dev.overture.feature;
