/**
 * Which planned requests are sent, given the credentials at hand: none without the examples
 * phase; the 403 probe only with a token without the scope; for a secured operation without any
 * credentials only the 401 probe (every other request would fail as a knock-on of that 401), with
 * one finding naming the options to pass.
 */
import type { Finding } from '../../report/finding.js';
import type { Credentials } from '../auth.js';
import type { ContractDescription, OperationModel } from '../description.js';
import { contractFinding } from '../finding.js';
import { methodAllowed } from '../http.js';
import { howToPass, schemesWithoutCredentials, type SchemeUse } from '../security.js';
import type { Plan, PlannedRequest } from '../plan.js';
import type { Phase } from '../phases/index.js';

export interface RequestsToSend {
  requests: PlannedRequest[];
  /** `contract-probe-skipped`, when the 403 probe cannot be sent. */
  findings: Finding[];
  /** Operations that cannot be tested, with the reason. */
  notTested: Map<OperationModel, string>;
  /**
   * Secured operations held back for want of credentials that no planned request asks without
   * them: the coverage phase asks each once (safe methods only), so a 2xx without credentials shows.
   */
  askWithoutCredentials: OperationModel[];
  /** `contract-credentials-missing`, when secured operations were held back for want of credentials. */
  credentialsMissing?: Finding;
}

