// One part of a file as split.ts cuts it (kubectl's YAMLReader), read for its document markers and
// directives the way kubectl and go-yaml read them:
//   - YAMLReader refuses a `---` line with text after it other than a comment ("invalid Yaml document
//     separator: !!map");
//   - go-yaml (yaml.Unmarshal) reads the first document of the part only: after a `...`, or after a `---`
//     that kubectl did not split at (a lone CR ended the line before it), the rest is dropped, silently;
//   - a `...` with no document before it is refused ("did not find expected node content");
//   - a `%YAML`/`%TAG` directive is refused: YAMLReader cuts at the `---` after it, so the directive stands
//     alone ("did not find expected <document start>"; `%YAML 1.2`: "found incompatible YAML document").
// The result is the text to parse (the first document, markers blanked where kubectl ignores or refuses
// them; offsets unchanged) and the issues to report.

export interface MarkerIssue {
  code: string;
  severity: 'error' | 'warning';
  message: string;
  start: number;
  end: number;
}

export interface PartReading {
  /** The first document's text (a prefix of the part), with refused markers and directives blanked. */
  text: string;
  issues: MarkerIssue[];
  /** kubectl refuses the part at a marker: nothing in it is sent. */
  refused: boolean;
}

/** strings.TrimSpace: Go's white space (unicode.IsSpace), which has no BOM, unlike String.prototype.trim. */
const GO_SPACE = /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;

export function goTrimSpace(text: string): string {
  // By hand: a regex anchored at the end backtracks on long runs of spaces.
  let start = 0;
  let end = text.length;
  while (start < end && GO_SPACE.test(text[start])) start++;
  while (end > start && GO_SPACE.test(text[end - 1])) end--;
  return text.slice(start, end);
}

interface Line {
  start: number;
  /** End of the content, before CR and LF. */
  end: number;
  /** Start of the next line (or the end of the text). */
  next: number;
  text: string;
}

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  while (start < text.length) {
    const newline = text.indexOf('\n', start);
    const next = newline === -1 ? text.length : newline + 1;
    let end = newline === -1 ? text.length : newline;
    if (end > start && text.charCodeAt(end - 1) === 13) end--;
    lines.push({ start, end, next, text: text.slice(start, end) });
    start = next;
  }
  return lines;
}

/** A line (after an LF; or after a CR, which only sends more texts the long way) that may start a marker or a directive. */
const MAY_MARK = /^\ufeff?[-.%]/m;

