package dev.overture.validation;

/**
 * Checks what no single asset can: the plugins' dependency graph, that at most one user-facing
 * experience is the default, the settings files. Called once per run, on the validating thread.
 */
public interface ProjectValidator {

  /** Reports what is wrong with the project. */
  void isDataValid(ProjectContext context);
}
