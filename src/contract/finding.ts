/** Builds contract `Finding`s with the rule's metadata filled in. */
import { encodePointer } from '../../rulesets/lib/openapi/pointer.js';
import { PATH_ITEM_METHODS } from '../../rulesets/lib/openapi/types.js';
import type { JsonPath } from '../../rulesets/lib/rule.js';
import type { Finding, Severity } from '../report/finding.js';
import type { ContractDescription, OperationModel } from './description.js';
import { contractRule, type ContractRuleId } from './rules.js';

export interface FindingInit {
  message: string;
  /** Where in the description the finding belongs (the operation, a response, a schema). */
  path?: JsonPath;
  op?: OperationModel;
  request?: Finding['request'];
  /** A severity below the rule's own, for findings that are advice rather than a breach. */
  severity?: Severity;
}

export function contractFinding(id: ContractRuleId, document: string, init: FindingInit): Finding {
  const rule = contractRule(id);
  const path = init.path ?? init.op?.path ?? [];
  return {
    ruleId: id,
    severity: init.severity ?? rule.severity,
    category: rule.category,
    message: init.message,
    document,
    pointer: encodePointer(path),
    path,
    docsUrl: rule.docsUrl,
    source: rule.source,
    ...(init.op
      ? { operation: init.op.label, ...(init.op.operationId !== undefined ? { operationId: init.op.operationId } : {}) }
      : {}),
    ...(init.request ? { request: init.request } : {}),
  };
}

/** A finding's pointer names a node of the description (not a member of a live payload). */
const DESCRIPTION_POINTER = /^\/(paths|components|webhooks)\//;

/** `GET /v2/users/{nationalId}` → `['paths', '/v2/users/{nationalId}', 'get']`, or undefined. */
function operationPath(operation: string): JsonPath | undefined {
  const match = /^([A-Za-z]+)\s+(\/\S*)$/.exec(operation.trim());
  const method = match?.[1]?.toLowerCase();
  const pathKey = match?.[2];
  if (method === undefined || pathKey === undefined || !PATH_ITEM_METHODS.some((m) => m === method)) return undefined;
  return ['paths', pathKey, method];
}

/**
 * The finding with where its description places it (`descriptionPosition`): the node its pointer
 * names, when that is a node of the description's own file, else its operation. Computed for
 * the findings a report holds, one lookup each, from the description already loaded.
 */
export function placedInDescription(finding: Finding, description: Pick<ContractDescription, 'positionOf'>): Finding {
  if (finding.line !== undefined) return finding;
  const atPointer = DESCRIPTION_POINTER.test(finding.pointer) ? description.positionOf(finding.path) : undefined;
  const operation = finding.operation !== undefined ? operationPath(finding.operation) : undefined;
  const position = atPointer ?? (operation ? description.positionOf(operation) : undefined);
  return position ? { ...finding, descriptionPosition: position } : finding;
}
