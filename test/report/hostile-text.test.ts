/**
 * Text from a description or a server is hostile: every format shows it escaped. A property over
 * generated strings made of terminal escape sequences, line breaks, CI workflow commands, Unicode
 * controls and ordinary text, put in every place a report carries text from outside (message,
 * document, title, path, pointer, operation, request URL, rule id), for all eight formats.
 */
import fc from 'fast-check';
import { XMLValidator } from 'fast-xml-parser';
import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import type { Finding, Report } from '../../src/report/finding.js';
import { FORMATTERS } from '../../src/report/formatters/index.js';
import { FORMAT_NAMES, type FormatName } from '../../src/report/formatters/names.js';
import { escapeControls, escapeLine, neutraliseCommands } from '../../src/runtime/escape.js';
import { CWD, sampleReport } from './sample.js';

/** What a terminal, a CI runner or an editor would act on, raw. */
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

const PIECES = [
  '\u001b',
  '\u001b[2J\u001b[H',
  '\u001b]8;;https://evil.example/\u0007Score 100/100 (A)\u001b]8;;\u0007',
  '\u001b[8m',
  '\u009b31m',
  '\n',
  '\r',
  '\r\n',
  '\n::error file=x::forged\n',
  '\n::stop-commands::tok\n',
  '::add-mask::x',
  '  ::warning::x',
  '##[error]forged',
  '\u202e',
  '\u2028',
  '\u0000',
  '\u0007',
  '\u007f',
  '\t',
  '%0A',
  '|',
  '<b>',
  '`',
  '&',
  'a',
  ' ',
];

const hostile = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: 'binary', maxLength: 4 })), {
    minLength: 1,
    maxLength: 8,
  })
  .map((parts) => parts.join(''));

/** The sample report with `text` in every place that holds text from outside vottur. */
function reportWith(text: string): Report {
  const report = sampleReport();
  const document = `apis/${text}.yaml`;
  const findings: Finding[] = report.findings.map((finding, index) => ({
    ...finding,
    message: `${text} ${finding.message}`,
    ...(index % 2 === 0 ? { document } : {}),
    path: [...finding.path, text],
    pointer: `${finding.pointer}/${text}`,
    ...(finding.operation ? { operation: `GET /v2/${text}` } : {}),
    ...(finding.request ? { request: { ...finding.request, url: `http://127.0.0.1:4010/${text}` } } : {}),
  }));
  return {
    ...report,
    documents: [...report.documents, { path: document, title: text, version: text }],
    findings,
    ...(report.operations
      ? { operations: report.operations.map((op) => ({ ...op, operation: `GET /v2/${text}` })) }
      : {}),
  };
}

const render = (format: FormatName, report: Report) =>
  FORMATTERS[format](report, { cwd: CWD, color: false, showPii: true });

describe('text from a document or a server, in every format', () => {
  it.each(FORMAT_NAMES)('%s: never a raw control character, and the format still parses', (format) => {
    fc.assert(
      fc.property(hostile, (text) => {
        const out = render(format, reportWith(text));
        expect(out).not.toMatch(RAW_CONTROL);
        if (format === 'json' || format === 'sarif' || format === 'gitlab') {
          const parsed = JSON.parse(out) as unknown;
          // Escaped as JSON, not changed: the value read back is the text itself.
          if (format === 'json')
            expect((parsed as { findings: Finding[] }).findings[0].message.startsWith(text)).toBe(true);
        }
        if (format === 'junit') expect(XMLValidator.validate(out)).toBe(true);
        if (format === 'markdown') expect(() => marked.lexer(out)).not.toThrow();
      }),
      { numRuns: 60 },
    );
  });

  it.each(['stylish', 'github'] as const)(
    '%s: a hostile text adds no line and starts no workflow command',
    (format) => {
      const plainLines = render(format, reportWith('x')).split('\n').length;
      fc.assert(
        fc.property(hostile, (text) => {
          const lines = render(format, reportWith(text)).split('\n');
          expect(lines.length).toBe(plainLines);
          for (const line of lines) {
            expect(line).not.toContain('##[');
            if (format === 'stylish') expect(line).not.toMatch(/^\s*::/);
            else expect(line).toMatch(/^(::(error|warning|notice) [^\n]*::|vottur: |$)/);
          }
        }),
        { numRuns: 80 },
      );
    },
  );
});

/**
 * The GitHub runner's view of standard output (issue 34, o34r6 A04/A05): lines end at CR, LF or
 * CR LF, and each is trimmed as .NET `String.TrimStart()` trims (every `char.IsWhiteSpace`
 * character) before `::` is looked for; `##[` is a command anywhere in a line.
 */
