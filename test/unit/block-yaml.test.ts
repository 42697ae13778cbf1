// The fast reader of plain block YAML (document/blockYaml.ts) against `yaml` itself: on every document it reads, the
// Document is `yaml`'s parseDocument's, node for node (classes, ranges, values, sources, types, formats, the
// directives and options); every other document it leaves to `yaml`. Held on the corpus, the fixtures and their
// mutations (test/support/yamlMutations.ts), the bench bundles, documents at the subset's edges, and random documents
// in the subset and broken out of it.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseDocument } from 'yaml';
import { readBlockYaml } from '../../server/src/service/document/blockYaml';
import { KUBECTL_PARSE_OPTIONS, parseKubectlYaml } from '../../server/src/service/document/kubectlYaml';
import { splitDocuments } from '../../server/src/service/document/split';
import { runBounded } from '../support/bounded';
import { random } from '../support/fuzz';
import { REPO_ROOT } from '../support/shared';
import { loadManifests } from '../support/yamlDifferential';
import { mutateManifest } from '../support/yamlMutations';

const NODE_TYPE = Symbol.for('yaml.node.type');

/** Where two values first differ (own enumerable keys, prototypes, node types), or undefined. */
function difference(a: unknown, b: unknown, path = '$', seen = new Map<object, unknown>()): string | undefined {
  if (Object.is(a, b)) return undefined;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return `${path}: ${String(a)} (${typeof a}) is not ${String(b)} (${typeof b})`;
  if (seen.get(a) === b) return undefined;
  seen.set(a, b);
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return `${path}: the classes differ`;
  const typeA = (a as Record<symbol, unknown>)[NODE_TYPE];
  const typeB = (b as Record<symbol, unknown>)[NODE_TYPE];
  if (typeA !== typeB) return `${path}: node type ${String(typeA)} is not ${String(typeB)}`;
  const keysA = Object.keys(a).sort();
  const keysB = Object.keys(b).sort();
  if (keysA.join() !== keysB.join()) return `${path}: keys ${keysA.join()} are not ${keysB.join()}`;
  for (const key of keysA) {
    const found = difference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}.${key}`, seen);
    if (found) return found;
  }
  return undefined;
}

/** Whether the reader read `text` (true), left it to `yaml` (false); fails when what it read is not `yaml`'s. */
function readsAsYaml(text: string): boolean {
  const fast = readBlockYaml(text, KUBECTL_PARSE_OPTIONS);
  if (!fast) return false;
  const expected = parseDocument(text, KUBECTL_PARSE_OPTIONS);
  assert.equal(expected.errors.length + expected.warnings.length, 0, `yaml reports a problem in a document the reader read: ${JSON.stringify(text)}`);
  const found = difference(fast, expected);
  assert.equal(found, undefined, `${found} for ${JSON.stringify(text)}`);
  assert.equal(String(fast), String(expected));
  return true;
}

describe('the fast reader of plain block YAML', () => {
  it('reads every document of both bench bundles, exactly as yaml does', async () => {
    const { BUNDLES } = (await import(join(REPO_ROOT, 'scripts', 'bench-bundle.mjs'))) as { BUNDLES: Record<string, (documents: number) => string> };
    for (const bundle of Object.values(BUNDLES)) {
      const documents = splitDocuments(bundle(200));
      for (const { text } of documents) assert.ok(readsAsYaml(text), `left to yaml: ${JSON.stringify(text)}`);
    }
  });

  it('reads the manifests of the examples, the fixtures and the real corpus, and three mutants of each, as yaml does, or leaves them to it', () => {
    // The differential YAML test's manifests and its mutations (indentation, quoting, flow, tabs, comments, anchors,
    // tags, markers, BOMs, line ends, duplicate keys, YAML 1.1 scalars): both sides of the subset's edges.
    const { files, note } = loadManifests();
    const next = random(20261207);
    let read = 0;
    let mutantsRead = 0;
    for (const file of files) {
      for (const { text } of splitDocuments(file.text)) if (readsAsYaml(text)) read++;
      for (let i = 0; i < 3; i++) for (const { text } of splitDocuments(mutateManifest(file.text, next).text)) if (readsAsYaml(text)) mutantsRead++;
    }
    // Read here: 113 documents and 156 mutants' of the repository's own manifests; 441 and 836 with the real corpus.
    const [documents, mutants] = note ? [100, 140] : [400, 750];
    assert.ok(read >= documents && mutantsRead >= mutants, `${read} documents and ${mutantsRead} mutants' read (${note ?? 'with the real corpus'})`);
  });

  it('reads the subset: keys, nested and compact collections, sequences at their key\'s column, scalars of every kind, flow collections, literal blocks, empty lines and comments', () => {
    const inside = [
      'a: 1\n',
      'a: 1',
      '---\na: b\n',
      'a:\n  b: c\n  d:\n  - e\n  - f: g\n    h: i\nj: k\n',
      'a:\n- - b\n  - c\n- d\n',
      '- a\n- b: c\n',
      '- - - a\n',
      'a: [1, "two", \'th\'\'ree\', {b: c, d: [e]}, [], {}]\n',
      'a: {b: 0x1F, c: 012, d: 1.5, e: .inf, f: -.Inf, g: .nan, h: 1e3, i: +1, j: 1_000, k: 0b101}\n',
      'y: n\nOFF: Yes\nNull: on\nt: 12:30\nd: 2001-12-14\n',
      '1: a\n1.5: b\n0x10: c\nx1: d\n',
      'a: |\n  x\n\n   y\n  z\nb: |-\n  x\nc: |+\n  x\n',
      '- |\n  x\n- |-\n    y\n',
      'a:\n\n  b: 1\n\n  c: 2\n\nd:\n\n- e\n\n- f: 1\n\n  g: 2\n\n- - h\n\n  - i\n\nj: [k]\n\n\n',
      '\na: 1\n', '# c\na: 1\n', '# c\n\na: 1\n', '\n# c\n# d\n\n# e\n- a\n', '---\n# c\n\nkind: X\n', '---\n\n# c\nkind: X\n',
      'a: 1\n\n# c\nb: 2\n', 'a: 1\n# c\n\nb: 2\n', 'a:\n  # c\n  b: 1\n', 'a:\n# c\n- b\n', 'a:\n- b\n# c\n- d\n', 'a:\n- b: 1\n  # c\n  e: 2\n',
      'a:\n- b: 1\n# c\n- e: 2\n', 'a:\n  b: 1\n# c\nd: 2\n', 'a: "x"  # c\nb: [1]   #\nc: x#y # z\nd: \'#\' #\n', '- x # c\n- {a: b} # d\n',
      'a: x y z\nb: a:b\nc: http://x/y?z=1&w#f\nd: a,b[c]{d}\ne: -x\nf: "# not a comment"\ng: \'a: b\'\n',
      'a: ""\nb: \'\'\nc: "\'"\nd: \'"\'\n',
    ];
    for (const text of inside) assert.ok(readsAsYaml(text), `left to yaml: ${JSON.stringify(text)}`);
  });

  it('leaves to yaml what it does not read: comments at the end or beside the structure, lines of spaces, trailing spaces, tabs, CRs, anchors, tags, escapes, folded and indented blocks, errors', () => {
    const outside = [
      'a: 1\n# c\n', 'a:\n  b: 1\n  # c\nd: 2\n', 'a:\n# c\n  b: 1\n', 'a: 1\n # c\nb: 2\n', 'a: 1\n# c \nb: 2\n', 'a: # c\n  b: 1\n', '- # c\n', 'a: |  # c\n  x\n', 'a: "x"# c\n', 'a: [x]# c\n', '--- # c\na: 1\n', 'a: 1\n  \nb: 2\n', 'a: 1 \n', 'a:\n- b\n# c\nd: 1\n', 'a:\t1\n', 'a: 1\r\n', 'a: &x 1\nb: *x\n', 'a: !!str 1\n',
      'a: "\\n"\n', 'a: >\n  x\n', 'a: |2\n  x\n', 'a: |\n\n  x\n', 'a: |\n  x\n\nb: 1\n', 'a: |\n  x', 'a: b: c\n', 'a: 1\na: 2\n', 'a: {b: 1, b: 2}\n',
      '"a": 1\n', 'a b: 1\n', '? a\n: b\n', 'a:\n', 'a:\nb: 1\n', 'a:\n  b\n', 'a: -\n', '-\n- a\n', '-  a\n', 'a: [ b ]\n', 'a: [b,c]\n', 'a: [b, ]\n',
      'a: {b}\n', 'a: [b: c]\n', 'a: 1\n  b: 2\n', '  a: 1\n', 'a: 1\n- b\n', '- a\nb: 1\n', 'a: "b\n  c"\n', 'a: b\n  c\n', '%YAML 1.1\n---\na: 1\n',
      '--- a: 1\n', 'a: 1\n...\n', '---\n', '', 'a: \ufeff1\n', 'a: b\u2028c\n', 'a: ? b\n', 'a: @b\n', 'a: `b`\n', 'a: ,b\n', 'a: [b]x\n', 'a: "b"c\n',
    ];
    for (const text of outside) assert.equal(readBlockYaml(text, KUBECTL_PARSE_OPTIONS), undefined, JSON.stringify(text));
  });

  it('reads 20,000 random documents in the subset and broken out of it as yaml does, or leaves them to yaml', () => {
    const next = random(20261207);
    let read = 0;
    let brokenRead = 0;
    for (let i = 0; i < 20_000; i++) {
      let text = randomDocument(next);
      const broken = next() < 0.5;
      if (broken) text = breakText(text, next);
      if (readsAsYaml(text)) {
        read++;
        if (broken) brokenRead++;
      }
    }
    assert.ok(read > 8_000 && brokenRead > 1_000, `only ${read} documents read (${brokenRead} broken ones): the generator says too little`);
  });

  it('reads a document of 100,000 lines without a comment in linear time (the comment was looked for past the line)', () => {
    // A guard against a hang, not a timing: looking for ` #` up to the text's end on every line took a minute here,
    // linear it takes a fraction of a second (test/support/bounded.ts).
    const script = [
      "const { readBlockYaml } = require('./server/src/service/document/blockYaml');",
      "const { KUBECTL_PARSE_OPTIONS } = require('./server/src/service/document/kubectlYaml');",
      'const lines = Array.from({ length: 100000 }, (_, i) => `k${i}: value ${i}`);',
      "process.stdout.write(String(readBlockYaml(lines.join('\\n') + '\\n', KUBECTL_PARSE_OPTIONS).contents.items.length));",
    ].join('\n');
    assert.equal(runBounded(script), '100000');
  });

  it('parseKubectlYaml gives yaml\'s Document both where the reader reads the text and where it leaves it to yaml', () => {
    for (const [text, reads] of [['a: [1, b] # c\n', true], ['a: &x 1\nb: *x\n', false]] as const) {
      assert.equal(!!readBlockYaml(text, KUBECTL_PARSE_OPTIONS), reads, text);
      assert.equal(difference(parseKubectlYaml(text), parseDocument(text, KUBECTL_PARSE_OPTIONS)), undefined, text);
    }
  });
});

