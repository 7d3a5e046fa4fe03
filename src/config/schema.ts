/**
 * The configuration's JSON Schema (`assets/config.schema.json`), built from the rules vottur has so
 * that editors complete rule ids and a misspelt one is refused. `test/config/config.test.ts` keeps
 * the shipped file equal to what this builds.
 */
const LEVELS = ['off', 'hint', 'info', 'warn', 'error'];
/** The prefixes of vottur's own rule ids. */
/** `policy-…` is vottur's too: the operator policy's findings, which no configuration may level. */
const VOTTUR_RULE_PREFIX = '^(platform|contract|diff|vottur|policy)-';

/**
 * The most entries of one `rules` map: vottur's own rules (under 500), a policy's 500 of the
 * repository's rulesets and Spectral's built-in ones all fit. A configuration is the repository's
 * under a gate; its size is bounded (16 MB), and so is every list in it (issue 34, o34r10 B8: 300,000
 * rule ids ran for over 11 minutes).
 */
export const MAX_CONFIG_RULES = 2_000;

/**
 * The most entries of `extends` (an entry given twice within them runs once). Each is a ruleset
 * loaded and run over every document: 4,000 `spectral:oas` took 77 s and 1.3 GB with each finding
 * repeated (o34r10 B7). A configuration needs a few.
 */
export const MAX_CONFIG_EXTENDS = 50;

