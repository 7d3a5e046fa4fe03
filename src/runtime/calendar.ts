/**
 * A day of the calendar written as RFC 3339's full-date (`2027-02-28`), checked by ajv-formats'
 * `date` format, days in the month and leap years included: `2027-02-30` has the shape and is no
 * day. Used wherever a date the repository writes decides what counts (a baseline's `expires`).
 */
import { fullFormats } from 'ajv-formats/dist/formats.js';

const date = fullFormats.date;

export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  return typeof date === 'object' && 'validate' in date && typeof date.validate === 'function'
    ? (date.validate as (value: string) => boolean)(text)
    : false;
}
