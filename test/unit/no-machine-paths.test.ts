// No tracked source, script or test names a folder of the machine it was written on: the shared data is
// `../shared` from the repository root (test/support/shared.ts), temp files come from os.tmpdir(). A
// literal home, work or temp folder works on one machine and silently skips or reads the wrong data on
// every other. Manifests (YAML) and prose (Markdown) are not scanned: a container's `/tmp` is no machine path.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT } from '../support/shared';

const SCANNED = /\.(ts|mts|cts|js|mjs|cjs|sh|lua|el|json|md)$|^\.ci\/run$/;
/** Generated data: the schemas, the lock file, and the facts of the pinned CRDs (a CRD's default is a container's folder). */
const GENERATED = /^schemas\/|^scripts\/crds\/|^package-lock\.json$/;
/** A home, work or temp folder written as a literal, also inside a file:// URI. */
const MACHINE_PATH = /(?:^|[\s"'`=(:,[]|file:\/\/)(\/(?:work|root|tmp|home\/[^/\s"'`]+|Users\/[^/\s"'`]+|var\/folders|private\/(?:tmp|var))(?:\/|(?=["'`\s)])))|[A-Za-z]:\\\\?(?:Users|Temp)\\/;

/** Prose about containers names their folders in Markdown code (`/tmp` inside a Pod): no machine path. */
const CONTAINER_FOLDER_IN_PROSE = /^`\/[a-z]+`$/;

export function machinePathsIn(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    const hits = [...line.matchAll(new RegExp(MACHINE_PATH.source, 'g'))].filter((match) => {
      const path = match[1];
      if (path === undefined) return true;
      const at = (match.index ?? 0) + match[0].indexOf(path);
      return !CONTAINER_FOLDER_IN_PROSE.test(line.slice(at - 1, at + path.length + 1));
    });
    if (hits.length) found.push(`${index + 1}: ${line.trim()}`);
  });
  return found;
}

test('the machine-path pattern finds literal home, work and temp folders and nothing else', () => {
  // The samples are put together from a root slash, so that this file names no machine folder itself.
  const root = '/';
  const corpus = `const CORPUS = '${root}work/shared/corpus/real';`;
  assert.deepEqual(machinePathsIn(corpus), [`1: ${corpus}`]);
  assert.equal(machinePathsIn(`cd ${root}root/.cache && ls`).length, 1);
  assert.equal(machinePathsIn(`writeFileSync('${root}tmp/x.yaml', text)`).length, 1);
  assert.equal(machinePathsIn(`const home = "${root}home/alice/project";`).length, 1);
  assert.equal(machinePathsIn(`uri: 'file://${root}work/job.yaml'`).length, 1);
  assert.equal(machinePathsIn("const dir = 'C:\\\\Users\\\\me';").length, 1);
  assert.deepEqual(machinePathsIn("const uri = 'file:///job.yaml'; join(tmpdir(), 'x'); '/api/v1/tmp'; a/work/b"), []);
  assert.deepEqual(machinePathsIn(`'mount an emptyDir at \`${root}tmp\` in the container'`), [], 'a container folder in Markdown prose');
  assert.equal(machinePathsIn(`const file = \`${root}tmp/\${name}\`;`).length, 1, 'a template literal naming a temp file');
});

test('no tracked source, script or test names an absolute path of a machine', () => {
  const tracked = execFileSync('git', ['ls-files'], { cwd: REPO_ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
  const self = 'test/unit/no-machine-paths.test.ts';
  const offenders = tracked
    .filter((file) => SCANNED.test(file) && !GENERATED.test(file) && file !== self)
    .flatMap((file) => machinePathsIn(readFileSync(join(REPO_ROOT, file), 'utf8')).map((hit) => `${file}:${hit}`));
  assert.deepEqual(offenders, []);
});
