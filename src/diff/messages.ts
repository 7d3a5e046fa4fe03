/** How diff messages show values: strings quoted, anything else as JSON, long values cut. */
import type { JsonPath } from '../../rulesets/lib/openapi/types.js';
import type { FlatSchema } from './schema.js';

export const quote = (value: unknown): string => (typeof value === 'string' ? `"${value}"` : JSON.stringify(value));
/** A value as messages show it: at most 80 characters. */
export const shorten = (text: string): string => (text.length > 80 ? `${text.slice(0, 77)}…` : text);
/** Where a keyword of a (merged) schema is, or the schema itself when the keyword is absent. */
export const keywordAt = (flat: FlatSchema, name: string): JsonPath => flat.keywords.get(name)?.path ?? flat.path;
