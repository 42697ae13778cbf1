// Edits as a diagnostic carries them (`data.fixes`), in the diagnostic's coordinates, and moved with it.
import type { TextEdit } from 'vscode-languageserver-types';
import { movedRange } from '../lines';
import type { FieldPath } from '../../types';

/**
 * A quick fix as a diagnostic carries it in `data.fixes`: its title, and its edits in the same
 * coordinates as the diagnostic's range (they move with it when an earlier document of the file changes).
 */
export interface FixData {
  title: string;
  preferred?: boolean;
  /** Absent for a fix built at codeAction/resolve. */
  edits?: TextEdit[];
  /** For a fix built at codeAction/resolve: the finding's field path, to find the fix again. */
  lazy?: { path: FieldPath };
  /** Edits of other files (a relation's fix changes the object at the other end), by URI, in their own coordinates. */
  documents?: { uri: string; edits: TextEdit[] }[];
}

/** A diagnostic's `data` with the ranges of its fixes' edits moved down by `lines`, as FileModel moves the diagnostic. */
export function shiftFixData(data: unknown, lines: number): unknown {
  const fixes = (data as { fixes?: FixData[] } | undefined)?.fixes;
  if (lines === 0 || !fixes?.some((fix) => fix.edits)) return data;
  return {
    ...(data as object),
    fixes: fixes.map((fix) => (fix.edits ? { ...fix, edits: fix.edits.map((edit) => ({ ...edit, range: movedRange(edit.range, lines) })) } : fix)),
  };
}
