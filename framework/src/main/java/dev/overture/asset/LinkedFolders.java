package dev.overture.asset;

import java.io.IOException;
import java.util.List;

/**
 * A source whose listings pass over folders that are symbolic links (they are not followed: a link
 * back up would never end) and can say which ones they passed over, so that the index warns of the
 * files it leaves out instead of leaving them out unexplained. The built-in sources of folders on
 * disk. Thread-safe as {@link AssetSource} is.
 */
interface LinkedFolders {

  /** A link to a folder that a listing passed over: its path relative to the root, and its target as written. */
  record Link(String path, String target) {}

  /**
   * {@link AssetSource#list}, adding to {@code links} each link to a folder it passed over: {@code
   * folder} itself when it is one, and, when {@code recursive}, every one below it.
   */
  List<String> list(AssetPath folder, boolean recursive, List<Link> links) throws IOException;

  /**
   * Whether a listing of {@code folder} passes over {@code path}, a file below it, because a folder
   * on its way ({@code folder} itself, or one between it and the file) is a symbolic link to a
   * folder: a reindex of one file asks this, so that it leaves out what the index of the whole root
   * leaves out.
   */
  boolean behindLink(AssetPath folder, AssetPath path);

  /**
   * {@code path} as a listing of the folder that holds it records it when it is a symbolic link to a
   * folder (a reindex of a link made while the game runs asks this, so that it warns as the index of
   * the whole root would); empty when it is anything else, or nothing.
   */
  java.util.Optional<Link> linkAt(AssetPath path);
}
