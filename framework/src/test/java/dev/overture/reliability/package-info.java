/**
 * Reliability tests: one test per rule that no bad input, special file or fault may break (issue
 * 14), each named for its rule, with real files, real SQLite and, where a process is killed, a real
 * child JVM killed with SIGKILL at a point it announces.
 */
package dev.overture.reliability;
