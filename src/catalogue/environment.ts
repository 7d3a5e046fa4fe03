/**
 * `vottur serve --xroad`: the reference user-profile service behind a development security
 * server that answers the metaservices for the sample catalogue (or a generated one of
 * `sampleSize` services) and forwards `/r1/IS-DEV/GOV/10000/island-is/user-profile-v2/…` to it.
 */
import type { SecureContextOptions } from 'node:tls';
import {
  startReferenceService,
  type ReferenceServiceOptions,
  type RunningReferenceService,
} from '../reference/service.js';
import { startDevSecurityServer, type DevSecurityServer } from './dev-server.js';
import { generatedCatalogue, sampleCatalogue, SAMPLE_CLIENT, SAMPLE_REFERENCE_SERVICE } from './sample.js';

export interface XRoadEnvironmentOptions {
  port?: number;
  host?: string;
  /** A generated catalogue of this many services beside the sample's. */
  sampleSize?: number;
  fieldCase?: 'snake' | 'camel';
  /** The reference service's authentication (`dev`: its own development issuer). */
  auth?: ReferenceServiceOptions['auth'];
  log?: ReferenceServiceOptions['log'];
  tls?: SecureContextOptions & { cert: string | Buffer; key: string | Buffer; ca: string | Buffer };
}

export interface XRoadEnvironment {
  securityServer: DevSecurityServer;
  reference: RunningReferenceService;
  /** The subsystem to call as: `IS-DEV/GOV/10000/vottur`. */
  client: string;
  /** Where the reference service is reached through the security server. */
  referenceServiceUrl: string;
  services: number;
  close(): Promise<void>;
}

export async function startXRoadEnvironment(options: XRoadEnvironmentOptions = {}): Promise<XRoadEnvironment> {
  const host = options.host ?? '127.0.0.1';
  const reference = await startReferenceService({
    host,
    port: 0,
    auth: options.auth ?? 'dev',
    log: options.log ?? false,
  });
  const catalogue = sampleCatalogue(reference.baseUrl);
  if (options.sampleSize !== undefined && options.sampleSize > 0)
    catalogue.subsystems.push(...generatedCatalogue(options.sampleSize).subsystems);
  let securityServer: DevSecurityServer;
  try {
    securityServer = await startDevSecurityServer({
      catalogue,
      host,
      ...(options.port !== undefined ? { port: options.port } : {}),
      ...(options.fieldCase ? { fieldCase: options.fieldCase } : {}),
      ...(options.tls ? { tls: options.tls } : {}),
    });
  } catch (error) {
    await reference.close();
    throw error;
  }
  return {
    securityServer,
    reference,
    client: SAMPLE_CLIENT,
    referenceServiceUrl: `${securityServer.baseUrl}/r1/${SAMPLE_REFERENCE_SERVICE}`,
    services: catalogue.subsystems.reduce((sum, s) => sum + s.services.length, 0),
    async close() {
      await securityServer.close();
      await reference.close();
    },
  };
}
