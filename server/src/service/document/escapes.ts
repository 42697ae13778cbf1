// Escapes in double-quoted scalars as go-yaml reads them (gopkg.in/yaml.v2 scannerc.go,
// yaml_parser_scan_flow_scalar): YAML 1.1's set, which has `\'` (YAML 1.2 does not) and no `\/` (YAML 1.2
// has it); \x, \u and \U take exactly 2, 4 and 8 hex digits and no surrogate or value past U+10FFFF.
import { isScalar, visit, type Document, type Scalar } from 'yaml';

export interface EscapeRefusal {
  start: number;
  end: number;
  message: string;
}

const SIMPLE: Record<string, string> = {
  '0': '\0', a: '\x07', b: '\b', t: '\t', '\t': '\t', n: '\n', v: '\v', f: '\f', r: '\r', e: '\x1b', ' ': ' ', '"': '"', "'": "'", '\\': '\\',
  N: '\u0085', _: '\u00a0', L: '\u2028', P: '\u2029',
};
const CODE_LENGTH: Record<string, number> = { x: 2, u: 4, U: 8 };

/** Where go-yaml refuses an escape of a double-quoted scalar written in `raw` (its text, quotes included). */
function refusedEscape(raw: string): { at: number; length: number; problem: string } | undefined {
  for (let i = 1; i < raw.length - 1; i++) {
    if (raw[i] !== '\\') continue;
    const escape = raw[i + 1];
    if (escape === '\n' || escape === '\r') {
      i++;
      continue;
    }
    if (escape in SIMPLE) {
      i++;
      continue;
    }
    const length = CODE_LENGTH[escape];
    if (length === undefined) return { at: i, length: 2, problem: 'found unknown escape character' };
    const digits = raw.slice(i + 2, i + 2 + length);
    if (!new RegExp(`^[0-9a-fA-F]{${length}}$`).test(digits)) return { at: i, length: 2 + length, problem: 'did not find expected hexdecimal number' };
    const value = parseInt(digits, 16);
    if ((value >= 0xd800 && value <= 0xdfff) || value > 0x10ffff) return { at: i, length: 2 + length, problem: 'found invalid Unicode character escape code' };
    i += 1 + length;
  }
  return undefined;
}

/** A single-line double-quoted scalar's value as go-yaml reads it (undefined: not one of those, or refused). */
export function goDoubleQuoted(raw: string): string | undefined {
  if (raw.length < 2 || raw[0] !== '"' || raw[raw.length - 1] !== '"' || /[\r\n]/.test(raw) || refusedEscape(raw)) return undefined;
  let out = '';
  for (let i = 1; i < raw.length - 1; i++) {
    const c = raw[i];
    if (c !== '\\') {
      out += c;
      continue;
    }
    const escape = raw[++i];
    if (escape in SIMPLE) out += SIMPLE[escape];
    else {
      const length = CODE_LENGTH[escape];
      out += String.fromCodePoint(parseInt(raw.slice(i + 1, i + 1 + length), 16));
      i += length;
    }
  }
  return out;
}

/** The escapes go-yaml refuses in the document's double-quoted scalars (the `yaml` parser takes some of them). */
export function escapeRefusals(text: string, document: Document.Parsed): EscapeRefusal[] {
  if (!text.includes('\\')) return [];
  const refusals: EscapeRefusal[] = [];
  visit(document, {
    Scalar(_, node: Scalar) {
      if (node.type !== 'QUOTE_DOUBLE' || !node.range) return;
      const raw = text.slice(node.range[0], node.range[1]);
      const refused = raw.includes('\\') ? refusedEscape(raw) : undefined;
      if (!refused) return;
      const start = node.range[0] + refused.at;
      refusals.push({
        start,
        end: start + refused.length,
        message: `kubectl refuses this escape (go-yaml: "${refused.problem}"): in double quotes YAML 1.1 knows \\\\, \\", \\', \\n, \\t, \\xXX, \\uXXXX and a few more, not \`${raw.slice(refused.at, refused.at + refused.length)}\`. Write the character itself, or use single quotes.`,
      });
    },
  });
  return refusals;
}

/** `yaml` refuses `\'` in double quotes (YAML 1.2); go-yaml reads a `'`. The scalars it left undecoded get go-yaml's value. */
export function decodeSingleQuoteEscapes(text: string, document: Document.Parsed): void {
  visit(document, {
    Scalar(_, node) {
      if (!isScalar(node) || node.type !== 'QUOTE_DOUBLE' || !node.range) return;
      const raw = text.slice(node.range[0], node.range[1]);
      if (!raw.includes("\\'")) return;
      const value = goDoubleQuoted(raw);
      if (value === undefined) return;
      node.value = value;
      node.source = value;
    },
  });
}
