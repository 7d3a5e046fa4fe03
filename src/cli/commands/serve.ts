/**
 * `vottur serve`: runs the reference user-profile service (and, unless told otherwise, a
 * development token issuer beside it) until SIGINT or SIGTERM. Prints one JSON line on
 * standard output with where to reach it; logs go to standard error.
 */
import type { EventEmitter } from 'node:events';
import type { Command } from 'commander';
import type { CommandIo } from '../io.js';
import { FAULTS, FAULT_NAMES, isFaultName, type FaultName } from '../../reference/faults.js';
import { startReferenceService, type ReferenceServiceOptions } from '../../reference/service.js';
import { CouldNotRunError, errorCode, errorMessage } from '../../errors.js';
import { MAX_CONNECTIONS } from '../../reference/connections.js';
import type { DevCertificateFiles } from '../../runtime/dev-certificates.js';
import { readGivenFile, readGivenFileSync } from '../../runtime/safe-read.js';
import { cwdOf } from '../../runtime/process-defaults.js';

export const DEFAULT_SERVE_PORT = 3333;

function parseMaxConnections(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new CouldNotRunError(`--max-connections ${value}: give a whole number, 1 or more`);
  return n;
}
export const DEFAULT_SERVE_HOST = '127.0.0.1';

interface ServeOptions {
  port: number;
  host: string;
  auth: boolean;
  issuer?: string;
  audience?: string;
  fault: FaultName[];
  listFaults?: boolean;
  xroad?: boolean;
  sampleSize?: number;
  fieldCase?: 'snake' | 'camel';
  tlsCert?: string;
  tlsKey?: string;
  tlsClientCa?: string;
  maxConnections?: number;
  tokenLifetime?: number;
  tls?: string;
}

/** Where `serve` writes, what stops it and where the service logs (default: the process's standard error, when main was given it). */
export type ServeIo = Pick<CommandIo, 'stdout' | 'signals' | 'log' | 'streams' | 'cwd'>;

