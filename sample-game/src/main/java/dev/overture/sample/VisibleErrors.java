package dev.overture.sample;

import dev.overture.internal.ControlCharacters;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;

/**
 * The process's error stream with control characters shown rather than obeyed. The commands'
 * own writers escape them ({@link VisibleControls}), but the library's log (SLF4J's simple logger)
 * writes to {@code System.err} directly, and its lines quote content: an unknown property's name,
 * a file's path, a plugin's words. {@link Main} replaces {@code System.err} with this stream, so
 * every line the game writes to stderr goes through the framework's one rule ({@link
 * ControlCharacters}): the bytes are decoded in the stream's charset, every control but newline,
 * tab and carriage return written as its escape, and the text encoded again. A character split
 * across two writes waits for its other bytes; bytes that are no character in the charset are
 * written as its replacement.
 *
 * <p>Thread-safe: the {@link PrintStream} over it locks itself for each write, and this stream
 * locks itself too, for writers that reach it otherwise.
 */
final class VisibleErrors extends OutputStream {

  private final OutputStream out;
  private final Charset charset;
  private final CharsetDecoder decoder;
  /** Bytes of a character not yet whole, kept for the next write. */
  private ByteBuffer pending = ByteBuffer.allocate(0);

  private VisibleErrors(OutputStream out, Charset charset) {
    this.out = out;
    this.charset = charset;
    this.decoder = charset.newDecoder()
        .onMalformedInput(CodingErrorAction.REPLACE)
        .onUnmappableCharacter(CodingErrorAction.REPLACE);
  }

  /** A print stream over {@code err} in {@code charset} that shows control characters as escapes. */
  static PrintStream over(OutputStream err, Charset charset) {
    return new PrintStream(new VisibleErrors(err, charset), true, charset);
  }

  @Override
  public synchronized void write(int b) throws IOException {
    write(new byte[] {(byte) b}, 0, 1);
  }

  @Override
  public synchronized void write(byte[] bytes, int offset, int length) throws IOException {
    ByteBuffer in = ByteBuffer.allocate(pending.remaining() + length);
    in.put(pending).put(bytes, offset, length).flip();
    CharBuffer chars = CharBuffer.allocate((int) Math.ceil(in.remaining() * (double) decoder.maxCharsPerByte()) + 1);
    decoder.decode(in, chars, false);
    pending = in.slice();
    chars.flip();
    if (chars.hasRemaining()) {
      out.write(ControlCharacters.visible(chars).getBytes(charset));
    }
  }

  @Override
  public synchronized void flush() throws IOException {
    out.flush();
  }

  @Override
  public synchronized void close() throws IOException {
    out.close();
  }
}
