// The examples/ manifests joined into one multi-document file (sorted by name, `---` between): the text the
// incremental and edit-path tests edit at random.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const EXAMPLES_BUNDLE = readdirSync(join(__dirname, '..', '..', 'examples'))
  .filter((name) => name.endsWith('.yaml'))
  .sort()
  .map((name) => readFileSync(join(__dirname, '..', '..', 'examples', name), 'utf8'))
  .join('---\n');
