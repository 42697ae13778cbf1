// Literal mistakes seeded into the real JobSets and training runtimes of test/fixtures/jobset (plain manifests,
// Helm templates, envsubst manifests): each one is caught, at its node, in every file it can be seeded into. A Job
// template's mistake is inserted under the first replicatedJob's Job spec, a JobSet's under its own spec; the
// rest of the file stays as its authors wrote it.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DEFAULT_SETTINGS, FileModel, validate } from '../../server/src/service/index';

const FIXTURES = join(__dirname, '..', 'fixtures', 'jobset');
const FILES = readdirSync(FIXTURES).filter((name) => name.endsWith('.yaml')).sort();

interface Seed {
  name: string;
  /** Where: under the first replicatedJob's Job spec, or under the JobSet spec. */
  under: 'job' | 'jobset';
  line: string;
  code: string;
  /** The path below the Job spec or the JobSet spec. */
  path: string;
  /** The finding is on a field the seed leaves out: at the key of the spec it is missing from. */
  onSpec?: true;
}

const SEEDS: Seed[] = [
  { name: 'a negative activeDeadlineSeconds', under: 'job', line: 'activeDeadlineSeconds: -5', code: 'job/numbers/negative-active-deadline-seconds', path: 'activeDeadlineSeconds' },
  { name: 'a negative ttlSecondsAfterFinished', under: 'job', line: 'ttlSecondsAfterFinished: -1', code: 'job/numbers/negative-ttl-seconds-after-finished', path: 'ttlSecondsAfterFinished' },
  { name: 'a podReplacementPolicy in the wrong case', under: 'job', line: 'podReplacementPolicy: failed', code: 'schema/enum', path: 'podReplacementPolicy' },
  { name: 'maxFailedIndexes without backoffLimitPerIndex', under: 'job', line: 'maxFailedIndexes: 2', code: 'job/backoff-limit-per-index/max-failed-indexes-needs-backoff-limit-per-index', path: 'backoffLimitPerIndex', onSpec: true },
  { name: 'a managedBy that is no domain-prefixed path', under: 'job', line: 'managedBy: my-controller', code: 'job/managed-by/not-domain-prefixed-path', path: 'managedBy' },
  { name: 'a field a Job spec does not have', under: 'job', line: 'retries: 3', code: 'schema/unknown-field', path: 'retries' },
  { name: 'a coordinator in no replicatedJob', under: 'jobset', line: 'coordinator: {replicatedJob: no-such-job}', code: 'jobset/coordinator-unknown', path: 'coordinator.replicatedJob' },
  { name: 'a managedBy of the JobSet that is no path', under: 'jobset', line: 'managedBy: multikueue', code: 'jobset/managed-by-invalid', path: 'managedBy' },
  { name: 'a negative JobSet ttlSecondsAfterFinished', under: 'jobset', line: 'ttlSecondsAfterFinished: -1', code: 'schema/int-range', path: 'ttlSecondsAfterFinished' },
];

/** The line of a key at the start of a mapping, and the indentation its children take. */
interface Anchor {
  line: number;
  childIndent: string;
}

/** Under the JobSet spec (`spec:` at column 0, or a runtime's `spec.template.spec`) and the first Job spec of its replicatedJobs. */
function anchors(text: string): { jobset?: Anchor; job?: Anchor } {
  const lines = text.split('\n');
  const runtime = /^kind:\s*(Cluster)?TrainingRuntime\s*$/m.test(text);
  const at = (from: number, key: string, indent: number): number => lines.findIndex((line, i) => i > from && new RegExp(`^ {${indent}}${key}:\\s*$`).test(line));
  // The first JobSet (or runtime) of the file: its own `spec:`, after its `kind:` (a file may hold other kinds first).
  const kind = lines.findIndex((line) => /^kind:\s*(JobSet|TrainingRuntime|ClusterTrainingRuntime)\s*$/.test(line));
  let spec = kind < 0 ? -1 : at(kind, 'spec', 0);
  let specIndent = 0;
  if (spec < 0) return {};
  if (runtime) {
    const template = at(spec, 'template', 2);
    spec = template < 0 ? -1 : at(template, 'spec', 4);
    specIndent = 4;
    if (spec < 0) return {};
  }
  const replicated = lines.findIndex((line, i) => i > spec && new RegExp(`^ {${specIndent + 2}}replicatedJobs:\\s*$`).test(line));
  const jobset = { line: spec, childIndent: ' '.repeat(specIndent + 2) };
  if (replicated < 0) return { jobset };
  const template = lines.findIndex((line, i) => i > replicated && /^\s*template:\s*$/.test(line));
  const jobSpec = template < 0 ? -1 : lines.findIndex((line, i) => i > template && /^\s*spec:\s*$/.test(line));
  if (jobSpec < 0) return { jobset };
  const indent = (lines[jobSpec].match(/^\s*/) ?? [''])[0].length;
  return { jobset, job: { line: jobSpec, childIndent: ' '.repeat(indent + 2) } };
}

function seeded(text: string, anchor: Anchor, line: string): string {
  const lines = text.split('\n');
  lines.splice(anchor.line + 1, 0, `${anchor.childIndent}${line}`);
  return lines.join('\n');
}

/** The path of a seed in the object: below the first replicatedJob's Job spec, or below the JobSet spec. */
function seedPath(text: string, seed: Seed): string {
  const runtime = /^kind:\s*(Cluster)?TrainingRuntime\s*$/m.test(text);
  const jobSet = runtime ? 'spec.template.spec' : 'spec';
  return seed.under === 'job' ? `${jobSet}.replicatedJobs[0].template.spec.${seed.path}` : `${jobSet}.${seed.path}`;
}

describe('mistakes seeded into real JobSets and training runtimes', () => {
  let tried = 0;
  let caught = 0;
  const missed: string[] = [];
  for (const name of FILES) {
    const text = readFileSync(join(FIXTURES, name), 'utf8');
    const places = anchors(text);
    for (const seed of SEEDS) {
      const anchor = seed.under === 'job' ? places.job : places.jobset;
      const key = seed.line.split(':')[0];
      // A key the author already wrote there would be a duplicate: that file is no place for this seed.
      if (!anchor || new RegExp(`^${anchor.childIndent}${key}:`, 'm').test(text)) continue;
      tried++;
      const diagnostics = validate(new FileModel(), seeded(text, anchor, seed.line), DEFAULT_SETTINGS);
      const path = seedPath(text, seed);
      const hit = diagnostics.find((d) => d.code === seed.code && (d.data as { path?: string } | undefined)?.path === path);
      if (hit && hit.range.start.line === anchor.line + (seed.onSpec ? 0 : 1)) caught++;
      else missed.push(`${name}: ${seed.name} (${seed.code} @ ${path}); found ${diagnostics.map((d) => `${d.code} @ ${(d.data as { path?: string } | undefined)?.path}`).join(', ')}`);
    }
  }

  it('are tried in many files: every seed in at least 20', () => {
    assert.ok(tried >= SEEDS.length * 20, `only ${tried} seeded files`);
  });

  it('are each caught at their node, in every file', () => {
    assert.deepEqual(missed, []);
    assert.equal(caught, tried);
  });
});
