/**
 * The bottom layer of the API, which every other package may use: {@link dev.overture.core.Problem
 * problems} with their locations and the numbered report format, and the injectable {@link
 * dev.overture.core.Ticker ticker}. Of Overture's own it imports only the hidden helpers of {@code
 * dev.overture.internal} (the choice lists of problems).
 */
package dev.overture.core;
