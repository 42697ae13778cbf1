// The catalogue explains every Job and CSIDriver field in scope and the Pod template fields a Job author
// touches most, agrees with the generated schemas (paths, enum values), names only real rule codes, gives
// examples the engine accepts, and is written in our own words, not the OpenAPI descriptions.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseDocument, stringify } from 'yaml';
import { SCHEMAS_DIR } from '../../scripts/gen-schemas';
import { ECOSYSTEM_SITES } from '../../server/src/service/catalogue/ecosystemKeys';
import { fieldDoc, fieldDocs, wellKnownKey, wellKnownKeys } from '../../server/src/service/catalogue/index';
import type { FieldDoc } from '../../server/src/service/catalogue/types';
import { allRuleCodes } from '../../server/src/service/codes';
import { DEFAULT_SETTINGS, validateText } from '../../server/src/service/index';
import { FEATURE_GATE_NAMES, GATED_FIELDS, gateStage, type GateName } from '../../server/src/service/kube/featureGates';
import { jobSpecLocation, jobSpecSchemaPath } from '../../server/src/service/kube/jobSpec';
import { MAX_MINOR, type KindName } from '../../server/src/service/types';
import { sharedPath, skipUnlessShared } from '../support/shared';

type Schema = { [key: string]: unknown };

const FIELDS = JSON.parse(readFileSync(join(SCHEMAS_DIR, 'fields.json'), 'utf8')) as Record<KindName, Record<string, string>>;
const SCHEMA_FILES: Record<KindName, string> = {
  Job: 'job.schema.json', CronJob: 'cronjob.schema.json', CSIDriver: 'csidriver.schema.json', JobSet: 'jobset.schema.json',
  TrainingRuntime: 'trainingruntime.schema.json', ClusterTrainingRuntime: 'clustertrainingruntime.schema.json',
};
const KINDS: KindName[] = ['Job', 'CronJob', 'CSIDriver', 'JobSet', 'TrainingRuntime', 'ClusterTrainingRuntime'];

/** `spec.template.` in a Job, `spec.jobTemplate.spec.template.` in a CronJob; undefined for a kind without one. */
function podTemplatePrefix(kind: KindName): string | undefined {
  const location = jobSpecLocation(kind);
  return location ? `${jobSpecSchemaPath(location)}.template.` : undefined;
}
const RULE_CODES = new Set(allRuleCodes().map((code) => code.code));

/** Where each kind's entries link: kubernetes.io, and a custom resource's project for its own fields. */
const DOC_SITES: Record<KindName, RegExp> = {
  Job: /^https:\/\/kubernetes\.io\/docs\//, CronJob: /^https:\/\/kubernetes\.io\/docs\//, CSIDriver: /^https:\/\/kubernetes\.io\/docs\//,
  JobSet: /^https:\/\/(kubernetes\.io|jobset\.sigs\.k8s\.io)\/docs\//,
  TrainingRuntime: /^https:\/\/(kubernetes\.io\/docs\/|jobset\.sigs\.k8s\.io\/docs\/|www\.kubeflow\.org\/docs\/)/,
  ClusterTrainingRuntime: /^https:\/\/(kubernetes\.io\/docs\/|jobset\.sigs\.k8s\.io\/docs\/|www\.kubeflow\.org\/docs\/)/,
};

/** A field of a custom resource's own API (not of the Kubernetes Job inside its templates). */
function customResourceField(kind: KindName, path: string): boolean {
  return kind !== 'Job' && kind !== 'CronJob' && kind !== 'CSIDriver' && !/replicatedJobs\[\]\.template\.spec\./.test(path);
}

/**
 * The fields the catalogue must explain: Job and CronJob without the inside of the Pod template (nor of a
 * CronJob's job template metadata), CSIDriver without the inside of metadata.
 */
function inScope(kind: KindName, path: string): boolean {
  if (path.startsWith('metadata.') || path.startsWith('spec.jobTemplate.metadata.')) return false;
  if (isPodTemplatePath(kind, path)) return false;
  // A JobSet's (or a runtime's JobSet template's): the Job templates' metadata, the claim templates (PVCs) and the
  // JobSet's status (its controller's) keep the schema hover.
  if (/(^|\.)replicatedJobs\[\]\.template\.metadata\.|volumeClaimPolicies\[\]\.templates\[\]\.|^status\b|^spec\.template\.metadata\./.test(path) && kind !== 'Job' && kind !== 'CronJob') return false;
  return true;
}