const PLAIN = ['a', 'b c', 'x-y', 'v1', '1', '-1', '+1', '0', '012', '0o17', '0x1F', '0b101', '1_000', '1.5', '-1.5e3', '.5', '1.', '.inf', '-.Inf', '.NaN', 'y', 'n', 'Yes', 'no', 'on', 'OFF', 'true', 'False', '~', 'null', 'NULL', '2001-12-14', '2001-12-14t21:59:43.10-05:00', '12:30', '1:20:30', 'a:b', 'http://x/y?z=1&w', 'a,b', 'x[1]', 'a{b}', '-x', 'a#b', "it's", 'say "hi"', '100m', '64Mi', '=', '<<', '\\', '\u00e9t\u00e9'];
/** Keys that resolve to different values (`y` is true, `null` null, `0x10` 16), so that a mapping has no duplicate. */
const KEYS = ['a', 'b', 'name', 'app.kubernetes.io/name', 'x-y', 'k_1', '1', '0x10', 'y', 'null', '1.5', 'A', 'a.b', 'c/d'];
const QUOTED_BODY = ['', 'a', 'b c', "'", '"', '#', ': ', 'a, b', '[x]', '{y}', '\\', ' ', '1', 'true', '~'];
const PICK = <T>(next: () => number, list: readonly T[]): T => list[Math.floor(next() * list.length)];

