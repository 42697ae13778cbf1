// Exports (`kubectl get -o yaml|json`): what marks one, which fields the server wrote, the request the rules
// judge, and the fix that makes an export re-appliable. The real exports of test/fixtures/observed are checked
// at every release: no error, no warning, one information finding each; fixed, nothing at all.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DEFAULT_SETTINGS, fixText, validateText } from '../../server/src/service/index';
import { observedMarkers, requestView, serverWrittenFields } from '../../server/src/service/kube/observed';
import { collapsePaths } from '../../server/src/service/fixes/observed.fix';
import { formatFieldPath, MAX_MINOR, MIN_MINOR, type JsonObject } from '../../server/src/service/types';

const FIXTURES = join(__dirname, '..', 'fixtures', 'observed');
const EXPORTS = readdirSync(FIXTURES).filter((name) => /\.(ya?ml|json)$/.test(name));
const at = (minor: number) => ({ ...DEFAULT_SETTINGS, kubernetesVersion: `1.${minor}` });
const codes = (text: string, minor = MAX_MINOR) => validateText(text, at(minor)).map((d) => `${d.range.start.line + 1}:${d.code}`);

/** A 1.27+ export of a Job a CronJob created (constructed after generateSelector and the CronJob controller, not fetched). */
const JOB_OF_CRONJOB: JsonObject = {
  apiVersion: 'batch/v1',
  kind: 'Job',
  metadata: {
    annotations: { 'batch.kubernetes.io/cronjob-scheduled-timestamp': '2025-04-10T20:10:00Z', team: 'data' },
    creationTimestamp: '2025-04-10T20:10:00Z',
    generation: 1,
    labels: { app: 'hello' },
    name: 'hello-29071930',
    namespace: 'default',
    ownerReferences: [
      { apiVersion: 'v1', kind: 'ConfigMap', name: 'keep', uid: 'c1' },
      { apiVersion: 'batch/v1', blockOwnerDeletion: true, controller: true, kind: 'CronJob', name: 'hello', uid: '1d0a33cc' },
    ],
    resourceVersion: '15677416411',
    uid: '06d43898',
  },
  spec: {
    backoffLimit: 6,
    selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': '06d43898' } },
    template: {
      metadata: { labels: { app: 'hello', 'batch.kubernetes.io/controller-uid': '06d43898', 'batch.kubernetes.io/job-name': 'hello-29071930', 'controller-uid': '06d43898', 'job-name': 'hello-29071930' } },
      spec: { containers: [{ name: 'hello', image: 'busybox' }], restartPolicy: 'OnFailure' },
    },
  },
  status: { active: 1, startTime: '2025-04-10T20:10:00Z', uncountedTerminatedPods: {} },
};