function scopePaths(kind: KindName): string[] {
  return Object.keys(FIELDS[kind]).filter((path) => inScope(kind, path));
}

/** A Pod template field of a Job (or a CronJob's job template): explained for the fields a Job author touches most, schema hover for the rest. */
function isPodTemplatePath(kind: KindName, path: string): boolean {
  const prefix = podTemplatePrefix(kind);
  return prefix !== undefined && path.startsWith(prefix);
}

/** The paths that may have an entry: those in scope, and the Job's Pod template fields. */
function catalogueablePaths(kind: KindName): Set<string> {
  return new Set(Object.keys(FIELDS[kind]).filter((path) => inScope(kind, path) || isPodTemplatePath(kind, path)));
}

/** The schema at a catalogue path (`a.b[].c`), following `$ref`s into `definitions`. */
function schemaAtPath(kind: KindName, path: string): Schema | undefined {
  const root = JSON.parse(readFileSync(join(SCHEMAS_DIR, SCHEMA_FILES[kind]), 'utf8')) as Schema;
  const deref = (schema: Schema | undefined): Schema | undefined => {
    let current = schema;
    for (let depth = 0; current && typeof current.$ref === 'string' && depth < 16; depth++) {
      current = (root.definitions as Record<string, Schema>)[current.$ref.replace('#/definitions/', '')];
    }
    return current;
  };
  let current = deref(root);
  for (const part of path.split('.')) {
    const name = part.replace(/\[\]$/, '');
    current = deref((current?.properties as Record<string, Schema> | undefined)?.[name]);
    if (part.endsWith('[]')) current = deref(current?.items as Schema | undefined);
  }
  return current;
}

/**
 * The values of a field, or of the items of a list field: the schema's `enum`, or the values the generator
 * lists for the Pod API's enums (`x-kubeassist-values`, scripts/podEnums.ts) that rules check themselves.
 */
function enumOf(kind: KindName, path: string): string[] | undefined {
  const named = (schema: Schema | undefined) => (schema?.enum ?? schema?.['x-kubeassist-values']) as unknown[] | undefined;
  const schema = schemaAtPath(kind, path);
  const values = named(schema) ?? (schema?.type === 'array' ? named(schemaAtPath(kind, `${path}[]`)) : undefined);
  return values?.map(String);
}

/** Every piece of prose in an entry. */
function textsOf(doc: FieldDoc): string[] {
  return [
    doc.summary,
    doc.details ?? '',
    doc.default ?? '',
    doc.mutability ?? '',
    doc.onUpdate ?? '',
    ...(doc.limits ?? []),
    ...Object.values(doc.values ?? {}),
    ...Object.values(doc.rejected ?? {}),
    ...(doc.interactions ?? []).map((interaction) => interaction.text),
  ];
}

