/**
 * The catalogues the development security server answers for: the sample shipped with vottur
 * (the reference user-profile service and a few members written for the purpose, under
 * `assets/catalogue/`), and a generated one of any size (`--sample-size N`) for measuring.
 */
import { readFileSync } from 'node:fs';
import { packageFile } from '../paths.js';
import type { Endpoint, ServiceType } from './xroad.js';

/** How `getOpenAPI` answers for a service, when it is not simply its description. */
export interface DevAnswer {
  status?: number;
  /** Held back this long before answering (ms); the server's `close()` cuts it short. */
  delayMs?: number;
  /** The body: text as given. */
  body?: string;
  mediaType?: string;
  /** A body of this many bytes (a YAML comment repeated): a description too large to take. */
  bytes?: number;
}

export interface DevService {
  serviceCode: string;
  serviceType: ServiceType;
  endpoints?: Endpoint[];
  /** The description `getOpenAPI` returns: a file (read on each request), text, or made on each request. */
  description?: { file: string } | { text: string } | { generate: () => string };
  mediaType?: string;
  /** A different answer for `getOpenAPI` (tests: a 500, a timeout, an oversize body). */
  answer?: DevAnswer;
  /** Listed by `allowedMethods` (default true). */
  allowed?: boolean;
  /** Service calls (`/r1/<subsystem>/<service-code>/…`) are forwarded to this base URL. */
  forwardTo?: string;
}

export interface DevSubsystem {
  instance: string;
  memberClass: string;
  memberCode: string;
  subsystemCode: string;
  memberName: string;
  subsystemName?: string;
  services: DevService[];
}

export interface DevCatalogue {
  subsystems: DevSubsystem[];
}

/** `assets/catalogue/<name>` (from `src/catalogue/` and from `dist/src/catalogue/`). */
export function catalogueAsset(name: string): string {
  return packageFile(`assets/catalogue/${name}`);
}

function referenceDescriptionFile(): string {
  return packageFile('assets/reference/user-profile.openapi.yaml');
}

/** The calling subsystem the sample expects: `--xroad-client IS-DEV/GOV/10000/vottur`. */
export const SAMPLE_CLIENT = 'IS-DEV/GOV/10000/vottur';
export const SAMPLE_REFERENCE_SERVICE = 'IS-DEV/GOV/10000/island-is/user-profile-v2';

/**
 * The sample catalogue: the reference service (forwarded to `referenceUrl` when given), a
 * conformant service, one with findings, a REST service registered without a description, a
 * subsystem with only SOAP (WSDL) services, and the calling subsystem itself (no services).
 */
export function sampleCatalogue(referenceUrl?: string): DevCatalogue {
  return {
    subsystems: [
      {
        instance: 'IS-DEV',
        memberClass: 'GOV',
        memberCode: '10000',
        subsystemCode: 'island-is',
        memberName: 'Stafrænt Ísland',
        subsystemName: 'island.is',
        services: [
          {
            serviceCode: 'user-profile-v2',
            serviceType: 'OPENAPI',
            description: { file: referenceDescriptionFile() },
            mediaType: 'application/yaml',
            endpoints: [
              { method: 'GET', path: '/v2/users/{nationalId}' },
              { method: 'GET', path: '/v2/users/.national-id' },
              { method: 'GET', path: '/v2/users/{toNationalId}/actor-profiles/{fromNationalId}' },
              { method: 'GET', path: '/v2/users/.to-national-id/actor-profiles/.from-national-id' },
            ],
            ...(referenceUrl ? { forwardTo: referenceUrl } : {}),
          },
        ],
      },
      {
        instance: 'IS-DEV',
        memberClass: 'GOV',
        memberCode: '10000',
        subsystemCode: 'vottur',
        memberName: 'Stafrænt Ísland',
        subsystemName: 'vottur (the caller)',
        services: [],
      },
      {
        instance: 'IS-DEV',
        memberClass: 'GOV',
        memberCode: '10001',
        subsystemCode: 'vehicle-registry',
        memberName: 'Samgöngustofa (sample)',
        services: [
          {
            serviceCode: 'vehicles-v1',
            serviceType: 'OPENAPI',
            description: { file: catalogueAsset('vehicle-registry-v1.openapi.yaml') },
            mediaType: 'application/yaml',
            endpoints: [{ method: 'GET', path: '/v1/vehicles/{registrationNumber}' }],
          },
        ],
      },
      {
        instance: 'IS-DEV',
        memberClass: 'GOV',
        memberCode: '10002',
        subsystemCode: 'fishing-permits',
        memberName: 'Fiskistofa (sample)',
        services: [
          {
            serviceCode: 'permits-v1',
            serviceType: 'OPENAPI',
            description: { file: catalogueAsset('permits-v1.openapi.yaml') },
            mediaType: 'application/yaml',
            endpoints: [
              { method: 'GET', path: '/permits' },
              { method: 'GET', path: '/permits/{id}' },
            ],
          },
        ],
      },
      {
        instance: 'IS-DEV',
        memberClass: 'COM',
        memberCode: '10003',
        subsystemCode: 'orders',
        memberName: 'Sample company',
        services: [
          { serviceCode: 'orders-v1', serviceType: 'REST', endpoints: [{ method: 'GET', path: '/orders/{id}' }] },
        ],
      },
      {
        instance: 'IS-DEV',
        memberClass: 'GOV',
        memberCode: '10004',
        subsystemCode: 'soap-registry',
        memberName: 'Sample SOAP agency',
        services: [
          { serviceCode: 'getPerson', serviceType: 'WSDL' },
          { serviceCode: 'getCompany', serviceType: 'WSDL' },
        ],
      },
    ],
  };
}

