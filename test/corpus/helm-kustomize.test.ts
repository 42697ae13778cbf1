// Real Helm chart templates and real Kustomize patches (test/fixtures/helm, test/fixtures/kustomize; sources
// and licences in their SOURCES.md): zero errors on every one of them at every release, and literal mistakes
// seeded into copies of them each caught at the line they were written on.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { checkedResources, DEFAULT_SETTINGS, FileModel, kustomizeContext, validate, type DocumentContext, type Settings } from '../../server/src/service/index';
import { MAX_MINOR, MIN_MINOR } from '../../server/src/service/types';
import { REPO_ROOT } from '../support/shared';

const HELM = join(REPO_ROOT, 'test', 'fixtures', 'helm');
const KUSTOMIZE = join(REPO_ROOT, 'test', 'fixtures', 'kustomize');
const RELEASES = Array.from({ length: MAX_MINOR - MIN_MINOR + 1 }, (_, i) => `1.${MIN_MINOR + i}`);

function filesUnder(folder: string, wanted: (path: string) => boolean): string[] {
  const out: string[] = [];
  for (const name of readdirSync(folder).sort()) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path, wanted));
    else if (wanted(path)) out.push(path);
  }
  return out;
}

const templates = filesUnder(HELM, (path) => /[\\/]templates[\\/].*\.ya?ml$/.test(path));
const patches = filesUnder(KUSTOMIZE, (path) => /\.(ya?ml|json)$/.test(path) && !/kustomization\.ya?ml$/.test(path));

const read = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

const contextOf = (file: string): DocumentContext => kustomizeContext(resolve(file), read);

function check(text: string, context: DocumentContext = {}, settings: Settings = DEFAULT_SETTINGS): Diagnostic[] {
  return validate(new FileModel(), text, settings, { context });
}

const errors = (diagnostics: Diagnostic[]) => diagnostics.filter((d) => d.severity === DiagnosticSeverity.Error);
const name = (file: string) => file.slice(file.indexOf('fixtures') + 'fixtures/'.length);

