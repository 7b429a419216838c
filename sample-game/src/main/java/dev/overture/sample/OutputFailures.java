package dev.overture.sample;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * The standard output as the commands write it, remembering the first error: {@link
 * java.io.PrintWriter} (what picocli hands a command) swallows every {@link IOException} and keeps
 * only a flag, so a full disk or a closed pipe would otherwise end a run with exit code 0 and
 * nothing said. The command line reads {@link #failure()} once the command is done.
 *
 * <p>Written by the command's thread; {@link #failure()} may be read from any.
 */
final class OutputFailures extends FilterOutputStream {

  private volatile IOException failure;

  OutputFailures(OutputStream out) {
    super(out);
  }

  @Override
  public void write(int b) throws IOException {
    try {
      out.write(b);
    } catch (IOException e) {
      throw remember(e);
    }
  }

  @Override
  public void write(byte[] bytes, int offset, int length) throws IOException {
    try {
      out.write(bytes, offset, length);
    } catch (IOException e) {
      throw remember(e);
    }
  }

  @Override
  public void flush() throws IOException {
    try {
      out.flush();
    } catch (IOException e) {
      throw remember(e);
    }
  }

  /** The first error writing, or null when every write went through. */
  IOException failure() {
    return failure;
  }

  private IOException remember(IOException e) {
    if (failure == null) {
      failure = e;
    }
    return e;
  }
}
