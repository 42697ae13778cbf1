// Diagnose for people: plain text for a terminal and Markdown for the editor's Diagnose view (and an agent).
// Each object starts with its verdict; then the end, the counters, the budget, the cause, what holds it, what
// happens next, the inconsistencies, the advice, what is not known, the Pods, the findings.
import type { DiagnoseReport, ObjectDiagnosis } from '../../diagnose/types';

function counterWords(diagnosis: ObjectDiagnosis): string | undefined {
  const c = diagnosis.counters;
  const parts = (['active', 'ready', 'terminating', 'succeeded', 'failed'] as const).filter((key) => c[key] !== null).map((key) => `${key} ${c[key]}`);
  if (c.completedIndexes !== null) parts.push(`completedIndexes ${c.completedIndexes || '(none)'}`);
  if (c.failedIndexes !== null) parts.push(`failedIndexes ${c.failedIndexes || '(none)'}`);
  return parts.length ? parts.join(', ') : undefined;
}

function budgetWords(diagnosis: ObjectDiagnosis): string | undefined {
  const b = diagnosis.budget;
  if (!b) return undefined;
  if (b.perIndex) {
    const indexes = b.perIndex.filter((entry) => entry.counted > 0).map((entry) => `${entry.index}: ${entry.counted}`).join(', ');
    return `backoffLimitPerIndex ${b.limit}; failures per index ${indexes || 'none'}; ${b.left} left in the worst index`;
  }
  return `${b.counted} counted against backoffLimit ${b.limit}; ${b.left} more ${b.left === 1 ? 'failure' : 'failures'} tolerated`;
}

function causeWords(diagnosis: ObjectDiagnosis): string | undefined {
  const c = diagnosis.cause;
  if (!c) return undefined;
  const parts: string[] = [];
  if (c.pod) parts.push(`Pod ${c.pod}`);
  if (c.index !== null) parts.push(`index ${c.index}`);
  if (c.container) parts.push(`container ${c.container}`);
  if (c.exitCode !== null) parts.push(`exit code ${c.exitCode}${c.signal ? ` (signal ${c.signal})` : ''}`);
  if (c.reason) parts.push(c.reason);
  if (c.rule) parts.push(`${c.rule} (${c.action})`);
  if (c.message) parts.push(`"${c.message.trim().slice(0, 300)}"`);
  return parts.join(', ');
}

function sections(diagnosis: ObjectDiagnosis): { title: string; items: string[] }[] {
  const out: { title: string; items: string[] }[] = [];
  const one = (title: string, value: string | undefined | null) => {
    if (value) out.push({ title, items: [value] });
  };
  if (diagnosis.end) one('End', `${diagnosis.end.condition}${diagnosis.end.reason ? ` (${diagnosis.end.reason})` : ''}${diagnosis.end.at ? ` at ${diagnosis.end.at}` : ''}${diagnosis.end.message ? `: ${diagnosis.end.message}` : ''}`);
  if (diagnosis.kind === 'CronJob') {
    one('Last schedule', diagnosis.lastScheduleTime ?? 'never');
    one('Last success', diagnosis.lastSuccessfulTime ?? 'never');
    if (diagnosis.active?.length) out.push({ title: 'Active', items: diagnosis.active.map((ref) => `${ref.namespace}/${ref.name}`) });
    if (diagnosis.nextRuns?.length) out.push({ title: 'Next runs', items: diagnosis.nextRuns });
    if (diagnosis.missed) one('Missed', `${diagnosis.missed.count} up to ${diagnosis.missed.latest}: ${diagnosis.missed.why}`);
  } else {
    one('Counters', counterWords(diagnosis));
    one('Budget', budgetWords(diagnosis));
    one('Cause', causeWords(diagnosis));
  }
  const list = (title: string, items: string[]) => {
    if (items.length) out.push({ title, items });
  };
  list('Blockers', diagnosis.blockers.map((b) => b.message));
  list('Next', diagnosis.next.map((n) => `${n.at}: ${n.event}`));
  list('Inconsistencies', diagnosis.inconsistencies.map((i) => `${i.path ? `${i.path}: ` : ''}${i.message}`));
  list('Advice', diagnosis.advice);
  list('Not known', diagnosis.unknowns);
  return out;
}

