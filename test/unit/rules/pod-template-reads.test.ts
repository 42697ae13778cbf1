// The pod-template families that declare what they read (POD_TEMPLATE_READS) are skipped on templates
// without any of it: a skip must never lose a finding. The rule harness compares every table case with and
// without the guard; here the same comparison runs over every Job and CronJob of the test fixtures and of the
// real-world corpus in every release, and a few manifests pin down where the fields may be.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseKubectlYaml, toServerJson } from '../../../server/src/service/document/kubectlYaml';
import { splitDocuments } from '../../../server/src/service/document/split';
import { applyDefaults, isObject } from '../../../server/src/service/kube/defaults';
import { ALL_RULES } from '../../../server/src/service/rules/index';
import { podTemplateRules } from '../../../server/src/service/rules/pod/index';
import { POD_TEMPLATE_READS, unguardedCheck } from '../../../server/src/service/rules/pod/podTemplate';
import { MAX_MINOR, MIN_MINOR, type JsonObject, type KindName } from '../../../server/src/service/types';
import { REPO_ROOT, sharedPath, skipUnlessShared } from '../../support/shared';
import { runRules, summary } from './harness';

const GUARDED = ALL_RULES.filter((rule) => unguardedCheck(rule) !== undefined);
const MINORS = Array.from({ length: MAX_MINOR - MIN_MINOR + 1 }, (_, i) => MIN_MINOR + i);

function yamlFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return /\.ya?ml$/.test(name) ? [path] : [];
  });
}

/** The Jobs and CronJobs of a file (top-level and `kind: List` items), as the engine reads them. */
function jobsAndCronJobs(text: string): JsonObject[] {
  const objects: JsonObject[] = [];
  for (const slice of splitDocuments(text)) {
    const document = parseKubectlYaml(slice.text);
    if (document.errors.length) continue;
    let value;
    try {
      value = toServerJson(document);
    } catch {
      continue; // too many aliases
    }
    if (!isObject(value)) continue;
    const candidates = value.kind === 'List' && Array.isArray(value.items) ? value.items : [value];
    for (const item of candidates) if (isObject(item) && (item.kind === 'Job' || item.kind === 'CronJob') && item.apiVersion === 'batch/v1') objects.push(item);
  }
  return objects;
}

/** Each guarded family with and without its guard, in every release: the differences, as lines. */
function differences(files: string[]): { objects: number; differ: string[] } {
  let objects = 0;
  const differ: string[] = [];
  for (const file of files) {
    for (const object of jobsAndCronJobs(readFileSync(file, 'utf8'))) {
      objects++;
      const kind = object.kind as KindName;
      for (const minor of MINORS) {
        const context = { kind, object, defaulted: applyDefaults(kind, object), minor };
        for (const rule of GUARDED) {
          const guarded = JSON.stringify(rule.check(context));
          const full = JSON.stringify(unguardedCheck(rule)?.(context));
          if (guarded !== full) differ.push(`1.${minor} ${file}: ${rule.name}: ${full}`);
        }
      }
    }
  }
  return { objects, differ };
}

describe('pod-template families skipped on what a template does not contain', () => {
  it('every entry of POD_TEMPLATE_READS names a pod-template family, which gets the guard', () => {
    const names = new Set(podTemplateRules.map((rule) => rule.name));
    for (const name of Object.keys(POD_TEMPLATE_READS)) assert.ok(names.has(name), `POD_TEMPLATE_READS names ${name}, which is no pod-template family`);
    assert.deepEqual(GUARDED.map((rule) => rule.name).sort(), Object.keys(POD_TEMPLATE_READS).sort());
  });

  it('lose no finding on any Job or CronJob of the test fixtures, in any release', () => {
    const { objects, differ } = differences(yamlFiles(join(REPO_ROOT, 'test', 'fixtures')));
    assert.ok(objects >= 30, `only ${objects} Jobs and CronJobs in the fixtures`);
    assert.deepEqual(differ, []);
  });

  it('lose no finding on any Job or CronJob of the real-world corpus, in any release', { skip: skipUnlessShared('guarded pod-template families on the real-world corpus', 'corpus', 'real') }, () => {
    const { objects, differ } = differences(yamlFiles(sharedPath('corpus', 'real')));
    assert.ok(objects >= 60, `only ${objects} Jobs and CronJobs in the corpus`);
    assert.deepEqual(differ, []);
  });

  const job = (podSpec: string) => `apiVersion: batch/v1
kind: Job
metadata: {name: pi}
spec:
  template:
    spec:
      restartPolicy: Never
${podSpec}`;

  it('still check a field that only an init container sets', () => {
    const findings = runRules(podTemplateRules, job(`      initContainers:
      - name: init
        image: busybox
        ports: [{name: web, containerPort: 80}, {name: web, containerPort: 81}]
      containers: [{name: main, image: busybox}]`));
    assert.deepEqual(summary(findings).filter((line) => line.startsWith('pod/port-')), ['pod/port-name-duplicate @ spec.template.spec.initContainers[0].ports[1].name']);
  });

  it('still check a nested field (securityContext.sysctls) beside other security settings', () => {
    const findings = runRules(podTemplateRules, job(`      securityContext:
        runAsNonRoot: true
        sysctls: [{name: Kernel.Shm, value: "1"}]
      containers: [{name: main, image: busybox}]`));
    assert.deepEqual(summary(findings), ['pod/sysctl-name-invalid @ spec.template.spec.securityContext.sysctls[0].name']);
  });

  it('report nothing more without the fields than with the guard off', () => {
    const context = { kind: 'Job' as const, object: JSON.parse(JSON.stringify({ spec: { template: { spec: { containers: [{ name: 'main', image: 'busybox' }] } } } })), defaulted: {}, minor: MAX_MINOR };
    for (const rule of GUARDED) {
      assert.deepEqual(rule.check(context), [], rule.name);
      assert.deepEqual(unguardedCheck(rule)?.(context), [], rule.name);
    }
  });
});
