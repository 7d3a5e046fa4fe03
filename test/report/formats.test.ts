/** The CLI loads a format by its name (./names.ts); the library's table has them all: the two agree. */
import { describe, expect, it } from 'vitest';
import { FORMATTERS } from '../../src/report/formatters/index.js';
import { FORMAT_NAMES, isFormatName, loadFormat } from '../../src/report/formatters/names.js';
import { formatJson, formatJsonChunks } from '../../src/report/formatters/json.js';

describe('formats loaded by name', () => {
  it('are every format of the table, in its order, each its own formatter', async () => {
    expect([...FORMAT_NAMES]).toEqual(Object.keys(FORMATTERS));
    for (const name of FORMAT_NAMES) {
      expect(isFormatName(name)).toBe(true);
      expect((await loadFormat(name)).format).toBe(FORMATTERS[name]);
    }
    expect(isFormatName('toString')).toBe(false);
    expect(isFormatName('xml')).toBe(false);
  });

  it('render JSON in pieces', async () => {
    expect(await loadFormat('json')).toEqual({ format: formatJson, chunks: formatJsonChunks });
  });
});
