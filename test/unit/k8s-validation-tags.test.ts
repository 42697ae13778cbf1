// Never silently behind Kubernetes: the API server now declares some of its validation as `+k8s:` tags on the
// Go API types (validation-gen), a few on our kinds today and more each release. Every such tag on every field
// and type a Job, a CronJob or a CSIDriver reaches, at every release of ../shared/k8s-api-types, must be mapped
// to the rule code that makes the same check (and a manifest that breaks it gets that code, at that release),
// or be waived with the reason it is no check of ours. A release that adds a tag fails here until it is.
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-types';
import { allRuleCodes } from '../../server/src/service/codes';
import type { DiagnosticData } from '../../server/src/service/features/diagnostics';
import { DEFAULT_SETTINGS, FileModel, validate } from '../../server/src/service/index';
import { Baseline } from '../../server/src/service/update/baseline';
import { goTags, type FoundTag } from '../support/goTags';
import { sharedPath, skipUnlessShared } from '../support/shared';

/** The `+k8s:` tags of code generators: notes for generated code, nothing the API server checks. */
const GENERATOR_TAGS: Record<string, string> = {
  'deepcopy-gen': 'deepcopy-gen: DeepCopy methods are generated for the type',
  'conversion-gen': 'conversion-gen: conversion functions between API versions',
  'openapi-gen': 'openapi-gen: the OpenAPI definitions',
  'prerelease-lifecycle-gen': 'prerelease-lifecycle-gen: the releases a type is introduced, deprecated and removed in (API discovery)',
  deprecated: 'go-to-protobuf: a removed field whose protobuf name and number stay reserved',
  protobuf: 'go-to-protobuf: protobuf generation',
};

/** A manifest that breaks (or, for `+k8s:optional`, keeps) the tag, and whether the code is reported at `at`. */
interface Proof {
  text: string;
  at: string;
  reported: boolean;
  /** For an update rule: the stored object the edit is checked against. */
  before?: string;
}

type Entry = { code: string; proofs: Proof[] } | { waived: string };

const JOB = (spec: string, pod = '') => `apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: pi\nspec:\n${spec}  template:\n    spec:\n      restartPolicy: Never\n${pod}      containers:\n      - name: pi\n        image: perl\n`;
const CRONJOB = (spec: string) => `apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: nightly\nspec:\n${spec}  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: Never\n          containers:\n          - name: pi\n            image: perl\n`;
const CSIDRIVER = (spec: string) => `apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata:\n  name: csi.example.com\nspec:\n${spec}`;

const STATUS_SUBRESOURCE: Entry = { waived: 'declares that the kind has a /status subresource whose validation is generated apart: no check of a create (the server clears status at create)' };
const OPAQUE_TYPE: Entry = { waived: 'tells validation-gen not to descend into the field\'s type (ObjectMeta, another package): no check of its own' };

/**
 * Every validation tag our kinds reach, by owner (`Type.field`, or `Type`) and the tag without its stage
 * (`+k8s:alpha(since: "1.37")=` / `+k8s:beta(...)=` say how far the declarative form has come; the handwritten
 * check it mirrors runs at every stage): the code of ours that makes the same check, or why there is none.
 */
