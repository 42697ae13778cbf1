// Runs the TextMate grammar tests: test/grammar/*.yaml, with vscode-tmgrammar-test, over the
// YAML and shell grammars from tm-grammars and syntaxes/kubeassist.injection.tmLanguage.json
// injected into YAML (test/grammar/grammars.json declares the injection as package.json does).
// Exits non-zero when the grammar JSON is not what syntaxes/build-injection-grammar.mjs builds,
// when an assertion fails, a fixture cannot be parsed, or a fixture asserts nothing.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildInjectionGrammar, GRAMMAR_FILE } from '../syntaxes/build-injection-grammar.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
const rel = (path) => relative(root, path);

const yamlGrammar = require.resolve('tm-grammars/grammars/yaml.json');
const shellGrammar = require.resolve('tm-grammars/grammars/shellscript.json');
const injection = GRAMMAR_FILE;
const config = join(root, 'test', 'grammar', 'grammars.json');
const runner = join(dirname(require.resolve('vscode-tmgrammar-test/package.json')), 'dist', 'unit.js');

// The JSON is generated: a hand edit would be lost at the next build.
const built = JSON.stringify(buildInjectionGrammar());
let committed;
try {
  committed = JSON.stringify(JSON.parse(readFileSync(injection, 'utf8')));
} catch (error) {
  console.error(`${rel(injection)}: ${error.message}`);
  process.exit(1);
}
if (built !== committed) {
  console.error(
    `${rel(injection)} is not what syntaxes/build-injection-grammar.mjs builds: edit the .mjs and run node syntaxes/build-injection-grammar.mjs`,
  );
  process.exit(1);
}

// A fixture with no assertion would pass whatever the grammar does: refuse it.
const fixtureDir = join(root, 'test', 'grammar');
const fixtures = readdirSync(fixtureDir).filter((name) => name.endsWith('.yaml')).sort();
if (fixtures.length === 0) {
  console.error(`no grammar test fixtures in ${rel(fixtureDir)}`);
  process.exit(1);
}
let assertions = 0;
for (const name of fixtures) {
  const lines = readFileSync(join(fixtureDir, name), 'utf8').split(/\r?\n/);
  if (!/^#\s+SYNTAX TEST\s+"source\.yaml"/.test(lines[0])) {
    console.error(`${name}: the first line must be # SYNTAX TEST "source.yaml" "..."`);
    process.exit(1);
  }
  const count = lines.filter((line) => /^#\s*(\^|<~*-)/.test(line)).length;
  if (count === 0) {
    console.error(`${name}: no scope assertion`);
    process.exit(1);
  }
  assertions += count;
}

const args = [
  runner,
  '--compact',
  '-g', rel(yamlGrammar),
  '-g', rel(shellGrammar),
  '-g', rel(injection),
  '--config', rel(config),
  'test/grammar/*.yaml',
];
const result = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
process.stdout.write(result.stdout ?? '');
process.stderr.write(result.stderr ?? '');
if (result.error) {
  console.error(`could not run vscode-tmgrammar-test: ${result.error.message}`);
  process.exit(1);
}
const failed = result.status !== 0 || /\bERROR\b/.test(result.stdout ?? '');
console.log(
  `grammar tests: ${fixtures.length} fixtures, ${assertions} assertion lines: ${failed ? 'FAILED' : 'passed'}`,
);
process.exit(failed ? 1 : 0);
