/**
 * The harvest's bounds by default: per request (deadline, size, retries, concurrency) and for the
 * whole harvest (subsystems, services, bytes, time). A module of its own so that the command line
 * can show them in its help without loading the harvest.
 */
export const HARVEST_DEFAULTS = {
  concurrency: 4,
  timeoutMs: 30_000,
  /** The largest real descriptions we know are under 11 MB. */
  maxBytes: 16 * 1024 * 1024,
  retries: 2,
  /** Subsystems asked for their services (island.is has a few hundred). */
  maxSubsystems: 5_000,
  /** Services recorded, over every subsystem (the generated 1,000-service catalogue is far inside). */
  maxServices: 20_000,
  /** Endpoints recorded for one service (a listing may name 400,000 for each). */
  maxServiceEndpoints: 5_000,
  /** Endpoints recorded over every service: harvest.json stays some tens of MB at most. */
  maxEndpoints: 200_000,
  /**
   * Bytes of what the harvest keeps of the security server's words until harvest.json is written
   * (codes, names, endpoints' methods and paths, titles, versions), counted as each is taken: the
   * counts above allow 200,000 endpoints of 2,000 characters, which held 2.3 GB. island.is's
   * catalogue records a few MB.
   */
  maxRecordedBytes: 64 * 1024 * 1024,
  /** Bytes received over the whole harvest: about a hundred of the largest descriptions we know. */
  maxTotalBytes: 1024 * 1024 * 1024,
  /** The whole harvest's time (one hour). */
  maxDurationMs: 60 * 60 * 1000,
} as const;
