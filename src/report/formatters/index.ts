/**
 * Output formats for the library: every format of the registry (./names.ts) loaded, by name. Each
 * renders the one `Report` model to text. The CLI loads only the formats a run names.
 */
import { FORMAT_NAMES, loadFormat, type FormatName } from './names.js';
import type { Formatter } from './types.js';

export type { FormatContext, Formatter } from './types.js';
export { isFormatName, type FormatName } from './names.js';

export const FORMATTERS: Readonly<Record<FormatName, Formatter>> = Object.fromEntries(
  await Promise.all(FORMAT_NAMES.map(async (name) => [name, (await loadFormat(name)).format] as const)),
) as Record<FormatName, Formatter>;