function podLine(pod: ObjectDiagnosis['pods'][number]): string {
  const exit = pod.exitCode !== null ? ` exit ${pod.exitCode}` : '';
  const index = pod.index !== null ? ` [${pod.index}]` : '';
  return `${pod.name}${index}: ${pod.outcome}${pod.container ? ` (${pod.container}${exit}${pod.reason ? ` ${pod.reason}` : ''})` : pod.reason ? ` (${pod.reason})` : ''}${pod.rule ? ` ${pod.rule} ${pod.action ?? ''}`.trimEnd() : ''}${pod.finished ? `, ended ${pod.finished}` : pod.created ? `, created ${pod.created}` : ''}`;
}

/** The report for a terminal: each object's verdict on its first line. */
export function diagnosisText(report: DiagnoseReport): string {
  const out: string[] = [];
  for (const diagnosis of report.objects) {
    out.push(diagnosis.verdict);
    out.push(`  ${diagnosis.kind} ${diagnosis.namespace}/${diagnosis.name}: ${diagnosis.state}${diagnosis.since ? ` since ${diagnosis.since}` : ''}`);
    for (const section of sections(diagnosis)) {
      if (section.items.length === 1) out.push(`  ${section.title}: ${section.items[0]}`);
      else out.push(`  ${section.title}:`, ...section.items.map((item) => `    - ${item}`));
    }
    if (diagnosis.pods.length) {
      out.push(`  Pods (${diagnosis.pods.length}):`, ...diagnosis.pods.slice(0, 20).map((pod) => `    - ${podLine(pod)}`));
      if (diagnosis.pods.length > 20) out.push(`    … ${diagnosis.pods.length - 20} more (--format json lists them all)`);
    }
    if (diagnosis.findings.length) {
      out.push('  Findings:');
      for (const finding of diagnosis.findings as { file: string; line: number; column: number; severity: string; code: string; message: string }[]) {
        out.push(`    ${finding.file}:${finding.line}:${finding.column} ${finding.severity} ${finding.code} ${finding.message}`);
      }
    }
    out.push('');
  }
  if (!report.objects.length) out.push('No Job or CronJob to diagnose.', '');
  if (report.notes.length) out.push('Notes:', ...report.notes.map((note) => `  - ${note}`), '');
  return out.join('\n');
}

const escape = (text: string) => text.replace(/([<>])/g, '\\$1');

/** The report as Markdown (the editor's Diagnose view): per object a heading, the verdict, then the sections. */
export function diagnosisMarkdown(report: DiagnoseReport): string {
  const out: string[] = [];
  for (const diagnosis of report.objects) {
    out.push(`## ${diagnosis.kind} ${diagnosis.name}${diagnosis.namespace !== 'default' ? ` (${diagnosis.namespace})` : ''}: ${diagnosis.state}`, '');
    out.push(`**${escape(diagnosis.verdict)}**`, '');
    if (diagnosis.since) out.push(`State: \`${diagnosis.state}\` since ${diagnosis.since}.`, '');
    for (const section of sections(diagnosis)) {
      if (section.items.length === 1) out.push(`**${section.title}:** ${escape(section.items[0])}`, '');
      else out.push(`**${section.title}:**`, '', ...section.items.map((item) => `- ${escape(item)}`), '');
    }
    if (diagnosis.pods.length) {
      out.push(`**Pods (${diagnosis.pods.length}):**`, '', '| Pod | index | outcome | container | exit | reason | rule | ended |', '|---|---|---|---|---|---|---|---|');
      for (const pod of diagnosis.pods.slice(0, 50)) {
        out.push(`| ${pod.name} | ${pod.index ?? ''} | ${pod.outcome} | ${pod.container ?? ''} | ${pod.exitCode ?? ''} | ${pod.reason ?? ''} | ${pod.rule ? `${pod.rule} ${pod.action ?? ''}` : ''} | ${pod.finished ?? ''} |`);
      }
      if (diagnosis.pods.length > 50) out.push('', `… ${diagnosis.pods.length - 50} more.`);
      out.push('');
    }
    if (diagnosis.findings.length) {
      out.push('**Findings:**', '');
      for (const finding of diagnosis.findings as { line: number; severity: string; code: string; message: string }[]) out.push(`- line ${finding.line}, ${finding.severity} \`${finding.code}\`: ${escape(finding.message)}`);
      out.push('');
    }
  }
  if (!report.objects.length) out.push('No Job or CronJob to diagnose.', '');
  if (report.notes.length) out.push('**Notes:**', '', ...report.notes.map((note) => `- ${escape(note)}`), '');
  return out.join('\n');
}