describe('field catalogue', () => {
  for (const kind of KINDS) {
    describe(kind, () => {
      const docs = fieldDocs(kind);

      it('has an entry for every field of schemas/fields.json in scope', () => {
        const missing = scopePaths(kind).filter((path) => !fieldDoc(kind, path) || fieldDoc(kind, path)?.path !== path);
        assert.deepEqual(missing, [], `${kind} fields without a catalogue entry:\n  ${missing.join('\n  ')}`);
      });

      it('has no entry for a path that is not in schemas/fields.json (or out of scope), and none twice', () => {
        const known = catalogueablePaths(kind);
        const unknown = docs.map((doc) => doc.path).filter((path) => !known.has(path));
        assert.deepEqual(unknown, [], `${kind} entries for unknown paths:\n  ${unknown.join('\n  ')}`);
        const seen = new Set<string>();
        const twice = docs.map((doc) => doc.path).filter((path) => seen.has(path) || !seen.add(path));
        assert.deepEqual(twice, [], `${kind} entries given twice: ${twice.join(', ')}`);
      });

      it('lists exactly the schema enum values for every enum field, the ones the kind refuses apart', () => {
        for (const doc of docs) {
          const allowed = enumOf(kind, doc.path);
          const refused = Object.keys(doc.rejected ?? {});
          for (const value of refused) assert.ok(!(value in (doc.values ?? {})), `${kind} ${doc.path}: ${value} is both allowed and refused`);
          if (!allowed) {
            assert.deepEqual(refused, [], `${kind} ${doc.path}: refused values without a schema enum`);
            continue;
          }
          const explained = [...Object.keys(doc.values ?? {}), ...refused].sort();
          for (const value of refused) assert.ok(allowed.includes(value), `${kind} ${doc.path}: refused value ${value} is not in the schema enum`);
          if (!isPodTemplatePath(kind, doc.path)) {
            assert.deepEqual(explained, [...allowed].sort(), `${kind} ${doc.path}: values must be ${allowed.join(', ')}`);
            continue;
          }
          // The core/v1 enums come from the Go constants; a value a release accepts only behind a gate may be
          // missing from the schema, and must then say so.
          assert.deepEqual(allowed.filter((value) => !explained.includes(value)), [], `${kind} ${doc.path}: every allowed value needs an explanation`);
          for (const value of explained.filter((value) => !allowed.includes(value))) {
            assert.match(doc.values?.[value] ?? '', /gate|alpha|beta|from 1\.\d+/i, `${kind} ${doc.path}: ${value} is not in the schema enum and says no gate or release`);
          }
        }
      });

      it('names only existing rule codes and catalogued fields in its interactions', () => {
        for (const doc of docs) {
          for (const interaction of doc.interactions ?? []) {
            if (interaction.rule) assert.ok(RULE_CODES.has(interaction.rule), `${kind} ${doc.path}: unknown rule code ${interaction.rule}`);
            if (interaction.field) assert.ok(interaction.field in FIELDS[kind], `${kind} ${doc.path}: unknown field ${interaction.field}`);
            assert.ok(interaction.text.trim().length > 0, `${kind} ${doc.path}: an interaction without text`);
          }
        }
      });

      it('has a one-line summary of at most 120 characters', () => {
        for (const doc of docs) {
          assert.ok(doc.summary.trim().length > 0, `${kind} ${doc.path}: empty summary`);
          assert.ok(doc.summary.length <= 120, `${kind} ${doc.path}: summary of ${doc.summary.length} characters`);
          assert.ok(!doc.summary.includes('\n'), `${kind} ${doc.path}: summary on several lines`);
        }
      });

      it('gives examples that are valid YAML', () => {
        for (const doc of docs) {
          if (doc.example === undefined) continue;
          const parsed = parseDocument(doc.example, { uniqueKeys: true });
          assert.deepEqual(parsed.errors.map((error) => error.message), [], `${kind} ${doc.path}: example is not valid YAML`);
          assert.equal(parsed.warnings.length, 0, `${kind} ${doc.path}: example has YAML warnings`);
        }
      });

      it('links to kubernetes.io (a custom resource\'s own fields: to its project\'s documentation)', () => {
        for (const doc of docs) if (doc.docs) assert.match(doc.docs, DOC_SITES[kind], `${kind} ${doc.path}`);
      });

      it(`states the maturity of every spec field, and gates that match the feature-gate table at 1.${MAX_MINOR}`, () => {
        for (const doc of docs) {
          // Kubernetes' own fields: a custom resource's own fields have the maturity of its project's API version.
          if (doc.path.startsWith('spec.') && !customResourceField(kind, doc.path)) assert.ok(doc.maturity, `${kind} ${doc.path}: no maturity`);
          if (!doc.featureGate) continue;
          assert.ok((FEATURE_GATE_NAMES as string[]).includes(doc.featureGate), `${kind} ${doc.path}: unknown gate ${doc.featureGate}`);
          const stage = gateStage(doc.featureGate as GateName, MAX_MINOR);
          const maturity = stage === 'ga' ? 'GA' : stage === 'alpha' ? 'alpha' : 'beta';
          assert.equal(doc.maturity, maturity, `${kind} ${doc.path}: ${doc.featureGate} is ${stage} in 1.${MAX_MINOR}`);
        }
        for (const gated of GATED_FIELDS) {
          if (gated.kind !== kind || gated.pattern.includes('*') || isPodTemplatePath(kind, gated.pattern.join('.'))) continue;
          const path = gated.pattern.join('.');
          assert.equal(fieldDoc(kind, path)?.featureGate, gated.gate, `${kind} ${path}: the gate ${gated.gate} of featureGates.ts`);
        }
      });
    });
  }

  it('gives a list item of plain values the list entry', () => {
    assert.equal(fieldDoc('CSIDriver', 'spec.volumeLifecycleModes[]'), fieldDoc('CSIDriver', 'spec.volumeLifecycleModes'));
    assert.equal(fieldDoc('Job', 'spec.unknownField'), undefined);
  });
});

