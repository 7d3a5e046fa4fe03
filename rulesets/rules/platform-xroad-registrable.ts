import { defineRule, show, type Problem } from '../lib/rule.js';

/**
 * The X-Road security server's own limits on the OpenAPI descriptions it registers a REST service
 * from (nordic-institute/X-Road, `OpenApiParser.java` in the security server's admin service).
 * A description it refuses cannot be offered through the data exchange layer at all.
 */
export const XROAD_SOURCE = 'nordic-institute/X-Road, security server admin service, OpenApiParser.java';
/** `SUPPORTED_OPENAPI_MINOR_VERSION_3_0`: any `openapi` that starts with this is accepted. */
export const XROAD_SUPPORTED_PREFIX = '3.0';
/** `SUPPORTED_OPENAPI_VERSION_3_1_0`: the one 3.1 version accepted, compared exactly. */
export const XROAD_SUPPORTED_3_1 = '3.1.0';
/** `MAX_DESCRIPTION_SIZE`: 10 MiB, counted in characters as the server reads them (UTF-8 decoded). */
export const XROAD_MAX_DESCRIPTION_SIZE = 10 * 1024 * 1024;

const mib = (characters: number) => `${(characters / (1024 * 1024)).toFixed(1)} MiB`;

/**
 * Runs on OpenAPI 3.0/3.1/3.2 documents. A Swagger 2.0 document, a missing `openapi` or a version
 * outside 3.0–3.2 is platform-openapi-3's finding (whose message names this limit too): one cause,
 * one finding.
 */
export default defineRule({
  id: 'platform-xroad-registrable',
  severity: 'error',
  category: 'documentation',
  source: {
    document: 'seed',
    section: 'Service 2, the data exchange layer; its limits: nordic-institute/X-Road OpenApiParser.java',
  },
  description:
    'The X-Road security server can register the service from its description: `openapi` starts with `3.0` or is exactly `3.1.0`, and the description is at most 10 MiB.',
  check(document, context) {
    const problems: Problem[] = [];
    const version = document.openapi;
    const text = typeof version === 'string' ? version : String(version);
    if (!text.startsWith(XROAD_SUPPORTED_PREFIX) && text !== XROAD_SUPPORTED_3_1) {
      problems.push({
        message: `\`openapi\` is ${show(version)}; the X-Road security server registers a REST service only from a description whose \`openapi\` starts with \`3.0\` or is exactly \`3.1.0\` (${XROAD_SOURCE}: SUPPORTED_OPENAPI_MINOR_VERSION_3_0, SUPPORTED_OPENAPI_VERSION_3_1_0), so this one cannot be registered: ${text.startsWith('3.1') ? 'the 3.1.x versions differ only in wording, so write `3.1.0`' : 'drop what only a later version allows and write `3.1.0`'}.`,
        path: ['openapi'],
      });
    }
    // The size the server reads: the root file's text, or a multi-file description's bundle, as the
    // linter measured it; under the stock Spectral CLI (no text at hand), the document as compact JSON.
    const size = context.descriptionSize ?? JSON.stringify(document).length;
    if (size > XROAD_MAX_DESCRIPTION_SIZE) {
      problems.push({
        message: `The description is ${mib(size)} (${size} characters); the X-Road security server refuses a description over 10 MiB (${XROAD_MAX_DESCRIPTION_SIZE} characters; ${XROAD_SOURCE}: MAX_DESCRIPTION_SIZE), so the service cannot be registered from it: split the API into services, or move long descriptions and examples out of the served file.`,
        path: [],
      });
    }
    return problems;
  },
});