const TAGS: Record<string, Entry> = {
  'Job +k8s:supportsSubresource="/status"': STATUS_SUBRESOURCE,
  'CronJob +k8s:supportsSubresource="/status"': STATUS_SUBRESOURCE,
  'JobSpec.maxFailedIndexes +k8s:optional': {
    code: 'schema/required',
    proofs: [{ text: JOB('  completionMode: Indexed\n  completions: 3\n  backoffLimitPerIndex: 1\n'), at: 'spec.maxFailedIndexes', reported: false }],
  },
  'JobSpec.maxFailedIndexes +k8s:dependentRequired("backoffLimitPerIndex")': {
    code: 'job/backoff-limit-per-index/max-failed-indexes-needs-backoff-limit-per-index',
    proofs: [
      // Reported where the server reports it: `spec.backoffLimitPerIndex: Required value`.
      { text: JOB('  completionMode: Indexed\n  completions: 3\n  maxFailedIndexes: 1\n'), at: 'spec.backoffLimitPerIndex', reported: true },
      { text: JOB('  completionMode: Indexed\n  completions: 3\n  backoffLimitPerIndex: 1\n  maxFailedIndexes: 1\n'), at: 'spec.backoffLimitPerIndex', reported: false },
    ],
  },
  'PodTemplateSpec.metadata +k8s:opaqueType': OPAQUE_TYPE,
  'JobTemplateSpec.metadata +k8s:opaqueType': OPAQUE_TYPE,
  'PersistentVolumeClaimTemplate.metadata +k8s:opaqueType': OPAQUE_TYPE,
  'PodSpec.tolerations +k8s:optional': {
    code: 'schema/required',
    proofs: [{ text: JOB(''), at: 'spec.template.spec.tolerations', reported: false }],
  },
  'Toleration.key +k8s:optional': {
    code: 'schema/required',
    proofs: [{ text: JOB('', '      tolerations:\n      - operator: Exists\n'), at: 'spec.template.spec.tolerations[0].key', reported: false }],
  },
  'Toleration.key +k8s:format=k8s-label-key': {
    code: 'pod/toleration-key-invalid',
    proofs: [
      { text: JOB('', '      tolerations:\n      - key: "not a key!"\n        operator: Exists\n'), at: 'spec.template.spec.tolerations[0].key', reported: true },
      { text: JOB('', '      tolerations:\n      - key: example.com/gpu\n        operator: Exists\n'), at: 'spec.template.spec.tolerations[0].key', reported: false },
    ],
  },
  'CronJobSpec.schedule +k8s:required': {
    code: 'schema/required',
    proofs: [
      { text: CRONJOB(''), at: 'spec.schedule', reported: true },
      { text: CRONJOB('  schedule: "0 3 * * *"\n'), at: 'spec.schedule', reported: false },
    ],
  },
  'CSIDriverSpec.volumeLifecycleModes +k8s:optional': {
    code: 'schema/required',
    proofs: [{ text: CSIDRIVER('  attachRequired: false\n'), at: 'spec.volumeLifecycleModes', reported: false }],
  },
  'CSIDriverSpec.volumeLifecycleModes +k8s:immutable': {
    code: 'update/csidriver/volume-lifecycle-modes-immutable',
    proofs: [
      { before: CSIDRIVER('  volumeLifecycleModes: [Persistent]\n'), text: CSIDRIVER('  volumeLifecycleModes: [Persistent, Ephemeral]\n'), at: 'spec.volumeLifecycleModes', reported: true },
      { before: CSIDRIVER('  volumeLifecycleModes: [Persistent]\n'), text: CSIDRIVER('  volumeLifecycleModes: [Persistent]\n  attachRequired: false\n'), at: 'spec.volumeLifecycleModes', reported: false },
    ],
  },
};

const ROOTS = [{ pkg: 'batch', type: 'Job' }, { pkg: 'batch', type: 'CronJob' }, { pkg: 'storage', type: 'CSIDriver' }] as const;

/** `+k8s:alpha(since: "1.37")=+k8s:required` -> the tag and its stage; stages may nest. */
function unstaged(tag: string): { tag: string; stage?: string } {
  const staged = /^\+k8s:(alpha|beta)(?:\([^)]*\))?=(\+k8s:.*)$/.exec(tag);
  if (!staged) return { tag };
  return { ...unstaged(staged[2]), stage: tag.slice(0, tag.indexOf('=')) };
}

function family(tag: string): string {
  return /^\+k8s:([\w-]+)/.exec(tag)?.[1] ?? tag;
}

interface Listed extends FoundTag {
  release: string;
  key: string;
  stage?: string;
}

function releases(): string[] {
  return readdirSync(sharedPath('k8s-api-types')).filter((name) => /^\d+\.\d+$/.test(name)).sort((a, b) => Number(a.split('.')[1]) - Number(b.split('.')[1]));
}

/** The validation tags our kinds reach in one release's Go types (generator tags left out). */
function listedIn(folder: string, release: string): Listed[] {
  return goTags(folder, ROOTS)
    .filter((found) => !(family(found.tag) in GENERATOR_TAGS))
    .map((found) => {
      const { tag, stage } = unstaged(found.tag);
      return { ...found, release, key: `${found.owner} ${tag}`, ...(stage ? { stage } : {}) };
    });
}

/** Every validation tag our kinds reach at every release. */
function listed(): Listed[] {
  return releases().flatMap((release) => listedIn(sharedPath('k8s-api-types', release), release));
}

/** The tags neither mapped nor waived, as the failure lists them. */
function unmapped(tags: readonly Listed[]): string[] {
  return tags.filter((found) => !(found.key in TAGS)).map((found) => `${found.release} ${found.key}${found.stage ? ` (${found.stage})` : ''} at ${found.example}`);
}

