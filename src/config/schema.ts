/**
 * The configuration's JSON Schema (`assets/config.schema.json`), built from the rules vottur has so
 * that editors complete rule ids and a misspelt one is refused. `test/config/config.test.ts` keeps
 * the shipped file equal to what this builds.
 */
const LEVELS = ['off', 'hint', 'info', 'warn', 'error'];

export function configSchema(ruleIds: readonly string[]): object {
  const rules = {
    type: 'object',
    description: 'Rule id → off, hint, info, warn or error.',
    propertyNames: { enum: [...ruleIds].sort() },
    additionalProperties: { enum: LEVELS },
  };
  const envName = { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$', description: 'The name of an environment variable (never the secret itself).' };
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://github.com/vottur/vottur/blob/main/assets/config.schema.json',
    title: 'vottur configuration (vottur.config.yaml)',
    description: 'How a team tunes vottur for its descriptions: rules, overrides, the baseline and contract settings. See docs/config.md.',
    type: 'object',
    additionalProperties: false,
    properties: {
      $schema: { type: 'string' },
      rules: rules,
      overrides: {
        type: 'array',
        description: 'Later entries win. `files` are globs relative to this file, optionally with #<JSON pointer> for a part of a description.',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['files', 'rules'],
          properties: { files: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } }, rules },
        },
      },
      baseline: { type: 'string', minLength: 1, description: 'The baseline file, relative to the working directory (as --baseline).' },
      contract: {
        type: 'object',
        additionalProperties: false,
        description: 'Settings of vottur test and vottur check; options on the command line win.',
        properties: {
          server: { type: 'string', pattern: '^https?://' },
          tokenUrl: { type: 'string', pattern: '^https?://' },
          clientId: { type: 'string', minLength: 1 },
          clientSecretEnv: envName,
          bearerEnv: envName,
          scope: { type: 'string' },
          xroadClient: { type: 'string' },
          data: { type: 'string', minLength: 1 },
          timeout: { type: 'integer', minimum: 1 },
          concurrency: { type: 'integer', minimum: 1 },
          maxResponseTime: { type: 'integer', minimum: 1 },
          rate: { type: 'number', exclusiveMinimum: 0 },
        },
      },
    },
  };
}
