package io.schedkit.cli;

/** How a command prints its answer ({@code --format}). */
enum OutputFormat {
  /** Readable tables and sentences. */
  TEXT,
  /** JSON, as documented per command. */
  JSON
}