function diagnose(proof: Proof, release: string): Diagnostic[] {
  const model = new FileModel();
  if (proof.before) model.baseline = new Baseline(proof.before, { label: 'at HEAD' });
  return validate(model, proof.text, { ...DEFAULT_SETTINGS, kubernetesVersion: release });
}

describe('Kubernetes\' declarative validation tags (+k8s:) on our kinds', { skip: skipUnlessShared('declarative validation tags', 'k8s-api-types') }, () => {
  it('knows at least the releases 1.35 to 1.37, and finds tags on our kinds', () => {
    assert.ok(releases().length >= 3, releases().join(', '));
    const all = listed();
    assert.ok(all.length > 0);
    for (const release of releases()) console.log(`${release}: ${all.filter((tag) => tag.release === release).length} validation tag(s) on Job, CronJob and CSIDriver`);
  });

  it('every validation tag on every field of our kinds, at every release, is mapped to a rule code or waived with a reason', () => {
    assert.deepEqual(unmapped(listed()), [], 'a new upstream rule: map it in TAGS to the code of ours that makes the same check (write the rule if there is none), or waive it with the reason');
  });

  it('maps to codes the engine has, and no entry outlives the tags it was written for', () => {
    const codes = new Set(allRuleCodes().map((code) => code.code));
    for (const [key, entry] of Object.entries(TAGS)) {
      if ('code' in entry) assert.ok(codes.has(entry.code), `${key}: no code ${entry.code}`);
      else assert.ok(entry.waived.length > 20, `${key}: say why it is waived`);
    }
    const seen = new Set(listed().map((found) => found.key));
    assert.deepEqual(Object.keys(TAGS).filter((key) => !seen.has(key)), []);
  });

  it('each mapping holds through the engine: a manifest that breaks the tag gets its code, at each release that has the tag', () => {
    const failures: string[] = [];
    for (const found of listed()) {
      const entry = TAGS[found.key];
      if (!entry || !('code' in entry)) continue;
      assert.ok(entry.proofs.length > 0, `${found.key}: no proof`);
      for (const proof of entry.proofs) {
        const hits = diagnose(proof, found.release).filter((d) => d.code === entry.code && (d.data as DiagnosticData).path === proof.at);
        if ((hits.length > 0) !== proof.reported) failures.push(`${found.release} ${found.key}: ${entry.code} at ${proof.at} ${proof.reported ? 'not reported' : 'reported'}`);
      }
    }
    assert.deepEqual(failures, []);
  });

  it('fails on a tag a release adds: a copy of the newest types with `+k8s:maximum=10` on JobSpec.parallelism and a new tag on PodSpec', () => {
    const newest = releases()[releases().length - 1];
    const folder = mkdtempSync(join(tmpdir(), 'kubeassist-tags-'));
    try {
      for (const name of readdirSync(sharedPath('k8s-api-types', newest))) copyFileSync(sharedPath('k8s-api-types', newest, name), join(folder, name));
      const batch = join(folder, 'batch-v1-types.go');
      writeFileSync(batch, readFileSync(batch, 'utf8').replace(/(\n\t)(Parallelism \*int32 `json:"parallelism)/, '$1// +k8s:beta(since: "1.38")=+k8s:maximum=10$1$2'));
      const core = join(folder, 'core-v1-types.go');
      writeFileSync(core, readFileSync(core, 'utf8').replace(/(\n\t)(ActiveDeadlineSeconds \*int64 `json:"activeDeadlineSeconds)/, '$1// +k8s:minimum=1$1$2'));
      assert.deepEqual(unmapped(listedIn(folder, 'next')), [
        'next JobSpec.parallelism +k8s:maximum=10 (+k8s:beta(since: "1.38")) at Job spec.parallelism',
        'next PodSpec.activeDeadlineSeconds +k8s:minimum=1 at Job spec.template.spec.activeDeadlineSeconds',
      ]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('reads a field\'s tags, its stage and where the kind reaches it', () => {
    const tag = listed().find((found) => found.release === '1.37' && found.key === 'JobSpec.maxFailedIndexes +k8s:dependentRequired("backoffLimitPerIndex")');
    assert.deepEqual(tag && { stage: tag.stage, example: tag.example }, { stage: '+k8s:alpha(since: "1.37")', example: 'Job spec.maxFailedIndexes' });
  });
});
