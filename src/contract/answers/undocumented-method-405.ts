/** A method a path does not document is answered 405 with an Allow header listing the documented ones. */
import { defineAnswerCheck } from './check.js';

export default defineAnswerCheck({
  id: 'undocumented-method-405',
  rules: ['contract-unsupported-method'],
  check(request, answer) {
    const status = answer.status;
    if (status === 405 && answer.headers.get('allow')) return undefined;
    const documented = (request.documented ?? []).join(', ');
    if (status === 405) {
      return {
        rule: 'contract-unsupported-method',
        message: `${request.label}, a method the description does not document for this path, answered 405 without an Allow header; list the documented methods (Allow: ${documented})`,
      };
    }
    return {
      rule: 'contract-unsupported-method',
      message: `${request.label}, a method the description does not document for this path, answered ${status}; expected 405 with Allow: ${documented}`,
    };
  },
});
