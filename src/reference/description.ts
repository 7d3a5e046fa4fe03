/**
 * The reference service's own OpenAPI description (`assets/reference/user-profile.openapi.yaml`):
 * served at `/openapi.yaml` and `/openapi.json`, and the source of the example user that some
 * fault modes single out.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { packageFile } from '../paths.js';
import { componentsOf, isArray, isObject, type Document } from '../../rulesets/lib/openapi/types.js';

export const DESCRIPTION_FILE = 'assets/reference/user-profile.openapi.yaml';

export interface ReferenceDescription {
  /** Absolute path of the YAML file. */
  path: string;
  /** The file as written. */
  yaml: string;
  /** The same document as JSON text. */
  json: string;
  document: Document;
  /** The `example` of the `nationalId` path parameter: the user example requests ask for. */
  exampleNationalId: string;
}

export function referenceDescriptionPath(): string {
  return packageFile(DESCRIPTION_FILE);
}

export async function loadReferenceDescription(path = referenceDescriptionPath()): Promise<ReferenceDescription> {
  // Read directly: the reference description is vottur's own installed file; no option or server names it.
  const yaml = await readFile(path, 'utf8');
  const parsed: unknown = parse(yaml);
  const document: Document = isObject(parsed) ? parsed : {};
  const exampleNationalId = findExampleNationalId(document);
  if (!exampleNationalId) throw new Error(`${path}: no path parameter "nationalId" with an example`);
  return { path, yaml, json: JSON.stringify(document, null, 2), document, exampleNationalId };
}

function findExampleNationalId(document: Document): string | undefined {
  const parameters = componentsOf(document)?.parameters;
  const candidates: unknown[] = isObject(parameters) ? Object.values(parameters) : [];
  for (const pathItem of isObject(document.paths) ? Object.values(document.paths) : []) {
    if (!isObject(pathItem)) continue;
    for (const operation of Object.values(pathItem)) {
      if (isObject(operation) && isArray(operation.parameters)) candidates.push(...operation.parameters);
    }
  }
  for (const parameter of candidates) {
    if (
      isObject(parameter) &&
      parameter.name === 'nationalId' &&
      parameter.in === 'path' &&
      typeof parameter.example === 'string'
    )
      return parameter.example;
  }
  return undefined;
}
