// Checks several volume sources share: required fields, paths inside a volume, file modes, quantities.
import { parseQuantity, type Quantity } from '../../kube/quantity';
import { formatFieldPath, type FieldPath, type Json } from '../../types';
import { LOCAL_PATH_DETAIL, localDescendingPathProblems, localNonReservedPathProblems, hasBacksteps, type LocalPathProblem } from './localPaths';
import { said, SOURCE_CODES as C, type VolumeReporter } from './volumeSourceCodes';

export interface RequiredField {
  /** The JSON key. */
  key: string;
  /** The schema marks it required: when it is absent, the schema check speaks and we do not. */
  schema: boolean;
  /** What the field holds, for the message: "the Secret to mount". */
  holds: string;
  /** The server's detail for its Required error, when it gives one. */
  detail?: string;
}

/** Whether a value counts as empty for a Go string or slice field (absent, "" or []). */
function isEmpty(value: Json | undefined): boolean {
  return value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/**
 * `field.Required` for a field that may not be empty. `printed` is the parent path the server prints
 * (most often the same as `path`; gcePersistentDisk is printed as `persistentDisk`).
 */
export function checkRequired(rep: VolumeReporter, source: { [key: string]: Json }, field: RequiredField, path: FieldPath, printed: FieldPath | string, what: string): boolean {
  const value = source[field.key];
  if (!isEmpty(value) || (value === undefined && field.schema)) return false;
  const at = [...path, field.key];
  const printedPath = `${typeof printed === 'string' ? printed : formatFieldPath(printed)}.${field.key}`;
  const state = value === undefined ? 'has no' : 'has an empty';
  rep.add(C.fieldRequired, at, `This ${what} ${state} \`${field.key}\`: set it to ${field.holds}.`, [said(printedPath, 'Required value', undefined, field.detail)], value === undefined ? undefined : 'value');
  return true;
}

export type PathRule = 'no-backsteps' | 'descending' | 'non-reserved';

const PATH_CODE: Record<LocalPathProblem, typeof C.pathAbsolute> = {
  absolute: C.pathAbsolute,
  backsteps: C.pathBacksteps,
  'dot-dot-prefix': C.pathDotDotPrefix,
};

/**
 * The path checks of one value. `printed` is the path the server prints (for downward API items and
 * projected token paths it is not where the value sits). `inside` says where the path points: "the volume".
 */
export function checkLocalPath(rep: VolumeReporter, value: Json | undefined, rule: PathRule, path: FieldPath, printed: string, inside: string): void {
  if (typeof value !== 'string' || value === '') return;
  const problems: LocalPathProblem[] = rule === 'no-backsteps' ? (hasBacksteps(value) ? ['backsteps'] : [])
    : rule === 'descending' ? localDescendingPathProblems(value) : localNonReservedPathProblems(value);
  for (const problem of problems) {
    const words = {
      absolute: `\`${value}\` starts with \`/\`, but it names a place inside ${inside} and must be relative to it: drop the leading \`/\`.`,
      backsteps: `\`${value}\` has a \`..\` element, which could climb out of ${inside}; the server refuses any path with one. Write the path without \`..\`.`,
      'dot-dot-prefix': `\`${value}\` starts with \`..\`, which the kubelet keeps for its own links inside the volume (\`..data\`); choose a name that does not start with two dots.`,
    }[problem];
    rep.add(PATH_CODE[problem], path, words, [said(printed, 'Invalid value', value, LOCAL_PATH_DETAIL[problem])]);
  }
}

const FILE_MODE_DETAIL = 'must be a number between 0 and 0777 (octal), both inclusive';

/** The octal form a decimal-looking mode was probably meant as (644 -> "0644"), when there is one. */
export function octalReading(mode: number): string | undefined {
  const digits = String(mode);
  return /^[0-7]{3,4}$/.test(digits) && parseInt(digits, 8) <= 0o777 ? `0${digits.replace(/^0+/, '')}` : undefined;
}

/** A file mode or defaultMode: 0..0777. */
export function checkFileMode(rep: VolumeReporter, value: Json | undefined, path: FieldPath, printed: string): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || (value >= 0 && value <= 0o777)) return;
  const octal = octalReading(value);
  const hint = octal
    ? `\`${value}\` is read as the decimal number ${value}, but it looks like the octal mode ${octal}: in YAML write \`${octal}\` (a leading zero makes it octal), in JSON write its decimal value ${parseInt(octal, 8)}.`
    : value < 0
      ? `A file mode cannot be negative; use a permission such as \`0644\` (read-write for the owner, read for others).`
      : `${value} is above the largest file mode, 0777 (decimal 511); use a permission such as \`0644\`, written with a leading zero in YAML.`;
  rep.add(C.fileModeOutOfRange, path, hint, [said(printed, 'Invalid value', value, FILE_MODE_DETAIL)]);
}

/** A quantity as the server decodes it; a malformed one fails the whole request. Returns the parsed value. */
export function checkQuantity(rep: VolumeReporter, value: Json | undefined, path: FieldPath): Quantity | undefined {
  const parsed = parseQuantity(value);
  if (!parsed) return undefined;
  if (parsed.ok) return parsed.quantity;
  rep.add(C.quantityMalformed, path, `\`${parsed.text}\` is not a quantity: ${parsed.problem}. The server cannot even decode it and refuses the whole request with "${parsed.serverMessage}". Write a number with an optional suffix, e.g. \`1Gi\` or \`500M\`.`);
  return undefined;
}
