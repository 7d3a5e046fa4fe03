/**
 * The reference service's own OpenAPI description (`assets/reference/user-profile.openapi.yaml`):
 * served at `/openapi.yaml` and `/openapi.json`, and the source of the example user that some
 * fault modes single out.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { packageFile } from '../paths.js';

export const DESCRIPTION_FILE = 'assets/reference/user-profile.openapi.yaml';

export interface ReferenceDescription {
  /** Absolute path of the YAML file. */
  path: string;
  /** The file as written. */
  yaml: string;
  /** The same document as JSON text. */
  json: string;
  document: Record<string, any>;
  /** The `example` of the `nationalId` path parameter: the user example requests ask for. */
  exampleNationalId: string;
}

export function referenceDescriptionPath(): string {
  return packageFile(DESCRIPTION_FILE);
}

export async function loadReferenceDescription(path = referenceDescriptionPath()): Promise<ReferenceDescription> {
  const yaml = await readFile(path, 'utf8');
  const document = parse(yaml) as Record<string, any>;
  const exampleNationalId = findExampleNationalId(document);
  if (!exampleNationalId) throw new Error(`${path}: no path parameter "nationalId" with an example`);
  return { path, yaml, json: JSON.stringify(document, null, 2), document, exampleNationalId };
}

function findExampleNationalId(document: Record<string, any>): string | undefined {
  const candidates: unknown[] = Object.values(document.components?.parameters ?? {});
  for (const pathItem of Object.values(document.paths ?? {}) as Array<Record<string, any>>) {
    for (const operation of Object.values(pathItem ?? {})) {
      if (operation && Array.isArray(operation.parameters)) candidates.push(...operation.parameters);
    }
  }
  for (const candidate of candidates) {
    const parameter = candidate as Record<string, unknown> | null;
    if (parameter && parameter.name === 'nationalId' && parameter.in === 'path' && typeof parameter.example === 'string') return parameter.example;
  }
  return undefined;
}
