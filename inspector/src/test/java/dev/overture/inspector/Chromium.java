package dev.overture.inspector;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;
import java.util.stream.Stream;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;

/**
 * A real headless Chromium driven through its chromedriver (Debian's {@code chromium} and {@code
 * chromium-driver}), for the inspector's browser tests and the sample game's. It starts with a
 * fresh profile and every network feature off (the machine has no network but loopback), and
 * records the page's console so a test can assert there were no errors.
 *
 * <p>When Chromium or its driver is missing the test fails, saying how to install them: CI installs
 * them ({@code .ci/run}), and a browser test that skipped itself would hide a broken page.
 * Confined to the test's thread.
 */
public final class Chromium implements AutoCloseable {

  private final Path profile;
  private final ChromeDriver driver;

  private Chromium(Path browser, Path chromedriver) {
    try {
      profile = Files.createTempDirectory("overture-chromium");
    } catch (IOException e) {
      throw new UncheckedIOException("Could not make Chromium's profile folder", e);
    }
    ChromeOptions options = new ChromeOptions();
    options.setBinary(browser.toFile());
    options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
        "--window-size=1280,1000", "--user-data-dir=" + profile);
    options.setCapability("goog:loggingPrefs", Map.of(LogType.BROWSER, Level.ALL.getName()));
    ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(chromedriver.toFile()).usingAnyFreePort().build();
    try {
      driver = new ChromeDriver(service, options);
    } catch (RuntimeException e) {
      deleteProfile();
      throw e;
    }
  }

  /**
   * Starts Chromium.
   *
   * @throws IllegalStateException when Chromium or chromedriver is not installed, saying how to install them
   */
  public static Chromium start() {
    Optional<Path> browser = onPath("chromium");
    Optional<Path> chromedriver = onPath("chromedriver");
    if (browser.isEmpty() || chromedriver.isEmpty()) {
      throw new IllegalStateException("The browser tests need Chromium and its driver, and "
          + (browser.isEmpty() ? "chromium" : "chromedriver") + " is not on the PATH: install them with"
          + " `apt-get install -y chromium chromium-driver` (CI's .ci/run does)");
    }
    return new Chromium(browser.get(), chromedriver.get());
  }

  private static Optional<Path> onPath(String program) {
    String path = System.getenv().getOrDefault("PATH", "");
    for (String folder : path.split(java.io.File.pathSeparator)) {
      Path candidate = Path.of(folder, program);
      if (!folder.isEmpty() && Files.isExecutable(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  public ChromeDriver driver() {
    return driver;
  }

  /** Runs {@code script} in the page and returns what it returns. */
  public Object script(String script, Object... arguments) {
    return ((JavascriptExecutor) driver).executeScript(script, arguments);
  }

  /**
   * Opens {@code address} in a clean tab state: first a blank page, so that the page before it (whose
   * server may be gone) can no longer log reconnection errors, then the console is emptied, then the
   * address is loaded. The console's errors from then on belong to {@code address}.
   */
  public void open(String address) {
    driver.get("about:blank");
    consoleErrors();
    driver.get(address);
  }

  /** The console's errors since the last call (the browser log is emptied as it is read). */
  public List<String> consoleErrors() {
    return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
        .filter(entry -> entry.getLevel().intValue() >= Level.SEVERE.intValue())
        .map(LogEntry::toString)
        .toList();
  }

  /** A PNG of the window. */
  public byte[] screenshot() {
    return driver.getScreenshotAs(OutputType.BYTES);
  }

  @Override
  public void close() {
    try {
      driver.quit();
    } finally {
      deleteProfile();
    }
  }

  private void deleteProfile() {
    try (Stream<Path> files = Files.walk(profile)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(file);
      }
    } catch (IOException e) {
      // A profile left in the temporary folder harms nothing.
    }
  }
}
