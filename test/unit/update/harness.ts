// Runs the update checks on two manifests (the baseline's and the edited one) the way the engine does, and
// checks table rows of such pairs against the findings a user would see.
import assert from 'node:assert/strict';
import { FileModel, validate, DEFAULT_SETTINGS, type Settings } from '../../../server/src/service/index';
import { Baseline } from '../../../server/src/service/update/baseline';
import type { DiagnosticData } from '../../../server/src/service/features/diagnostics';
import type { Diagnostic } from 'vscode-languageserver-types';

/** The committed Job most update cases start from. */
export const UPDATE_JOB = `apiVersion: batch/v1
kind: Job
metadata:
  name: report
spec:
  backoffLimit: 4
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: report
        image: registry.example.com/report:1.0
`;

export function settingsAt(minor: number): Settings {
  return { ...DEFAULT_SETTINGS, kubernetesVersion: `1.${minor}` };
}

/** Every diagnostic of the edited text against the baseline text, at a release. */
export function diagnose(before: string, after: string, minor = 37, label = 'at HEAD'): Diagnostic[] {
  const model = new FileModel();
  model.baseline = new Baseline(before, { label });
  return validate(model, after, settingsAt(minor));
}

/** The update findings as `code @ path` (the other findings are the create rules' business). */
export function updateFindings(before: string, after: string, minor = 37): string[] {
  return diagnose(before, after, minor)
    .filter((d) => String(d.code).startsWith('update/'))
    .map((d) => `${d.code} @ ${(d.data as DiagnosticData).path}`);
}

/** One row: a baseline manifest, the edit, the release, and the exact update findings. */
export interface UpdateCase {
  name: string;
  before: string;
  after: string;
  minor: number;
  expect: string[];
  /** Words the first finding's message must contain. */
  words?: string[];
  /** The first finding's serverMessage, exactly. */
  server?: string;
}

export function checkUpdateCase(row: UpdateCase): void {
  const diagnostics = diagnose(row.before, row.after, row.minor).filter((d) => String(d.code).startsWith('update/'));
  assert.deepEqual(diagnostics.map((d) => `${d.code} @ ${(d.data as DiagnosticData).path}`), row.expect);
  const first = diagnostics[0];
  if (!first) return;
  assert.equal(first.severity, 2, 'update findings are warnings');
  for (const word of row.words ?? []) assert.ok(String(first.message).includes(word), `message lacks "${word}": ${first.message}`);
  if (row.server) assert.equal((first.data as DiagnosticData).serverMessage, row.server);
}

/** `text` with `from` (exactly once) replaced by `to`. */
export function swap(text: string, from: string, to: string): string {
  const at = text.indexOf(from);
  assert.notEqual(at, -1, `"${from}" is not in the fixture`);
  assert.equal(text.indexOf(from, at + 1), -1, `"${from}" occurs twice`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}
