/**
 * `harvest.json`: what a harvest found and wrote, beside the descriptions. The report step reads
 * it, never the security server; a later harvest's report reads an earlier one's to diff.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CouldNotRunError, errorMessage } from '../errors.js';
import { readGivenFileSync } from '../runtime/safe-read.js';
import type { Endpoint, ServiceType } from './xroad.js';

export const MANIFEST_FILE = 'harvest.json';

/** Why a service's description could not be had; each is a `catalogue-<kind>` finding. */
export type HarvestErrorKind =
  'description-missing' | 'refused' | 'timeout' | 'too-large' | 'not-openapi' | 'unreachable' | 'limit';

/**
 * What the harvest left out as a whole, beyond one service: an entry of a metaservice answer whose
 * identifier is not a valid X-Road code (`catalogue-invalid-identifier`), or a bound of the harvest
 * reached (`catalogue-limit-reached`). Each is a finding of the report on `harvest.json`.
 */
export interface HarvestProblem {
  kind: 'invalid-identifier' | 'limit';
  /** One line: what was left out and why. */
  reason: string;
  /** The identifier as received, JSON-quoted and cut short (for an invalid one). */
  identifier?: string;
}

export interface HarvestError {
  kind: HarvestErrorKind;
  /** One line: what happened and what it means. */
  reason: string;
  status?: number;
  attempts?: number;
}

export interface HarvestedService {
  /** `xroad://INSTANCE/CLASS/MEMBER/SUBSYSTEM/SERVICE-CODE` */
  name: string;
  instance: string;
  memberClass: string;
  memberCode: string;
  subsystemCode: string;
  serviceCode: string;
  memberName?: string;
  serviceType: ServiceType;
  endpoints: Endpoint[];
  /** The description, relative to the harvest folder (`IS-DEV/GOV/10000/island-is/user-profile-v2.openapi.yaml`). */
  file?: string;
  sha256?: string;
  /** Bytes. */
  size?: number;
  mediaType?: string;
  /** `openapi-3.0`, `openapi-3.1` or `swagger-2.0` (converted and linted as OpenAPI 3.0). */
  format?: string;
  title?: string;
  /** `info.version` */
  version?: string;
  error?: HarvestError;
}

export interface HarvestedSubsystem {
  /** `INSTANCE/CLASS/MEMBER/SUBSYSTEM` */
  id: string;
  memberName?: string;
  subsystemName?: string;
  /** Services listed (of every type). */
  services: number;
  /** Why none of its services were harvested: only SOAP (WSDL) services, or none at all. */
  skipped?: string;
  /** Its services could not be listed. */
  error?: HarvestError;
}

export interface HarvestManifest {
  /** The format of this file; 1. */
  harvestFormat: 1;
  tool: { name: string; version: string };
  createdTimestamp: string;
  durationMs: number;
  securityServer: string;
  client: string;
  /** `listMethods`, or `allowedMethods` (only what the client may call). */
  method: 'listMethods' | 'allowedMethods';
  instance?: string;
  subsystemGlob?: string;
  subsystems: HarvestedSubsystem[];
  services: HarvestedService[];
  /** What was left out beyond single services; absent when nothing was. */
  problems?: HarvestProblem[];
  /** The bounds the harvest ran under. */
  limits?: HarvestLimits;
  summary: {
    subsystems: number;
    services: number;
    harvested: number;
    failed: number;
    wsdlSkipped: number;
    /** Bytes of the descriptions harvested. */
    bytes: number;
    /** Bytes received over every answer, error answers included: what `--max-total-size` counts. */
    received?: number;
  };
}

/**
 * A harvest's bounds (`--max-subsystems`, `--max-services`, `--max-service-endpoints`,
 * `--max-endpoints`, `--max-recorded-size`, `--max-total-size`, `--max-duration`).
 */
export interface HarvestLimits {
  maxSubsystems: number;
  maxServices: number;
  /** Endpoints recorded for one service (absent in a harvest written before the bound). */
  maxServiceEndpoints?: number;
  /** Endpoints recorded over the whole harvest (absent in a harvest written before the bound). */
  maxEndpoints?: number;
  /** Bytes of text recorded from the security server's answers (absent in a harvest written before the bound). */
  maxRecordedBytes?: number;
  /** Bytes received over the whole harvest. */
  maxTotalBytes: number;
  maxDurationMs: number;
}

export function readManifest(folder: string, shown = folder, cwd = folder): HarvestManifest {
  let text: string;
  const file = join(folder, MANIFEST_FILE);
  if (!existsSync(file))
    throw new CouldNotRunError(
      `${shown} is not a harvest: it has no ${MANIFEST_FILE}; run vottur catalogue harvest first`,
    );
  try {
    // The bounded reader (o34r15 item 3): the folder is named on the command line.
    text = readGivenFileSync(file, { what: MANIFEST_FILE, shown: `in ${shown}`, cwd }).toString('utf8');
  } catch (error) {
    throw new CouldNotRunError(`${shown} is not a harvest: ${errorMessage(error)}; run vottur catalogue harvest first`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new CouldNotRunError(`${shown}/${MANIFEST_FILE} is not JSON; harvest again`);
  }
  const manifest = value as Partial<HarvestManifest>;
  if (
    manifest?.harvestFormat !== 1 ||
    !Array.isArray(manifest.services) ||
    !Array.isArray(manifest.subsystems) ||
    (manifest.problems !== undefined && !Array.isArray(manifest.problems))
  ) {
    throw new CouldNotRunError(
      `${shown}/${MANIFEST_FILE} is not a harvest vottur can read (harvestFormat 1); harvest again`,
    );
  }
  for (const service of manifest.services) {
    // A manifest is input: a file it names must stay inside the folder.
    if (
      service.file !== undefined &&
      (typeof service.file !== 'string' || service.file.startsWith('/') || service.file.split(/[\\/]/).includes('..'))
    ) {
      throw new CouldNotRunError(
        `${shown}/${MANIFEST_FILE} names a file outside the harvest (${String(service.file)}); harvest again`,
      );
    }
  }
  return manifest as HarvestManifest;
}
