/** What every formatter is: the one `Report` model and how to show it, rendered to text. */
import type { Report } from '../finding.js';

export interface FormatContext {
  /** Paths in the report are shown relative to this folder. */
  cwd: string;
  /** ANSI colours (stylish only; on when writing to a TTY). */
  color: boolean;
  /** Show national identifiers unmasked (`--show-pii`). */
  showPii: boolean;
  /** stylish only: list at most this many findings, most severe first (0 or absent: all). */
  maxProblems?: number;
  /** stylish only (`--quiet`): list errors only; the counts and the score still cover every finding. */
  quiet?: boolean;
}

export type Formatter = (report: Report, context: FormatContext) => string;
