import { decodePointer } from '../../../rulesets/lib/openapi/pointer.js';
import { isArray, isObject, isRef } from '../../../rulesets/lib/openapi/types.js';
import { defineFixer, valueAt } from '../fixer.js';

/**
 * An operation's (or path item's) parameters put in order: the required ones first, each group in
 * its written order. Only within one list: a required operation parameter after an optional
 * path-level one needs the author (the rule says how).
 */
export default defineFixer({
  ruleId: 'platform-parameters-required-first',
  usualEffect: 'documentation',
  fix({ source, path, at }) {
    const listPath = path.slice(0, -1);
    const list = at(listPath);
    if (!isArray(list)) return undefined;
    const required: number[] = [];
    const optional: number[] = [];
    for (let index = 0; index < list.length; index++) {
      let parameter = list[index];
      // A local `$ref` is followed within the file; one to another file is not known here.
      for (let hops = 0; isRef(parameter) && hops < 10; hops++) {
        if (!parameter.$ref.startsWith('#')) return undefined;
        parameter = valueAt(at([]), decodePointer(parameter.$ref.slice(1)));
      }
      if (!isObject(parameter)) return undefined;
      (parameter.in === 'path' || parameter.required === true ? required : optional).push(index);
    }
    const order = [...required, ...optional];
    if (order.every((from, to) => from === to)) return undefined;
    const edits = source.reorderItems(listPath, order);
    return edits.length > 0 ? { title: 'List the required parameters first', edits } : undefined;
  },
});