describe('real Helm chart templates', () => {
  it('has at least 30 templates of Jobs and CronJobs, none from bitnami/charts', () => {
    const batch = templates.filter((file) => /^\s*kind:\s*(Job|CronJob)\s*$/m.test(readFileSync(file, 'utf8')));
    assert.ok(batch.length >= 30, `${batch.length} templates`);
    assert.ok(!templates.some((file) => /bitnami/i.test(file)));
  });

  it(`gets zero errors on every template at every release (1.${MIN_MINOR} to 1.${MAX_MINOR}), with its Jobs and CronJobs checked`, () => {
    const found: string[] = [];
    let jobs = 0;
    let cronJobs = 0;
    for (const file of templates) {
      const text = readFileSync(file, 'utf8');
      for (const release of RELEASES) {
        for (const d of errors(check(text, {}, { ...DEFAULT_SETTINGS, kubernetesVersion: release }))) found.push(`${release} ${name(file)}:${d.range.start.line + 1} ${d.code} ${d.message}`);
      }
      const resources = checkedResources(new FileModel(), text);
      jobs += resources.filter((resource) => resource.kind === 'Job').length;
      cronJobs += resources.filter((resource) => resource.kind === 'CronJob').length;
    }
    assert.deepEqual(found, []);
    // Every Job and CronJob of the corpus (46 templates: 36 with Jobs, one of them with two, and 10 with a
    // CronJob), templated apiVersion and all.
    assert.equal(jobs, 37);
    assert.equal(cronJobs, 10);
    console.log(`helm corpus: ${templates.length} templates, ${jobs} Jobs and ${cronJobs} CronJobs checked, 0 errors`);
  });

  /**
   * The line of the JobSpec's `spec:` and the indentation of its first field: a Job's own `spec:` (column 0,
   * after `kind: Job`), or the `spec:` under a CronJob's `jobTemplate:` (after `kind: CronJob`).
   */
  function jobSpec(lines: string[]): { line: number; indent: string } | undefined {
    const job = lines.findIndex((line) => /^kind:\s*Job\s*$/.test(line));
    const cronJob = lines.findIndex((line) => /^kind:\s*CronJob\s*$/.test(line));
    let line = -1;
    if (job !== -1) line = lines.findIndex((candidate, index) => index > job && /^spec:\s*$/.test(candidate));
    else if (cronJob !== -1) {
      const jobTemplate = lines.findIndex((candidate, index) => index > cronJob && /^  +jobTemplate:\s*$/.test(candidate));
      const column = jobTemplate === -1 ? 0 : /^( *)/.exec(lines[jobTemplate])![1].length;
      line = jobTemplate === -1 ? -1 : lines.findIndex((candidate, index) => index > jobTemplate && /^ +spec:\s*$/.test(candidate) && /^( *)/.exec(candidate)![1].length > column);
    }
    if (line === -1) return undefined;
    const column = /^( *)/.exec(lines[line])![1].length;
    const child = lines.slice(line + 1).find((candidate) => /^ +[A-Za-z]/.test(candidate) && /^( *)/.exec(candidate)![1].length > column);
    return { line, indent: /^( +)/.exec(child ?? `${' '.repeat(column)}  `)![1] };
  }

  const SEEDS: { name: string; code: string; seed: (lines: string[]) => { lines: string[]; line: number } | undefined }[] = [
    {
      name: 'completionMode: indexed (lower case)', code: 'schema/enum',
      seed: (lines) => {
        const spec = jobSpec(lines);
        return spec && { lines: [...lines.slice(0, spec.line + 1), `${spec.indent}completionMode: indexed`, ...lines.slice(spec.line + 1)], line: spec.line + 1 };
      },
    },
    {
      name: 'a misspelt field', code: 'schema/unknown-field',
      seed: (lines) => {
        const spec = jobSpec(lines);
        return spec && { lines: [...lines.slice(0, spec.line + 1), `${spec.indent}backofLimit: 3`, ...lines.slice(spec.line + 1)], line: spec.line + 1 };
      },
    },
    {
      name: 'restartPolicy: Always in the Job template', code: 'job/restart-policy/never-or-on-failure-required',
      seed: (lines) => {
        const spec = jobSpec(lines);
        const line = spec ? lines.findIndex((candidate, index) => index > spec.line && /^\s+restartPolicy:\s*(Never|OnFailure)\s*$/.test(candidate)) : -1;
        return line === -1 ? undefined : { lines: lines.map((candidate, index) => (index === line ? candidate.replace(/Never|OnFailure/, 'Always') : candidate)), line };
      },
    },
    {
      name: 'a FailIndex rule without backoffLimitPerIndex', code: 'job/pod-failure-policy/fail-index-needs-backoff-limit-per-index',
      seed: (lines) => {
        const spec = jobSpec(lines);
        if (!spec) return undefined;
        const i = spec.indent;
        const policy = [`${i}podFailurePolicy:`, `${i}  rules:`, `${i}  - action: FailIndex`, `${i}    onExitCodes:`, `${i}      operator: In`, `${i}      values: [42]`];
        return { lines: [...lines.slice(0, spec.line + 1), ...policy, ...lines.slice(spec.line + 1)], line: spec.line + 3 };
      },
    },
  ];

  for (const seed of SEEDS) {
    it(`catches ${seed.name} seeded into a copy of every Job and CronJob template, at its line`, () => {
      const misses: string[] = [];
      let tried = 0;
      for (const file of templates) {
        const seeded = seed.seed(readFileSync(file, 'utf8').split('\n'));
        if (!seeded) continue;
        tried++;
        const diagnostics = check(seeded.lines.join('\n'));
        if (!diagnostics.some((d) => d.code === seed.code && d.range.start.line === seeded.line)) misses.push(name(file));
        // Nothing else is reported, except what the seeded mistake sets off with the template's own fields
        // (a pod failure policy beside `restartPolicy: OnFailure`).
        const others = errors(diagnostics).filter((d) => d.range.start.line !== seeded.line && d.code !== 'job/pod-failure-policy/restart-policy-must-be-never');
        for (const d of others) misses.push(`${name(file)}: also ${d.code} on line ${d.range.start.line + 1}`);
      }
      assert.ok(tried >= 30, `${tried} templates seeded`);
      console.log(`${seed.name}: ${tried} templates seeded`);
      assert.deepEqual(misses, []);
    });
  }
});

