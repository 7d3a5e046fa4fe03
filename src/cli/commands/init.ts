/**
 * `vottur init`: writes a commented starter `vottur.config.yaml` that editors validate and
 * complete (the `yaml-language-server` line points them at the schema).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { CouldNotRunError, errorLine } from '../../errors.js';
import type { CommandIo } from '../io.js';
import { cwdOf, writeFileAtomically } from '../../run/index.js';

export const STARTER_CONFIG = `# yaml-language-server: $schema=https://raw.githubusercontent.com/vottur/vottur/main/docs/config.schema.json
# vottur configuration: how this repository's descriptions are checked. See docs/config.md.
# Found from each description's folder upward to the repository root; --config <file> names
# another, --no-config uses none.

# A rule off, or at another severity (off | hint | info | warn | error), everywhere.
rules: {}
  # e.g. rules: { platform-pagination: warn }

# Rules for some files, or for a part of a description (glob#JSON pointer); later entries win.
overrides: []
  # e.g.:
  # - files: ['legacy/**/*.yaml']
  #   rules: { platform-path-version: off }
  # - files: ['apis/users.yaml#/paths/~1v1~1users']
  #   rules: { platform-get-204: info }

# Words of this team's services the rules should know (docs/vocabulary.md); additions only.
# vocabulary:
#   nationalIdAliases: [kennitalaEiganda]     # names that hold a kennitala
#   nationalIdOwners: { leigjanda: tenant }   # kennitalaLeigjanda -> tenantNationalId
#   customMethodVerbs: [recalculate]          # /v1/leases/{id}/recalculate is a custom method (POST)
#   collectionArrayNames: [skraningar]        # the member holding a list response's items
#   collectionPageMembers: [nextPageToken]    # other members a page may hold

# Spectral rulesets run beside vottur's, with their own rule ids (set their levels under rules:).
# extends: [spectral:oas]                     # or a ruleset file, an npm package, [ruleset, all|recommended|off]

# Findings in this file do not count; only new ones fail the gate (docs/baseline.md).
# Write it with: vottur lint 'apis/**/*.yaml' --update-baseline
# baseline: vottur-baseline.json

# vottur test and vottur check: options on the command line win. Secrets only by the name of
# an environment variable, never in this file.
# contract:
#   server: https://api.test.example.is/r1/IS-DEV/GOV/10000/my-service
#   tokenUrl: https://identity-server.staging01.devland.is/connect/token
#   clientId: my-client
#   clientSecretEnv: VOTTUR_CLIENT_SECRET
#   timeout: 10000
#   maxResponseTime: 2000
`;

export function registerInit(program: Command, io: CommandIo): void {
  program
    .command('init')
    .description('write a commented starter vottur.config.yaml in the current folder')
    .option('--force', 'replace an existing vottur.config.yaml')
    .action((options: { force?: boolean }) => {
      const file = resolve(cwdOf(io), 'vottur.config.yaml');
      if (existsSync(file) && !options.force)
        throw new CouldNotRunError(
          'vottur.config.yaml exists already; edit it, or pass --force to replace it with the starter',
        );
      writeFileAtomically(file, STARTER_CONFIG, 'vottur.config.yaml', cwdOf(io));
      io.stderr(`${errorLine('wrote vottur.config.yaml; see docs/config.md for every key')}\n`);
    });
}
