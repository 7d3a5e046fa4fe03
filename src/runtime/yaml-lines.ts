/**
 * One rule for YAML's line breaks, whichever parser reads the text. YAML 1.2 (5.4, `b-break`)
 * breaks a line at CR LF, at LF and at a bare CR; lint's reader (yaml-ast-parser, a js-yaml fork)
 * does so, but the `yaml` package, which reads configurations, policies, rulesets, overlays and
 * acceptances, breaks only at LF (and CR LF): to it a bare CR is a character of the line. The same
 * text was then two things: `# c\ropenapi: 3.0.3\r…\nextends: [...]` is a description to lint's
 * reader and a one-comment configuration with `extends` to the `yaml` package (issue 34, C1).
 * Every text the `yaml` package reads goes through `yamlLineBreaks` first, so both see the same
 * lines. One character for one: offsets, and so every line and column reported, stay the same.
 */
export function yamlLineBreaks(text: string): string {
  return text.includes('\r') ? text.replace(/\r(?!\n)/g, '\n') : text;
}

/**
 * A YAML text the repository (or the operator) writes as data — a configuration, a policy, an
 * acceptance file, contract data, an overlay — read one way: YAML 1.2's line breaks
 * (`yamlLineBreaks`), aliases bounded, duplicate keys refused, and a tag the core schema does not
 * know (`!!js/function`) an error, not a warning. The parser's warnings are never printed to the
 * process: Node printed them as several lines quoting the file before vottur's one line (attack
 * o34r10 B9). Throws the first error or warning, for the caller's one line.
 */
export async function parseYamlData(text: string, options: { uniqueKeys?: boolean } = {}): Promise<unknown> {
  // Duplicate keys found in linear time (the package's own check is quadratic, o34r10 B8).
  const { parseYamlDocument } = await import('./yaml-read.js');
  const document = parseYamlDocument(yamlLineBreaks(text), {
    uniqueKeys: options.uniqueKeys ?? true,
    logLevel: 'silent',
  });
  const [problem] = [...document.errors, ...document.warnings];
  if (problem) throw problem;
  try {
    return document.toJS({ maxAliasCount: MAX_DATA_ALIASES });
  } catch (error) {
    // The package's words ("indicates a resource exhaustion attack") say nothing of what to do. Said
    // without digits or quotes, which the callers' one line would drop as possible file content.
    if (error instanceof ReferenceError && /alias/i.test(error.message))
      throw new Error('its aliases (*name) expand more than a hundred times; write the repeated parts out', {
        cause: error,
      });
    throw error;
  }
}

/**
 * Alias expansions a YAML text of vottur's own inputs may make (the `yaml` package's count): these
 * are the operator's or the project's settings, where a bound reached ends the run (exit 2); a
 * description's aliases are bounded by its own reader and are a finding (src/lint/yaml.ts).
 */
const MAX_DATA_ALIASES = 100;