describe('observed objects: what marks an export', () => {
  it('names the server-written fields an export carries, and none for what kubectl create --dry-run=client prints', () => {
    assert.deepEqual(observedMarkers(JOB_OF_CRONJOB), ['metadata.uid', 'metadata.resourceVersion', 'metadata.creationTimestamp', 'status']);
    // `creationTimestamp: null` and `status: {}` (a dry run's output) are a request.
    assert.deepEqual(observedMarkers({ kind: 'Job', metadata: { name: 'x', creationTimestamp: null }, status: {} }), []);
    assert.deepEqual(serverWrittenFields('Job', { kind: 'Job', metadata: { name: 'x' }, spec: { selector: { matchLabels: { 'controller-uid': 'u' } } } }), []);
  });

  it('lists the identity fields, the controllers\' annotations, a controller owner, the generated selector and labels and status', () => {
    assert.deepEqual(serverWrittenFields('Job', JOB_OF_CRONJOB).map((field) => `${formatFieldPath(field.path)} (${field.reason})`), [
      'metadata.uid (identity)',
      'metadata.resourceVersion (identity)',
      'metadata.generation (identity)',
      'metadata.creationTimestamp (identity)',
      'metadata.annotations[batch.kubernetes.io/cronjob-scheduled-timestamp] (annotation)',
      'metadata.ownerReferences[1] (owner)',
      'spec.selector (selector)',
      'spec.template.metadata.labels[controller-uid] (label)',
      'spec.template.metadata.labels[batch.kubernetes.io/controller-uid] (label)',
      'spec.template.metadata.labels[job-name] (label)',
      'spec.template.metadata.labels[batch.kubernetes.io/job-name] (label)',
      'status (status)',
    ]);
  });

  it('keeps a selector and labels the author wrote with manualSelector: true, and a job-name label that is not the name', () => {
    const manual = structuredClone(JOB_OF_CRONJOB) as { spec: JsonObject };
    manual.spec.manualSelector = true;
    assert.deepEqual(serverWrittenFields('Job', manual as unknown as JsonObject).map((field) => field.reason).filter((reason) => reason === 'selector' || reason === 'label'), []);
    const renamed = structuredClone(JOB_OF_CRONJOB) as { spec: { template: { metadata: { labels: JsonObject } } } };
    renamed.spec.template.metadata.labels['job-name'] = 'another';
    assert.ok(!serverWrittenFields('Job', renamed as unknown as JsonObject).some((field) => formatFieldPath(field.path) === 'spec.template.metadata.labels[job-name]'));
  });

  it('takes the UID from the generated selector when an export carries only status', () => {
    const statusOnly: JsonObject = {
      kind: 'Job', metadata: { name: 'a' },
      spec: { selector: { matchLabels: { 'controller-uid': 'u1' } }, template: { metadata: { labels: { 'controller-uid': 'u1', 'job-name': 'a' } } } },
      status: { active: 1 },
    };
    assert.deepEqual(serverWrittenFields('Job', statusOnly).map((field) => formatFieldPath(field.path)),
      ['spec.selector', 'spec.template.metadata.labels[controller-uid]', 'spec.template.metadata.labels[job-name]', 'status']);
  });

  it('judges the request without the server\'s fields but with its status (status rules read it)', () => {
    const request = requestView('Job', JOB_OF_CRONJOB);
    assert.deepEqual(request.metadata, { annotations: { team: 'data' }, labels: { app: 'hello' }, name: 'hello-29071930', namespace: 'default', ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'keep', uid: 'c1' }] });
    assert.deepEqual((request.spec as JsonObject).selector, undefined);
    assert.deepEqual(((request.spec as JsonObject).template as { metadata: JsonObject }).metadata, { labels: { app: 'hello' } });
    assert.deepEqual(request.status, JOB_OF_CRONJOB.status);
  });

  it('removes a container whose every entry goes, never a top-level field', () => {
    const children: Record<string, (string | number)[]> = {
      '["spec","template","metadata"]': ['creationTimestamp', 'labels'],
      '["spec","template","metadata","labels"]': ['controller-uid', 'job-name'],
      '["metadata","annotations"]': ['kubectl.kubernetes.io/last-applied-configuration'],
      '["metadata"]': ['uid', 'name'],
    };
    const childrenOf = (path: readonly (string | number)[]) => children[JSON.stringify(path)]?.map((child) => [...path, child]);
    assert.deepEqual(collapsePaths([
      ['metadata', 'uid'],
      ['metadata', 'annotations', 'kubectl.kubernetes.io/last-applied-configuration'],
      ['spec', 'template', 'metadata', 'creationTimestamp'],
      ['spec', 'template', 'metadata', 'labels', 'controller-uid'],
      ['spec', 'template', 'metadata', 'labels', 'job-name'],
    ], childrenOf), [['metadata', 'uid'], ['metadata', 'annotations'], ['spec', 'template', 'metadata']]);
  });
});