const DOCUMENT_START = /^---(?:[ \t]|$)/;
const DOCUMENT_END = /^\.\.\.(?:[ \t]|$)/;
const NOTHING = /^[ \t]*(?:#.*)?$/;

/** Characters of the text to replace (offset -> character), applied only when there are any. */
type Shadow = Map<number, string>;

function blank(text: string, shadow: Shadow, start: number, end: number): void {
  for (let i = start; i < end; i++) if (text[i] !== '\n' && text[i] !== '\r') shadow.set(i, ' ');
}

/**
 * `written`: the part as written when it has lone CRs, which kubectl does not take for line ends (`text`
 * does). `headKept`: kubectl hands the part's `---` line to go-yaml (at the file's start, or after another).
 */
export function readPart(text: string, written = text, headKept = false): PartReading {
  // Only a line that starts with `-`, `.` or `%` (after a BOM) can be a marker or a directive: without one, the part
  // is read as it is (the loop below would find nothing; a manifest's lines start with a key, a space or a `#`).
  if (!MAY_MARK.test(text)) return { text, issues: [], refused: false };
  const issues: MarkerIssue[] = [];
  const lines = linesOf(text);
  const shadow: Shadow = new Map();
  let explicitStart = false;
  let content = false;
  let refused = false;
  let end = text.length;
  let droppedFrom: { line: Line; cause: keyof typeof DROPPED } | undefined;
  const directives: Line[] = [];
  let first = 0;
  const head = lines[0];
  // A BOM at the start of the file is dropped by kubectl; a part after it starts with `---`.
  const bom = head?.text.startsWith('\ufeff') ? 1 : 0;
  const headText = head ? head.text.slice(bom) : '';
  if (head && headText.startsWith('---')) {
    // A separator kubectl split at (or the file's first line). kubectl's line runs to the next LF.
    const tail = headText.slice(3);
    const newline = written.indexOf('\n');
    const kubectlTail = written.slice(bom + 3, newline === -1 ? written.length : newline);
    const rest = goTrimSpace(tail);
    if (kubectlTail !== tail && goTrimSpace(kubectlTail) !== '' && !goTrimSpace(kubectlTail).startsWith('#')) {
      issues.push(markerIssue(head, head.start, LONE_CR_SEPARATOR));
      refused = true;
    } else if (!headKept && kubectlTail !== tail && goTrimSpace(kubectlTail).startsWith('#') && hasContentUpTo(lines, newline === -1 ? text.length : newline)) {
      // kubectl's line runs on past lone CRs: all of it is the comment after `---`, dropped with the line
      // (at the start of the file kubectl keeps the line, and go-yaml reads the CRs as line ends).
      const swallowed = lines.find((line) => line.start > head.start && hasContent(line.text))!;
      blank(text, shadow, head.end, newline === -1 ? text.length : newline);
      issues.push({ code: 'yaml/after-document-end', severity: 'warning', message: DROPPED['lone-cr-comment'], start: swallowed.start, end: Math.max(swallowed.start + 1, swallowed.end) });
    } else if (rest !== '' && !rest.startsWith('#')) {
      const at = head.start + bom + 3 + (tail.length - tail.trimStart().length);
      issues.push(markerIssue(head, at, `kubectl refuses text after \`---\` other than a comment ("invalid Yaml document separator: ${rest}"): move \`${rest}\` to the next line or remove it.`));
      refused = true;
    } else if (headKept && /^[^ \t]/.test(tail)) {
      // kubectl hands the file's first `---` line to go-yaml, which reads `---#x` as text: an error, or a
      // document that is no object.
      issues.push(markerIssue(head, head.start + bom, 'kubectl refuses this: go-yaml needs a space after `---` to start a document, so it reads this line as text. Put a space after `---`.'));
      refused = true;
    }
    // kubectl drops a `---` line that ends a document and go-yaml never sees it; here it may stay (a document
    // start reads the same), but not what go-yaml would read differently after it.
    if (tail !== '' && !/^[ \t]+(?:#.*)?$/.test(tail)) blank(text, shadow, head.start + bom + 3, head.end);
    explicitStart = headKept;
    first = 1;
    const next = lines[1];
    if (next && next.text.startsWith('\ufeff') && !headKept) {
      // A BOM that starts the part kubectl hands to go-yaml (the `---` line is not part of it): go-yaml drops it.
      // In the text we parse, the line break moves onto it, so the line's content starts at its column 0.
      blank(text, shadow, head.start, head.end);
      for (let i = head.end; i < next.start; i++) shadow.set(i, ' ');
      shadow.set(next.start, '\n');
    }
  }
  // go-yaml drops a BOM at the start of what kubectl hands it; elsewhere a BOM is a character like others.
  const chunkStart = head && headText.startsWith('---') && !headKept ? 1 : 0;
  for (let index = first; index < lines.length; index++) {
    const line = lines[index];
    // Past the first content, only a line starting with `-`, `.` or `%` can matter.
    const lead = line.text.charCodeAt(0);
    if (content && lead !== 45 && lead !== 46 && lead !== 37) continue;
    const bare = index === chunkStart ? line.text.replace(/^\ufeff/, '') : line.text;
    if (bare.startsWith('%') && !content && !explicitStart) {
      directives.push(line);
      continue;
    }
    if (line.text.startsWith('%') && /^%[A-Za-z]/.test(line.text) && (content || explicitStart)) {
      // A directive after the document's content ends it (go-yaml's scanner takes `%` at column 0 for one):
      // a well-formed one is accepted and what follows is dropped; a malformed one is refused.
      end = line.start;
      if (!WELL_FORMED_DIRECTIVE.test(line.text)) {
        issues.push(directiveIssue(line, /^%(?:YAML|TAG)\b/.test(line.text) ? 'did not find expected version number' : 'found unknown directive name', false));
        refused = true;
      } else {
        const rest = lines.slice(index + 1).find((other) => hasContent(other.text));
        if (rest) droppedFrom = { line: rest, cause: 'directive' };
      }
      break;
    }
    if (DOCUMENT_START.test(bare)) {
      if (content || explicitStart) {
        // kubectl did not split here (split.ts): the line before ended with a lone CR, or a BOM hides the `---`.
        end = line.start;
        const rest = lines.slice(index).find((other) => hasContent(other.text));
        if (rest) droppedFrom = { line: rest, cause: 'lone-cr' };
        break;
      }
      explicitStart = true;
      if (!NOTHING.test(bare.slice(3))) content = true;
      continue;
    }
    if (DOCUMENT_END.test(bare)) {
      if (content || explicitStart) {
        end = line.next;
        const rest = lines.slice(index + 1).find((other) => hasContent(other.text));
        if (rest) droppedFrom = { line: rest, cause: 'document-end' };
      } else {
        issues.push({
          code: 'yaml/document-marker',
          severity: 'error',
          message: 'kubectl refuses a `...` (document end) with no document before it (go-yaml: "did not find expected node content"): remove it, or start the document with `---`.',
          start: line.start,
          end: line.start + 3,
        });
        refused = true;
        end = line.start;
      }
      break;
    }
    if (!NOTHING.test(bare)) content = true;
  }
  if (directives.length) {
    const first = directives[0];
    const versions = directives.filter((line) => line.text.startsWith('%YAML')).length;
    const allowed = explicitStart && versions <= 1 && directives.every((line) => /^%(?:YAML[ \t]+1\.1|TAG[ \t]+\S+[ \t]+\S+)[ \t]*(?:#.*)?$/.test(line.text));
    if (!allowed) {
      const version = /^%YAML[ \t]+(\S+)/.exec(first.text)?.[1];
      const reason = !WELL_FORMED_DIRECTIVE.test(first.text)
        ? /^%(?:YAML|TAG)\b/.test(first.text) ? 'did not find expected version number' : 'found unknown directive name'
        : version && version !== '1.1' ? 'found incompatible YAML document' : 'did not find expected <document start>';
      issues.push(directiveIssue(first, reason, true));
      refused = true;
      for (const line of directives) blank(text, shadow, line.start, line.end);
    }
  }
  if (droppedFrom) {
    const { line, cause } = droppedFrom;
    const at = line.start + (line.text.length - line.text.trimStart().length);
    issues.push({
      code: 'yaml/after-document-end',
      severity: 'warning',
      message: DROPPED[cause],
      start: at,
      end: Math.max(at + 1, line.end),
    });
  }
  let shadowText = text;
  if (shadow.size) {
    const chars = text.split('');
    for (const [offset, char] of shadow) chars[offset] = char;
    shadowText = chars.join('');
  }
  return { text: end < text.length ? shadowText.slice(0, end) : shadowText, issues, refused };
}

/** A directive go-yaml's scanner reads without error (whether the parser then accepts it is another matter). */
const WELL_FORMED_DIRECTIVE = /^%(?:YAML[ \t]+\d+\.\d+|TAG[ \t]+!(?:[\w-]*!)?[ \t]+\S+)[ \t]*(?:#.*)?$/;

function directiveIssue(line: Line, reason: string, alone: boolean): MarkerIssue {
  return {
    code: 'yaml/directive',
    severity: 'error',
    message: alone
      ? `kubectl refuses this directive (go-yaml: "${reason}"): kubectl cuts the file at every \`---\` line, so a directive is left without its document. Remove it; kubectl reads YAML 1.1 anyway.`
      : `kubectl refuses this directive (go-yaml: "${reason}"). Remove it.`,
    start: line.start,
    end: line.end,
  };
}

const LONE_CR_SEPARATOR =
  'kubectl refuses this file: it reads a line up to the next LF, and this `---` line runs on past a lone CR (old Mac line ends) or a Unicode line break ' +
  '(NEL, LS, PS), so kubectl finds text after `---` ("invalid Yaml document separator"). Save the file with LF line ends.';

function markerIssue(line: Line, start: number, message: string): MarkerIssue {
  return { code: 'yaml/document-marker', severity: 'error', message, start, end: Math.max(start + 1, line.end) };
}

const DROPPED = {
  'lone-cr-comment':
    'kubectl drops this: the lines above end with a lone CR (old Mac line ends), so for kubectl this line is part of the comment after `---`. Save the file with LF line ends.',
  directive:
    'kubectl drops this: a `%` directive line above ends the document for go-yaml, and kubectl reads one document per `---`. Remove the directive line.',
  'document-end':
    'kubectl drops this: it follows `...` (the end of the document above) with no `---` line to start a new document, and kubectl reads one document per `---`. Put a `---` line before it.',
  'lone-cr':
    'kubectl drops this: the lines above end with a lone CR (old Mac line ends), and kubectl starts a new document only at a `---` after a line feed, so it reads the first document of this part and ignores the rest. Save the file with LF line ends.',
};

/** Whether a line after the first, starting before `end`, has content. */
function hasContentUpTo(lines: Line[], end: number): boolean {
  return lines.some((line, index) => index > 0 && line.start < end && hasContent(line.text));
}

/** A line with something go-yaml would read as document content (`--- x` included). */
function hasContent(line: string): boolean {
  const bare = line;
  return !NOTHING.test(bare) && !DOCUMENT_END.test(bare) && !/^---[ \t]*(?:#.*)?$/.test(bare) && !bare.startsWith('%');
}
