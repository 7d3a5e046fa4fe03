import { readFileSync } from 'node:fs';
import { packageFile } from './paths.js';

let version: string | undefined;

export function toolInfo(): { name: string; version: string } {
  version ??= (JSON.parse(readFileSync(packageFile('package.json'), 'utf8')) as { version: string }).version;
  return { name: 'vottur', version };
}
