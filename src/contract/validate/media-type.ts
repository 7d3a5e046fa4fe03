/** Media types as the response checks compare them: essence, ranges (`application/*`), JSON. */
import type { ResponseModel } from '../description.js';

import { mediaTypeMatches, parseMediaType, type ParsedMediaType } from '../../../rulesets/lib/openapi/media-type.js';

// One reading of media types for lint, contract and diff: rulesets/lib/openapi/media-type.ts.
export {
  isJsonMediaType,
  mediaTypeEssence as essenceOf,
  parseMediaType,
} from '../../../rulesets/lib/openapi/media-type.js';
export type MediaType = ParsedMediaType;

/** The documented media type an actual Content-Type falls under: exact matches win over ranges. */
export function matchingMediaType(response: ResponseModel, actual: MediaType): string | undefined {
  const keys = Object.keys(response.content);
  return (
    keys.find((key) => parseMediaType(key)?.essence === actual.essence) ??
    keys.find((key) => mediaTypeMatches(actual, key))
  );
}
