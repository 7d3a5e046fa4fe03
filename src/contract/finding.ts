/** Builds contract `Finding`s with the rule's metadata filled in. */
import { encodePointer } from '../../rulesets/lib/openapi/pointer.js';
import type { JsonPath } from '../../rulesets/lib/rule.js';
import type { Finding, Severity } from '../report/finding.js';
import type { OperationModel } from './description.js';
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
