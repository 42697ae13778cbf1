// Kustomize patches: which files are patches (the kustomizations around them, read through a reader the
// test supplies), what a strategic-merge patch is checked for (what it sets) and not (what it leaves to
// its base), rule family by rule family, and JSON 6902 operation lists checked against the target's schema.
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { complete, DEFAULT_SETTINGS, FileModel, hover, kustomizeContext, validateText, type DocumentContext } from '../../server/src/service/index';
import { hasPatchDirectives } from '../../server/src/service/partial/strategicMerge';

const ROOT = resolve('/', 'repo');
const at = (...parts: string[]) => join(ROOT, ...parts);

/** A reader over an in-memory tree (paths relative to ROOT). */
function reader(files: Record<string, string>) {
  const byPath = new Map(Object.entries(files).map(([path, text]) => [at(...path.split('/')), text]));
  return (path: string) => byPath.get(path);
}

const SMP: DocumentContext = { kustomizePatch: { kind: 'strategic', uses: [{ kustomization: at('kustomization.yaml'), relative: 'kustomization.yaml', field: 'patches' }] } };
const json6902 = (target: Record<string, string>): DocumentContext => ({
  kustomizePatch: { kind: 'json6902', uses: [{ kustomization: at('kustomization.yaml'), relative: 'kustomization.yaml', field: 'patchesJson6902', target }] },
});

