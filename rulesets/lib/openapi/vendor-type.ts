/**
 * What a vendor extension says a value is: many descriptions name their own data types in an
 * extension beside the JSON type (`type: string, x-cds-type: AmountString`, `x-type: DateTime`),
 * which is the document's own evidence of the field's meaning where its name says little
 * (`feeCap`, `updated-since`; issue 37, seventh outside measurement).
 */
import { nameWords } from '../conventions.js';
import { isObject } from './types.js';

/** Extension keys that name a data type or a format (`x-cds-type`, `x-type`, `x-data-type`, `x-format`). */
const TYPE_KEY = /^x-(?:[a-z0-9]+-)*(?:type|datatype|format)$/i;

/** One data type a vendor extension names: `x-cds-type: AmountString`, its words `amount`, `string`. */
export interface VendorType {
  key: string;
  value: string;
  words: readonly string[];
}

/** Each data type a vendor extension names on these objects (a schema's layers, or a parameter and its schema). */
export function vendorTypes(holders: readonly unknown[]): VendorType[] {
  const found: VendorType[] = [];
  for (const holder of holders) {
    if (!isObject(holder)) continue;
    for (const [key, value] of Object.entries(holder)) {
      if (TYPE_KEY.test(key) && typeof value === 'string' && value.length <= 100)
        found.push({ key, value, words: nameWords(value) });
    }
  }
  return found;
}