// ---------------------------------------------------------------------------------------------------
// The Pod template, taught for what holds in a Job.

/** Container fields count once, whichever list (containers, initContainers) they are explained for. */
function distinctField(path: string): string {
  return path.replace('spec.template.spec.initContainers[]', 'spec.template.spec.containers[]');
}

const POD_FIELDS_A_JOB_AUTHOR_TOUCHES = [
  'restartPolicy', 'containers', 'initContainers', 'initContainers[].restartPolicy', 'containers[].command', 'containers[].args',
  'containers[].image', 'containers[].imagePullPolicy', 'containers[].env', 'containers[].envFrom', 'containers[].resources',
  'containers[].resources.requests', 'containers[].resources.limits', 'volumes', 'containers[].volumeMounts', 'serviceAccountName',
  'automountServiceAccountToken', 'nodeSelector', 'affinity', 'tolerations', 'securityContext', 'securityContext.runAsUser',
  'securityContext.runAsNonRoot', 'securityContext.fsGroup', 'securityContext.seccompProfile', 'containers[].securityContext.capabilities',
  'containers[].securityContext.readOnlyRootFilesystem', 'containers[].securityContext.allowPrivilegeEscalation', 'activeDeadlineSeconds',
  'terminationGracePeriodSeconds', 'containers[].livenessProbe', 'containers[].readinessProbe', 'containers[].startupProbe',
  'imagePullSecrets', 'priorityClassName', 'topologySpreadConstraints', 'subdomain', 'hostname',
].map((field) => `spec.template.spec.${field}`);

describe('Pod template teaching', () => {
  const podDocs = fieldDocs('Job').filter((doc) => isPodTemplatePath('Job', doc.path));

  it('explains at least 60 Pod template fields, the ones the issue names among them', () => {
    const distinct = new Set(podDocs.map((doc) => distinctField(doc.path)));
    assert.ok(distinct.size >= 60, `only ${distinct.size} distinct Pod template fields explained`);
    assert.deepEqual(POD_FIELDS_A_JOB_AUTHOR_TOUCHES.filter((path) => fieldDoc('Job', path)?.path !== path), []);
  });

  it('explains each container field for init containers too', () => {
    const containers = podDocs.filter((doc) => doc.path.startsWith('spec.template.spec.containers[].')).map((doc) => doc.path);
    const missing = containers.filter((path) => !fieldDoc('Job', path.replace('containers[]', 'initContainers[]')));
    assert.deepEqual(missing, []);
  });

  it('says what holds in a Job wherever it explains a field at length', () => {
    const silent = podDocs.filter((doc) => doc.details && !textsOf(doc).some((text) => /\bJobs?\b/.test(text))).map((doc) => doc.path);
    assert.deepEqual(silent, [], `entries that never mention the Job:\n  ${silent.join('\n  ')}`);
  });

  it('refuses `restartPolicy: Always` in a Job and offers only Never and OnFailure', () => {
    const doc = fieldDoc('Job', 'spec.template.spec.restartPolicy')!;
    assert.deepEqual(Object.keys(doc.values ?? {}), ['Never', 'OnFailure']);
    assert.deepEqual(Object.keys(doc.rejected ?? {}), ['Always']);
  });
});

// ---------------------------------------------------------------------------------------------------
// Examples the engine accepts: each one, placed where it belongs in a minimal object, gives no error and
// holds the field it explains. The Job spec's own examples are fragments at various depths (a pod failure
// policy rule, a selector needing manualSelector) and are only checked to be YAML, above.

const MINIMAL: Record<KindName, () => Record<string, unknown>> = {
  Job: () => ({
    apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'example' },
    spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'main', image: 'busybox:1.36' }] } } },
  }),
  CronJob: () => ({
    apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'example' },
    spec: { schedule: '0 3 * * *', jobTemplate: { spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'main', image: 'busybox:1.36' }] } } } } },
  }),
  CSIDriver: () => ({ apiVersion: 'storage.k8s.io/v1', kind: 'CSIDriver', metadata: { name: 'csi.example.com' } }),
  JobSet: () => ({
    apiVersion: 'jobset.x-k8s.io/v1alpha2', kind: 'JobSet', metadata: { name: 'example' },
    spec: { replicatedJobs: [{ name: 'workers', template: { spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'main', image: 'busybox:1.36' }] } } } } }] },
  }),
  TrainingRuntime: () => ({
    apiVersion: 'trainer.kubeflow.org/v1alpha1', kind: 'TrainingRuntime', metadata: { name: 'example' },
    spec: { template: { spec: { replicatedJobs: [{ name: 'workers', template: { spec: { template: { spec: { containers: [{ name: 'node', image: 'busybox:1.36' }] } } } } }] } } },
  }),
  ClusterTrainingRuntime: () => ({
    apiVersion: 'trainer.kubeflow.org/v1alpha1', kind: 'ClusterTrainingRuntime', metadata: { name: 'example' },
    spec: { template: { spec: { replicatedJobs: [{ name: 'workers', template: { spec: { template: { spec: { containers: [{ name: 'node', image: 'busybox:1.36' }] } } } } }] } } },
  }),
};

