import { describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { generateKeyPairSync } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { Ajv } from 'ajv';
import { ROOT } from '../cli/run.js';
import { QUICK, QUICK_SKIP_REASON } from '../suites.js';

const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  bin: Record<string, string>;
  scripts: Record<string, string>;
  files: string[];
};

/**
 * The parts of SchemaStore's schema for action metadata (https://json.schemastore.org/github-action.json,
 * after GitHub's "Metadata syntax for GitHub Actions",
 * https://docs.github.com/actions/sharing-automations/creating-actions/metadata-syntax-for-github-actions)
 * that a composite action must meet: `name`, `description` and `runs` required; every input has a
 * `description`; outputs of a composite action have a `value`; `runs.using: composite` with
 * `steps`; a step either `run`s (then `shell` is required) or `uses` an action (then no `shell`).
 */
const ACTION_SCHEMA = {
  type: 'object',
  required: ['name', 'description', 'runs'],
  properties: {
    name: { type: 'string' },
    description: { type: 'string' },
    author: { type: 'string' },
    branding: {
      type: 'object',
      properties: {
        icon: { type: 'string' },
        color: { enum: ['white', 'black', 'yellow', 'blue', 'green', 'orange', 'red', 'purple', 'gray-dark'] },
      },
      additionalProperties: false,
    },
    inputs: {
      type: 'object',
      propertyNames: { pattern: '^[_a-zA-Z][a-zA-Z0-9_-]*$' },
      additionalProperties: {
        type: 'object',
        required: ['description'],
        properties: {
          description: { type: 'string' },
          required: { type: 'boolean' },
          default: { type: 'string' },
          deprecationMessage: { type: 'string' },
        },
        additionalProperties: false,
      },
    },
    outputs: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        required: ['description', 'value'],
        properties: { description: { type: 'string' }, value: { type: 'string' } },
        additionalProperties: false,
      },
    },
    runs: {
      type: 'object',
      required: ['using', 'steps'],
      properties: {
        using: { const: 'composite' },
        steps: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            properties: {
              id: { type: 'string', pattern: '^[_a-zA-Z][a-zA-Z0-9_-]*$' },
              name: { type: 'string' },
              if: { type: 'string' },
              run: { type: 'string' },
              shell: { type: 'string' },
              uses: { type: 'string', pattern: '^[^@\\s]+@[^\\s]+$' },
              with: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] } },
              env: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] } },
              'working-directory': { type: 'string' },
              'continue-on-error': { type: ['boolean', 'string'] },
            },
            additionalProperties: false,
            oneOf: [
              { required: ['run', 'shell'], not: { required: ['uses'] } },
              { required: ['uses'], not: { anyOf: [{ required: ['run'] }, { required: ['shell'] }] } },
            ],
          },
        },
      },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
} as const;

interface ActionStep {
  id?: string;
  name?: string;
  run?: string;
  uses?: string;
  shell?: string;
  env?: Record<string, string>;
  if?: string;
  with?: Record<string, string>;
}
interface Action {
  inputs: Record<string, { default?: string; required?: boolean }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: ActionStep[] };
}