/** Services per subsystem of a generated catalogue. */
const GENERATED_PER_SUBSYSTEM = 10;

/**
 * A catalogue of `size` OpenAPI services, generated from the sample's two descriptions so that
 * some conform and some have findings, with a second major version beside every seventh
 * service. Descriptions are made on each request, so the server holds none of them.
 */
export function generatedCatalogue(size: number): DevCatalogue {
  const conformant = readFileSync(catalogueAsset('vehicle-registry-v1.openapi.yaml'), 'utf8');
  const withFindings = readFileSync(catalogueAsset('permits-v1.openapi.yaml'), 'utf8');
  const subsystems: DevSubsystem[] = [];
  let made = 0;
  for (let s = 0; made < size; s++) {
    const services: DevService[] = [];
    for (let k = 0; k < GENERATED_PER_SUBSYSTEM && made < size; k++, made++) {
      const index = made;
      const code = `sample-service-${index}`;
      const major = index % 7 === 6 ? 2 : 1;
      services.push({
        serviceCode: `${code}-v${major}`,
        serviceType: 'OPENAPI',
        mediaType: 'application/yaml',
        endpoints: [{ method: 'GET', path: `/v${major}/vehicles/{registrationNumber}` }],
        description: { generate: () => generatedDescription(index, major, conformant, withFindings) },
      });
      if (major === 2 && made + 1 < size) {
        // The first major version, kept beside the second.
        made++;
        services.push({
          serviceCode: `${code}-v1`,
          serviceType: 'OPENAPI',
          mediaType: 'application/yaml',
          endpoints: [{ method: 'GET', path: '/v1/vehicles/{registrationNumber}' }],
          description: { generate: () => generatedDescription(index, 1, conformant, withFindings) },
        });
      }
    }
    subsystems.push({
      instance: 'IS-DEV',
      memberClass: 'GOV',
      memberCode: String(20000 + s),
      subsystemCode: `sample-${s}`,
      memberName: `Sample agency ${s}`,
      services,
    });
  }
  return { subsystems };
}

function generatedDescription(index: number, major: number, conformant: string, withFindings: string): string {
  if (index % 5 === 2) return withFindings.replace('title: Fishing permits', `title: Sample service ${index}`);
  let text = conformant
    .replace('Vehicle Registry (vottur sample catalogue)', `Sample service ${index}`)
    .replace('version: 1.2.0', `version: ${major}.0.${index % 10}`);
  if (major === 2) text = text.replace('/v1/vehicles/', '/v2/vehicles/');
  // Every third one forgets its pricing and a property's description: a few findings.
  if (index % 3 === 1)
    text = text.replace(/\n {2}x-pricing:\n {4}- free/, '').replace('\n          description: The manufacturer.', '');
  return text;
}