/** Where an entry's example is rooted: the Pod spec, the Pod template, or the object. */
function exampleRoot(kind: KindName, path: string): string[] {
  const prefix = podTemplatePrefix(kind);
  if (!prefix) return [];
  const template = prefix.slice(0, -1).split('.');
  if (isPodTemplatePath(kind, path) && path.startsWith(`${template.join('.')}.spec.`)) return [...template, 'spec'];
  if (isPodTemplatePath(kind, path)) return template;
  return [];
}

/**
 * The entries whose examples are checked in a minimal object: the Pod template's of a Job, a CronJob's own
 * (its Job fields are the Job's entries, fragments at various depths) and all of a CSIDriver's.
 */
function exampleChecked(kind: KindName, path: string): boolean {
  if (kind === 'Job') return isPodTemplatePath(kind, path);
  if (kind === 'CronJob') return !path.startsWith('spec.jobTemplate.spec.');
  // A JobSet's (or runtime's) Job fields are the Job's entries, fragments at various depths: its own are checked.
  if (kind !== 'CSIDriver') return customResourceField(kind, path);
  return true;
}

/** Objects merge key by key; lists and scalars of the example replace the base's. */
function merge(base: unknown, over: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(over)) return over;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) out[key] = key in base ? merge(base[key], value) : value;
  return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether `object` holds a value at the schema path (`a.b[].c`: some item of `b` has `c`). */
function holds(object: unknown, parts: string[]): boolean {
  if (parts.length === 0) return object !== undefined;
  const [part, ...rest] = parts;
  const value = isPlainObject(object) ? object[part.replace(/\[\]$/, '')] : undefined;
  if (!part.endsWith('[]')) return holds(value, rest);
  return Array.isArray(value) && value.some((item) => holds(item, rest));
}

describe('catalogue examples', () => {
  for (const kind of KINDS) {
    const which = kind === 'Job' ? 'Pod template' : kind;
    it(`${which}: each example, placed in a minimal ${kind}, is accepted and holds its field`, () => {
      const problems: string[] = [];
      const docs = fieldDocs(kind).filter((doc) => doc.example !== undefined && exampleChecked(kind, doc.path));
      assert.ok(docs.length > 0);
      for (const doc of docs) {
        const root = exampleRoot(kind, doc.path);
        const fragment = root.reduceRight<unknown>((inner, key) => ({ [key]: inner }), parseDocument(doc.example!).toJS());
        const object = merge(MINIMAL[kind](), fragment);
        if (!holds(object, doc.path.split('.'))) problems.push(`${doc.path}: the example does not set the field`);
        const errors = validateText(stringify(object), DEFAULT_SETTINGS).filter((d) => d.severity === 1);
        for (const error of errors) problems.push(`${doc.path}: ${String(error.code)} ${String(error.message).slice(0, 160)}`);
      }
      assert.deepEqual(problems, []);
    });
  }
});