const action = parseYaml(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as Action;

function lintOptions(): string {
  return spawnSync(process.execPath, [join(ROOT, 'dist/cli/main.js'), 'lint', '--help'], { encoding: 'utf8' }).stdout;
}

describe('GitHub Action (action.yml)', () => {
  it('is valid action metadata for a composite action', () => {
    const validate = new Ajv({ allErrors: true }).compile(ACTION_SCHEMA);
    expect(validate(action) ? [] : validate.errors).toEqual([]);
  });

  it('refers only to inputs and steps that exist, and steps refer only to earlier steps', () => {
    const text = readFileSync(join(ROOT, 'action.yml'), 'utf8');
    const inputs = [...text.matchAll(/\binputs\.([a-zA-Z0-9_-]+)/g)].map((m) => m[1]);
    expect(inputs.length).toBeGreaterThan(5);
    for (const name of inputs) expect(Object.keys(action.inputs), `inputs.${name}`).toContain(name);
    const ids = action.runs.steps.map((step) => step.id).filter(Boolean);
    action.runs.steps.forEach((step, index) => {
      const earlier = action.runs.steps.slice(0, index).map((s) => s.id);
      for (const m of JSON.stringify(step).matchAll(/\bsteps\.([a-zA-Z0-9_-]+)\./g))
        expect(earlier, `step ${index} uses steps.${m[1]}`).toContain(m[1]);
    });
    for (const output of Object.values(action.outputs)) {
      const id = /steps\.([a-zA-Z0-9_-]+)\./.exec(output.value)?.[1];
      expect(ids).toContain(id);
    }
    // Every input is used.
    for (const name of Object.keys(action.inputs)) expect(inputs, `input ${name} is unused`).toContain(name);
  });

  it('uploads SARIF with github/codeql-action/upload-sarif, and passes only options vottur lint has', () => {
    const upload = action.runs.steps.find((step) => step.uses?.startsWith('github/codeql-action/upload-sarif@'));
    expect(upload?.with?.sarif_file).toBe('${{ steps.lint.outputs.sarif-file }}');
    const lint = action.runs.steps.find((step) => step.id === 'lint')!;
    const used = [...lint.run!.matchAll(/args\+=\((--[a-z-]+)/g)].map((m) => m[1]);
    const help = lintOptions();
    for (const option of used) expect(help, option).toContain(option);
  });

  it("runs its lint step's script: SARIF written, annotations on standard output, the exit code as an output", async () => {
    const lint = action.runs.steps.find((step) => step.id === 'lint')!;
    const dir = mkdtempSync(join(tmpdir(), 'vottur-action-'));
    try {
      const outputFile = join(dir, 'github-output');
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        NO_COLOR: '1',
        GITHUB_OUTPUT: outputFile,
        VOTTUR_CLI: join(ROOT, 'dist/cli/main.js'),
        INPUT_DOCUMENTS: `  ${join(ROOT, 'fixtures/loading/multi/openapi.yaml')}\n\n`,
        INPUT_CONFIG: '',
        INPUT_BASELINE: '',
        INPUT_FAIL_SEVERITY: 'error',
        INPUT_MIN_SCORE: '',
        INPUT_SARIF_FILE: join(dir, 'vottur.sarif'),
        INPUT_ANNOTATIONS: 'true',
        INPUT_ARGS: '--max-problems 0',
      };
      const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
        const child = spawn(lint.shell === 'bash' ? 'bash' : lint.shell!, ['-e', '-c', lint.run!], {
          cwd: dir,
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (c) => (stdout += c));
        child.stderr.on('data', (c) => (stderr += c));
        const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
        child.on('error', reject);
        child.on('close', (code) => {
          clearTimeout(timer);
          resolve({ code, stdout, stderr });
        });
      });
      expect(result.stderr).toBe('');
      // The step itself succeeds; the gate is a later step.
      expect(result.code).toBe(0);
      expect(readFileSync(outputFile, 'utf8')).toBe(`exit-code=1\nsarif-file=${join(dir, 'vottur.sarif')}\n`);
      const sarif = JSON.parse(readFileSync(join(dir, 'vottur.sarif'), 'utf8')) as {
        version: string;
        runs: Array<{ results: unknown[] }>;
      };
      expect(sarif.version).toBe('2.1.0');
      expect(sarif.runs[0].results).toHaveLength(12);
      expect(result.stdout.split('\n').filter((l) => l.startsWith('::error ')).length).toBe(10);
      const gate = action.runs.steps.at(-1)!;
      expect(spawnSync('bash', ['-c', gate.run!], { env: { ...process.env, EXIT_CODE: '1' } }).status).toBe(1);
      expect(spawnSync('bash', ['-c', gate.run!], { env: { ...process.env, EXIT_CODE: '0' } }).status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('GitHub Action (action.yml): attest', () => {
  it('writes a signed attestation per description with the key from VOTTUR_ATTEST_KEY, and refuses to run without it', () => {
    const step = action.runs.steps.find((s) => s.name === 'Attest')!;
    expect(step.if).toContain("inputs.attest != ''");
    const dir = mkdtempSync(join(tmpdir(), 'vottur-action-attest-'));
    try {
      const { privateKey } = generateKeyPairSync('ed25519');
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        VOTTUR_CLI: join(ROOT, 'dist/cli/main.js'),
        INPUT_DOCUMENTS: 'api/*.yaml\n',
        INPUT_CONFIG: '',
        INPUT_POLICY: '',
        INPUT_GATE: 'true',
        INPUT_FAIL_SEVERITY: 'error',
        INPUT_MIN_SCORE: '',
        INPUT_ATTEST: 'attestations',
      };
      mkdirSync(join(dir, 'api'));
      copyFileSync(join(ROOT, 'fixtures/conformant/catalogue-api.yaml'), join(dir, 'api/invoices.yaml'));
      const without = spawnSync('bash', ['-e', '-c', step.run!], { cwd: dir, env: { ...env, VOTTUR_ATTEST_KEY: '' } });
      expect(without.status).toBe(2);
      expect(without.stderr.toString()).toMatch(/VOTTUR_ATTEST_KEY is empty/);
      const run = spawnSync('bash', ['-e', '-c', step.run!], {
        cwd: dir,
        env: { ...env, VOTTUR_ATTEST_KEY: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString() },
        timeout: 60_000,
      });
      expect(run.status, run.stderr.toString()).toBe(0);
      const envelope = JSON.parse(readFileSync(join(dir, 'attestations/api_sinvoices.yaml.intoto.json'), 'utf8')) as {
        payload: string;
      };
      const statement = JSON.parse(Buffer.from(envelope.payload, 'base64').toString()) as {
        subject: Array<{ name: string }>;
        predicate: { policy?: { name: string }; gate: { verdict: string } };
      };
      expect(statement.subject[0].name).toBe('api/invoices.yaml');
      expect(statement.predicate).toMatchObject({ policy: { name: 'gate' }, gate: { verdict: 'pass' } });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('GitHub Action (action.yml): attest names and baseline', () => {
  it('gives two paths two attestation files (apis/a/b.yaml, apis/a_b.yaml) and passes the operator baseline to attest', () => {
    const step = action.runs.steps.find((s) => s.name === 'Attest')!;
    const dir = mkdtempSync(join(tmpdir(), 'vottur-action-attest-names-'));
    try {
      const { privateKey } = generateKeyPairSync('ed25519');
      mkdirSync(join(dir, 'apis/a'), { recursive: true });
      copyFileSync(join(ROOT, 'fixtures/conformant/catalogue-api.yaml'), join(dir, 'apis/a/b.yaml'));
      copyFileSync(join(ROOT, 'fixtures/conformant/catalogue-api.yaml'), join(dir, 'apis/a_b.yaml'));
      writeFileSync(join(dir, 'operator-baseline.json'), '{"vottur":"baseline","version":1,"entries":[]}\n');
      const run = spawnSync('bash', ['-e', '-c', step.run!], {
        cwd: dir,
        env: {
          ...process.env,
          VOTTUR_CLI: join(ROOT, 'dist/cli/main.js'),
          INPUT_DOCUMENTS: 'apis/a/b.yaml\napis/a_b.yaml\n',
          INPUT_CONFIG: '',
          INPUT_BASELINE: 'operator-baseline.json',
          INPUT_POLICY: '',
          INPUT_GATE: 'true',
          INPUT_FAIL_SEVERITY: 'error',
          INPUT_MIN_SCORE: '',
          INPUT_ATTEST: 'attestations',
          VOTTUR_ATTEST_KEY: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
        },
        timeout: 60_000,
      });
      expect(run.status, run.stderr.toString()).toBe(0);
      const subjectOf = (file: string) => {
        const envelope = JSON.parse(readFileSync(join(dir, 'attestations', file), 'utf8')) as { payload: string };
        return JSON.parse(Buffer.from(envelope.payload, 'base64').toString()) as {
          subject: Array<{ name: string }>;
          predicate: { configuration?: { baseline?: { file: string } } };
        };
      };
      expect(readdirSync(join(dir, 'attestations')).sort()).toEqual([
        'apis_sa_sb.yaml.intoto.json',
        'apis_sa_ub.yaml.intoto.json',
      ]);
      expect(subjectOf('apis_sa_sb.yaml.intoto.json').subject[0].name).toBe('apis/a/b.yaml');
      expect(subjectOf('apis_sa_ub.yaml.intoto.json').subject[0].name).toBe('apis/a_b.yaml');
      expect(subjectOf('apis_sa_ub.yaml.intoto.json').predicate.configuration?.baseline?.file).toMatch(
        /operator-baseline\.json$/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

/**
 * pre-commit's manifest schema (pre-commit/pre-commit, `pre_commit/clientlib.py`, MANIFEST_HOOK_DICT):
 * a list of hooks; `id`, `name`, `entry` and `language` required; `files` and `exclude` regular
 * expressions; `types`, `types_or`, `exclude_types` lists of identify tags; the rest optional.
 */
const PRE_COMMIT_SCHEMA = {
  type: 'array',
  minItems: 1,
  items: {
    type: 'object',
    required: ['id', 'name', 'entry', 'language'],
    properties: {
      id: { type: 'string' },
      name: { type: 'string' },
      entry: { type: 'string' },
      language: {
        enum: [
          'conda',
          'coursier',
          'dart',
          'docker',
          'docker_image',
          'dotnet',
          'fail',
          'golang',
          'haskell',
          'julia',
          'lua',
          'node',
          'perl',
          'pygrep',
          'python',
          'r',
          'ruby',
          'rust',
          'script',
          'swift',
          'system',
        ],
      },
      alias: { type: 'string' },
      files: { type: 'string' },
      exclude: { type: 'string' },
      types: { type: 'array', items: { type: 'string' } },
      types_or: { type: 'array', items: { type: 'string' } },
      exclude_types: { type: 'array', items: { type: 'string' } },
      additional_dependencies: { type: 'array', items: { type: 'string' } },
      args: { type: 'array', items: { type: 'string' } },
      always_run: { type: 'boolean' },
      fail_fast: { type: 'boolean' },
      pass_filenames: { type: 'boolean' },
      description: { type: 'string' },
      language_version: { type: 'string' },
      log_file: { type: 'string' },
      require_serial: { type: 'boolean' },
      stages: { type: 'array', items: { type: 'string' } },
      verbose: { type: 'boolean' },
      minimum_pre_commit_version: { type: 'string' },
    },
    additionalProperties: false,
  },
} as const;

describe('pre-commit hook (.pre-commit-hooks.yaml)', () => {
  const hooks = parseYaml(readFileSync(join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as Array<{
    id: string;
    entry: string;
    files: string;
    language: string;
  }>;

  it("meets pre-commit's manifest schema", () => {
    const validate = new Ajv({ allErrors: true }).compile(PRE_COMMIT_SCHEMA);
    expect(validate(hooks) ? [] : validate.errors).toEqual([]);
    expect(hooks[0]).toMatchObject({ id: 'vottur-lint', language: 'node', entry: 'vottur lint' });
  });

  it('runs a command the package installs, built when pre-commit packs it', () => {
    expect(Object.keys(packageJson.bin)).toContain(hooks[0].entry.split(' ')[0]);
    expect(packageJson.scripts.prepack).toMatch(/build/);
    expect(packageJson.files).toContain('dist/');
  });

  it('picks OpenAPI descriptions by name (a Python-compatible regular expression)', () => {
    const files = new RegExp(hooks[0].files);
    for (const name of ['openapi.yaml', 'apis/user/openapi.yml', 'openapi.json', 'svc/openapi-v2.yaml', 'swagger.json'])
      expect(files.test(name), name).toBe(true);
    for (const name of ['package.json', 'docs/openapi.md', 'ci.yaml', 'my-openapi.yaml/readme'])
      expect(files.test(name), name).toBe(false);
  });
});

describe('Dockerfile', () => {
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  const instructions = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#'))
    .map((line) => {
      const [, keyword, rest] = /^\s*([A-Z]+)\s+(.*)$/.exec(line)!;
      return { keyword: keyword, rest: rest.trim() };
    });

  it('runs the command package.json installs as vottur, on Node 20', () => {
    const entrypoint = JSON.parse(instructions.find((i) => i.keyword === 'ENTRYPOINT')!.rest) as string[];
    expect(entrypoint).toEqual(['node', `/app/${packageJson.bin.vottur}`]);
    const bases = instructions.filter((i) => i.keyword === 'FROM').map((i) => i.rest.split(/\s+/)[0]);
    expect(bases.every((base) => /^node:20(-|$)/.test(base))).toBe(true);
  });

  it('copies only files that exist and that .dockerignore lets through', () => {
    const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'));
    for (const copy of instructions.filter((i) => i.keyword === 'COPY' && !i.rest.startsWith('--from'))) {
      const sources = copy.rest.split(/\s+/).slice(0, -1);
      for (const source of sources) {
        expect(existsSync(join(ROOT, source)), source).toBe(true);
        const top = source.split('/')[0];
        const excluded =
          ignored.includes(top) &&
          !ignored.some(
            (rule) => rule.startsWith('!') && (rule.slice(1) === source || source.startsWith(`${rule.slice(1)}/`)),
          );
        expect(excluded, `${source} is excluded by .dockerignore`).toBe(false);
      }
    }
  });

  // An external tool: npm run test:quick leaves it out (test/suites.ts).
  const daemon = QUICK
    ? undefined
    : spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], { encoding: 'utf8', timeout: 10_000 });
  const dockerRuns = daemon?.status === 0 && daemon.stdout.trim() !== '';
  const skipped = QUICK ? ` ${QUICK_SKIP_REASON}` : ' (skipped: no docker daemon here)';
  it.skipIf(!dockerRuns)(
    `builds, and the image lints a description${dockerRuns ? '' : skipped}`,
    { timeout: 600_000 },
    () => {
      const tag = `vottur-test:${process.pid}`;
      try {
        const build = spawnSync('docker', ['build', '-q', '-t', tag, ROOT], { encoding: 'utf8', timeout: 540_000 });
        expect(build.status, build.stderr).toBe(0);
        const run = spawnSync(
          'docker',
          [
            'run',
            '--rm',
            '-v',
            `${join(ROOT, 'fixtures/conformant')}:/work:ro`,
            tag,
            'lint',
            'catalogue-api.yaml',
            '--format',
            'json',
          ],
          { encoding: 'utf8', timeout: 60_000 },
        );
        expect(run.status, run.stderr).toBe(0);
        expect((JSON.parse(run.stdout) as { documents: unknown[] }).documents).toHaveLength(1);
      } finally {
        spawnSync('docker', ['rmi', '-f', tag]);
      }
    },
  );
});