const DOTNET_WHITE_SPACE = [
  ...'\t\n\u000b\f\r \u0085\u00a0\u1680\u2028\u2029\u202f\u205f\u3000',
  ...Array.from({ length: 11 }, (_, i) => String.fromCharCode(0x2000 + i)),
];
const DOTNET_TRIM_START = new RegExp(`^[${DOTNET_WHITE_SPACE.join('')}]*`);
const runnerCommands = (out: string) =>
  out
    .split(/\r\n|\r|\n/)
    .filter((line) => line.replace(DOTNET_TRIM_START, '').startsWith('::') || line.includes('##['));

/** Before a command: any run of .NET white space, format characters and colour codes, after a line break or none. */
const runnerSkipped = fc
  .array(
    fc.oneof(
      fc.constantFrom(...DOTNET_WHITE_SPACE),
      fc.constantFrom('\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u180e', '\u202e', '\u2066'),
      fc.constantFrom('\u001b[4m', '\u001b[0m'),
    ),
    { maxLength: 6 },
  )
  .map((parts) => parts.join(''));
const trimmedCommand = fc
  .tuple(
    fc.constantFrom('', 'x', '/v1/a'),
    fc.constantFrom('\n', '\r', '\r\n', ''),
    runnerSkipped,
    fc.constantFrom('::add-mask::KEY', '::error title=forged::forged', '::stop-commands::tok', '##[error]forged'),
    fc.constantFrom('', '\n', 'tail'),
  )
  .map((parts) => parts.join(''));

/** The sample report with `text` in a path key, a document's title and an operation id (and the places `reportWith` fills). */
function reportWithKeyTitleAndId(text: string): Report {
  const report = reportWith(text);
  return {
    ...report,
    findings: report.findings.map((finding) => ({
      ...finding,
      path: ['paths', text, 'get'],
      pointer: `/paths/${text.replaceAll('~', '~0').replaceAll('/', '~1')}/get`,
      operationId: text,
    })),
    ...(report.operations ? { operations: report.operations.map((op) => ({ ...op, operationId: text })) } : {}),
  };
}

describe('a workflow command behind what the runner trims (issue 34, o34r6 A04/A05)', () => {
  it.each(FORMAT_NAMES)('%s: no line the runner reads, trimmed as .NET trims, starts a command', (format) => {
    const own = render(format, reportWithKeyTitleAndId('x'));
    const ownCommands = new Set(runnerCommands(own).map((line) => line.replace(/ .*/, '')));
    fc.assert(
      fc.property(trimmedCommand, (text) => {
        const out = render(format, reportWithKeyTitleAndId(text));
        const commands = runnerCommands(out);
        if (format === 'github')
          // Its own annotations, one per finding as without the text, each a command on purpose.
          for (const line of commands) {
            expect(line).toMatch(/^::(error|warning|notice) [^\r\n]*::/);
            expect(ownCommands.has(line.replace(/ .*/, ''))).toBe(true);
            expect(line).not.toContain('##[');
          }
        else expect(commands).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });
});

describe('escaping', () => {
  it('shows control characters as \\uXXXX and, on one line, line breaks as \\n', () => {
    expect(escapeLine('a\u001b[2Jb\nc\r\td\u009b\u202e')).toBe('a\\u001b[2Jb\\nc\\r\\td\\u009b\\u202e');
    expect(escapeControls('a\u001bb\nc\td')).toBe('a\\u001bb\nc\td');
    expect(escapeLine('plain text, ünïcode ✔')).toBe('plain text, ünïcode ✔');
  });

  it('escapes every format character (\\p{Cf}) and the characters that show as nothing (issue 34, B6)', () => {
    const hidden = ['\u00ad', '\u200b', '\ufeff', '\u180e', '\u206a', '\u206f', '\u034f', '\u115f', '\u3164'];
    for (const c of hidden) {
      const code = `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
      expect(escapeControls(`a${c}b`)).toBe(`a${code}b`);
      expect(escapeLine(`a${c}b`)).toBe(`a${code}b`);
    }
    // A tag character (outside the BMP) as its surrogate pair.
    expect(escapeControls('a\u{e0041}b')).toBe('a\\udb40\\udc41b');
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const shown = escapeControls(text);
        expect(/\p{Cf}/u.test(shown)).toBe(false);
      }),
    );
  });

  it('neutralises a workflow command at a line start, after blanks or colour codes', () => {
    expect(neutraliseCommands('::error file=x::forged')).toBe('\\u003a:error file=x::forged');
    expect(neutraliseCommands('  \u001b[4m::warning::x')).toBe('  \u001b[4m\\u003a:warning::x');
    expect(neutraliseCommands('a ##[error]x')).toBe('a #\\u0023[error]x');
    expect(neutraliseCommands('GET /a::b')).toBe('GET /a::b');
    // What .NET's TrimStart() trims (o34r6 A04): NBSP, U+3000, U+2000–U+200A, U+205F, NEL, and format characters.
    for (const blank of ['\u00a0', '\u3000', '\u2003', '\u205f', '\u0085', '\u1680', '\u200b\ufeff'])
      expect(neutraliseCommands(`${blank}::add-mask::x`)).toBe(`${blank}\\u003a:add-mask::x`);
  });
});