describe('well-known keys', () => {
  const REQUIRED = [
    'batch.kubernetes.io/job-completion-index', 'JOB_COMPLETION_INDEX', 'batch.kubernetes.io/job-index-failure-count',
    'batch.kubernetes.io/job-index-ignored-failure-count', 'batch.kubernetes.io/controller-uid', 'controller-uid',
    'batch.kubernetes.io/job-name', 'job-name', 'batch.kubernetes.io/job-tracking', 'batch.kubernetes.io/cronjob-scheduled-timestamp',
    'kubernetes.io/job-controller', 'csi.storage.k8s.io/pod.name', 'csi.storage.k8s.io/pod.namespace', 'csi.storage.k8s.io/pod.uid',
    'csi.storage.k8s.io/serviceAccount.name', 'csi.storage.k8s.io/ephemeral', 'csi.storage.k8s.io/serviceAccount.tokens',
    'app.kubernetes.io/name', 'app.kubernetes.io/instance', 'app.kubernetes.io/version', 'app.kubernetes.io/component',
    'app.kubernetes.io/part-of', 'app.kubernetes.io/managed-by', 'kubectl.kubernetes.io/default-container',
    'cluster-autoscaler.kubernetes.io/safe-to-evict',
    'helm.sh/hook', 'helm.sh/hook-weight', 'helm.sh/hook-delete-policy', 'argocd.argoproj.io/hook', 'argocd.argoproj.io/hook-delete-policy',
    'argocd.argoproj.io/sync-wave', 'kueue.x-k8s.io/queue-name', 'kueue.x-k8s.io/priority-class',
  ];

  it('knows the keys a Job or CSI driver author meets', () => {
    const missing = REQUIRED.filter((key) => !wellKnownKey(key));
    assert.deepEqual(missing, []);
  });

  it('gives each key once, with what it holds, where, who sets it, a real rule code and a kubernetes.io link', () => {
    const seen = new Set<string>();
    for (const key of wellKnownKeys()) {
      assert.ok(!seen.has(key.key), `${key.key} twice`);
      seen.add(key.key);
      for (const text of [key.type, key.where, key.holds, key.setBy]) assert.ok(text.trim().length > 0, key.key);
      if (key.rule) assert.ok(RULE_CODES.has(key.rule), `${key.key}: unknown rule code ${key.rule}`);
      // Kubernetes' own keys link to kubernetes.io; a tool's keys (Helm, Argo CD, Kueue) to that tool's documentation.
      if (key.docs) assert.ok(key.docs.startsWith(key.project ? ECOSYSTEM_SITES[key.project] : 'https://kubernetes.io/docs/'), `${key.key}: ${key.docs}`);
      if (key.project) assert.ok(key.docs, `${key.key}: a tool's key links to the tool's documentation`);
    }
  });

  it('marks the generated Job labels with the rule that checks a value you write', () => {
    assert.equal(wellKnownKey('batch.kubernetes.io/job-name')?.rule, 'job/selector/batch-job-name-label');
    assert.equal(wellKnownKey('job-name')?.rule, 'job/selector/job-name-label');
    assert.equal(wellKnownKey('batch.kubernetes.io/controller-uid')?.rule, 'job/selector/batch-controller-uid-label');
    assert.equal(wellKnownKey('controller-uid')?.rule, 'job/selector/controller-uid-label');
  });
});

// ---------------------------------------------------------------------------------------------------
// Our own words: no run of eight words in common with an upstream OpenAPI description.

const OPENAPI_1_35 = sharedPath('openapi', '1.35');
const RUN = 8;

function words(text: string): string[] {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim().split(' ').filter(Boolean);
}

function runsOf(text: string): string[] {
  const list = words(text);
  const runs: string[] = [];
  for (let i = 0; i + RUN <= list.length; i++) runs.push(list.slice(i, i + RUN).join(' '));
  return runs;
}

function descriptions(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) descriptions(item, out);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'description' && typeof value === 'string') out.push(value);
      else descriptions(value, out);
    }
  }
  return out;
}

describe('catalogue prose', { skip: skipUnlessShared('catalogue prose not copied from upstream', 'openapi', '1.35') }, () => {
  it(`shares no run of ${RUN} words with the OpenAPI descriptions of 1.35`, () => {
    const upstream = new Set<string>();
    for (const file of readdirSync(OPENAPI_1_35).filter((name) => name.endsWith('.json'))) {
      for (const text of descriptions(JSON.parse(readFileSync(join(OPENAPI_1_35, file), 'utf8')))) for (const run of runsOf(text)) upstream.add(run);
    }
    const copied: string[] = [];
    const check = (where: string, text: string) => {
      for (const run of runsOf(text)) if (upstream.has(run)) copied.push(`${where}: "${run}"`);
    };
    for (const kind of KINDS) for (const doc of fieldDocs(kind)) for (const text of textsOf(doc)) check(`${kind} ${doc.path}`, text);
    for (const key of wellKnownKeys()) for (const text of [key.holds, key.where, key.setBy, ...Object.values(key.values ?? {})]) check(key.key, text);
    assert.deepEqual(copied, [], `runs of ${RUN} words found in the OpenAPI descriptions:\n  ${copied.join('\n  ')}`);
  });
});
