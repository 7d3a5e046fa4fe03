import { defineRule, printPath, show, type JsonPath, type Problem } from '../lib/rule.js';
import { exampleObjectValues, exampleValues, type GivenValue, schemaValues } from '../lib/openapi/examples.js';
import { within } from '../lib/openapi/pointer.js';
import { layerKeyword, type SchemaLayer, schemaLayers, schemaTypes } from '../lib/openapi/resolve.js';
import { parameters, properties } from '../lib/openapi/views.js';
import { isArray } from '../lib/openapi/types.js';
import {
  compilePattern,
  isNationalIdForm,
  isNationalIdName,
  isTenDigitPattern,
  nationalIdTenDigits,
  SYNTHETIC_NATIONAL_ID,
  tenWithNonDigit,
} from '../lib/conventions.js';
import { NATIONAL_ID_HEADER } from '../lib/vocabulary.js';
import { holdsSeveralInText, recogniseNationalId } from '../lib/national-id.js';

const PATTERN = "pattern: '^[0-9]{10}$'";

const KEYWORD_WORDS: Record<GivenValue['keyword'], string> = {
  example: 'example',
  examples: 'example',
  default: 'default',
  enum: 'enum value',
  const: 'const value',
};

function valueProblem(value: unknown, subject: string, path: JsonPath): Problem | undefined {
  if (value === null || isNationalIdForm(value)) return undefined;
  // The hints never quote the value corrected: it is personal data, masked in reports, and a
  // masked example cannot be copied. They say what to do, with a synthetic identifier.
  const fix = nationalIdTenDigits(value);
  if (typeof value === 'number') {
    // A number of nine or ten digits is an identifier that lost its leading zero: personal data the
    // reports' masking (of ten-digit text) would not catch, so it is described, not quoted.
    const found = fix ? `a number of ${String(value).length} digits` : `the number ${show(value)}`;
    return {
      message: `${subject} is ${found}; a national identifier is a string of ten digits: ${fix ? 'quote it, with its leading zero,' : 'write it quoted'} as in \`'${SYNTHETIC_NATIONAL_ID}'\` (unquoted YAML digits are a number, and the leading zero is lost).`,
      path,
    };
  }
  if (typeof value === 'string') {
    return {
      message: `${subject} is ${show(value)}, not ten digits without a hyphen; ${fix ? 'remove the hyphen and spaces' : 'write ten digits'}, as in \`${SYNTHETIC_NATIONAL_ID}\`.`,
      path,
    };
  }
  return {
    message: `${subject} is ${show(value)}; a national identifier is a string of ten digits such as \`${SYNTHETIC_NATIONAL_ID}\`.`,
    path,
  };
}

function severalProblem(name: string, path: JsonPath): Problem {
  return {
    message: `${show(name)} holds several national identifiers in one value; declare a list, \`type: array\` with \`items: {type: string, pattern: '^[0-9]{10}$'}\`, so that each is ten digits.`,
    path,
  };
}