export function registerServe(program: Command, io: ServeIo): void {
  const stdout = io.stdout;
  const signals: EventEmitter = io.signals ?? process;
  program
    .command('serve')
    .description('run the reference user-profile service (with a development token issuer) until interrupted')
    .option('--port <n>', 'port to listen on; 0 takes any free port', parsePort, DEFAULT_SERVE_PORT)
    .option('--host <h>', 'address to listen on', DEFAULT_SERVE_HOST)
    .option('--no-auth', 'serve without authentication (no token needed)')
    .option('--issuer <url>', 'require tokens of this OAuth 2.0 issuer instead of starting a development issuer')
    .option(
      '--audience <aud>',
      "with --issuer: refuse tokens whose `aud` does not include this (the development issuer's tokens always carry @island.is/user-profile)",
    )
    .option(
      '--fault <name>',
      'deviate from the conventions in this way; repeat for several (see --list-faults)',
      collectFault,
      [],
    )
    .option('--list-faults', 'list the fault modes, one per line, and exit')
    .option(
      '--xroad',
      'also start a development X-Road security server with the sample catalogue, forwarding to the reference service (see docs/catalogue.md)',
    )
    .option('--sample-size <n>', 'with --xroad: add a generated catalogue of n services', parseSampleSize)
    .option(
      '--field-case <case>',
      "with --xroad: answer as PR-MREST's Annex B examples (snake: a service list, member_class) or its Annex A schema (camel: a member list, memberClass, endpointList.member)",
      'snake',
    )
    .option('--tls-cert <file>', 'with --xroad: serve HTTPS with this certificate (PEM)')
    .option('--tls-key <file>', 'with --xroad: the key of --tls-cert (PEM)')
    .option(
      '--tls-client-ca <file>',
      'with --xroad: require client certificates signed by this CA (PEM): mutual TLS, as a security server does',
    )
    .option(
      '--tls <folder>',
      'serve HTTPS and require a client certificate: writes a development CA, server and client certificate (PEM, and the client as .p12) into the folder and prints where',
    )
    .option(
      '--token-lifetime <seconds>',
      "how long the development issuer's tokens are valid (default 3600); short ones try a client's token renewal",
      parseTokenLifetime,
    )
    .option(
      '--max-connections <n>',
      `the most connections open at once; a new one beyond it closes the oldest idle or slow one (default ${MAX_CONNECTIONS}, or half the open-files limit when lower)`,
      parseMaxConnections,
    )
    .action(async (options: ServeOptions) => {
      if (options.listFaults) {
        const width = Math.max(...FAULTS.map((fault) => fault.name.length));
        stdout(FAULTS.map((fault) => `${fault.name.padEnd(width)}  ${fault.description}\n`).join(''));
        return;
      }
      if (!options.auth && options.issuer !== undefined) {
        throw new CouldNotRunError('--no-auth and --issuer contradict each other: give one of them');
      }
      if (options.issuer !== undefined && !/^https?:\/\//i.test(options.issuer)) {
        throw new CouldNotRunError(
          `--issuer "${options.issuer}" is not an http(s) URL; give the issuer's URL, e.g. https://innskra.island.is`,
        );
      }
      if (options.tokenLifetime !== undefined && !(options.auth && options.issuer === undefined))
        throw new CouldNotRunError(
          "--token-lifetime sets the development issuer's tokens: it cannot be used with --issuer or --no-auth",
        );
      if (options.audience !== undefined && options.issuer === undefined)
        throw new CouldNotRunError('--audience needs --issuer (the development issuer always sets its own audience)');
      const auth: ReferenceServiceOptions['auth'] =
        options.issuer !== undefined
          ? { issuer: options.issuer, ...(options.audience !== undefined ? { audience: options.audience } : {}) }
          : options.auth
            ? 'dev'
            : 'none';

      if (options.xroad) {
        if (options.tls !== undefined)
          throw new CouldNotRunError(
            '--tls serves the reference service itself over mutual TLS; with --xroad give the security server its certificates with --tls-cert, --tls-key and --tls-client-ca',
          );
        return serveXRoad(options, auth, stdout, signals, io);
      }
      if (options.sampleSize !== undefined || options.tlsCert !== undefined)
        throw new CouldNotRunError('--sample-size and --tls-* need --xroad');
      // Listen for the signals before starting, so an early Ctrl-C still shuts down cleanly.
      let stop!: () => void;
      const stopped = new Promise<void>((resolve) => (stop = resolve));
      const onSignal = () => stop();
      signals.on('SIGINT', onSignal);
      signals.on('SIGTERM', onSignal);
      try {
        const certificates = options.tls !== undefined ? await writeCertificates(options.tls) : undefined;
        let service;
        try {
          service = await startReferenceService({
            ...(certificates ? { mutualTls: await readMutualTls(certificates, cwdOf(io)) } : {}),
            port: options.port,
            host: options.host,
            auth,
            faults: options.fault,
            log: io.log ?? io.streams?.stderr ?? false,
            ...(options.maxConnections !== undefined ? { maxConnections: options.maxConnections } : {}),
            ...(options.tokenLifetime !== undefined ? { tokenLifetimeSeconds: options.tokenLifetime } : {}),
          });
        } catch (error) {
          throw new CouldNotRunError(startFailure(error, options));
        }
        stdout(
          `${JSON.stringify({
            baseUrl: service.baseUrl,
            tokenUrl: service.tokenUrl ?? null,
            clientId: service.clientId ?? null,
            clientSecret: service.clientSecret ?? null,
            scope: service.scope,
            ...(certificates
              ? {
                  tls: {
                    folder: certificates.folder,
                    ca: certificates.caCert,
                    cert: certificates.clientCert,
                    key: certificates.clientKey,
                    p12: certificates.clientP12,
                    p12Passphrase: certificates.clientP12Passphrase,
                  },
                }
              : {}),
          })}\n`,
        );
        await stopped;
        await service.close();
      } finally {
        signals.off('SIGINT', onSignal);
        signals.off('SIGTERM', onSignal);
      }
    });
}

/** `--tls <folder>`: a new development CA, server and client certificate, written into the folder. */
async function writeCertificates(folder: string): Promise<DevCertificateFiles> {
  const path = await import('node:path');
  const { writeDevCertificates } = await import('../../runtime/dev-certificates.js');
  try {
    return await writeDevCertificates(path.resolve(folder));
  } catch (error) {
    throw new CouldNotRunError(
      `cannot write the development certificates into ${folder}: ${errorCode(error) ?? errorMessage(error)}`,
    );
  }
}

async function readMutualTls(
  files: DevCertificateFiles,
  cwd: string,
): Promise<{ cert: Buffer; key: Buffer; ca: Buffer }> {
  // Through the bounded reader: the certificates' folder is named on the command line (o34r15 item 3).
  const [cert, key, ca] = await Promise.all([
    readGivenFile(files.serverCert, { what: 'the server certificate', cwd }),
    readGivenFile(files.serverKey, { what: 'the server key', cwd }),
    readGivenFile(files.caCert, { what: 'the CA certificate', cwd }),
  ]);
  return { cert, key, ca };
}

