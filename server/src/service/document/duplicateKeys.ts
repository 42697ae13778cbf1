// Duplicate keys as kubectl meets them: the same key twice in a mapping (go-yaml keeps the last), and keys that
// go-yaml reads as different values but sigs.k8s.io/yaml makes one JSON field (either value kept, at random).
import { isMap, isPair, isScalar, isSeq, visit, type Document, type Pair, type YAMLMap } from 'yaml';
import { goKeyIdentity } from './kubectlJson';
import type { LineIndex } from './lines';
import { keyString } from './paths';
import { duplicateKeyMessage, type DuplicateOf, type YamlIssue } from './yamlIssues';

/** The pair whose key starts at `offset`, its mapping, and an earlier pair of the same mapping with the same key. */
export function duplicateKeyAt(document: Document, offset: number): { map: YAMLMap; pair: Pair; key: string; first: Pair } | undefined {
  let found: { map: YAMLMap; pair: Pair; key: string; first: Pair } | undefined;
  visit(document, {
    Map(_, map) {
      const pair = map.items.find((item) => isScalar(item.key) && item.key.range?.[0] === offset);
      if (!pair) return undefined;
      const key = keyString(pair.key);
      const first = key === undefined ? undefined : map.items.find((item) => item !== pair && keyString(item.key) === key);
      if (key !== undefined && first) found = { map, pair: pair as Pair, key, first: first as Pair };
      return visit.BREAK;
    },
  });
  return found;
}

/** The warning for the duplicate key at `start`: the value kubectl keeps (this one) and the line it drops. */
export function duplicateIssue(document: Document.Parsed, text: string, lines: LineIndex, start: number, end: number): YamlIssue | undefined {
  const duplicate = duplicateKeyAt(document, start);
  const firstStart = duplicate && isScalar(duplicate.first.key) ? duplicate.first.key.range?.[0] : undefined;
  if (!duplicate || firstStart === undefined) return undefined;
  const random = randomPick(duplicate.pair, duplicate.first);
  const duplicateOf: DuplicateOf = { key: duplicate.key, line: lines.positionAt(firstStart).line, ...(random ? { random } : keptValue(text, duplicate.pair)) };
  return { code: 'yaml/duplicate-key', severity: 'warning', message: duplicateKeyMessage(duplicateOf), start, end, duplicateOf };
}

/**
 * The Go types of two keys that go-yaml decodes to different values (1e3 a float, 1_000 an integer; "1000" a
 * string) but sigs.k8s.io/yaml's convertToJSONableObject turns into the same field: it ranges over the Go map,
 * in random order, so either value is the one kept. Undefined when the keys are the same Go value (the last wins).
 */
function randomPick(pair: Pair, first: Pair): [string, string] | undefined {
  const mine = goKeyIdentity(pair.key);
  const theirs = goKeyIdentity(first.key);
  return mine && theirs && mine.field === theirs.field && mine.identity !== theirs.identity ? [mine.kind, theirs.kind] : undefined;
}

/**
 * Keys that `yaml` takes for different ones and kubectl makes the same field ("1000" and 1000, true and "true"):
 * their start and end. Those it takes for the same (1000 and 1e3) are its DUPLICATE_KEY errors.
 */
export function fieldCollisions(document: Document): [number, number][] {
  const found: [number, number][] = [];
  // A plain walk in `visit`'s order (a map, then each key and value): `visit` made a frozen path array for
  // every node, 4 % of a cold open for a search that seldom finds anything (issue 30).
  const walk = (node: unknown): void => {
    if (isMap(node)) {
      collisionsOf(node, found);
      for (const pair of node.items) {
        walk(pair.key);
        walk(pair.value);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) walk(item);
    } else if (isPair(node)) {
      walk(node.key);
      walk(node.value);
    }
  };
  walk(document.contents);
  return found;
}

function collisionsOf(map: YAMLMap, found: [number, number][]): void {
  // Two string keys of one field are one Go value: only a key read as something else can collide.
  if (map.items.length < 2 || map.items.every((pair) => isScalar(pair.key) && typeof pair.key.value === 'string')) return;
  const seen = new Map<string, Pair>();
  for (const pair of map.items) {
    const field = goKeyIdentity(pair.key)?.field;
    if (field === undefined) continue;
    const first = seen.get(field);
    if (!first) seen.set(field, pair as Pair);
    else if (isScalar(first.key) && isScalar(pair.key) && first.key.value !== pair.key.value && pair.key.range) found.push([pair.key.range[0], pair.key.range[1]]);
  }
}

/** The value kubectl keeps for a duplicate key, quoted in the message when it is a short scalar. */
function keptValue(text: string, pair: Pair): { kept?: string } {
  const value = pair.value;
  if (!isScalar(value) || !value.range) return {};
  const written = text.slice(value.range[0], value.range[1]).trim();
  return written && written.length <= 60 && !written.includes('\n') && !written.includes('`') ? { kept: written } : {};
}