const findings = (text: string, context: DocumentContext = {}) =>
  validateText(text, DEFAULT_SETTINGS, { context }).map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.code}`);

const HEAD = 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: migrate\n';

describe('which files are patches', () => {
  it('finds the kustomization of the folder or a folder above, under each patch field, with its target', () => {
    const read = reader({
      'overlays/prod/kustomization.yaml': 'resources:\n- ../../base\npatches:\n- path: job.yaml\n- path: ops.yaml\n  target:\n    group: batch\n    version: v1\n    kind: Job\n    name: migrate\n- patch: |-\n    - op: remove\n      path: /spec/suspend\n',
      'overlays/prod/job.yaml': `${HEAD}spec:\n  backoffLimit: 2\n`,
      'overlays/prod/ops.yaml': '- op: replace\n  path: /spec/backoffLimit\n  value: 2\n',
      'overlays/kustomization.yml': 'patchesStrategicMerge:\n- prod/deep/strategic.yaml\n',
      'overlays/Kustomization': 'patchesJson6902:\n- path: never.yaml\n',
      'base/kustomization.yaml': 'resources:\n- job.yaml\n',
    });
    assert.deepEqual(kustomizeContext(at('overlays', 'prod', 'job.yaml'), read), {
      kustomizePatch: { kind: 'strategic', uses: [{ kustomization: at('overlays', 'prod', 'kustomization.yaml'), relative: 'kustomization.yaml', field: 'patches' }] },
    });
    assert.deepEqual(kustomizeContext(at('overlays', 'prod', 'ops.yaml'), read).kustomizePatch, {
      kind: 'json6902',
      uses: [{ kustomization: at('overlays', 'prod', 'kustomization.yaml'), relative: 'kustomization.yaml', field: 'patches', target: { group: 'batch', version: 'v1', kind: 'Job', name: 'migrate' } }],
    });
    // A folder above lists it (kustomization.yml wins over Kustomization, as kustomize reads one file per folder).
    assert.deepEqual(kustomizeContext(at('overlays', 'prod', 'deep', 'strategic.yaml'), read).kustomizePatch?.uses, [
      { kustomization: at('overlays', 'kustomization.yml'), relative: '../../kustomization.yml', field: 'patchesStrategicMerge' },
    ]);
    // A resource is no patch, and neither is a file no kustomization names.
    assert.deepEqual(kustomizeContext(at('base', 'job.yaml'), read), {});
    assert.deepEqual(kustomizeContext(at('elsewhere', 'job.yaml'), read), {});
  });

  it('takes the group of a `kind: Job` target from the local resources when they agree, and leaves it open otherwise', () => {
    const kustomization = (resources: string) => `resources:\n${resources}patchesJson6902:\n- path: ops.yaml\n  target:\n    kind: Job\n    name: migrate\n`;
    const ops = '- op: replace\n  path: /spec/tasks/0/replicas\n  value: 2\n';
    const targetOf = (files: Record<string, string>) => kustomizeContext(at('o', 'ops.yaml'), reader({ 'o/ops.yaml': ops, ...files })).kustomizePatch?.uses[0].target;
    const batch = `${HEAD}spec: {}\n`;
    assert.deepEqual(targetOf({ 'o/kustomization.yaml': kustomization('- job.yaml\n- ../base\n'), 'o/job.yaml': 'apiVersion: v1\nkind: ConfigMap\n---\n' + batch, 'base/kustomization.yaml': 'resources:\n- job.yaml\n', 'base/job.yaml': batch }),
      { kind: 'Job', name: 'migrate', group: 'batch', version: 'v1' });
    const volcano = 'apiVersion: batch.volcano.sh/v1alpha1\nkind: Job\nmetadata:\n  name: migrate\n';
    assert.deepEqual(targetOf({ 'o/kustomization.yaml': kustomization('- job.yaml\n'), 'o/job.yaml': volcano }), { kind: 'Job', name: 'migrate', group: 'batch.volcano.sh', version: 'v1alpha1' });
    assert.deepEqual(targetOf({ 'o/kustomization.yaml': kustomization('- https://example.com/base\n') }), { kind: 'Job', name: 'migrate' });
    // Without a group, a Volcano path is nothing of ours to judge; with batch/v1 resources, it is.
    const context = (files: Record<string, string>): DocumentContext => kustomizeContext(at('o', 'ops.yaml'), reader({ 'o/ops.yaml': ops, ...files }));
    assert.deepEqual(findings(ops, context({ 'o/kustomization.yaml': kustomization('- job.yaml\n'), 'o/job.yaml': volcano })), []);
    assert.deepEqual(findings(ops, context({ 'o/kustomization.yaml': kustomization('- https://example.com/base\n') })), []);
    assert.deepEqual(findings(ops, context({ 'o/kustomization.yaml': kustomization('- job.yaml\n'), 'o/job.yaml': batch })), ['2:9 kustomize/json6902-path']);
  });

  it('ignores inline patches and kustomizations that are not YAML mappings', () => {
    const read = reader({ 'a/kustomization.yaml': '- not a mapping\n', 'b/kustomization.yaml': 'patchesStrategicMerge:\n- |-\n  apiVersion: batch/v1\n  kind: Job\n' });
    assert.deepEqual(kustomizeContext(at('a', 'job.yaml'), read), {});
    assert.deepEqual(kustomizeContext(at('b', 'job.yaml'), read), {});
  });

  it('recognises strategic-merge directives in a document wherever it is', () => {
    assert.equal(hasPatchDirectives(`${HEAD}spec:\n  template:\n    spec:\n      containers:\n      - name: sidecar\n        $patch: delete\n`), true);
    assert.equal(hasPatchDirectives(`${HEAD}spec:\n  $setElementOrder/containers:\n  - name: main\n`), true);
    assert.equal(hasPatchDirectives(`${HEAD}spec:\n  template:\n    spec:\n      containers:\n      - name: main\n        args: ["$patch"]\n`), false);
  });
});

describe('a strategic-merge patch', () => {
  it('is clean with only backoffLimit, where a whole Job would miss its template', () => {
    const text = `${HEAD}spec:\n  backoffLimit: 2\n`;
    assert.deepEqual(findings(text), ['5:1 schema/required']);
    assert.deepEqual(findings(text, SMP), []);
  });

  it('still gets types, enums, unknown fields and YAML 1.1 surprises of what it sets', () => {
    const text = `${HEAD}spec:\n  completionMode: indexed\n  backoffLimit: "2"\n  backofLimit: 3\n  template:\n    spec:\n      containers:\n      - name: main\n        env:\n        - name: VERBOSE\n          value: yes\n`;
    assert.deepEqual(findings(text, SMP), ['6:19 schema/enum', '7:17 schema/type', '8:3 schema/unknown-field', '15:18 yaml/yaml11-scalar']);
  });

  it('accepts the directives and judges neither them nor the items they delete or replace', () => {
    const text = `${HEAD}spec:\n  $retainKeys: [template]\n  template:\n    spec:\n      $setElementOrder/containers:\n      - name: main\n      containers:\n      - name: sidecar\n        $patch: delete\n      - $patch: replace\n      tolerations:\n      - $patch: replace\n`;
    assert.deepEqual(findings(text, SMP), []);
    assert.deepEqual(findings(text), [], 'its directives make it a patch without any kustomization');
  });

  it('is a patch when its directives say so, without any kustomization', () => {
    assert.deepEqual(findings(`${HEAD}$patch: delete\n`), []);
  });

  it('listed without a target, applies to a base of its own apiVersion and kind: a retired one is judged as in a whole object', () => {
    const text = 'apiVersion: storage.k8s.io/v1beta1\nkind: CSIDriver\nmetadata:\n  name: csi.example.com\nspec:\n  attachRequired: false\n';
    assert.deepEqual(findings(text), ['1:13 kind/api-version']);
    assert.deepEqual(findings(text, SMP), ['1:13 kind/api-version']);
    const [diagnostic] = validateText(text, DEFAULT_SETTINGS, { context: SMP });
    assert.match(String(diagnostic.message), /This patch applies only to a base object of the same apiVersion, so that base is refused too/);
  });

  it('given a target, takes the target\'s apiVersion and kind: its own are not judged', () => {
    const targeted: DocumentContext = { kustomizePatch: { kind: 'strategic', uses: [{ ...SMP.kustomizePatch!.uses[0], target: { kind: 'CSIDriver', name: 'csi.example.com' } }] } };
    const text = 'apiVersion: storage.k8s.io/v1beta1\nkind: CSIDriver\nmetadata:\n  name: csi.example.com\nspec:\n  attachRequired: "false"\n';
    assert.deepEqual(findings(text, targeted), ['6:19 schema/type'], 'checked as the CSIDriver it patches');
    assert.deepEqual(findings(text.replace('kind: CSIDriver', 'kind: csidriver'), targeted), ['6:19 schema/type']);
  });

  it('judges its namespace only when listed without a target: kustomize keeps the base\'s under a patch', () => {
    const text = `apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: migrate\n  namespace: My_Team\nspec:\n  backoffLimit: 2\n`;
    assert.deepEqual(findings(text, SMP), ['5:14 meta/namespace-invalid'], 'matched by it: the base has it too');
    const targeted: DocumentContext = { kustomizePatch: { kind: 'strategic', uses: [{ ...SMP.kustomizePatch!.uses[0], target: { kind: 'Job', name: 'migrate' } }] } };
    assert.deepEqual(findings(text, targeted), []);
  });

  it('a strategic-merge patch written for a batch/v1beta1 CronJob: deprecated up to 1.24, refused from 1.25', () => {
    const text = 'apiVersion: batch/v1beta1\nkind: CronJob\nmetadata:\n  name: nightly\nspec:\n  schedule: "0 3 * * *"\n';
    const psm: DocumentContext = { kustomizePatch: { kind: 'strategic', uses: [{ ...SMP.kustomizePatch!.uses[0], field: 'patchesStrategicMerge' }] } };
    const at = (version: string) => validateText(text, { ...DEFAULT_SETTINGS, kubernetesVersion: version }, { context: psm }).map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.code} ${d.severity}`);
    assert.deepEqual(at('1.24'), ['1:13 kind/api-version-deprecated 2']);
    assert.deepEqual(at('1.25'), ['1:13 kind/api-version 1']);
    assert.deepEqual(at('1.37'), ['1:13 kind/api-version 1']);
    assert.deepEqual(findings(`${text}  $retainKeys: [schedule]\n`), ['1:13 kind/api-version'], 'a patch known by its directives alone too');
  });

  it('`kind: job` in a patch listed without a target matches no base object', () => {
    const [diagnostic] = validateText(`apiVersion: batch/v1\nkind: job\nmetadata:\n  name: migrate\nspec:\n  backoffLimit: 2\n`, DEFAULT_SETTINGS, { context: SMP });
    assert.equal(diagnostic.code, 'kind/case');
    assert.equal(diagnostic.message, '`kind: job` is no kind: kinds are case-sensitive, so kustomize finds no base object of kind `job` for this patch. Write `kind: Job`.');
  });

  // One row per rule family with a cross-field rule: a patch setting one field that a whole object gets a
  // finding for (because of what it lacks) is clean as a patch; what the patch itself settles is reported.
  const FAMILIES: { family: string; patch: string; asWhole: string; settled?: [string, string[]] }[] = [
    { family: 'validateJobSpec (backoffLimitPerIndex)', patch: 'spec:\n  maxFailedIndexes: 2\n', asWhole: 'job/backoff-limit-per-index/max-failed-indexes-needs-backoff-limit-per-index',
      settled: ['spec:\n  maxFailedIndexes: -1\n', ['6:21 job/backoff-limit-per-index/negative-max-failed-indexes']] },
    { family: 'validateJobSpec (completionMode)', patch: 'spec:\n  completionMode: Indexed\n', asWhole: 'job/completion-mode/indexed-completions-defaulted' },
    { family: 'validateJobSpec (numbers)', patch: 'spec:\n  completions: 3\n', asWhole: 'schema/required', settled: ['spec:\n  completions: -3\n', ['6:16 job/numbers/negative-completions']] },
    { family: 'validatePodFailurePolicy', patch: 'spec:\n  podFailurePolicy:\n    rules:\n    - action: FailIndex\n      onExitCodes:\n        operator: In\n        values: [42]\n',
      asWhole: 'job/pod-failure-policy/fail-index-needs-backoff-limit-per-index',
      // The rules list is replaced whole by a patch (atomic): its own mistakes are settled.
      settled: ['spec:\n  podFailurePolicy:\n    rules:\n    - action: FailJob\n      onExitCodes:\n        operator: In\n        values: [42, 3]\n', ['11:17 job/pod-failure-policy/exit-codes-not-ordered']] },
    { family: 'validateSuccessPolicy', patch: 'spec:\n  successPolicy:\n    rules:\n    - succeededIndexes: "0-2"\n', asWhole: 'job/success-policy/requires-indexed' },
    { family: 'validatePodReplacementPolicy', patch: 'spec:\n  podReplacementPolicy: TerminatingOrFailed\n', asWhole: '-',
      // Both fields in the patch: whatever the base says, the result has both.
      settled: ['spec:\n  podReplacementPolicy: TerminatingOrFailed\n  podFailurePolicy:\n    rules:\n    - action: Ignore\n      onPodConditions:\n      - type: DisruptionTarget\n', ['6:25 job/pod-replacement-policy/failed-required-with-pod-failure-policy']] },
    { family: 'validateJobSpec (restartPolicy)', patch: 'spec:\n  template:\n    spec:\n      containers:\n      - name: main\n        image: busybox\n', asWhole: 'job/restart-policy/never-or-on-failure-required',
      settled: ['spec:\n  template:\n    spec:\n      restartPolicy: Always\n', ['8:22 job/restart-policy/never-or-on-failure-required']] },
    { family: 'ValidateJobSpec (selector)', patch: 'spec:\n  manualSelector: true\n', asWhole: 'job/selector/required' },
    { family: 'ValidateVolumeMounts', patch: 'spec:\n  template:\n    spec:\n      containers:\n      - name: main\n        volumeMounts:\n        - name: data\n          mountPath: /data\n', asWhole: 'pod/volume-mount-not-found' },
    { family: 'validateContainers', patch: 'spec:\n  template:\n    spec:\n      containers:\n      - name: main\n        imagePullPolicy: Always\n', asWhole: 'pod/container-image-required' },
    { family: 'validateServiceAccountTokenInSecrets (CSIDriver)', patch: 'spec:\n  serviceAccountTokenInSecrets: true\n', asWhole: 'csidriver/service-account-token-in-secrets/without-token-requests' },
  ];

  for (const row of FAMILIES) {
    it(`${row.family}: a field it needs another for is clean alone in a patch${row.settled ? '; what the patch settles is still reported' : ''}`, () => {
      const head = row.family.includes('CSIDriver') ? 'apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata:\n  name: csi.example.com\n' : HEAD;
      const whole = validateText(head + row.patch, DEFAULT_SETTINGS).map((d) => String(d.code));
      if (row.asWhole !== '-') assert.ok(whole.includes(row.asWhole), `as a whole object: ${whole.join(', ')}`);
      assert.deepEqual(findings(head + row.patch, SMP), []);
      if (row.settled) assert.deepEqual(findings(head + row.settled[0], SMP), row.settled[1]);
    });
  }
});