function parseTokenLifetime(value: string): number {
  if (!/^[0-9]+$/.test(value) || Number(value) < 1 || Number(value) > 86_400)
    throw new CouldNotRunError(`--token-lifetime "${value}" is not a number of seconds from 1 to 86400`);
  return Number(value);
}

function parseSampleSize(value: string): number {
  if (!/^[0-9]+$/.test(value) || Number(value) > 100_000)
    throw new CouldNotRunError(`--sample-size "${value}" is not a number of services from 0 to 100000`);
  return Number(value);
}

/** `serve --xroad`: the reference service behind a development security server, until a signal. */
async function serveXRoad(
  options: ServeOptions,
  auth: ReferenceServiceOptions['auth'],
  stdout: (text: string) => void,
  signals: EventEmitter,
  io: ServeIo,
): Promise<void> {
  if (options.fieldCase !== 'snake' && options.fieldCase !== 'camel')
    throw new CouldNotRunError(`--field-case "${options.fieldCase}": use snake or camel`);
  const tlsFiles = [options.tlsCert, options.tlsKey, options.tlsClientCa];
  if (tlsFiles.some((f) => f !== undefined) && !tlsFiles.every((f) => f !== undefined))
    throw new CouldNotRunError('mutual TLS needs all three of --tls-cert, --tls-key and --tls-client-ca');
  // The bounded reader (regular files only, size-bounded): a FIFO given as --tls-cert hung the command (o34r15 item 3).
  const read = (file: string, option: string) => readGivenFileSync(file, { what: option, cwd: cwdOf(io) });
  const [tlsCert, tlsKey, tlsClientCa] = tlsFiles;
  const tls =
    tlsCert !== undefined && tlsKey !== undefined && tlsClientCa !== undefined
      ? {
          cert: read(tlsCert, '--tls-cert'),
          key: read(tlsKey, '--tls-key'),
          ca: read(tlsClientCa, '--tls-client-ca'),
        }
      : undefined;
  const { startXRoadEnvironment } = await import('../../catalogue/environment.js');
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const onSignal = () => stop();
  signals.on('SIGINT', onSignal);
  signals.on('SIGTERM', onSignal);
  try {
    let environment;
    try {
      environment = await startXRoadEnvironment({
        port: options.port,
        host: options.host,
        auth,
        log: io.log ?? io.streams?.stderr ?? false,
        fieldCase: options.fieldCase,
        ...(options.sampleSize !== undefined ? { sampleSize: options.sampleSize } : {}),
        ...(tls ? { tls } : {}),
      });
    } catch (error) {
      throw new CouldNotRunError(
        startFailure(error, options).replace('the reference service', 'the development security server'),
      );
    }
    const { reference } = environment;
    stdout(
      `${JSON.stringify({
        securityServer: environment.securityServer.baseUrl,
        xroadClient: environment.client,
        services: environment.services,
        referenceServiceUrl: environment.referenceServiceUrl,
        baseUrl: reference.baseUrl,
        tokenUrl: reference.tokenUrl ?? null,
        clientId: reference.clientId ?? null,
        clientSecret: reference.clientSecret ?? null,
        scope: reference.scope,
      })}\n`,
    );
    await stopped;
    await environment.close();
  } finally {
    signals.off('SIGINT', onSignal);
    signals.off('SIGTERM', onSignal);
  }
}

function parsePort(value: string): number {
  if (!/^[0-9]+$/.test(value) || Number(value) > 65535) {
    throw new CouldNotRunError(
      `--port "${value}" is not a port: give a whole number from 0 to 65535 (0 takes any free port)`,
    );
  }
  return Number(value);
}

function collectFault(value: string, previous: FaultName[]): FaultName[] {
  if (!isFaultName(value)) throw new CouldNotRunError(`unknown fault "${value}": use one of ${FAULT_NAMES.join(', ')}`);
  return previous.includes(value) ? previous : [...previous, value];
}

function startFailure(error: unknown, options: ServeOptions): string {
  const code = errorCode(error);
  const where = `${options.host}:${options.port}`;
  if (code === 'EADDRINUSE')
    return `cannot start the reference service: ${where} is already in use; choose another --port (0 takes any free one)`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return `cannot start the reference service: no address ${options.host} on this machine; use --host 127.0.0.1`;
  if (code === 'EACCES')
    return `cannot start the reference service: not allowed to listen on ${where}; use a port above 1023`;
  const message = errorMessage(error);
  return `cannot start the reference service: ${message.replace(/\s+/g, ' ')}`;
}