describe('real Kustomize patches', () => {
  it('has at least 10 patches of Jobs and CSIDrivers, each recognised from its kustomization', () => {
    assert.ok(patches.length >= 10, `${patches.length} patches`);
    const unrecognised = patches.filter((file) => !contextOf(file).kustomizePatch);
    assert.deepEqual(unrecognised, []);
  });

  /**
   * Patches written for a retired apiVersion and listed without a `target`: kustomize applies such a patch only to a
   * base of that very apiVersion (ResId.Equals), and no release from 1.23 serves `storage.k8s.io/v1beta1` CSIDrivers
   * (removed in 1.22), so what they build is refused. Each gets exactly that error, at its apiVersion line.
   */
  const RETIRED_API_VERSION = [
    'kubernetes-sigs__gcp-filestore-csi-driver/2719722da341/deploy/kubernetes/overlays/prow-gke-release-staging-rc-master/fsgrouppolicy.yaml',
    'kubernetes-sigs__gcp-filestore-csi-driver/a25696e139c9/deploy/kubernetes/overlays/stable-master/fsgrouppolicy.yaml',
  ];
  const isRetired = (file: string) => RETIRED_API_VERSION.some((path) => name(file) === `kustomize/${path}`);

  it(`gets zero errors on every patch at every release (1.${MIN_MINOR} to 1.${MAX_MINOR}), but kind/api-version on patches for a retired apiVersion`, () => {
    const found: string[] = [];
    for (const file of patches) {
      const text = readFileSync(file, 'utf8');
      const context = contextOf(file);
      for (const release of RELEASES) {
        for (const d of errors(check(text, context, { ...DEFAULT_SETTINGS, kubernetesVersion: release }))) {
          if (isRetired(file) && d.code === 'kind/api-version' && d.range.start.line === 1) continue;
          found.push(`${release} ${name(file)}:${d.range.start.line + 1} ${d.code} ${d.message}`);
        }
        if (isRetired(file)) assert.deepEqual(errors(check(text, context, { ...DEFAULT_SETTINGS, kubernetesVersion: release })).map((d) => d.code), ['kind/api-version'], `${release} ${name(file)}`);
      }
    }
    assert.deepEqual(found, []);
    assert.equal(patches.filter(isRetired).length, RETIRED_API_VERSION.length);
    console.log(`kustomize corpus: ${patches.length} patches, 0 errors (${RETIRED_API_VERSION.length} for a retired apiVersion: kind/api-version)`);
  });

  /**
   * A copy of a patch with one line changed (the first that `change` changes, after the `kind: Job` line when
   * there is one): the finding must be on that line, and nothing else reported.
   */
  function seeded(file: string, change: (line: string) => string | undefined, code: string | undefined, context = contextOf(file)): string | undefined {
    const lines = readFileSync(file, 'utf8').split('\n');
    const job = lines.findIndex((line) => /^kind:\s*Job\s*$/.test(line));
    const index = lines.findIndex((line, i) => i > job && change(line) !== undefined);
    if (index === -1) return `${name(file)}: nothing to seed`;
    const text = lines.map((line, i) => (i === index ? change(line)! : line)).join('\n');
    const found = errors(check(text, context));
    if (code === undefined) return found.length ? `${name(file)}: ${found.map((d) => `${d.code} on line ${d.range.start.line + 1}`).join(', ')} (wanted nothing)` : undefined;
    const expected = found.filter((d) => d.code === code && d.range.start.line === index);
    if (expected.length !== 1 || found.length !== 1) return `${name(file)}: ${found.map((d) => `${d.code} on line ${d.range.start.line + 1}`).join(', ') || 'nothing'} (wanted ${code} on line ${index + 1})`;
    return undefined;
  }

  /** The context of a patch whose kustomization also finds `resource` (a base written beside it) among its resources. */
  function withLocalBase(file: string, resource: string, text: string): DocumentContext {
    const kustomization = contextOf(file).kustomizePatch!.uses[0].kustomization;
    const virtual = resolve(kustomization, '..', resource);
    return kustomizeContext(resolve(file), (path) => (path === virtual ? text : read(path)));
  }

  it('catches a wrong restart policy and a misspelt field seeded into the Job patches, at their lines', () => {
    const jobs = patches.filter((file) => /^kind:\s*Job\s*$/m.test(readFileSync(file, 'utf8')));
    assert.ok(jobs.length >= 6, `${jobs.length} Job patches`);
    const problems = jobs.flatMap((file) => [
      seeded(file, (line) => (/^(\s+)containers:\s*$/.test(line) ? line.replace('containers:', 'containerz:') : undefined), 'schema/unknown-field'),
      /restartPolicy:/.test(readFileSync(file, 'utf8'))
        ? seeded(file, (line) => (/restartPolicy: (OnFailure|Never)/.test(line) ? line.replace(/OnFailure|Never/, 'Always') : undefined), 'job/restart-policy/never-or-on-failure-required')
        : undefined,
    ]).filter(Boolean);
    assert.deepEqual(problems, []);
  });

  it('catches a wrong value and a wrong path seeded into the JSON 6902 patches, at their lines; a removed path only against a local base', () => {
    // kubeflow's `remove` lists target a Job `init-seaweedfs` (among Deployments) of bases not copied here: a
    // removed field no Job has may be a stray field of that base, so it is judged only once the base is local.
    const initJob = 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: init-seaweedfs\nspec:\n  template:\n    spec:\n      securityContext: {}\n      containers:\n      - name: init\n        image: busybox\n        securityContext: {}\n';
    const removes = patches.filter((file) => /remove-sc(-pod)?\.json$/.test(file));
    assert.equal(removes.length, 2);
    const typo = (line: string) => (/"path":/.test(line) ? line.replace('securityContext', 'securityContxt') : undefined);
    const problems = [
      ...patches.filter((file) => /fsgrouppolicy\.yaml$/.test(file) && /^- op:/m.test(readFileSync(file, 'utf8')))
        .flatMap((file) => [
          seeded(file, (line) => (/value: File$/.test(line) ? line.replace('File', 'Files') : undefined), 'schema/enum'),
          seeded(file, (line) => (/fsGroupPolicy"$/.test(line) ? line.replace('fsGroupPolicy', 'fsGroupPolcy') : undefined), 'kustomize/json6902-path'),
        ]),
      ...removes.flatMap((file) => [
        seeded(file, typo, undefined),
        seeded(file, typo, 'kustomize/json6902-path', withLocalBase(file, 'route.yaml', initJob)),
        seeded(file, typo, undefined, withLocalBase(file, 'route.yaml', initJob.replace(/securityContext/g, 'securityContxt'))),
      ]),
    ].filter(Boolean);
    assert.deepEqual(problems, []);
  });
});
