/**
 * Experiences: their definitions (experience, action set, pawn data, user-facing tile), the
 * per-world {@link dev.overture.experience.ExperienceManager} state machine, and {@link
 * dev.overture.experience.ExperienceSelection} (which experience a world starts with).
 */
package dev.overture.experience;
