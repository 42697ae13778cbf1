// `--format sarif`: SARIF 2.1.0 as GitHub code scanning and other SARIF viewers read it. One run; the tool's
// rules are the codes its results use (in the code table's order: a result names its rule by `ruleId` and
// `ruleIndex`, and a rule no result uses is only weight, 1.5 KB each); each result has its exact region (1-based, UTF-16 columns as the
// editor counts them), the Kubernetes object and field path as logical locations, and a fingerprint made of
// the code, the field path and the object (never the line, so a finding keeps its alert when lines are
// inserted above it). Findings silenced by `# kubeassist-disable-next-line` are results with a suppression.
// GitHub takes at most 10 MB and shows at most 5,000 results of a run: past that, the results of lowest
// severity are left out and a notification says how many.
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type { RuleCode, Severity } from '../service/types';
import type { CheckedObject } from './checkFile';
import { pathInside } from './inputs';
import type { RelatedLocation, ReportedFinding } from './report';

/** A file as every report format sees it. */
export interface ReportFile {
  /** As the text report names it. */
  name: string;
  /** Absolute path; undefined for standard input. */
  path?: string;
  findings: ReportedFinding[];
  objects: CheckedObject[];
}

export interface SarifRun {
  files: readonly ReportFile[];
  rules: readonly RuleCode[];
  version: string;
  informationUri: string;
  /** Where our rules are explained (docs/rules.md). */
  rulesUri: string;
  /** Absolute folder that artifact URIs are relative to (`%SRCROOT%`). */
  base: string;
  /** Paths that could not be read, as the text report says them. */
  problems: readonly string[];
}

export const SARIF_LIMITS = { results: 5000, bytes: 10 * 1024 * 1024 };

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };
const PRIORITY: Record<Severity, number> = { error: 0, warning: 1, information: 2, hint: 3 };
const BASE_ID = '%SRCROOT%';

/** The SARIF log as text, and the notes to print on standard error (results left out). */
export function sarifReport(run: SarifRun, limits = SARIF_LIMITS): { text: string; notes: string[] } {
  const all = run.files.flatMap((file) => resultsOf(file, run));
  const notifications = run.problems.map((problem) => ({ level: 'error', message: { text: `${problem}.` } }));
  // Most important first (not silenced, then by severity), in file order within each: what a cut keeps.
  const ranked = all.map((entry, order) => ({ ...entry, order })).sort((a, b) => a.rank - b.rank || a.order - b.order);
  let kept = Math.min(ranked.length, limits.results);
  let text = '';
  for (;;) {
    const results = ranked.slice(0, kept).sort((a, b) => a.order - b.order).map((entry) => entry.result);
    const cut = ranked.length - kept;
    const note = cut > 0 ? [truncationNote(ranked.length, cut, limits)] : [];
    text = JSON.stringify(log(run, usedRules(run.rules, results), results, [...notifications, ...note.map((message) => ({ level: 'warning', message: { text: message } }))]), null, 2) + '\n';
    const size = Buffer.byteLength(text);
    if (size <= limits.bytes || kept === 0) return { text, notes: note };
    // Too big: keep a share of the results in proportion, a little less, and measure again.
    kept = Math.max(0, Math.min(kept - 1, Math.floor((kept * limits.bytes) / size * 0.98)));
  }
}

function truncationNote(total: number, cut: number, limits: typeof SARIF_LIMITS): string {
  return (
    `KubeAssist found ${total.toLocaleString('en-US')} results; ${cut.toLocaleString('en-US')} of the lowest severity are left out of this SARIF file, ` +
    `which GitHub code scanning takes up to ${limits.results.toLocaleString('en-US')} results and ${limits.bytes / 1024 / 1024} MB. ` +
    'Run kubeassist check with --format text or json to see them all.'
  );
}

/** The rules the results use, in the code table's order, and each result's `ruleIndex` into them. */
function usedRules(rules: readonly RuleCode[], results: SarifResult[]): RuleCode[] {
  const used = new Set(results.map((result) => result.ruleId));
  const listed = rules.filter((rule) => used.has(rule.code));
  const index = new Map(listed.map((rule, i) => [rule.code, i]));
  for (const result of results) {
    const at = index.get(result.ruleId);
    if (at === undefined) delete result.ruleIndex;
    else result.ruleIndex = at;
  }
  return listed;
}

function log(run: SarifRun, rules: readonly RuleCode[], results: SarifResult[], notifications: unknown[]) {
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'KubeAssist',
            version: run.version,
            semanticVersion: run.version,
            informationUri: run.informationUri,
            rules: rules.map((rule) => ruleOf(rule, run.rulesUri)),
          },
        },
        invocations: [{ executionSuccessful: run.problems.length === 0, ...(notifications.length ? { toolExecutionNotifications: notifications } : {}) }],
        originalUriBaseIds: { [BASE_ID]: { uri: folderUri(run.base) } },
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
}

