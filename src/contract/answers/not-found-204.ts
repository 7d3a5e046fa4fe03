/** An identifier of the right form that does not exist is answered 204 with an empty body. */
import { defineAnswerCheck, identifierWords, isSuccess } from './check.js';

export default defineAnswerCheck({
  id: 'not-found-204',
  rules: ['contract-not-found-204'],
  check(request, answer) {
    const status = answer.status;
    if (status === 204 && answer.body.length === 0) return undefined;
    const identifier = identifierWords(request);
    if (status === 204)
      return {
        rule: 'contract-not-found-204',
        message: `${request.label} answered 204 for the ${identifier}, an identifier that should not exist, but with a body; a 204 has an empty body`,
      };
    const why =
      status === 404
        ? '; the platform answers a resource that does not exist (or is not accessible) with 204, not 404'
        : isSuccess(status)
          ? '; if that identifier does exist on this server, give one that does not in --data under notFound'
          : status === 400
            ? '; the identifier is well formed (valid check digit), so it must not be rejected as bad input'
            : '';
    return {
      rule: 'contract-not-found-204',
      message: `${request.label} answered ${status} for the ${identifier}, an identifier of the right form that should not exist; expected 204 with an empty body${why}`,
      ...(why === '' ? { statusOnly: true } : {}),
    };
  },
});
