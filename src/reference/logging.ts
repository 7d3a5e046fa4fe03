/**
 * Structured logs of the reference service (pino, through Fastify). National identifiers are
 * personal data: every string in every line is masked on its way out (`0101302989` →
 * `010130****`), whatever logged it (request URLs, headers, error messages and stacks included).
 */
import { pino, stdSerializers, type Logger } from 'pino';
import { maskDeep, maskNationalIds } from '../pii.js';

/** Request headers worth logging besides `X-Road-Client`; the `X-Param-*` ones carry identifiers and are masked. */
const LOGGED_HEADERS = [
  'x-param-national-id',
  'x-param-to-national-id',
  'x-param-from-national-id',
  'user-agent',
] as const;

interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
  headers?: Record<string, string | string[] | undefined>;
}

export function createReferenceLogger(target: NodeJS.WritableStream): Logger {
  const destination = {
    write(line: string): void {
      target.write(maskLogLine(line));
    },
  };
  return pino(
    {
      level: 'info',
      base: { service: 'vottur-reference' },
      serializers: {
        req(request: LoggedRequest) {
          const headers: Record<string, string> = {};
          for (const name of LOGGED_HEADERS) {
            const value = request.headers?.[name];
            if (value !== undefined) headers[name] = maskNationalIds(Array.isArray(value) ? value.join(', ') : value);
          }
          const xRoadClient = request.headers?.['x-road-client'];
          return {
            method: request.method,
            url: request.url === undefined ? undefined : maskNationalIds(request.url),
            remoteAddress: request.ip,
            // The exchange layer's caller (its subsystem id), e.g. IS-DEV/GOV/10000/island-is-client.
            xRoadClient:
              xRoadClient === undefined
                ? undefined
                : maskNationalIds(Array.isArray(xRoadClient) ? xRoadClient.join(', ') : xRoadClient),
            headers,
          };
        },
        res(reply: { statusCode?: number }) {
          return { statusCode: reply.statusCode };
        },
        err: stdSerializers.err,
      },
    },
    destination,
  );
}

/**
 * Masks every string of a pino line (a JSON object per line). Numbers stay as they are: a
 * response time such as `0.5038199999` must not turn into `0.503819****`.
 */
export function maskLogLine(line: string): string {
  const newline = line.endsWith('\n') ? '\n' : '';
  try {
    return `${JSON.stringify(maskDeep(JSON.parse(line)))}${newline}`;
  } catch {
    // Not a JSON line: masked as text.
    return maskNationalIds(line);
  }
}
