/**
 * The reference service's defences against slow clients: a client that opens thousands of
 * connections and sends a header line every few seconds would otherwise hold every file
 * descriptor of the process, and every real request would be refused for as long as it lasts.
 *
 * - the headers of a request must arrive within `HEADERS_TIMEOUT_MS`, the whole request within
 *   `REQUEST_TIMEOUT_MS` (Node checks every `CHECK_INTERVAL_MS`);
 * - at most `maxConnections` are open at once; a new connection beyond it closes the oldest one
 *   that is not being answered (still sending its headers, or idle between requests), so the
 *   connections of slow clients make room for new ones instead of starving them.
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;
export const CHECK_INTERVAL_MS = 1_000;
/** The most connections at once: 1024, or half the process's file-descriptor limit when that is lower. */
export const MAX_CONNECTIONS = 1024;

/** The soft limit on open files (Linux: /proc/self/limits), or undefined where it cannot be read. */
function openFilesLimit(): number | undefined {
  try {
    const match = /^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    // Not Linux, or not readable: the limit is unknown.
    return undefined;
  }
}

/** The default connection cap for this process. */
export function defaultMaxConnections(): number {
  const limit = openFilesLimit();
  return limit === undefined ? MAX_CONNECTIONS : Math.max(16, Math.min(MAX_CONNECTIONS, Math.floor(limit / 2)));
}

/** Applies the timeouts and the connection cap to a server before it listens. */
export function guardConnections(server: Server, maxConnections = defaultMaxConnections()): void {
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  // The timeouts above are checked on this interval (Node's default is 30 s).
  (server as Server & { connectionsCheckingInterval?: number }).connectionsCheckingInterval = CHECK_INTERVAL_MS;
  // Open connections, oldest first (a Map keeps insertion order), each with its requests being answered.
  const open = new Map<Socket, { answering: number }>();
  server.on('connection', (socket: Socket) => {
    if (open.size >= maxConnections) {
      let evicted = false;
      for (const [old, state] of open) {
        if (state.answering > 0) continue;
        open.delete(old);
        old.destroy();
        evicted = true;
        break;
      }
      // Every connection is being answered: the new one waits for none of them, it is refused.
      if (!evicted) {
        socket.destroy();
        return;
      }
    }
    open.set(socket, { answering: 0 });
    socket.once('close', () => open.delete(socket));
  });
  server.on('request', (request, response) => {
    const state = open.get(request.socket);
    if (!state) return;
    state.answering++;
    let done = false;
    const finished = () => {
      if (done) return;
      done = true;
      state.answering--;
    };
    response.once('finish', finished);
    response.once('close', finished);
  });
}
