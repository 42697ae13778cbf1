// How `kubeassist check` says what it found: one line per finding (coloured on a terminal), the summary
// line with the objects checked, JSON for tools.
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic, DiagnosticRelatedInformation } from 'vscode-languageserver-types';
import { findingJson, type FindingJson } from '../service/index';
import { KINDS, type KindName } from '../service/types';

/** A finding as the reports give it, with the other end of a relation finding (and the steps on the way). */
export interface Finding extends FindingJson {
  related?: RelatedLocation[];
}

export interface RelatedLocation {
  /** As reports name files (relative to the current folder when inside it). */
  file: string;
  /** Absolute path (SARIF artifact locations). */
  path: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  message: string;
}

/** A finding with what the other formats need: the object it is about and, in SARIF only, the comment that silences it. */
export interface ReportedFinding extends Finding {
  /** `Job/default/pi`, `CSIDriver/ebs.csi.aws.com`, or `document 2` for YAML problems outside any object. */
  object?: string;
  /** The `# kubeassist-disable-next-line` comment that silences it (only when asked for: SARIF). */
  suppressedBy?: string;
}

/** A diagnostic as the CLI reports it: 1-based lines and columns, the Kubernetes field path (features/findingJson.ts). */
export function findingOf(file: string, diagnostic: Diagnostic): Finding {
  return { ...findingJson(file, diagnostic), ...(diagnostic.relatedInformation?.length ? { related: diagnostic.relatedInformation.flatMap(relatedOf) } : {}) };
}

function relatedOf(information: DiagnosticRelatedInformation): RelatedLocation[] {
  let path: string;
  try {
    path = fileURLToPath(information.location.uri);
  } catch {
    return [];
  }
  const inside = relative(resolve('.'), path);
  const file = inside && !inside.startsWith('..') && !isAbsolute(inside) ? inside.split(sep).join('/') : path;
  const { start, end } = information.location.range;
  return [{ file, path, line: start.line + 1, column: start.character + 1, endLine: end.line + 1, endColumn: end.character + 1, message: information.message }];
}

export type ColorMode = 'always' | 'never' | 'auto';

/** Whether to colour what goes to a stream: `--color`, then NO_COLOR (https://no-color.org), then whether it is a terminal. */
export function colorFor(mode: ColorMode, stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  if (mode !== 'auto') return mode === 'always';
  if (env.NO_COLOR) return false;
  return stream.isTTY === true;
}

const STYLE = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  yellow: [33, 39],
  blue: [34, 39],
  cyan: [36, 39],
} as const;

type Style = keyof typeof STYLE;

function paint(color: boolean, text: string, ...styles: Style[]): string {
  if (!color) return text;
  return styles.reduce((out, style) => `\u001b[${STYLE[style][0]}m${out}\u001b[${STYLE[style][1]}m`, text);
}

const SEVERITY_STYLE: Record<Finding['severity'], Style[]> = { error: ['red', 'bold'], warning: ['yellow', 'bold'], information: ['blue'], hint: ['dim'] };

/** `file:line:col severity code message`; with colour, the place in cyan, the severity by its kind, the code dim. */
export function textLine(finding: Finding, color: boolean): string {
  const place = paint(color, `${finding.file}:${finding.line}:${finding.column}`, 'cyan');
  const related = (finding.related ?? []).map((end) => `  ${paint(color, `${end.file}:${end.line}:${end.column}`, 'cyan')} ${paint(color, 'note:', 'dim')} ${end.message}\n`).join('');
  return `${place} ${paint(color, finding.severity, ...SEVERITY_STYLE[finding.severity])} ${paint(color, finding.code, 'dim')} ${finding.message}\n${related}`;
}

function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** `3 files, 5 objects (4 Job, 1 CSIDriver): 2 errors, 1 warning` (information and hints only when there are any). */
export function summaryLine(files: number, objects: readonly KindName[], findings: readonly Finding[], color: boolean): string {
  const perKind = (Object.keys(KINDS) as KindName[])
    .map((kind) => [kind, objects.filter((object) => object === kind).length] as const)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${n} ${kind}`);
  const of = (severity: Finding['severity']) => findings.filter((finding) => finding.severity === severity).length;
  const errors = of('error');
  const warnings = of('warning');
  const tally = [
    paint(color && errors > 0, count(errors, 'error'), 'red', 'bold'),
    paint(color && warnings > 0, count(warnings, 'warning'), 'yellow', 'bold'),
  ];
  if (of('information') > 0) tally.push(count(of('information'), 'info', 'info'));
  if (of('hint') > 0) tally.push(count(of('hint'), 'hint'));
  const checked = `${count(files, 'file')}, ${count(objects.length, 'object')}${perKind.length ? ` (${perKind.join(', ')})` : ''}`;
  return `${checked}: ${tally.join(', ')}\n`;
}

/** `no Job, CronJob, CSIDriver, JobSet, ... found in 2 files`: said when nothing of ours was checked at all. */
export function nothingFoundLine(files: number): string {
  const kinds = Object.keys(KINDS);
  const named = kinds.length > 1 ? `${kinds.slice(0, -1).join(', ')} or ${kinds[kinds.length - 1]}` : kinds[0];
  return `no ${named} found in ${count(files, 'file')}\n`;
}

/** `--format json`: a list of findings, each with exactly the fields of Finding (the shape tools rely on). */
export function jsonReport(findings: readonly Finding[]): string {
  const shaped = findings.map(({ file, line, column, endLine, endColumn, severity, code, message, path, serverMessage, related }) => ({
    file, line, column, endLine, endColumn, severity, code, message, path, serverMessage,
    ...(related ? { related: related.map(({ file: at, line: l, column: c, endLine: el, endColumn: ec, message: m }) => ({ file: at, line: l, column: c, endLine: el, endColumn: ec, message: m })) } : {}),
  }));
  return JSON.stringify(shaped, null, 2) + '\n';
}
