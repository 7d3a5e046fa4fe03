/**
 * A request the description neither allows nor forbids outright — a query parameter given twice,
 * a value thousands of characters long — may be served or refused as the server likes; it must
 * never cause a server error.
 */
import { defineAnswerCheck, serverErrorVerdict } from './check.js';

export default defineAnswerCheck({
  id: 'no-server-error',
  rules: ['contract-server-error'],
  check(request, answer) {
    return serverErrorVerdict(request, answer, request.constraint ?? 'an unusual request');
  },
});
