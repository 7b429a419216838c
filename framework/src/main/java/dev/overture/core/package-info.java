/**
 * The bottom layer every other package may use: {@link dev.overture.core.Problem problems} with
 * their locations and the numbered report format, and the injectable {@link
 * dev.overture.core.Ticker ticker}. It imports nothing of Overture's.
 */
package dev.overture.core;