describe('a JSON 6902 operation list', () => {
  const JOB = json6902({ group: 'batch', version: 'v1', kind: 'Job', name: 'migrate' });

  it('passes operations whose paths lead to fields of the target, with values of their types', () => {
    const text = '- op: add\n  path: /spec/template/spec/containers/0/env/-\n  value:\n    name: MODE\n    value: full\n- op: replace\n  path: /metadata/annotations/helm.sh~1hook\n  value: pre-install\n- op: remove\n  path: /spec/template/spec/containers/0/securityContext\n- op: copy\n  from: /metadata/labels\n  path: /spec/template/metadata/labels\n- op: test\n  path: /spec/backoffLimit\n  value: 6\n';
    assert.deepEqual(findings(text, JOB), []);
  });

  it('flags a path into no field, a name where a list wants an index, `-` outside an add, a non-pointer, and an unknown op', () => {
    const text = '- op: replace\n  path: /spec/backofLimit\n  value: 2\n- op: remove\n  path: /spec/template/spec/containers/main/image\n- op: replace\n  path: /spec/template/spec/containers/-\n  value: {}\n- op: add\n  path: spec/suspend\n  value: true\n- op: merge\n  path: /spec\n';
    assert.deepEqual(findings(text, JOB), ['2:9 kustomize/json6902-path', '5:9 kustomize/json6902-path', '7:9 kustomize/json6902-path', '10:9 kustomize/json6902-path', '12:7 kustomize/json6902-op']);
  });

  it('checks a value against its field: type, enum, unknown fields inside, not required fields', () => {
    const text = '- op: replace\n  path: /spec/backoffLimit\n  value: "2"\n- op: add\n  path: /spec/completionMode\n  value: indexed\n- op: add\n  path: /spec/template/spec/containers/-\n  value:\n    image: busybox\n    imagePullPolicy: always\n    comand: [sh]\n';
    assert.deepEqual(findings(text, JOB), ['3:10 schema/type', '6:10 schema/enum', '11:22 schema/enum', '12:5 schema/unknown-field']);
  });

  it('completes the operations, and explains on hover the field a path leads to and the kustomization using the list', () => {
    const text = '- op: \n  path: /spec/backoffLimit\n  value: 3\n';
    const ops = complete(new FileModel(), text, { line: 0, character: 6 }, DEFAULT_SETTINGS, { context: JOB });
    assert.deepEqual(ops.items.map((item) => item.label), ['add', 'remove', 'replace', 'move', 'copy', 'test']);
    const shown = hover(new FileModel(), text, { line: 1, character: 14 }, DEFAULT_SETTINGS, { context: JOB });
    const value = (shown?.contents as { value: string }).value;
    assert.ok(value.startsWith('**backoffLimit** · `int32`'), value);
    assert.ok(value.endsWith('**Kustomize JSON 6902 patch**, used by:\n- `kustomization.yaml` (`patchesJson6902`; target group: batch, version: v1, kind: Job, name: migrate)\n\nEach `path` must lead to a field of the target kind, and each `value` must fit that field.'), value);
  });

  it('reports the YAML errors of a list whose target is ours, and none of a patch of another kind', () => {
    assert.deepEqual(findings('- op: add\n  path: [\n', json6902({ kind: 'CSIDriver' })), ['2:9 yaml/syntax']);
    assert.deepEqual(findings('- op: add\n  path: [\n', json6902({ group: 'apps', version: 'v1', kind: 'Deployment' })), []);
    assert.deepEqual(findings('apiVersion: apps/v1\nkind: Deployment\nspec: [\n', json6902({ group: 'apps', version: 'v1', kind: 'Deployment' })), []);
  });

  describe('a remove of a field no such kind has (argoproj-deployments removes `spec.backoffLimit` from a CronJob base)', () => {
    const cronJob = (extra: string) => `apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: nightly\nspec:\n${extra}  schedule: "0 3 * * *"\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: Never\n          containers: [{name: a, image: b}]\n`;
    const remove = '- op: remove\n  path: /spec/backoffLimit\n';
    const overlay = (resources: string, base?: string) => kustomizeContext(at('overlay', 'remove.yaml'), reader({
      'overlay/kustomization.yaml': `resources:\n${resources}patches:\n- path: remove.yaml\n  target:\n    group: batch\n    version: v1\n    kind: CronJob\n    name: nightly\n`,
      'overlay/remove.yaml': remove,
      ...(base === undefined ? {} : { 'base/cronjob.yaml': base, 'base/kustomization.yaml': 'resources:\n- cronjob.yaml\n' }),
    }));

    it('is clean when the local base holds that stray field: removing it repairs the object', () => {
      const context = overlay('- ../base\n', cronJob('  backoffLimit: 2\n'));
      assert.deepEqual(context.kustomizePatch?.uses[0].base?.map((base) => base.file), ['../base/cronjob.yaml']);
      assert.deepEqual(findings(remove, context), []);
    });

    it('is an error, naming the base, when the local base does not hold it: kustomize stops', () => {
      const context = overlay('- ../base\n', cronJob(''));
      assert.deepEqual(findings(remove, context), ['2:9 kustomize/json6902-path']);
      const [diagnostic] = validateText(remove, DEFAULT_SETTINGS, { context });
      assert.equal(diagnostic.message, '`/spec/backoffLimit` does not point into a CronJob: `backoffLimit` is not a field of `spec`; nor does the base object in `../base/cronjob.yaml` hold it, so kustomize stops ("doc is missing path").');
    });

    it('is silent when the base is not local (remote, or not found), and when the target selects by labels', () => {
      assert.deepEqual(findings(remove, overlay('- https://github.com/example/deployments//base?ref=main\n')), []);
      assert.deepEqual(findings(remove, overlay('- ../base\n')), []);
      const byLabels = kustomizeContext(at('overlay', 'remove.yaml'), reader({
        'overlay/kustomization.yaml': 'resources:\n- ../base\npatches:\n- path: remove.yaml\n  target:\n    group: batch\n    version: v1\n    kind: CronJob\n    labelSelector: app=nightly\n',
        'overlay/remove.yaml': remove, 'base/cronjob.yaml': cronJob(''), 'base/kustomization.yaml': 'resources:\n- cronjob.yaml\n',
      }));
      assert.deepEqual(findings(remove, byLabels), []);
    });

    it('is silent when the base comes through a kustomization that patches it first', () => {
      const context = kustomizeContext(at('overlay', 'remove.yaml'), reader({
        'overlay/kustomization.yaml': 'resources:\n- ../base\npatches:\n- path: remove.yaml\n  target:\n    kind: CronJob\n    name: nightly\n',
        'overlay/remove.yaml': remove, 'base/cronjob.yaml': cronJob(''), 'base/kustomization.yaml': 'resources:\n- cronjob.yaml\npatches:\n- path: more.yaml\n',
      }));
      assert.deepEqual(findings(remove, context), []);
    });

    it('still reports a replace, test or copy of that field: the object keeps a field the API server rejects, or kustomize stops', () => {
      const context = overlay('- ../base\n', cronJob('  backoffLimit: 2\n'));
      assert.deepEqual(findings('- op: replace\n  path: /spec/backoffLimit\n  value: 1\n- op: copy\n  from: /spec/backoffLimit\n  path: /spec/suspend\n', context), ['2:9 kustomize/json6902-path', '5:9 kustomize/json6902-path']);
      assert.deepEqual(findings('- op: move\n  from: /spec/backoffLimit\n  path: /spec/jobTemplate/spec/backoffLimit\n', context), [], 'a move away repairs it too');
    });
  });

  it('checks against a CSIDriver target, and says nothing for targets of other kinds or groups', () => {
    const ops = '- op: add\n  path: /spec/fsGroupPolicy\n  value: Files\n';
    assert.deepEqual(findings(ops, json6902({ kind: 'CSIDriver', name: 'csi.example.com' })), ['3:10 schema/enum']);
    assert.deepEqual(findings(ops, json6902({ kind: 'Deployment' })), []);
    assert.deepEqual(findings('- op: add\n  path: /spec/nope\n  value: 1\n', json6902({ group: 'apps', version: 'v1', kind: 'Job' })), []);
    assert.deepEqual(findings(ops), [], 'no kustomization: an operation list is nothing of ours');
  });

  it('checks against a CronJob target of group batch, and says nothing without a group (Volcano serves CronJobs too)', () => {
    const ops = '- op: replace\n  path: /spec/jobTemplate/spec/completionMode\n  value: indexed\n- op: add\n  path: /spec/jobTemplate/spec/backofLimit\n  value: 2\n- op: replace\n  path: /spec/schedule\n  value: "0 3 * * *"\n';
    assert.deepEqual(findings(ops, json6902({ group: 'batch', version: 'v1', kind: 'CronJob', name: 'report' })), ['3:10 schema/enum', '5:9 kustomize/json6902-path']);
    assert.deepEqual(findings(ops, json6902({ kind: 'CronJob', name: 'report' })), []);
    assert.deepEqual(findings(ops, json6902({ group: 'batch.volcano.sh', version: 'v1alpha1', kind: 'CronJob' })), []);
  });
});