describe('observed objects: the real exports of test/fixtures/observed', () => {
  for (const name of EXPORTS) {
    const text = readFileSync(join(FIXTURES, name), 'utf8');
    it(`${name}: no error and no warning at any release, one export finding per object`, () => {
      const objects = (text.match(/"?kind"?: "?(Job|CronJob)"?\s*,?\s*$/gm) ?? []).length;
      for (let minor = MIN_MINOR; minor <= MAX_MINOR; minor++) {
        const found = validateText(text, at(minor));
        // A Job that ended under an older controller may also get the status information of the release checked
        // (job/status-inconsistent/terminal-without-interim: no FailureTarget before Failed): information, never more.
        const other = found.filter((d) => d.code !== 'observed/export' && !String(d.code).startsWith('job/status-inconsistent/'));
        assert.deepEqual(other.map((d) => `${d.range.start.line + 1}:${d.code}`), [], `1.${minor}`);
        assert.equal(found.filter((d) => d.code === 'observed/export').length, objects, `1.${minor}`);
        assert.ok(found.every((d) => d.severity === 3), `1.${minor}: information`);
      }
    });
    it(`${name}: fixed, it is a request that passes check cleanly, and a second fix changes nothing`, () => {
      const fixed = fixText(text, DEFAULT_SETTINGS);
      assert.equal(fixed.fixed, (text.match(/"?kind"?: "?(Job|CronJob)"?\s*,?\s*$/gm) ?? []).length);
      for (const minor of [MIN_MINOR, 26, 27, MAX_MINOR]) assert.deepEqual(codes(fixed.text, minor), [], `1.${minor}`);
      // A List's own `resourceVersion: ""` is kubectl's, not the server's of an object.
      assert.doesNotMatch(fixed.text.replace(/"?resourceVersion"?: ""/, ''), /uid|resourceVersion|creationTimestamp|selfLink|status:|"status"|last-applied|job-name/);
      assert.deepEqual(fixText(fixed.text, DEFAULT_SETTINGS), { text: fixed.text, fixed: 0 });
      if (name.endsWith('.json')) assert.doesNotThrow(() => JSON.parse(fixed.text), 'still JSON');
    });
  }
});