export default defineRule({
  id: 'platform-national-id-format',
  severity: 'error',
  category: 'data-format',
  source: { document: 'seed', section: 'Data format conventions: National identifier' },
  description:
    '`nationalId` fields and parameters are `type: string` with a pattern of exactly ten digits (`^[0-9]{10}$`), and their examples, defaults and enum values are ten digits without a hyphen.',
  check(document, { vocabulary }) {
    const problems: Problem[] = [];
    const checkSchema = (name: string, schema: unknown, ownPath: JsonPath, plural = false) => {
      const layers = schemaLayers(document, schema, ownPath);
      const definition = layers.at(-1);
      if (!definition) return;
      // A list (`nationalIds`) is checked through its items: "Each item of `nationalIds` has no `pattern`".
      const own = plural ? `Each item of ${show(name)}` : show(name);
      const subject = (layer: SchemaLayer) =>
        within(layer.path, ownPath) ? own : `Schema \`${printPath(layer.path)}\` (used for national identifiers)`;
      const type = layerKeyword(layers, 'type');
      const pattern = layerKeyword(layers, 'pattern');
      // Lengths that exclude ten characters would make the schema unsatisfiable beside the pattern.
      const badLengths = (['minLength', 'maxLength'] as const).filter((key) => {
        const bound = layerKeyword(layers, key)?.value;
        return typeof bound === 'number' && (key === 'minLength' ? bound > 10 : bound < 10);
      });
      const lengths =
        badLengths.length === 0
          ? ''
          : `, and ${badLengths.map((key) => `\`${key}: 10\``).join(' and ')} (${badLengths.map((key) => `\`${key}: ${String(layerKeyword(layers, key)?.value)}\``).join(', ')} admits no ten digits)`;
      const types = type ? schemaTypes(type.layer.schema) : [];
      if (type && !types.includes('string')) {
        problems.push({
          message: `${subject(type.layer)} is \`type: ${types.join(', ') || show(type.value)}\`; a national identifier is a string of ten digits (a number loses the leading zero of \`${SYNTHETIC_NATIONAL_ID}\`): write \`type: string\` with \`${PATTERN}\`${lengths}.`,
          path: type.path,
        });
      } else if (!type && !pattern) {
        problems.push({
          message: `${subject(definition)} has neither \`type\` nor \`pattern\`; write \`type: string\` and \`${PATTERN}\` (ten digits, no hyphen).`,
          path: definition.path,
        });
      } else {
        if (!type)
          problems.push({
            message: `${subject(definition)} has no \`type\`; write \`type: string\` (a national identifier is ten digits, kept as text).`,
            path: definition.path,
          });
        if (!pattern) {
          problems.push({
            message: `${subject(definition)} has no \`pattern\`; add \`${PATTERN}\` (ten digits, no hyphen)${lengths}.`,
            path: definition.path,
          });
        } else if (typeof pattern.value !== 'string') {
          problems.push({
            message: `${subject(pattern.layer)} has a \`pattern\` that is not a string (${show(pattern.value)}); write \`${PATTERN}\`.`,
            path: pattern.path,
          });
        } else if (!isTenDigitPattern(pattern.value) && !isDigitsOfLengthTen(pattern.value, layers)) {
          const anchored = isTenDigitPattern(`^(?:${pattern.value})$`);
          const letter = anchored ? undefined : tenWithNonDigit(pattern.value);
          problems.push({
            message: anchored
              ? `${subject(pattern.layer)} has \`pattern: '${pattern.value}'\`, which is not anchored and so also accepts longer text; write \`${PATTERN}\`${lengths}.`
              : letter !== undefined
                ? `${subject(pattern.layer)} has \`pattern: '${pattern.value}'\`, which also accepts a character that is not a digit (\`${letter}\`); a national identifier is ten digits: write \`${PATTERN}\`${lengths}.`
                : `${subject(pattern.layer)} has \`pattern: '${pattern.value}'\`, which does not mean exactly ten digits; write \`${PATTERN}\`${lengths}.`,
            path: pattern.path,
          });
        }
      }
      for (const layer of layers) {
        for (const given of schemaValues(layer.schema, layer.path)) {
          const problem = valueProblem(given.value, `${subject(layer)} ${KEYWORD_WORDS[given.keyword]}`, given.path);
          if (problem) problems.push(problem);
        }
      }
    };

    for (const node of properties(document)) {
      const found = recogniseNationalId(document, vocabulary, node.name, node.schema, node.path, node.schema);
      if (found && holdsSeveralInText(found)) problems.push(severalProblem(node.name, found.path));
      // Another country's identifier (`fodselsnummer`) has its own form, not the kennitala's ten digits.
      else if (found && found.foreign === undefined) checkSchema(node.name, found.schema, found.path, found.plural);
    }
    for (const { parameter, path } of parameters(document)) {
      const name = parameter.name;
      if (typeof name !== 'string') continue;
      let plural = false;
      if (parameter.in === 'header') {
        if (!NATIONAL_ID_HEADER.test(name)) continue;
        if (parameter.schema !== undefined) checkSchema(name, parameter.schema, [...path, 'schema']);
      } else if (parameter.schema !== undefined) {
        const found = recogniseNationalId(document, vocabulary, name, parameter.schema, [...path, 'schema'], parameter);
        if (!found || found.foreign !== undefined) continue;
        if (holdsSeveralInText(found)) {
          problems.push(severalProblem(name, found.path));
          continue;
        }
        plural = found.plural;
        checkSchema(name, found.schema, found.path, plural);
      } else if (!isNationalIdName(name)) continue;
      for (const given of exampleObjectValues(document, parameter, path)) {
        const list = given.value;
        const values =
          plural && isArray(list) ? list.map((value, i) => ({ value, path: [...given.path, i] })) : [given];
        for (const { value, path: at } of values) {
          const problem = valueProblem(value, `Parameter ${show(name)} example`, at);
          if (problem) problems.push(problem);
        }
      }
    }
    for (const found of exampleValues(document)) {
      if (found.member === undefined || !isNationalIdName(found.member)) continue;
      const problem = valueProblem(found.value, `Example ${show(found.member)}`, found.path);
      if (problem) problems.push(problem);
    }
    return problems;
  },
});

/** `^[0-9]+$` with `minLength: 10` and `maxLength: 10` also means exactly ten digits. */
function isDigitsOfLengthTen(pattern: string, layers: SchemaLayer[]): boolean {
  const regex = compilePattern(pattern);
  if (
    !regex ||
    !regex.test('0101302989') ||
    regex.test('010130-2989') ||
    regex.test('abcdefghij') ||
    regex.test('0101302989x') ||
    tenWithNonDigit(pattern) !== undefined
  )
    return false;
  return layerKeyword(layers, 'minLength')?.value === 10 && layerKeyword(layers, 'maxLength')?.value === 10;
}
