/**
 * The VS Code extension (editors/vscode/) builds and packs: its source and vscode-languageclient
 * are bundled into one file that needs nothing but `vscode` and Node's own modules, and
 * `@vscode/vsce` packs it into a .vsix (a zip) holding the manifest, the bundle, the readme and
 * the licence, with no node_modules and no sources.
 */
import { execFileSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../cli/run.js';

const EXTENSION = join(ROOT, 'editors/vscode');
const folder = mkdtempSync(join(tmpdir(), 'vottur-vsix-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The entries of a zip file, by name, read from its central directory. */
function unzip(file: string): Map<string, Buffer> {
  const zip = readFileSync(file);
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) throw new Error(`${file} is not a zip file`);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory');
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataAt, dataAt + size);
    entries.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

describe('the VS Code extension', () => {
  it('starts the server from its own folder, never the workspace (cmd.exe would run a committed vottur.cmd)', () => {
    const source = readFileSync(join(EXTENSION, 'src/extension.js'), 'utf8');
    const options = /options:\s*\{([^}]*)\}/.exec(source.slice(source.indexOf('const serverOptions')))?.[1] ?? '';
    expect(options).toMatch(/cwd:\s*context\.extensionPath/);
  });

  it('bundles into one file that needs only vscode and Node, and packs into a .vsix with vsce', () => {
    execFileSync(process.execPath, [join(ROOT, 'scripts/bundle-vscode-extension.mjs')], { cwd: ROOT, stdio: 'pipe' });
    const bundle = readFileSync(join(EXTENSION, 'dist/extension.js'), 'utf8');
    const required = new Set([...bundle.matchAll(/require\('([^']+)'\)/g)].map((match) => match[1]));
    expect(
      [...required].filter((name) => name !== 'vscode' && !builtinModules.includes(name.replace(/^node:/, ''))),
    ).toEqual([]);
    expect(required.has('vscode')).toBe(true);

    const vsix = join(folder, 'vottur.vsix');
    execFileSync(
      process.execPath,
      [join(ROOT, 'node_modules/@vscode/vsce/vsce'), 'package', '--no-dependencies', '--out', vsix],
      { cwd: EXTENSION, stdio: 'pipe', timeout: 120_000 },
    );
    const entries = unzip(vsix);
    expect([...entries.keys()].sort()).toEqual([
      '[Content_Types].xml',
      'extension.vsixmanifest',
      'extension/LICENSE.txt',
      'extension/dist/extension.js',
      'extension/package.json',
      'extension/readme.md',
    ]);
    const manifest = JSON.parse(entries.get('extension/package.json')!.toString('utf8')) as {
      main: string;
      activationEvents: string[];
      contributes: { configuration: { properties: Record<string, { enum?: string[]; scope?: string }> } };
      capabilities?: { untrustedWorkspaces?: { supported: boolean | string; restrictedConfigurations?: string[] } };
    };
    // Workspace trust (issue 34, Why 8): restricted mode is supported, limited; the program the
    // editor runs is a user setting only; the server is told whether the workspace is trusted.
    expect(manifest.capabilities?.untrustedWorkspaces).toMatchObject({
      supported: 'limited',
      restrictedConfigurations: ['vottur.path'],
    });
    expect(manifest.contributes.configuration.properties['vottur.path'].scope).toBe('machine');
    expect(bundle).toMatch(/trustedWorkspace: vscode\.workspace\.isTrusted/);
    expect(bundle).toMatch(/inspect\(['"]path['"]\)/);
    expect(manifest.main).toBe('./dist/extension.js');
    expect(manifest.activationEvents).toEqual(['onLanguage:yaml', 'onLanguage:json', 'onLanguage:jsonc']);
    // The settings the extension passes are the ones the server reads.
    expect(Object.keys(manifest.contributes.configuration.properties).sort()).toEqual([
      'vottur.baseline',
      'vottur.baselined',
      'vottur.path',
      'vottur.useConfig',
    ]);
    expect(manifest.contributes.configuration.properties['vottur.baselined'].enum).toEqual(['hint', 'hide']);
    expect(entries.get('extension/dist/extension.js')!.toString('utf8')).toBe(bundle);
    expect(entries.get('extension.vsixmanifest')!.toString('utf8')).toContain(
      'Id="vottur" Version="0.1.0" Publisher="vottur"',
    );
  }, 180_000);
});
