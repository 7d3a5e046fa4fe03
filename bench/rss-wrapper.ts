/**
 * Fallback for machines without GNU time: `node rss-wrapper.js <rss-file> <script> [args...]`
 * runs a Node CLI script in this process and, when the process exits, writes its peak resident
 * set size (KB, as GNU time's `%M`) to <rss-file>.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [rssFile, script, ...args] = process.argv.slice(2);
if (!rssFile || !script) {
  process.stderr.write('usage: node rss-wrapper.js <rss-file> <script> [args...]\n');
  process.exit(2);
}
process.on('exit', () => {
  writeFileSync(rssFile, `${process.resourceUsage().maxRSS}\n`);
});
process.argv = [process.execPath, resolve(script), ...args];
await import(pathToFileURL(resolve(script)).href);
