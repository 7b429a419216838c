package dev.overture.asset;

import dev.overture.core.Problem;
import java.util.List;

/**
 * One file, read and bound: the value, the warnings binding it produced, and where it came from.
 *
 * @param value the bound asset
 * @param warnings warnings from binding (unknown properties)
 * @param file the file as shown to users
 * @param bytes the size of the file, the estimate of the asset's memory that diagnostics show
 */
record Loaded(Object value, List<Problem> warnings, String file, long bytes) {}
