// A file kubectl reads as JSON: apimachinery's YAMLOrJSONDecoder (k8s.io/apimachinery pkg/util/yaml
// decoder.go, GuessJSONStream) looks at the first 4096 bytes, and when they start with `{` after white space,
// the whole file is a stream of JSON values read by encoding/json, one after another: no `---`, no comments,
// no YAML. Its documents are those values; the first one that is not JSON stops kubectl.
import type { DocumentSlice } from './split';

const SNIFF_BYTES = 4096;

/** unicode.IsSpace (what bytes.TrimLeftFunc trims before looking for `{`); a BOM is not one. */
const GO_SPACE = /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;

/**
 * Whether kubectl reads `text` as a JSON stream (a BOM at the start is dropped before, as kubectl does). A
 * Helm template (`{{ ... }}` anywhere) is no file kubectl reads as it is: it never is one here.
 */
export function readsAsJson(text: string): boolean {
  return !text.includes('{{') && startsLikeJson(text);
}

/** Whether the first of `text` is `{` after white space (GuessJSONStream's sniff), whatever follows. */
export function startsLikeJson(text: string): boolean {
  let bytes = 0;
  for (let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; i < text.length && bytes < SNIFF_BYTES; i++) {
    const char = text[i];
    if (char === '{') return true;
    if (!GO_SPACE.test(char)) return false;
    bytes += Buffer.byteLength(char);
  }
  return false;
}

const JSON_SPACE = new Set([' ', '\t', '\n', '\r']);

/**
 * The JSON values of a stream, each with the white space before it; from the first place that is not JSON on,
 * the rest of the file is one slice (kubectl stops there; its document gets the error).
 */
export function splitJsonStream(text: string): DocumentSlice[] {
  const slices: DocumentSlice[] = [];
  let start = 0;
  let line = 0;
  const push = (end: number) => {
    const slice = text.slice(start, end);
    slices.push({ offset: start, line, text: slice });
    for (let i = slice.indexOf('\n'); i !== -1; i = slice.indexOf('\n', i + 1)) line++;
    start = end;
  };
  // A BOM at the start (kubectl drops it) stays in the first slice.
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (at < text.length) {
    while (at < text.length && JSON_SPACE.has(text[at])) at++;
    if (at >= text.length) break;
    const end = valueEnd(text, at);
    if (end === undefined) {
      push(text.length);
      return slices;
    }
    push(end);
    at = end;
  }
  if (start < text.length) {
    // Trailing white space joins the last value.
    if (slices.length) {
      const last = slices[slices.length - 1];
      last.text += text.slice(start);
    } else push(text.length);
  }
  if (!slices.length) slices.push({ offset: 0, line: 0, text });
  return slices;
}

/** The end of the JSON value starting at `at` (exclusive), or undefined where it is not JSON. */
function valueEnd(text: string, at: number): number | undefined {
  const first = text[at];
  if (first === '{' || first === '[') {
    let depth = 0;
    for (let i = at; i < text.length; i++) {
      const c = text[i];
      if (c === '"') {
        i = stringEnd(text, i);
        if (i === -1) return undefined;
      } else if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') {
        depth--;
        if (depth === 0) return validJson(text.slice(at, i + 1)) ? i + 1 : undefined;
      }
    }
    return undefined;
  }
  if (first === '"') {
    const end = stringEnd(text, at);
    return end === -1 ? undefined : end + 1;
  }
  const scalar = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|null)/.exec(text.slice(at, at + 400));
  return scalar ? at + scalar[0].length : undefined;
}

function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i;
    else if (text[i] === '\n') return -1;
  }
  return -1;
}

function validJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Why a document of a JSON stream is not JSON (JSON.parse's words), and where, or undefined when it is. */
export function jsonError(text: string): { message: string; offset: number } | undefined {
  const trimmed = text.replace(/^[\ufeff \t\n\r]+/, '');
  const lead = text.length - trimmed.length;
  try {
    JSON.parse(trimmed);
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message);
    return { message: message.replace(/ in JSON at position \d+.*$/, '').replace(/^JSON\.parse: /, ''), offset: lead + (position ? Number(position[1]) : 0) };
  }
}