describe('observed objects: what the author could have written is still judged', () => {
  const exported = readFileSync(join(FIXTURES, 'kubernetes-website-job-pi.yaml'), 'utf8');

  it('a container name the API server refuses stays an error in an export', () => {
    assert.deepEqual(codes(exported.replace('name: pi\n        resources', 'name: Pi_Main\n        resources')), ['2:observed/export', '40:pod/container-name-invalid']);
  });

  it('a selector the author wrote beside the generated one is no export\'s (manualSelector: false refuses it)', () => {
    const written = exported.replace('      controller-uid: 863452e6-270d-420e-9b94-53a54146c223\n  suspend', '      controller-uid: 863452e6-270d-420e-9b94-53a54146c223\n      app: pi\n  suspend');
    assert.deepEqual(codes(written), ['2:observed/export', '22:job/selector/not-auto-generated']);
  });

  it('the same Job as kubectl create --dry-run=client prints it is a request: no export finding', () => {
    const dryRun = 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  creationTimestamp: null\n  name: pi\nspec:\n  template:\n    metadata:\n      creationTimestamp: null\n    spec:\n      containers:\n      - image: perl\n        name: pi\n        resources: {}\n      restartPolicy: Never\nstatus: {}\n';
    assert.deepEqual(codes(dryRun), []);
    assert.deepEqual(fixText(dryRun, DEFAULT_SETTINGS), { text: dryRun, fixed: 0 });
  });

  it('a JobList from the API (kubectl get --raw) of a 1.27+ Job named by generateName: no error, fixed clean (constructed after generateSelector)', () => {
    const list = `apiVersion: batch/v1
kind: JobList
metadata:
  resourceVersion: "4242"
items:
- metadata:
    creationTimestamp: "2025-04-10T20:10:00Z"
    generateName: work-
    name: work-x7k2p
    namespace: default
    resourceVersion: "4240"
    uid: 06d43898-8e6f-4d14-9425-43b2a0bf59a2
  spec:
    backoffLimit: 6
    completionMode: NonIndexed
    completions: 1
    manualSelector: false
    parallelism: 1
    podReplacementPolicy: TerminatingOrFailed
    selector:
      matchLabels:
        batch.kubernetes.io/controller-uid: 06d43898-8e6f-4d14-9425-43b2a0bf59a2
    suspend: false
    template:
      metadata:
        labels:
          batch.kubernetes.io/controller-uid: 06d43898-8e6f-4d14-9425-43b2a0bf59a2
          batch.kubernetes.io/job-name: work-x7k2p
          controller-uid: 06d43898-8e6f-4d14-9425-43b2a0bf59a2
          job-name: work-x7k2p
      spec:
        containers:
        - image: busybox
          name: work
        restartPolicy: Never
  status:
    active: 1
    ready: 0
    startTime: "2025-04-10T20:10:00Z"
    terminating: 0
    uncountedTerminatedPods: {}
  apiVersion: batch/v1
  kind: Job
`;
    for (const minor of [MIN_MINOR, 27, 29, MAX_MINOR]) {
      // Before 1.29 podReplacementPolicy is a field of a newer release (or behind an off gate): a warning about
      // re-applying to that release, never an error; the status fields of newer releases are not judged.
      assert.deepEqual(validateText(list, at(minor)).filter((d) => d.severity === 1).map((d) => d.code), [], `1.${minor}`);
      assert.ok(validateText(list, at(minor)).some((d) => d.code === 'observed/export'), `1.${minor}`);
      assert.ok(!validateText(list, at(minor)).some((d) => /^(schema|version)\//.test(String(d.code)) && d.range.start.line >= 36), `1.${minor}: nothing under status`);
    }
    const fixed = fixText(list, DEFAULT_SETTINGS).text;
    assert.deepEqual(codes(fixed), []);
    assert.match(fixed, /    generateName: work-\n    name: work-x7k2p\n    namespace: default\n  spec:/);
    assert.match(fixed, /    template:\n      spec:\n/);
  });

  it('the fix drops an owner a controller set and keeps comments and the rest byte for byte', () => {
    const text = `# exported on Monday
apiVersion: batch/v1
kind: Job
metadata:
  creationTimestamp: "2025-04-10T20:10:00Z"
  name: hello-29071930 # keep me
  namespace: default
  ownerReferences:
  - apiVersion: batch/v1
    blockOwnerDeletion: true
    controller: true
    kind: CronJob
    name: hello
    uid: 1d0a33cc-b564-47f6-abbb-743a7bcd5aae
  resourceVersion: "15677416411"
  uid: 06d43898-8e6f-4d14-9425-43b2a0bf59a2
spec:
  selector:
    matchLabels:
      batch.kubernetes.io/controller-uid: 06d43898-8e6f-4d14-9425-43b2a0bf59a2
  template:
    metadata:
      labels:
        app: hello   # ours
        batch.kubernetes.io/controller-uid: 06d43898-8e6f-4d14-9425-43b2a0bf59a2
        batch.kubernetes.io/job-name: hello-29071930
    spec:
      containers:
      - image: busybox
        name: hello
      restartPolicy: OnFailure
status:
  active: 1
`;
    const message = String(validateText(text, DEFAULT_SETTINGS)[0].message);
    assert.match(message, /ownerReferences` name the controller that created it: applied again with them, the Job would be adopted by that owner, or deleted by the garbage collector once the owner is gone; the fix drops them/);
    assert.equal(fixText(text, DEFAULT_SETTINGS).text, `# exported on Monday
apiVersion: batch/v1
kind: Job
metadata:
  name: hello-29071930 # keep me
  namespace: default
spec:
  template:
    metadata:
      labels:
        app: hello   # ours
    spec:
      containers:
      - image: busybox
        name: hello
      restartPolicy: OnFailure
`);
  });

  it('odd exports never crash the fix: flow metadata, a metadata alias (no fix offered there), a status that is no object', () => {
    const flow = 'apiVersion: batch/v1\nkind: Job\nmetadata: {name: a, uid: u1, resourceVersion: "3"}\nspec:\n  template:\n    spec:\n      containers: [{name: a, image: b}]\n      restartPolicy: Never\nstatus: {active: 1}\n';
    assert.equal(fixText(flow, DEFAULT_SETTINGS).text, 'apiVersion: batch/v1\nkind: Job\nmetadata: {name: a}\nspec:\n  template:\n    spec:\n      containers: [{name: a, image: b}]\n      restartPolicy: Never\n');
    const aliased = 'x: &m {name: a, uid: u1}\n---\napiVersion: batch/v1\nkind: Job\nmetadata: &meta\n  name: a\n  uid: u1\nspec:\n  template:\n    metadata: *meta\n    spec:\n      containers: [{name: a, image: b}]\n      restartPolicy: Never\n';
    assert.doesNotThrow(() => validateText(aliased, DEFAULT_SETTINGS));
    assert.doesNotThrow(() => fixText(aliased, DEFAULT_SETTINGS));
    const scalarStatus = 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: a\nspec:\n  template:\n    spec:\n      containers: [{name: a, image: b}]\n      restartPolicy: Never\nstatus: done\n';
    assert.deepEqual(codes(scalarStatus), ['2:observed/export', '10:schema/type']);
    assert.deepEqual(codes(fixText(scalarStatus, DEFAULT_SETTINGS).text), []);
  });
});
