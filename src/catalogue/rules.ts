/**
 * The catalogue's own rules: a service whose description could not be harvested, and a
 * service that changed in a way its callers cannot survive without a new major version. Each
 * has a page under `docs/rules/`; configuration and baselines name them like any other rule.
 */
import { docsUrl } from '../../rulesets/lib/rule.js';
import type { RuleMeta } from '../report/finding.js';
import type { HarvestErrorKind } from './manifest.js';

function rule(id: string, severity: RuleMeta['severity'], description: string): RuleMeta {
  return { id, severity, category: 'documentation', description, docsUrl: docsUrl(id), source: 'catalogue' };
}

/** The rule a harvest failure of each kind is reported under. */
export const HARVEST_FAILURE_RULE: Record<HarvestErrorKind, string> = {
  'description-missing': 'catalogue-description-missing',
  refused: 'catalogue-refused',
  timeout: 'catalogue-timeout',
  'too-large': 'catalogue-too-large',
  'not-openapi': 'catalogue-not-openapi',
  unreachable: 'catalogue-unreachable',
  limit: 'catalogue-limit-reached',
};

/** The rule each harvest-wide problem (manifest `problems`) is reported under. */
export const HARVEST_PROBLEM_RULE = {
  'invalid-identifier': 'catalogue-invalid-identifier',
  limit: 'catalogue-limit-reached',
} as const;

/** The document harvest-wide findings are on: the manifest, by its name (stable from one harvest folder to the next, as baselines need). */
export const HARVEST_DOCUMENT = 'harvest.json';

export const BREAKING_CHANGE_RULE = 'catalogue-breaking-change';
export const SERVICE_REMOVED_RULE = 'catalogue-service-removed';

export const NOT_ATTESTED_RULE = 'catalogue-not-attested';
export const ATTESTATION_OUTDATED_RULE = 'catalogue-attestation-outdated';

export const CATALOGUE_RULES: readonly RuleMeta[] = [
  rule(
    'catalogue-description-missing',
    'error',
    'A REST service is registered on the data exchange layer without an OpenAPI description: the catalogue cannot list it, and no caller can know how to call it.',
  ),
  rule(
    'catalogue-refused',
    'error',
    "The security server refused to give the service's description, or its subsystem's list of services, to the harvesting client (401, 403 or another 4xx).",
  ),
  rule(
    'catalogue-timeout',
    'error',
    "The service's description, or its subsystem's list of services, did not arrive whole within the deadline, after the retries.",
  ),
  rule(
    'catalogue-too-large',
    'error',
    "The service's description is larger than the harvest's size limit, and was not read.",
  ),
  rule(
    'catalogue-not-openapi',
    'error',
    'What the security server returned for the service is not an OpenAPI description: not YAML or JSON, or not an OpenAPI 3 (or Swagger 2.0) document.',
  ),
  rule(
    'catalogue-unreachable',
    'error',
    "The service's description, or its subsystem's list of services, could not be fetched or read: the connection failed, the security server answered 5xx after the retries, or the list was not JSON a metaservice answers (nested too deep, too large, malformed).",
  ),
  rule(
    'catalogue-limit-reached',
    'error',
    'A bound of the harvest was reached (subsystems, services, endpoints, total bytes or total time): what was over it was not harvested, so the catalogue is incomplete.',
  ),
  rule(
    'catalogue-invalid-identifier',
    'error',
    "The security server listed a client or a service whose identifier is not a valid X-Road code (a separator, a control character, '..', or a name of the harvest's own files): that entry was left out.",
  ),
  rule(
    BREAKING_CHANGE_RULE,
    'error',
    'The service changed since the previous harvest in a way that breaks its callers, without a new major version (a higher info.version major, or a new service code such as -v2 beside the old one).',
  ),
  rule(
    SERVICE_REMOVED_RULE,
    'warn',
    "A service of the previous harvest is no longer listed: its callers lose it, and the platform asks for six months' notice before a version is retired.",
  ),
  rule(
    NOT_ATTESTED_RULE,
    'error',
    'With --require-attestation: no attestation a trusted key signed names the description the security server serves as the description it judged (vottur attest), or the newest one records a failed gate (or, under a policy, a run under none), so nothing says it passed the gate.',
  ),
  rule(
    ATTESTATION_OUTDATED_RULE,
    'error',
    'With --require-attestation: the service was attested for an earlier version of its description; the description served now changed since and was not attested.',
  ),
];

/** Rules whose finding means the service's description (or part of the catalogue) could not be checked at all: it scores 0. */
export const UNCHECKED_RULES: readonly string[] = [
  ...new Set([...Object.values(HARVEST_FAILURE_RULE), ...Object.values(HARVEST_PROBLEM_RULE)]),
];
