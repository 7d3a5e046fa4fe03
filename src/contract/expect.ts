/**
 * What each planned request expects, checked on the status it got: the examples succeed, a
 * missing resource answers 204 with an empty body, a malformed identifier 400 (never a 5xx), no
 * credentials 401 and a token without the scope 403.
 */
import type { Finding } from '../report/finding.js';
import { successStatuses } from './description.js';
import { contractFinding } from './finding.js';
import type { HttpResponse } from './http.js';
import type { PlannedRequest } from './plan.js';
import type { ResponseCheckContext } from './validate.js';

export interface ExpectationContext extends ResponseCheckContext {
  /** Whether the user gave any credentials (for the hint on a 401). */
  hasCredentials: boolean;
}

export function checkExpectation(ctx: ExpectationContext, planned: PlannedRequest, response: HttpResponse): Finding[] {
  const status = response.status;
  const finding = (id: Parameters<typeof contractFinding>[0], message: string) =>
    [contractFinding(id, ctx.description.displayPath, { op: ctx.op, message, request: ctx.request })];
  // "path parameter nationalId (`0101302989`)": read after "a malformed" or "the".
  const identifier = planned.identifier ? `${planned.identifier.parameter.in} parameter ${planned.identifier.parameter.name} (\`${planned.identifier.value}\`)` : 'identifier';
  switch (planned.kind) {
    case 'positive': {
      if (status >= 200 && status < 300) return [];
      const documented = successStatuses(ctx.op);
      const expected = documented.length ? documented.join(' or ') : 'a 2xx';
      return finding('contract-example-succeeds', `${ctx.exchange}, built from the description's examples, answered ${status}; expected ${expected}${positiveHint(ctx, status)}`);
    }
    case 'notFound': {
      if (status === 204 && response.body.length === 0) return [];
      if (status === 204) return finding('contract-not-found-204', `${ctx.exchange} answered 204 for the ${identifier}, an identifier that should not exist, but with a body; a 204 has an empty body`);
      const why =
        status === 404
          ? '; the platform answers a resource that does not exist (or is not accessible) with 204, not 404'
          : status >= 200 && status < 300
            ? '; if that identifier does exist on this server, give one that does not in --data under notFound'
            : status === 400
              ? '; the identifier is well formed (valid check digit), so it must not be rejected as bad input'
              : '';
      return finding('contract-not-found-204', `${ctx.exchange} answered ${status} for the ${identifier}, an identifier of the right form that should not exist; expected 204 with an empty body${why}`);
    }
    case 'malformed': {
      if (status === 400) return [];
      if (status >= 500) return finding('contract-invalid-input-400', `${ctx.exchange} answered ${status} to a malformed ${identifier}; bad input must never cause a 5xx: answer 400 with Problem Details`);
      const why = status >= 200 && status < 300 ? ', so the server did not validate it' : '';
      return finding('contract-invalid-input-400', `${ctx.exchange} answered ${status} to a malformed ${identifier}${why}; expected 400 with Problem Details`);
    }
    case 'noAuth': {
      if (status === 401) return [];
      if (status >= 200 && status < 300) return finding('contract-auth-required', `${ctx.exchange} answered ${status} without credentials, though ${ctx.op.label} declares security; it must answer 401 with Problem Details`);
      if (status === 403) return finding('contract-auth-required', `${ctx.exchange} answered 403 without credentials; expected 401 (403 means authenticated but not permitted)`);
      return finding('contract-auth-required', `${ctx.exchange} answered ${status} without credentials; expected 401 with Problem Details`);
    }
    case 'noScope': {
      if (status === 403) return [];
      const scopes = ctx.op.scopes.join(' ');
      if (status >= 200 && status < 300) return finding('contract-auth-required', `${ctx.exchange} answered ${status} to a token without the scope ${scopes}; it must answer 403 with Problem Details`);
      if (status === 401) return finding('contract-auth-required', `${ctx.exchange} answered 401 to a valid token without the scope ${scopes}; expected 403 (the caller is authenticated, only not permitted)`);
      return finding('contract-auth-required', `${ctx.exchange} answered ${status} to a token without the scope ${scopes}; expected 403 with Problem Details`);
    }
  }
}

function positiveHint(ctx: ExpectationContext, status: number): string {
  const key = ctx.op.operationId ?? `"${ctx.op.label}"`;
  if (status === 401) {
    return ctx.hasCredentials
      ? '; the credentials given were not accepted'
      : '; give credentials with --bearer, --header or --token-url/--client-id/--client-secret';
  }
  if (status === 403) return '; the credentials given do not permit this operation (check the scope and the access granted to the client)';
  if (status === 404 || status === 400 || status === 422) return `; if the example values do not exist on this server, give ones that do in --data under ${key}.positive`;
  return '';
}
