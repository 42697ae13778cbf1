// Names compared by what they render to, as far as their text settles it: a literal name is its characters; a
// name a template writes is its literal parts and its actions, each action rendering the same text wherever the
// same action text stands in one release (`{{ include "app.fullname" . }}-env` and `...-db-migrate` share their
// first action, then differ at a literal character). Used where Helm's order of names matters (hookByWeight.Less
// compares `metadata.name` as Go strings, byte by byte) and where a name may or may not be one a chart defines.
import type { NameRef } from './facts';

/** A literal character, or a whole action (its normalised text). */
type Atom = { char: string } | { action: string };

/** Actions whose output differs between two renderings (random, time, uuid): never the same text twice. */
const VOLATILE = /\b(?:rand\w*|now|uuidv4|genCA|genPrivateKey|genSelfSignedCert|genSignedCert|derivePassword)\b/;

/** `{{ .Release.Name }}` (possibly trimmed or quoted): the release's name, never empty, chosen at install. */
const RELEASE_NAME = /^\{\{ \.Release\.Name \}\}$/;

function atoms(name: NameRef): Atom[] | undefined {
  if (name.literal) return [...name.text].map((char) => ({ char }));
  const key = name.key;
  if (!key) return undefined;
  const out: Atom[] = [];
  let at = 0;
  while (at < key.length) {
    const open = key.indexOf('{{', at);
    if (open === -1) {
      for (const char of key.slice(at)) out.push({ char });
      break;
    }
    for (const char of key.slice(at, open)) out.push({ char });
    const close = key.indexOf('}}', open);
    if (close === -1) return undefined;
    out.push({ action: key.slice(open, close + 2) });
    at = close + 2;
  }
  return out;
}

function same(a: Atom, b: Atom): boolean {
  if ('char' in a) return 'char' in b && a.char === b.char;
  return 'action' in b && a.action === b.action && !VOLATILE.test(a.action);
}

/**
 * How two names of one release compare as rendered strings: `<`, `>`, `=`, `release` when the first difference
 * is the release's name against a literal part (the order depends on what the release is called), or undefined
 * when an action decides it.
 */
export function compareNames(a: NameRef, b: NameRef): '<' | '>' | '=' | 'release' | undefined {
  const left = atoms(a);
  const right = atoms(b);
  if (!left || !right) return undefined;
  let i = 0;
  while (i < left.length && i < right.length && same(left[i], right[i])) i++;
  const x = left[i];
  const y = right[i];
  if (!x && !y) return '=';
  if (x && y && 'char' in x && 'char' in y) return x.char < y.char ? '<' : '>';
  // A prefix of the other: shorter first, when what follows is a literal character (an action may render nothing).
  if (!x && y && 'char' in y) return '<';
  if (!y && x && 'char' in x) return '>';
  const release = (atom: Atom | undefined) => !!atom && 'action' in atom && RELEASE_NAME.test(atom.action);
  const literal = (atom: Atom | undefined) => !!atom && 'char' in atom;
  if ((release(x) && literal(y)) || (release(y) && literal(x))) return 'release';
  return undefined;
}

/**
 * Whether two names may render to the same text: false only when, past what they share at both ends, what is
 * left differs in literal characters alone (no action that could make them equal).
 */
export function mayBeEqual(a: NameRef, b: NameRef): boolean {
  const left = atoms(a);
  const right = atoms(b);
  if (!left || !right) return true;
  let start = 0;
  while (start < left.length && start < right.length && same(left[start], right[start])) start++;
  let end = 0;
  while (end < left.length - start && end < right.length - start && same(left[left.length - 1 - end], right[right.length - 1 - end])) end++;
  const restLeft = left.slice(start, left.length - end);
  const restRight = right.slice(start, right.length - end);
  if (!restLeft.length && !restRight.length) return true;
  return restLeft.some((atom) => 'action' in atom) || restRight.some((atom) => 'action' in atom);
}