describe('a strategic-merge patch of a CronJob', () => {
  const CRON = 'apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: report\n';

  it('is clean with only what it changes, and still gets what it sets wrong, in its job template too', () => {
    assert.deepEqual(findings(`${CRON}spec:\n  schedule: "0 4 * * *"\n`, SMP), []);
    assert.deepEqual(findings(`${CRON}spec:\n  jobTemplate:\n    spec:\n      backoffLimit: 2\n`, SMP), []);
    assert.deepEqual(findings(`${CRON}spec:\n  jobTemplate:\n    spec:\n      completionMode: indexed\n      backoffLimit: -1\n`, SMP), ['8:23 schema/enum', '9:21 job/numbers/negative-backoff-limit']);
    assert.deepEqual(findings(`${CRON}spec:\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: Always\n`, SMP), ['10:26 job/restart-policy/never-or-on-failure-required']);
  });
});

describe('a strategic-merge patch of a JobSet', () => {
  const JOBSET_HEAD = 'apiVersion: jobset.x-k8s.io/v1alpha2\nkind: JobSet\nmetadata:\n  name: train\n';
  it('gets nothing for what its base fills in: a replicatedJob patched by name needs no template', () => {
    assert.deepEqual(findings(`${JOBSET_HEAD}spec:\n  replicatedJobs:\n  - name: workers\n    replicas: 4\n`, SMP), []);
  });

  it('gets what it sets that is wrong, in a Job template too, at its line', () => {
    const text = `${JOBSET_HEAD}spec:\n  replicatedJobs:\n  - name: workers\n    template:\n      spec:\n        backoffLimit: -2\n        completionMode: indexed\n`;
    assert.deepEqual(findings(text, SMP), ['10:23 job/numbers/negative-backoff-limit', '11:25 schema/enum']);
  });
});
