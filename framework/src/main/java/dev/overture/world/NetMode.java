package dev.overture.world;

/**
 * What a world is on the network, which decides what runs where. A listen server is a server and a
 * client at once: it gets both the server's and the client's components and bundles (older Unreal
 * engines gave listen servers the client's only).
 */
public enum NetMode {
  /** A single-player world: both server and client. */
  STANDALONE,
  /** A server with a local player: both server and client. */
  LISTEN_SERVER,
  /** A server with no local player. */
  DEDICATED_SERVER,
  /** A client connected to a server. */
  CLIENT;

  /** Whether the world has authority: everything but a client. */
  public boolean hasServer() {
    return this != CLIENT;
  }

  /** Whether the world has a local player to present to: everything but a dedicated server. */
  public boolean hasClient() {
    return this != DEDICATED_SERVER;
  }
}