export function requestsToSend(
  description: ContractDescription,
  plan: Plan,
  phases: readonly Phase[],
  credentials: Credentials,
  allowUnsafeMethods = false,
): RequestsToSend {
  const findings: Finding[] = [];
  const wantNoScope = plan.requests.some((r) => r.credentials === 'noScope');
  // Without the examples phase no planned request is sent (and Dredd, which replays them, is not run).
  let requests = phases.includes('examples') ? plan.requests : [];
  // Without --allow-unsafe-methods an unsafe method is never sent (http.ts refuses it too): the
  // operation is not tested, and Dredd skips its transactions for the same reason.
  const notTested = new Map<OperationModel, string>();
  // Every such operation, planned or not (one without an example has no planned request, and
  // is still not tested because of its method, not for want of one).
  for (const op of description.operations)
    if (!methodAllowed(op.method, allowUnsafeMethods))
      notTested.set(op, `${op.method} is not sent without --allow-unsafe-methods`);
  requests = requests.filter((r) => methodAllowed(r.method, allowUnsafeMethods));
  // Without any credentials, contract-credentials-missing below says it once for every probe.
  if (wantNoScope && !credentials.noScope && credentials.hasCredentials) {
    const skipped = [...new Set(requests.filter((r) => r.credentials === 'noScope').map((r) => r.op.label))];
    findings.push(
      contractFinding('contract-probe-skipped', description.displayPath, {
        message: `the 403 probe (a token without the required scope) was not sent for ${skipped.join(', ')}: ${credentials.noScopeReason}`,
        path: ['components', 'securitySchemes'],
      }),
    );
    requests = requests.filter((r) => r.credentials !== 'noScope');
  }

  // Without credentials a secured operation can only be asked for its 401: every other request
  // would fail as a knock-on of that 401, so they are not sent, and one finding says what to pass.
  let credentialsMissing: Finding | undefined;
  const askWithoutCredentials: OperationModel[] = [];
  /** The requests without credentials sent to held-back operations, in words; notes those the coverage phase asks. */
  const askedWithout = (held: readonly OperationModel[]): string => {
    const planned = requests.filter((r) => held.includes(r.op) && r.credentials === 'none');
    for (const op of held)
      if (
        phases.includes('coverage') &&
        methodAllowed(op.method, allowUnsafeMethods) &&
        !planned.some((r) => r.op === op)
      )
        askWithoutCredentials.push(op);
    const count = planned.length + askWithoutCredentials.length;
    const ops = new Set([...planned.map((r) => r.op), ...askWithoutCredentials]).size;
    return count === 0
      ? 'no request was sent to them (none could be built without credentials)'
      : `${count} request${count === 1 ? '' : 's'} without credentials ${count === 1 ? 'was' : 'were'} sent to ${ops} of them, checking only the 401`;
  };
  if (!credentials.hasCredentials) {
    const secured = description.operations.filter((op) => op.secured);
    if (secured.length > 0) {
      const held = requests.filter((r) => r.op.secured && r.credentials !== 'none');
      for (const op of secured) if (!notTested.has(op)) notTested.set(op, 'no credentials were given');
      requests = requests.filter((r) => !(r.op.secured && r.credentials !== 'none'));
      const checked = askedWithout(secured.filter((op) => notTested.get(op) === 'no credentials were given'));
      credentialsMissing = contractFinding('contract-credentials-missing', description.displayPath, {
        message: `no credentials were given, and ${secured.length === description.operations.length ? 'every operation requires them' : `${secured.length} of ${description.operations.length} operations ${secured.length === 1 ? 'requires' : 'require'} them`}: ${held.length} request${held.length === 1 ? '' : 's'} that need${held.length === 1 ? 's' : ''} a token ${held.length === 1 ? 'was' : 'were'} not sent, and ${checked}. Pass --bearer <token>, or --token-url <url> with --client-id <id> (the secret in VOTTUR_CLIENT_SECRET), or --header 'Authorization: …'`,
        path: ['components', 'securitySchemes'],
      });
    }
  } else {
    // Credentials are matched per scheme: a bearer token is not an API key. An operation none of
    // whose security alternatives the credentials carry is held back as if none were given.
    const lacking = new Map<OperationModel, SchemeUse[]>();
    for (const op of description.operations) {
      if (!op.secured || notTested.has(op)) continue;
      const missing = schemesWithoutCredentials(op.security, credentials.full);
      if (missing.length > 0) lacking.set(op, missing);
    }
    if (lacking.size > 0) {
      const held = requests.filter((r) => lacking.has(r.op) && r.credentials !== 'none');
      requests = requests.filter((r) => !(lacking.has(r.op) && r.credentials !== 'none'));
      const schemes = new Map<string, SchemeUse>();
      for (const [op, missing] of lacking) {
        notTested.set(op, `no credentials were given for ${missing.map((m) => m.name).join(' or ')}`);
        for (const scheme of missing) schemes.set(scheme.name, scheme);
      }
      const ops = [...lacking.keys()].map((op) => op.label);
      credentialsMissing = contractFinding('contract-credentials-missing', description.displayPath, {
        message: `the credentials given do not carry the security scheme${schemes.size === 1 ? '' : 's'} ${[...schemes.keys()].join(', ')} that ${ops.length === 1 ? `${ops[0]} requires` : `${ops.length} operations require (${ops.join(', ')})`}: ${held.length} request${held.length === 1 ? '' : 's'} that need${held.length === 1 ? 's' : ''} ${schemes.size === 1 ? 'it' : 'them'} ${held.length === 1 ? 'was' : 'were'} not sent, and ${askedWithout([...lacking.keys()])}. Pass ${[...new Set([...schemes.values()].map(howToPass))].join(' or ')}`,
        path: ['components', 'securitySchemes'],
      });
    }
    // The no-credentials probe is planned from an example; an operation without one is asked
    // without credentials by the coverage phase, from its generated valid values (the one request
    // builder), so every secured operation is checked for its 401 (issue 36, M3).
    if (phases.includes('coverage'))
      for (const op of description.operations)
        if (
          op.secured &&
          !notTested.has(op) &&
          methodAllowed(op.method, allowUnsafeMethods) &&
          !requests.some((r) => r.op === op && r.credentials === 'none') &&
          !askWithoutCredentials.includes(op)
        )
          askWithoutCredentials.push(op);
  }
  return {
    requests,
    findings,
    notTested,
    askWithoutCredentials,
    ...(credentialsMissing ? { credentialsMissing } : {}),
  };
}