export function configSchema(ruleIds: readonly string[]): object {
  const rules = {
    type: 'object',
    description: `Rule id → off, hint, info, warn or error. At most ${MAX_CONFIG_RULES} rules.`,
    maxProperties: MAX_CONFIG_RULES,
    // vottur's own ids are checked (a misspelt one is refused); other names are the rules of a
    // Spectral ruleset the configuration extends, which only that ruleset knows.
    propertyNames: { anyOf: [{ enum: [...ruleIds].sort() }, { not: { pattern: VOTTUR_RULE_PREFIX } }] },
    additionalProperties: { enum: LEVELS },
  };
  const envName = {
    type: 'string',
    pattern: '^[A-Za-z_][A-Za-z0-9_]*$',
    description:
      'The name of an environment variable (never the secret itself), starting VOTTUR_; an operator policy may allow others (docs/gate.md).',
  };
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://raw.githubusercontent.com/vottur/vottur/main/docs/config.schema.json',
    title: 'vottur configuration (vottur.config.yaml)',
    description:
      'How a team tunes vottur for its descriptions: rules, overrides, vocabulary, extended Spectral rulesets, the baseline and contract settings. See docs/config.md.',
    type: 'object',
    additionalProperties: false,
    definitions: {
      rulesetReference: {
        oneOf: [
          { type: 'string', minLength: 1 },
          {
            type: 'array',
            items: [{ type: 'string', minLength: 1 }, { enum: ['all', 'recommended', 'off'] }],
            minItems: 2,
            maxItems: 2,
          },
        ],
      },
    },
    properties: {
      $schema: { type: 'string' },
      rules: rules,
      overrides: {
        type: 'array',
        maxItems: 200,
        description:
          'Later entries win. `files` are globs relative to this file, optionally with #<JSON pointer> for a part of a description. At most 200 overrides of at most 100 globs, each at most 512 characters.',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['files', 'rules'],
          properties: {
            files: {
              type: 'array',
              minItems: 1,
              maxItems: 100,
              items: { type: 'string', minLength: 1, maxLength: 512 },
            },
            rules,
          },
        },
      },
      extends: {
        description:
          "Spectral rulesets run beside vottur's: `spectral:oas`, `spectral:asyncapi`, `spectral:arazzo`, a ruleset file (YAML, JSON or JavaScript, relative to this file) or an npm package; `[ruleset, all | recommended | off]` picks which of its rules run, as in Spectral. " +
          `At most ${MAX_CONFIG_EXTENDS} entries; an entry given twice runs once. See docs/config.md.`,
        // Outside `oneOf`, so that a list past it is refused for its length, not as "must be string".
        maxItems: MAX_CONFIG_EXTENDS,
        oneOf: [
          { type: 'string', minLength: 1 },
          { type: 'array', items: { $ref: '#/definitions/rulesetReference' } },
        ],
      },
      vocabulary: {
        type: 'object',
        additionalProperties: false,
        description:
          'Words added to the judgement lists of the rules (docs/vocabulary.md). Additions only; at most 1000 words per list, each at most 100 characters.',
        properties: {
          nationalIdAliases: {
            type: 'array',
            maxItems: 1000,
            items: { type: 'string', maxLength: 100, pattern: '[A-Za-z0-9]' },
            description: 'Names that hold a national identifier (kennitala), e.g. `kennitalaEiganda`, `idNumber`.',
          },
          nationalIdOwners: {
            type: 'object',
            maxProperties: 1000,
            propertyNames: { maxLength: 100 },
            additionalProperties: { type: 'string', maxLength: 100, pattern: '^[a-z][A-Za-z0-9]*$' },
            description:
              'Icelandic genitive word after `kennitala` → the English prefix of the platform name (`leigjanda: tenant` makes `kennitalaLeigjanda` → `tenantNationalId`).',
          },
          customMethodVerbs: {
            type: 'array',
            maxItems: 1000,
            items: { type: 'string', maxLength: 100, pattern: '[A-Za-z]' },
            description: 'Last path segments that make a path a custom method, mapped to POST.',
          },
          collectionArrayNames: {
            type: 'array',
            maxItems: 1000,
            items: { type: 'string', minLength: 1, maxLength: 100 },
            description: 'Names of the member that holds a collection in a list response (besides `data`, `items`...).',
          },
          collectionPageMembers: {
            type: 'array',
            maxItems: 1000,
            items: { type: 'string', minLength: 1, maxLength: 100 },
            description:
              'Members a page of a collection may hold beside the collection (besides `pageInfo`, `totalCount`...).',
          },
        },
      },
      baseline: {
        type: 'string',
        minLength: 1,
        description: 'The baseline file, relative to the working directory (as --baseline).',
      },
      contract: {
        type: 'object',
        additionalProperties: false,
        description:
          'Settings of vottur test and vottur check; options on the command line win. Each is bounded, listed in every report, and under an operator policy used only where the policy lists it (docs/gate.md).',
        properties: {
          server: { type: 'string', pattern: '^https?://' },
          tokenUrl: { type: 'string', pattern: '^https?://' },
          // Strings that go into a request (a header, the token request) are bounded too.
          clientId: { type: 'string', minLength: 1, maxLength: 256 },
          clientSecretEnv: envName,
          bearerEnv: envName,
          scope: { type: 'string', maxLength: 1024 },
          xroadClient: { type: 'string', maxLength: 256 },
          data: { type: 'string', minLength: 1, maxLength: 4096 },
          // Bounded so a repository's value cannot make a run that never ends (rate: 0.000001) or
          // wait without end (docs/security.md lists each bound).
          timeout: { type: 'integer', minimum: 100, maximum: 120000 },
          concurrency: { type: 'integer', minimum: 1, maximum: 64 },
          maxResponseTime: { type: 'integer', minimum: 1, maximum: 120000 },
          rate: { type: 'number', minimum: 0.1, maximum: 1000 },
          budget: {
            type: 'integer',
            minimum: 1,
            maximum: 3600,
            description: 'Seconds the fuzz phase generates for (as --budget), instead of stopping at --max-examples.',
          },
          tls: {
            type: 'object',
            additionalProperties: false,
            description:
              "Transport like a real caller's (--cert, --key, --ca): a client certificate to present and private CAs to trust; paths relative to the working directory. Options on the command line replace it whole. Used only for a server the operator or the policy allows credentials for.",
            properties: {
              cert: {
                type: 'string',
                minLength: 1,
                description: 'The client certificate: PEM (with key), or PKCS#12 (.p12/.pfx).',
              },
              key: { type: 'string', minLength: 1, description: 'The private key of a PEM cert.' },
              ca: {
                oneOf: [
                  { type: 'string', minLength: 1 },
                  { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } },
                ],
                description: "A private CA's certificate(s) to trust besides the system's (PEM).",
              },
              passphraseEnv: {
                ...envName,
                description:
                  'The environment variable holding the passphrase of the key or the PKCS#12 file (default VOTTUR_CERT_PASSPHRASE); VOTTUR_ names only, unless a policy allows others.',
              },
            },
          },
        },
      },
    },
  };
}
