// One configuration for the whole tree: TypeScript with type information (src, rulesets, bench,
// test), the plain ESM scripts without it.
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'coverage/**',
      'test-artifacts/**',
      'editors/*/out/**',
      'editors/*/dist/**',
      'editors/*/node_modules/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  comments.recommended,
  {
    languageOptions: {
      globals: globals.node,
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Say what is known instead of asserting it: narrow, restructure, or check an invariant by name.
      '@typescript-eslint/no-non-null-assertion': 'error',
      // No blanket disables; a local one says why (`// eslint-disable-next-line rule -- reason`).
      '@eslint-community/eslint-comments/no-unlimited-disable': 'error',
      '@eslint-community/eslint-comments/require-description': 'error',
    },
  },
  {
    // Tests read reports back with JSON.parse, whose `any` is the point of the test (the value is
    // then asserted on), so the no-unsafe-* family is off there; every other type-checked rule
    // (floating promises above all) applies. A test may assert a value it has just checked is there
    // (`found!.line`): if it is not, the test fails, which is what a test is for.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // One writer (src/runtime/safe-write.ts): every file a user, a configuration or a repository
    // names is written through writeFileAtomically, after refuseLeavingRepository (issue 34, C6).
    // The report writer (src/run/output.ts) stages and commits through it too. The files let off
    // write only to folders vottur made for itself (temporary folders, its compile cache, its
    // development certificates) or the catalogue's harvest folder.
    files: ['src/**/*.ts'],
    ignores: [
      'src/runtime/safe-write.ts',
      'src/runtime/compile-cache.ts',
      'src/runtime/dev-certificates.ts',
      'src/contract/dredd/run.ts',
      'src/diff/sides.ts',
      'src/catalogue/fetch.ts',
      'src/catalogue/harvest.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        ...['node:fs', 'node:fs/promises', 'fs', 'fs/promises'].map((name) => ({
          name,
          importNames: [
            'writeFile',
            'writeFileSync',
            'appendFile',
            'appendFileSync',
            'createWriteStream',
            'rename',
            'renameSync',
            'copyFile',
            'copyFileSync',
            'cp',
            'cpSync',
            'symlink',
            'symlinkSync',
            'link',
            'linkSync',
            'truncate',
            'truncateSync',
            'writeSync',
            'write',
          ],
          message:
            'write through writeFileAtomically (src/runtime/safe-write.ts): it refuses a path that leads out of the repository',
        })),
      ],
      // The same functions reached through node:fs as a whole.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'ImportDeclaration[source.value=/^(node:)?fs(\\/promises)?$/] > :matches(ImportNamespaceSpecifier, ImportDefaultSpecifier)',
          message: 'import the functions node:fs reads with by name; write through writeFileAtomically',
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // VS Code loads extensions as CommonJS, so the extension's source is written as CommonJS.
    files: ['editors/vscode/src/**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
