// The YAML-level findings of a document (yaml/* diagnostics), with offsets into the document's text, and the
// duplicate-key message they share with the file model.
import type { Severity } from '../types';

/** A YAML-level finding, with offsets into the document's text. */
export interface YamlIssue {
  code: string;
  severity: Severity;
  message: string;
  start: number;
  end: number;
  /** A duplicate key: its name and the line (in this document, 0-based) of its first occurrence. */
  duplicateOf?: DuplicateOf;
}

export interface DuplicateOf {
  key: string;
  /** Line (in this document, 0-based) of the first occurrence, which kubectl drops. */
  line: number;
  /** The value kubectl keeps, as written (a scalar), when it is short enough to quote. */
  kept?: string;
  /**
   * The two keys are different Go values (this one's type and the first's, say `float` and `int`) that make the
   * same JSON field: kubectl keeps either value, at random.
   */
  random?: [string, string];
}

const GO_TYPE_NAMES: Record<string, string> = { str: 'a string', int: 'an integer', float: 'a float', bool: 'a boolean' };

/** The duplicate-key message; `lineShift` moves the first occurrence's line to its place in the file. */
export function duplicateKeyMessage(duplicate: DuplicateOf, lineShift = 0): string {
  if (duplicate.random) {
    const [mine, first] = duplicate.random.map((kind) => GO_TYPE_NAMES[kind] ?? kind);
    const types = mine === first ? `two ${duplicate.random[0]} keys that are never equal` : `${mine} and ${first}`;
    return (
      `Duplicate key \`${duplicate.key}\`: go-yaml reads this key and the \`${duplicate.key}\` on line ${duplicate.line + lineShift + 1} as different keys (${types}) ` +
      'that both become this JSON field, and kubectl keeps one of the two values at random, each time it runs (sigs.k8s.io/yaml converts them from a Go map). Remove one of them.'
    );
  }
  const kept = duplicate.kept === undefined ? 'this one' : `this one (\`${duplicate.kept}\`)`;
  return (
    `Duplicate key \`${duplicate.key}\`: kubectl keeps only ${kept} and drops the \`${duplicate.key}\` on line ${duplicate.line + lineShift + 1}, ` +
    'so the API server never sees that value (go-yaml keeps the last of duplicate keys). Remove one of them.'
  );
}