function quoted(next: () => number): string {
  let body = '';
  for (let i = Math.floor(next() * 3); i > 0; i--) body += PICK(next, QUOTED_BODY);
  return next() < 0.5 ? `"${body.replace(/"/g, '')}"` : `'${body.replace(/'/g, "''")}'`;
}

function flowScalar(next: () => number): string {
  const roll = next();
  if (roll < 0.3) return quoted(next);
  return PICK(next, PLAIN).replace(/[,[\]{}#:"']/g, '');
}

function flow(next: () => number, depth = 0): string {
  const map = next() < 0.5;
  const items: string[] = [];
  const keys = [...KEYS];
  for (let i = Math.floor(next() * 4); i > 0; i--) {
    const value = depth < 2 && next() < 0.2 ? flow(next, depth + 1) : flowScalar(next) || 'a';
    items.push(map ? `${keys.splice(Math.floor(next() * keys.length), 1)[0]}: ${value}` : value);
  }
  return map ? `{${items.join(', ')}}` : `[${items.join(', ')}]`;
}

function literal(next: () => number, indent: number): string[] {
  const chomp = PICK(next, ['', '-', '+']);
  const lines = [`|${chomp}`];
  const inner = indent + 1 + Math.floor(next() * 3);
  for (let i = 1 + Math.floor(next() * 4); i > 0; i--) {
    // Blank lines (empty, or spaces no deeper than the block's indent) between its lines.
    const roll = next();
    if (roll < 0.15 && lines.length > 1) lines.push('');
    else if (roll < 0.2 && lines.length > 1) lines.push(' '.repeat(Math.floor(next() * (inner + 1))));
    lines.push(' '.repeat(inner + (next() < 0.2 ? 2 : 0)) + PICK(next, [...PLAIN, '# x', 'a: b', '- c', '"q"']));
  }
  return lines;
}

/** The lines of a value after `key:` or `- ` at column `indent`; the first line goes after the indicator (an item's is never empty). */
function value(next: () => number, indent: number, depth: number, item = false): string[] {
  const roll = next();
  if (roll < 0.35 || depth > 3 || (item && roll >= 0.62)) return [` ${PICK(next, PLAIN)}${trailingComment(next)}`];
  if (roll < 0.45) return [` ${quoted(next)}${trailingComment(next)}`];
  if (roll < 0.55) return [` ${flow(next)}${trailingComment(next)}`];
  if (roll < 0.62) {
    const [header, ...body] = literal(next, indent);
    return [` ${header}`, ...body];
  }
  const step = next() < 0.2 ? 0 : 2 + Math.floor(next() * 2);
  const nested = step === 0 || next() < 0.4 ? sequence(next, indent + step, depth + 1) : mapping(next, indent + step, depth + 1);
  return ['', ...nested];
}

/** Now and then a comment after a value: one to three spaces, `#`, maybe text. */
function trailingComment(next: () => number): string {
  return next() < 0.15 ? `${' '.repeat(1 + Math.floor(next() * 3))}#${PICK(next, ['', ' c', 'c d', '#', ' a: b'])}` : '';
}

function mapping(next: () => number, indent: number, depth: number): string[] {
  const lines: string[] = [];
  const used = new Set<string>();
  for (let i = 1 + Math.floor(next() * 4); i > 0; i--) {
    let key = PICK(next, KEYS);
    while (used.has(key)) key += 'x';
    used.add(key);
    const [first, ...rest] = value(next, indent, depth);
    lines.push(`${' '.repeat(indent)}${key}:${first}`, ...rest);
  }
  return lines;
}

function sequence(next: () => number, indent: number, depth: number): string[] {
  const lines: string[] = [];
  for (let i = 1 + Math.floor(next() * 3); i > 0; i--) {
    const roll = next();
    if (roll < 0.3 && depth < 4) {
      // A compact mapping or sequence: its first line after the `- `, the rest at the item's column.
      const inner = next() < 0.7 ? mapping(next, indent + 2, depth + 1) : sequence(next, indent + 2, depth + 1);
      lines.push(`${' '.repeat(indent)}- ${inner[0].slice(indent + 2)}`, ...inner.slice(1));
    } else {
      const [first, ...rest] = value(next, indent, depth, true);
      lines.push(`${' '.repeat(indent)}-${first}`, ...rest);
    }
  }
  return lines;
}

function randomDocument(next: () => number): string {
  const lines = next() < 0.85 ? mapping(next, 0, 0) : sequence(next, 0, 0);
  for (let i = lines.length; i >= 0; i--) {
    // Empty lines, and comment lines at the next line's column (mostly) or anywhere, between any two lines.
    const roll = next();
    if (roll < 0.06) lines.splice(i, 0, '');
    else if (roll < 0.12) {
      const column = next() < 0.75 ? (lines[i]?.length ?? 0) - (lines[i]?.trimStart().length ?? 0) : Math.floor(next() * 6);
      lines.splice(i, 0, `${' '.repeat(column)}#${PICK(next, ['', ' c', ' - d', '#'])}`);
    }
  }
  if (next() < 0.4) lines.unshift('---');
  return lines.join('\n') + (next() < 0.9 ? '\n' : '');
}

const BREAKS = [' ', '\n', '#', ' #', ':', ': ', '- ', '-', '"', "'", '\t', '[', ']', '{', '}', ',', '&a ', '*a', '!t ', '|', '>', '?', '  ', '---\n', '...\n', '\\', '\r', 'x'];

/** A document broken the ways editing breaks one: a piece inserted, a span deleted, a line copied or cut. */
function breakText(text: string, next: () => number): string {
  const at = Math.floor(next() * (text.length + 1));
  const roll = next();
  if (roll < 0.5) return text.slice(0, at) + PICK(next, BREAKS) + text.slice(at);
  if (roll < 0.75) return text.slice(0, at) + text.slice(at + 1 + Math.floor(next() * 3));
  const lines = text.split('\n');
  const line = Math.floor(next() * lines.length);
  if (roll < 0.9) lines.splice(line, 0, lines[line]);
  else lines.splice(line, 1);
  return lines.join('\n');
}