function ruleOf(rule: RuleCode, rulesUri: string) {
  const mirrors = rule.mirrors && rule.mirrors !== '-' ? ` Mirrors: ${rule.mirrors}.` : '';
  const reference = rule.reference ? ` Validation reference: ${rule.reference}.` : '';
  const fix = rule.fix ? ` Quick fix (editor, kubeassist check --fix): ${sentence(rule.fix)}` : '';
  const full = `${sentence(rule.title)}${mirrors}${reference}${fix}`;
  const kubernetesDocs = rule.href ? `\n\nKubernetes documentation: ${rule.href}` : '';
  return {
    id: rule.code,
    name: pascalCase(rule.code),
    shortDescription: { text: sentence(rule.title) },
    fullDescription: { text: full },
    help: {
      text: `${full} Set its severity or turn it off with rules in .kubeassist.yaml (or --rule ${rule.code}=off); silence one finding with # kubeassist-disable-next-line ${rule.code} on the line before it.`,
      markdown:
        `${full}\n\nSet its severity or turn it off in \`.kubeassist.yaml\` (\`rules: { ${rule.code}: warning }\`) or with \`--rule ${rule.code}=off\`; ` +
        `silence one finding with \`# kubeassist-disable-next-line ${rule.code}\` on the line before it.${kubernetesDocs}`,
    },
    helpUri: rulesUri,
    defaultConfiguration: { level: LEVEL[rule.severity] },
    properties: { tags: ['kubernetes', rule.code.split('/')[0]] },
  };
}

/** A result; `ruleIndex` is set once the rules the kept results use are known (usedRules). */
interface SarifResult {
  ruleId: string;
  ruleIndex?: number;
  [key: string]: unknown;
}

function resultsOf(file: ReportFile, run: SarifRun): { result: SarifResult; rank: number }[] {
  const occurrences = new Map<string, number>();
  return file.findings.map((finding) => {
    const identity = `${finding.code}\u0000${finding.path ?? ''}\u0000${finding.object ?? ''}`;
    const occurrence = occurrences.get(identity) ?? 0;
    occurrences.set(identity, occurrence + 1);
    const fingerprint = createHash('sha256').update(`${identity}\u0000${occurrence}`).digest('hex').slice(0, 32);
    const result: SarifResult = {
      ruleId: finding.code,
      ruleIndex: undefined,
      level: LEVEL[finding.severity],
      message: { text: finding.message },
      locations: [
        {
          physicalLocation: {
            artifactLocation: artifactOf(file, run.base),
            region: { startLine: finding.line, startColumn: finding.column, endLine: finding.endLine, endColumn: finding.endColumn },
          },
          ...logicalLocationsOf(finding),
        },
      ],
      ...(finding.related?.length ? { relatedLocations: finding.related.map((end, id) => relatedLocationOf(end, id, run.base)) } : {}),
      partialFingerprints: { 'kubeassist/v1': fingerprint },
      ...(finding.suppressedBy === undefined ? {} : { suppressions: [{ kind: 'inSource', justification: finding.suppressedBy }] }),
      ...(finding.path || finding.serverMessage ? { properties: { ...(finding.path ? { fieldPath: finding.path } : {}), ...(finding.serverMessage ? { serverMessage: finding.serverMessage } : {}) } } : {}),
    };
    return { result, rank: (finding.suppressedBy === undefined ? 0 : 10) + PRIORITY[finding.severity] };
  });
}

function logicalLocationsOf(finding: ReportedFinding): { logicalLocations?: unknown[] } {
  if (!finding.object) return {};
  const object = { name: finding.object.split('/').pop() ?? finding.object, fullyQualifiedName: finding.object, kind: 'object' };
  if (!finding.path) return { logicalLocations: [object] };
  return { logicalLocations: [object, { name: finding.path, fullyQualifiedName: `${finding.object}:${finding.path}`, kind: 'member' }] };
}

/** The other end of a relation finding, as SARIF relates a location to a result. */
function relatedLocationOf(end: RelatedLocation, id: number, base: string) {
  return {
    id,
    physicalLocation: {
      artifactLocation: artifactOf({ name: end.file, path: end.path, findings: [], objects: [] }, base),
      region: { startLine: end.line, startColumn: end.column, endLine: end.endLine, endColumn: end.endColumn },
    },
    message: { text: end.message },
  };
}

/** Relative to `%SRCROOT%` when the file is inside it, else an absolute file URI; standard input is /dev/stdin. */
function artifactOf(file: ReportFile, base: string): Record<string, unknown> {
  if (file.path === undefined) return { uri: 'file:///dev/stdin', description: { text: 'standard input' } };
  const inBase = pathInside(base, file.path);
  if (inBase === undefined) return { uri: pathToFileURL(file.path).href };
  return { uri: inBase.split('/').map(encodeURIComponent).join('/'), uriBaseId: BASE_ID };
}

function folderUri(folder: string): string {
  const uri = pathToFileURL(folder).href;
  return uri.endsWith('/') ? uri : `${uri}/`;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function pascalCase(code: string): string {
  return code.split(/[^A-Za-z0-9]+/).filter(Boolean).map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join('');
}
