package dev.overture.sample.game;

import dev.overture.world.Pawn;

/** The sample game's player pawn. */
public class Hero extends Pawn {}
