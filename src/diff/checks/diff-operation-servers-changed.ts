import { serverTexts } from '../servers.js';
import { equal } from '../tree.js';
import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-operation-servers-changed',
  class: 'review',
  area: 'operations',
  kind: 'structure',
  category: 'methods',
  description:
    "The servers an operation is called at changed (its own `servers`, or its path item's); callers may call another address, another host's.",
  level: 'operation',
  detect(node, context) {
    if (!node.base || !node.revision) return;
    // The servers that apply: the operation's, else its path item's, else the description's. Only a
    // list below the root is this check's: a change of the root's alone is diff-server-url-changed.
    const own = (side: NonNullable<typeof node.base>) =>
      serverTexts(side.operation.servers) ?? serverTexts(side.pathItem.servers);
    const before = own(node.base);
    const after = own(node.revision);
    if (before === undefined && after === undefined) return;
    const effectiveBefore = before ?? serverTexts(context.base.servers) ?? [];
    const effectiveAfter = after ?? serverTexts(context.revision.servers) ?? [];
    if (equal(effectiveBefore, effectiveAfter)) return;
    const where = (side: NonNullable<typeof node.base>) =>
      side.operation.servers !== undefined
        ? [...side.path, 'servers']
        : side.pathItem.servers !== undefined
          ? [...side.pathItemPath, 'servers']
          : side.path;
    context.report(
      where(node.revision),
      where(node.base),
      `the servers of ${node.text} changed from ${effectiveBefore.join(', ') || '(none)'} to ${effectiveAfter.join(', ') || '(none)'}`,
    );
  },
} as const satisfies FixedCheck;
