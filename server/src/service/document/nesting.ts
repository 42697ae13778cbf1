// A bound on how deeply a document nests, checked before it is parsed: `yaml` composes nodes recursively,
// and so do toJS and the checks after it, so a document nested thousands of levels deep (hostile or broken
// input) would exhaust the stack somewhere, at a depth that depends on the caller. Kubernetes objects nest
// a few dozen levels; past MAX_NESTING the document gets one clear finding and is not read.
import { Lexer, Parser } from 'yaml';

export const MAX_NESTING = 200;

/** True when the document nests deeper than `limit` collections. */
export function nestsDeeperThan(text: string, limit = MAX_NESTING): boolean {
  return upperBound(text) > limit && exactDepth(text, limit) > limit;
}

/**
 * A cheap over-estimate: a collection opens with a flow bracket, or on a line by indentation or an
 * indicator (`- `, `? `, `: `), and a line opens at most as many as its leading indicators and spaces
 * plus its colons, twice over (a sequence may sit at its key's indentation).
 */
function upperBound(text: string): number {
  let brackets = 0;
  let widestLine = 0;
  let lineStart = true;
  let prefix = 0;
  let colons = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a /* \n */) {
      widestLine = Math.max(widestLine, prefix + colons);
      lineStart = true;
      prefix = 0;
      colons = 0;
      continue;
    }
    if (c === 0x5b /* [ */ || c === 0x7b /* { */) brackets++;
    else if (c === 0x3a /* : */) colons++;
    if (lineStart && (c === 0x20 || c === 0x09 || c === 0x2d /* - */ || c === 0x3f /* ? */ || c === 0x3a)) prefix++;
    else lineStart = false;
  }
  widestLine = Math.max(widestLine, prefix + colons);
  return 2 * widestLine + brackets + 8;
}

/** The deepest stack of `yaml`'s own parser (which keeps an explicit stack), stopping past `limit`. */
function exactDepth(text: string, limit: number): number {
  const parser = new Parser();
  let deepest = 0;
  for (const lexeme of new Lexer().lex(text)) {
    for (const _token of parser.next(lexeme)) {
      // tokens are not needed, only the depth the parser reaches
    }
    deepest = Math.max(deepest, parser.stack.length);
    if (deepest > limit) return deepest;
  }
  return deepest;
}
