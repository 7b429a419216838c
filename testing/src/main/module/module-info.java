/**
 * The Overture test kit, for game teams' tests: content from JSON strings, a runtime on manual
 * executors with a fake clock, a JUnit Jupiter extension, and helpers that drive experiences and
 * assert on what they did. It uses only the framework's exported API; a test module that requires
 * it reads the framework and JUnit's API too.
 */
@SuppressWarnings("requires-automatic") // the PostgreSQL driver names its module only in its manifest
module dev.overture.testing {
  requires transitive dev.overture.framework;
  requires transitive org.junit.jupiter.api;
  // TestPostgres: a real PostgreSQL server, its driver and a pool of its connections.
  requires transitive com.zaxxer.hikari; // Database.pool gives one
  requires org.postgresql.jdbc;
  // PluginJar compiles a plugin's sources with the system Java compiler.
  requires java.compiler;

  exports dev.overture.testing;
}
