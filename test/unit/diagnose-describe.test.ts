// `kubectl describe job|cronjob|pod` text read into Kubernetes-shaped objects (diagnose/describe), on the real
// texts people published (test/fixtures/observed-real, SOURCES.md says where each comes from) and on input that
// must never crash or hang the reader. The layouts follow kubernetes/kubectl pkg/describe/describe.go
// (describeJob, describeCronJob, describePod, DescribeEvents, describeContainers, printLabelsMultiline,
// printAnnotationsMultiline) across the releases the fixtures were printed by (2019 to 2025). Input that is not
// describe output, or is built to break the reader: diagnose-describe-hostile.test.ts.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseDescribe, type DescribeParse } from '../../server/src/service/diagnose/describe/index';
import { REPO_ROOT } from '../support/shared';

const FIXTURES = join(REPO_ROOT, 'test', 'fixtures', 'observed-real');
const fixture = (name: string): string => readFileSync(join(FIXTURES, name), 'utf8');

type Obj = Record<string, any>;

function parse(text: string): DescribeParse {
  const result = parseDescribe(text);
  assert.ok(result, 'the text should be read as kubectl describe output');
  return result;
}
const kinds = (r: DescribeParse): string[] => (r.objects as Obj[]).map((o) => o.kind);
const eventsOf = (r: DescribeParse): Obj[] => (r.objects as Obj[]).filter((o) => o.kind === 'Event');
const first = (r: DescribeParse, kind: string): Obj => {
  const found = (r.objects as Obj[]).find((o) => o.kind === kind);
  assert.ok(found, `a ${kind} should be read`);
  return found;
};

const SOURCE = { 'kubeassist.dev/source': 'kubectl-describe' };
const RELATIVE =
  'Event times in kubectl describe are ages relative to when it ran (Age 14m, 30s (x2 over 59s)), which the text does not say: each Event keeps its Age in the annotation kubeassist.dev/age (and in seconds, kubeassist.dev/last-seen-seconds-ago and kubeassist.dev/first-seen-seconds-ago); no absolute time was made up.';
const NO_CONDITIONS =
  'kubectl describe job does not print status.conditions: whether and why the Job ended shows only in Completed At and in the events (BackoffLimitExceeded, DeadlineExceeded, ...).';

function event(involved: Obj, type: string, reason: string, age: string, from: string, message: string, extra: { count?: number; last?: number; first?: number } = {}): Obj {
  const annotations: Record<string, string> = { 'kubeassist.dev/age': age };
  if (extra.last !== undefined) annotations['kubeassist.dev/last-seen-seconds-ago'] = String(extra.last);
  if (extra.first !== undefined) annotations['kubeassist.dev/first-seen-seconds-ago'] = String(extra.first);
  const metadata: Obj = involved.namespace === undefined ? { annotations } : { namespace: involved.namespace, annotations };
  return { apiVersion: 'v1', kind: 'Event', metadata, involvedObject: involved, type, reason, message, count: extra.count ?? 1, source: { component: from } };
}

describe('kubectl describe job: the real texts, object for object', () => {
  it('reads the kubernetes.io "describe job pi" (kubectl before 1.23: "0 Running / 1 Succeeded / 0 Failed") into the completed Job and its event', () => {
    const result = parse(fixture('website-job-pi.describe.txt'));
    const uid = 'c9948307-e56d-4b5d-8302-ae2d7b7da67c';
    const labels = { 'controller-uid': uid, 'job-name': 'pi' };
    const job = {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'pi', namespace: 'default', labels, annotations: SOURCE, uid },
      spec: {
        parallelism: 1,
        completions: 1,
        selector: { matchLabels: { 'controller-uid': uid } },
        template: { metadata: { labels }, spec: { containers: [{ name: 'pi', image: 'perl:5.34.0', command: ['perl', '-Mbignum=bpi', '-wle', 'print bpi(2000)'] }] } },
      },
      status: { startTime: '2019-12-02T13:20:11Z', completionTime: '2019-12-02T13:21:16Z', active: 0, succeeded: 1, failed: 0 },
    };
    const involved = { apiVersion: 'batch/v1', kind: 'Job', name: 'pi', namespace: 'default' };
    assert.deepEqual(result, {
      objects: [job, event(involved, 'Normal', 'SuccessfulCreate', '14m', 'job-controller', 'Created pod: pi-5rwd7', { last: 840, first: 840 })],
      notes: [
        RELATIVE,
        'Job default/pi: kubectl shortened the value of the annotation(s) kubectl.kubernetes.io/last-applied-configuration to 140 characters (ending in ...), so it was left out; the full value is in kubectl get -o yaml.',
        NO_CONDITIONS,
      ],
    });
  });

  it('reads a failed Indexed Job of kubectl 1.28-1.30 (Suspend, Backoff Limit, "0 Active (0 Ready)", Completed Indexes <none>, the job-tracking annotation with an empty value)', () => {
    const result = parse(fixture('abnormal-end-backoff-indexed.describe.txt'));
    const job = first(result, 'Job');
    const uid = '7cba0356-9588-44f5-b7f0-b77c43e7cdbe';
    assert.deepEqual(job.metadata, {
      name: 'abnormal-end',
      namespace: 'default',
      labels: { 'controller-uid': uid, 'job-name': 'abnormal-end' },
      annotations: { 'batch.kubernetes.io/job-tracking': '', ...SOURCE },
      uid,
    });
    assert.deepEqual(
      { ...job.spec, template: undefined },
      { parallelism: 1, completions: 1, completionMode: 'Indexed', suspend: false, backoffLimit: 6, selector: { matchLabels: { 'controller-uid': uid } }, template: undefined },
    );
    assert.deepEqual(job.spec.template.spec, { containers: [{ name: 'busybox', image: 'busybox:latest', command: ['sh', '-c', 'sleep 5; exit 1'] }] });
    assert.deepEqual(job.status, { startTime: '2024-07-06T12:21:46Z', active: 0, ready: 0, succeeded: 0, failed: 7, completedIndexes: '' });
    const events = eventsOf(result);
    assert.equal(events.length, 8);
    assert.deepEqual(
      events.at(-1),
      event({ apiVersion: 'batch/v1', kind: 'Job', name: 'abnormal-end', namespace: 'default' }, 'Warning', 'BackoffLimitExceeded', '69s', 'job-controller', 'Job has reached the specified backoff limit', { last: 69, first: 69 }),
    );
    assert.deepEqual(events[5].metadata.annotations, { 'kubeassist.dev/age': '9m27s', 'kubeassist.dev/last-seen-seconds-ago': '567', 'kubeassist.dev/first-seen-seconds-ago': '567' });
  });

  it('reads both containers of a Pod template, the one that exits 1 and the one that exits 0', () => {
    const job = first(parse(fixture('abnormal-end-two-containers.describe.txt')), 'Job');
    assert.deepEqual(job.spec.template.spec.containers, [
      { name: 'busybox-1', image: 'busybox:latest', command: ['sh', '-c', 'sleep 5; exit 1'] },
      { name: 'busybox-2', image: 'busybox:latest', command: ['sh', '-c', 'sleep 5; exit 0'] },
    ]);
    assert.equal(job.spec.backoffLimit, 2);
    assert.equal(job.status.failed, 3);
  });

  it('reads a kubectl 1.29+ completed Job (new and legacy selector labels, limits and requests, a Completed event)', () => {
    const result = parse(fixture('slurm-bridge-job-sleep-single.describe.txt'));
    const job = first(result, 'Job');
    assert.equal(job.metadata.uid, '7cf47949-0099-4c1a-ab7e-d6e288283c82');
    assert.deepEqual(job.metadata.annotations, { 'slinky.slurm.net/job-name': 'job-sleep-single', ...SOURCE });
    assert.deepEqual(job.spec.selector, { matchLabels: { 'batch.kubernetes.io/controller-uid': '7cf47949-0099-4c1a-ab7e-d6e288283c82' } });
    assert.equal(job.spec.completionMode, 'NonIndexed');
    assert.deepEqual(job.spec.template.spec.containers[0].resources, { limits: { cpu: '1', memory: '100Mi' }, requests: { cpu: '1', memory: '100Mi' } });
    assert.deepEqual(job.status, { startTime: '2025-09-15T17:38:48Z', completionTime: '2025-09-15T17:38:58Z', active: 0, ready: 0, succeeded: 1, failed: 0 });
    assert.deepEqual(eventsOf(result).map((e) => `${e.reason}: ${e.message}`), ['SuccessfulCreate: Created pod: job-sleep-single-w4dfl', 'Completed: Job completed']);
  });

  it('reads a running Indexed Job: Completed Indexes, the init container, a command printed over several lines', () => {
    const job = first(parse(fixture('website-indexed-job.describe.txt')), 'Job');
    assert.deepEqual(job.status, { startTime: '2021-03-11T15:47:34Z', active: 2, succeeded: 3, failed: 0, completedIndexes: '0-2' });
    assert.deepEqual(job.spec.template.spec.initContainers, [
      {
        name: 'input',
        image: 'docker.io/library/bash',
        command: ['bash', '-c', 'items=(foo bar baz qux xyz)', 'echo ${items[$JOB_COMPLETION_INDEX]} > /input/data.txt'],
        volumeMounts: [{ name: 'input', mountPath: '/input' }],
      },
    ]);
    assert.deepEqual(job.spec.template.spec.containers[0].command, ['rev', '/input/data.txt']);
  });

  it('reads a 2019 describe without selector or template (Active Deadline Seconds 3s) and the DeadlineExceeded event after the blank-looking rows', () => {
    const result = parse(fixture('myjob-deadline-2019.describe.txt'));
    assert.deepEqual(first(result, 'Job'), {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'myjob', namespace: 'default', annotations: SOURCE },
      spec: { parallelism: 4, completions: 4, activeDeadlineSeconds: 3 },
      status: { startTime: '2019-01-24T06:25:53Z', active: 0, succeeded: 0, failed: 4 },
    });
    assert.deepEqual(eventsOf(result).map((e) => e.reason), [...Array(4).fill('SuccessfulCreate'), ...Array(4).fill('SuccessfulDelete'), 'DeadlineExceeded']);
    assert.ok(result.notes.includes('Job default/myjob: the text shows no controller-uid (in the selector or the labels): the Job\'s Pods and events can be matched only by name.'));
  });

  it('reads a CronJob\'s Job stuck on a quota: Controlled By as an owner reference without uid, downward-API env, seven FailedCreate events', () => {
    const result = parse(fixture('k8s-sync-failedcreate-quota.describe.txt'));
    const job = first(result, 'Job');
    assert.deepEqual(job.metadata.ownerReferences, [{ apiVersion: 'batch/v1', kind: 'CronJob', name: 'k8s-sync', controller: true }]);
    assert.equal(job.metadata.uid, '9b6edd8d-5c91-11eb-90b0-e4434b7c486d');
    assert.deepEqual(job.metadata.annotations, { 'helm.sh/namespace': 'console', 'helm.sh/path': 'app', 'helm.sh/release': 'k8s-sync', ...SOURCE });
    assert.equal(job.spec.activeDeadlineSeconds, 1800);
    assert.deepEqual(job.spec.template.metadata.annotations['v1.multus-cni.io/default-network'], 'k8s-pod-network');
    assert.deepEqual(job.spec.template.spec.containers[0].env[0], { name: 'POD_NAMESPACE', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } } });
    assert.deepEqual(job.status, { active: 0, succeeded: 0, failed: 0 });
    const events = eventsOf(result);
    assert.equal(events.length, 7);
    assert.ok(events.every((e) => e.reason === 'FailedCreate' && e.type === 'Warning' && e.involvedObject.name === 'k8s-sync-1611306600'));
    assert.equal(
      events[0].message,
      'Error creating: pods "k8s-sync-1611306600-khfng" is forbidden: exceeded quota: console, requested: limits.cpu=300m,requests.cpu=100m, used: limits.cpu=60,requests.cpu=25, limited: limits.cpu=60,requests.cpu=25',
    );
    assert.ok(result.notes.includes('Job console/k8s-sync-1611306600: Controlled By names the owner CronJob/k8s-sync without its uid; the owner reference has none, so match it by name.'));
  });

  it('reads a describe elided with "...": the Service Account of the template, the uid from the template labels, a repeated event (x63 over 5h47m)', () => {
    const result = parse(fixture('katib-trial-failedcreate-serviceaccount.describe.txt'));
    const job = first(result, 'Job');
    assert.equal(job.metadata.uid, '09315f19-6fca-4ce0-91b5-3ee71e0d5f6c');
    assert.equal(job.spec.template.spec.serviceAccountName, 'pipeline-runner');
    assert.equal(job.status, undefined, 'no status line was shown: no status is claimed');
    const [failed] = eventsOf(result);
    assert.equal(failed.count, 63);
    assert.deepEqual(failed.metadata.annotations, { 'kubeassist.dev/age': '82s (x63 over 5h47m)', 'kubeassist.dev/last-seen-seconds-ago': '82', 'kubeassist.dev/first-seen-seconds-ago': '20820' });
    assert.ok(result.notes.includes('Job myspace/red-1021-1441-exp-tlb0j-7r6c7n2x: the text leaves fields out (a "..." line); only what it shows was read.'));
  });

  it('reads the suspend and resume events of a describe cut to Name and Events; the kind comes from the job-controller events', () => {
    const result = parse(fixture('website-job-suspend-resume.describe.txt'));
    assert.deepEqual(first(result, 'Job'), { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'myjob', annotations: SOURCE } });
    assert.deepEqual(eventsOf(result).map((e) => e.reason), ['SuccessfulCreate', 'SuccessfulDelete', 'Suspended', 'SuccessfulCreate', 'Resumed']);
  });
});

describe('kubectl describe: events-only pastes', () => {
  it('names the Job of an events-only paste from the describe command above it', () => {
    const result = parse(fixture('k6-operator-failedcreate-serviceaccount.describe.txt'));
    assert.deepEqual(result.objects, [
      event(
        { apiVersion: 'batch/v1', kind: 'Job', name: 'plz-test-xxxxxx-initializer' },
        'Warning',
        'FailedCreate',
        '57s (x4 over 2m7s)',
        'job-controller',
        'Error creating: pods "plz-test-xxxxxx-initializer-" is forbidden: error looking up service account plz-ns/plz-sa: serviceaccount "plz-sa" not found',
        { count: 4, last: 57, first: 127 },
      ),
    ]);
    assert.ok(result.notes.includes('Job plz-test-xxxxxx-initializer: the text holds only an Events table; the object\'s own fields are not in it.'));
  });

  it('keeps <invalid> ages as they are and makes no number of seconds of them', () => {
    const events = eventsOf(parse(fixture('kplabs-job-deadline-invalid-age.describe.txt')));
    assert.equal(events.length, 5);
    for (const e of events) assert.deepEqual(e.metadata.annotations, { 'kubeassist.dev/age': '<invalid>' });
    assert.equal(events[4].reason, 'DeadlineExceeded');
    assert.deepEqual(events[4].involvedObject, { apiVersion: 'batch/v1', kind: 'Job' });
  });

  it('reads an Events table whose header line lost a leading space, by the columns of its rule line', () => {
    const events = eventsOf(parse(fixture('sleepy-deadline.events.describe.txt')));
    assert.deepEqual(events.map((e) => [e.reason, e.metadata.annotations['kubeassist.dev/age'], e.message]), [
      ['SuccessfulCreate', '2m17s', 'Created pod: sleepy-p57nt'],
      ['SuccessfulCreate', '2m17s', 'Created pod: sleepy-bstls'],
      ['SuccessfulCreate', '2m7s', 'Created pod: sleepy-p8tm8'],
      ['SuccessfulCreate', '2m6s', 'Created pod: sleepy-rbwd8'],
      ['SuccessfulDelete', '2m2s', 'Deleted pod: sleepy-p8tm8'],
      ['SuccessfulDelete', '2m2s', 'Deleted pod: sleepy-rbwd8'],
      ['DeadlineExceeded', '119s', 'Job was active longer than specified deadline'],
    ]);
  });
});

describe('kubectl describe pod and cronjob: the real texts', () => {
  it('reads a Job\'s Pod stuck in ImagePullBackOff: phase, owner, the waiting reason, the conditions table, repeated kubelet events', () => {
    const result = parse(fixture('kube-prometheus-admission-create-imagepullbackoff.pod.describe.txt'));
    const pod = first(result, 'Pod');
    const image = 'k8s.gcr.io/ingress-nginx/kube-webhook-certgen:v1.0@sha256:f3b6b39a6062328c095337b4cadcefd1612348fdd5190b1dcbcb9b9e90bd8068';
    assert.deepEqual(pod.metadata.ownerReferences, [{ apiVersion: 'batch/v1', kind: 'Job', name: 'prometheus-stack-kube-prom-admission-create', controller: true }]);
    assert.equal(pod.metadata.labels['job-name'], 'prometheus-stack-kube-prom-admission-create');
    assert.deepEqual(pod.spec, {
      priority: 0,
      nodeName: 'k8s-node2',
      containers: [
        {
          name: 'create',
          image,
          args: ['create', '--host=prometheus-stack-kube-prom-operator,prometheus-stack-kube-prom-operator.monitor.svc', '--namespace=monitor', '--secret-name=prometheus-stack-kube-prom-admission'],
          volumeMounts: [{ name: 'kube-api-access-ltvzw', mountPath: '/var/run/secrets/kubernetes.io/serviceaccount', readOnly: true }],
        },
      ],
      tolerations: [
        { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
        { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
      ],
    });
    assert.deepEqual(pod.status, {
      hostIP: '192.168.122.147',
      startTime: '2024-05-17T13:07:47Z',
      phase: 'Pending',
      podIP: '196.16.169.141',
      podIPs: [{ ip: '196.16.169.141' }],
      containerStatuses: [{ name: 'create', image, state: { waiting: { reason: 'ImagePullBackOff' } }, ready: false, restartCount: 0 }],
      conditions: [
        { type: 'Initialized', status: 'True' },
        { type: 'Ready', status: 'False' },
        { type: 'ContainersReady', status: 'False' },
        { type: 'PodScheduled', status: 'True' },
      ],
      qosClass: 'BestEffort',
    });
    const events = eventsOf(result);
    assert.deepEqual(events.map((e) => `${e.reason}/${e.count}/${e.source.component}`), [
      'Scheduled/1/default-scheduler', 'SandboxChanged/1/kubelet', 'Failed/2/kubelet', 'Failed/2/kubelet', 'BackOff/4/kubelet', 'Failed/4/kubelet', 'Pulling/3/kubelet',
    ]);
    assert.equal(events[5].message, 'Error: ImagePullBackOff');
    assert.deepEqual(events[6].involvedObject, { apiVersion: 'v1', kind: 'Pod', name: 'prometheus-stack-kube-prom-admission-create-jb2q4', namespace: 'monitor' });
  });

  it('reads an OOMKilled last state (exit code 137, start and finish) of a Job\'s Pod, and says the text stops before its events', () => {
    const result = parse(fixture('scorecard-512-oomkilled.pod.describe.txt'));
    const pod = first(result, 'Pod');
    assert.deepEqual(pod.status.containerStatuses, [
      {
        name: 'run-score',
        containerID: 'docker://27fcb26c61f8bfe05b9cdb24f9fdc983c88b57d3cb9b6bf46fb018ec1f19cd1f',
        image: 'gcr.io/openssf/cron:latest',
        imageID: 'docker-pullable://gcr.io/openssf/cron@sha256:22e8b7d0cb74dfb33f81200143caf7c132a6d9f688242447be92aef8d6c1a92b',
        state: { running: { startedAt: '2021-05-28T12:43:38Z' } },
        lastState: { terminated: { reason: 'OOMKilled', exitCode: 137, startedAt: '2021-05-28T09:41:17Z', finishedAt: '2021-05-28T12:43:37Z' } },
        ready: true,
        restartCount: 3,
      },
    ]);
    assert.deepEqual(pod.spec.containers[0].env, [{ name: 'GITHUB_AUTH_TOKEN', valueFrom: { secretKeyRef: { key: 'token', name: 'github', optional: false } } }]);
    assert.deepEqual(pod.spec.containers[0].resources, { limits: { memory: '1Gi' }, requests: { memory: '1Gi' } });
    assert.equal(eventsOf(result).length, 0);
    assert.ok(result.notes.includes('Pod default/daily-score-manual-x8qw9-s6vpv: the text has no Events section (it was cut, or kubectl ran with --show-events=false).'));
  });

  it('reads a Succeeded Pod whose container shows OOMKilled with exit code 0, through the reporter\'s [...] elisions', () => {
    const result = parse(fixture('kubernetes-116042-oomkilled-succeeded.pod.describe.txt'));
    const pod = first(result, 'Pod');
    assert.equal(pod.status.phase, 'Succeeded');
    assert.deepEqual(pod.status.containerStatuses, [
      { name: 'job', state: { terminated: { reason: 'OOMKilled', exitCode: 0, startedAt: '2023-02-24T11:33:19Z', finishedAt: '2023-02-24T11:37:34Z' } }, ready: false, restartCount: 0 },
    ]);
    assert.equal(pod.metadata.ownerReferences, undefined, 'Controlled By was elided: no owner is claimed');
    assert.deepEqual(result.notes, [
      'Pod somenamespace/job-2k5bx: the text leaves fields out (a "..." line); only what it shows was read.',
      'Pod somenamespace/job-2k5bx: the text has no Events section (it was cut, or kubectl ran with --show-events=false).',
    ]);
  });

  it('reads a whole kubectl 1.30+ describe of a Job\'s Pod that succeeded (PodReadyToStartContainers, no trailing spaces)', () => {
    const result = parse(fixture('helm-post-install-hook-succeeded.pod.describe.txt'));
    const pod = first(result, 'Pod');
    assert.equal(pod.status.phase, 'Succeeded');
    assert.deepEqual(pod.status.containerStatuses[0].state, { terminated: { reason: 'Completed', exitCode: 0, startedAt: '2025-02-26T09:25:31Z', finishedAt: '2025-02-26T09:25:51Z' } });
    assert.deepEqual(pod.status.conditions.map((c: Obj) => `${c.type}=${c.status}`), ['PodReadyToStartContainers=False', 'Initialized=True', 'Ready=False', 'ContainersReady=False', 'PodScheduled=True']);
    assert.equal(pod.spec.serviceAccountName, 'default');
    assert.deepEqual(eventsOf(result).map((e) => e.reason), ['Scheduled', 'Pulling', 'Pulled', 'Created', 'Started']);
    assert.equal(eventsOf(result)[2].message, 'Successfully pulled image "busybox" in 1.554s (1.554s including waiting). Image size: 4269678 bytes.');
  });

  it('reads a three-line Pod fragment (Status Failed, Reason Evicted, Message) into a Pod without a name', () => {
    const result = parse(fixture('evicted-ephemeral-storage.pod.describe.txt'));
    assert.deepEqual(result.objects, [
      {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { annotations: SOURCE },
        status: {
          phase: 'Failed',
          reason: 'Evicted',
          message: 'The node was low on resource: ephemeral-storage. Container manager was using 1475604Ki, which exceeds its request of 0. Container kube-rbac-proxy was using 40Ki, which exceeds its request of 0.',
        },
      },
    ]);
    assert.deepEqual(result.notes, ['A Pod describe without its Name: line: the object has no name.']);
  });

  it('reads a CronJob: schedule, policy, limits, the job template, Last Schedule Time and its active Job', () => {
    const result = parse(fixture('cron-job-active-2019.cronjob.describe.txt'));
    assert.deepEqual(first(result, 'CronJob'), {
      apiVersion: 'batch/v1',
      kind: 'CronJob',
      metadata: { name: 'cron-job', namespace: 'default', annotations: SOURCE },
      spec: {
        schedule: '* * * * *',
        concurrencyPolicy: 'Allow',
        suspend: false,
        successfulJobsHistoryLimit: 3,
        failedJobsHistoryLimit: 1,
        jobTemplate: { spec: { template: { spec: { containers: [{ name: 'long-job', image: 'python:rc-slim', command: ['python'], args: ['-c', "import time; print('starting'); time.sleep(30); print('done')"] }] } } } },
      },
      status: { lastScheduleTime: '2019-07-28T17:48:00Z', active: [{ apiVersion: 'batch/v1', kind: 'Job', name: 'cron-job-1564336080', namespace: 'default' }] },
    });
    const events = eventsOf(result);
    assert.deepEqual(events.map((e) => e.reason), ['SuccessfulCreate', 'SawCompletedJob', 'SuccessfulCreate', 'SawCompletedJob', 'SuccessfulCreate', 'SawCompletedJob', 'SuccessfulCreate']);
    assert.ok(events.every((e) => e.involvedObject.kind === 'CronJob' && e.source.component === 'cronjob-controller'));
    assert.ok(result.notes.includes('kubectl describe cronjob does not print status.lastSuccessfulTime, nor the uids of the active Jobs.'));
  });
});

describe('kubectl describe: several objects in one text', () => {
  it('reads `kubectl describe jobs` output (objects one after the other) as one Job each, with its own events', () => {
    const text = `${fixture('website-job-pi.describe.txt')}\n\n${fixture('abnormal-end-two-containers.describe.txt')}`;
    const result = parse(text);
    assert.deepEqual(kinds(result).filter((k) => k !== 'Event'), ['Job', 'Job']);
    const jobs = (result.objects as Obj[]).filter((o) => o.kind === 'Job');
    assert.deepEqual(jobs.map((j) => [j.metadata.name, j.status.succeeded, j.status.failed]), [['pi', 1, 0], ['abnormal-end', 0, 3]]);
    assert.deepEqual(eventsOf(result).map((e) => e.involvedObject.name), ['pi', 'abnormal-end', 'abnormal-end', 'abnormal-end', 'abnormal-end']);
  });

  it('reads a Job and its Pod pasted with their describe commands (the prompts are not fields)', () => {
    const text = `$ kubectl describe job abnormal-end\n${fixture('abnormal-end-two-containers.describe.txt')}\n$ kubectl describe pod x -n monitor\n${fixture('kube-prometheus-admission-create-imagepullbackoff.pod.describe.txt')}`;
    const result = parse(text);
    assert.deepEqual(kinds(result).filter((k) => k !== 'Event'), ['Job', 'Pod']);
    assert.ok(!result.notes.some((n) => n.includes('not a field this reader knows')), result.notes.join('\n'));
  });
});

describe('kubectl describe: forms the real texts do not show, written as describe.go prints them', () => {
  // Built from describePod, describeStatus and DescribeEvents (kubernetes/kubectl pkg/describe/describe.go): a
  // terminating Pod, a terminated container with a signal and a message, an old `From` column with the host,
  // an event about one container (its field path), and `Events:  <none>`.
  const pod = [
    'Name:                      pi-x7k2p',
    'Namespace:                 batch',
    'Node:                      node-1/10.0.0.7',
    'Status:                    Terminating (lasts 2m)',
    'Termination Grace Period:  30s',
    'IP:                        10.1.0.4',
    'IPs:                       <none>',
    'Controlled By:             Job/pi',
    'Containers:',
    '  main:',
    '    Container ID:  containerd://abc',
    '    Image:         perl:5.34.0',
    '    Image ID:      docker.io/library/perl@sha256:1',
    '    Port:          8080/TCP (http)',
    '    Host Port:     0/TCP (http)',
    '    State:         Terminated',
    '      Reason:      Error',
    '      Message:     boom',
    '      Exit Code:   143',
    '      Signal:      15',
    '      Started:     Mon, 01 Dec 2025 10:00:00 +0000',
    '      Finished:    Mon, 01 Dec 2025 10:05:00 +0000',
    '    Ready:          False',
    '    Restart Count:  0',
    '    Environment Variables from:',
    '      settings    ConfigMap  Optional: false',
    '    Environment:',
    '      MODE:  fast',
    '    Mounts:         <none>',
    'Events:',
    '  Type     Reason   Age   From                    Message',
    '  ----     ------   ----  ----                    -------',
    '  Normal   Killing  2m    kubelet, node-1         spec.containers{main}: Stopping container main',
  ].join('\n');

  it('reads a terminating Pod without making up its phase or deletion time', () => {
    const result = parse(pod);
    const read = first(result, 'Pod');
    assert.deepEqual(read.metadata.annotations, { 'kubeassist.dev/terminating-for': '2m', ...SOURCE });
    assert.equal(read.status.phase, undefined);
    assert.equal(read.spec.terminationGracePeriodSeconds, 30);
    assert.ok(result.notes.includes('Pod batch/pi-x7k2p: the Pod is being deleted (Terminating for 2m); describe hides its phase and the deletion time.'));
  });

  it('reads a terminated state with its signal and message, ports, envFrom and env', () => {
    const read = first(parse(pod), 'Pod');
    assert.deepEqual(read.status.containerStatuses[0].state, {
      terminated: { reason: 'Error', message: 'boom', exitCode: 143, signal: 15, startedAt: '2025-12-01T10:00:00Z', finishedAt: '2025-12-01T10:05:00Z' },
    });
    assert.deepEqual(read.spec.containers[0].ports, [{ containerPort: 8080, protocol: 'TCP', name: 'http' }]);
    assert.deepEqual(read.spec.containers[0].envFrom, [{ configMapRef: { name: 'settings', optional: false } }]);
    assert.deepEqual(read.spec.containers[0].env, [{ name: 'MODE', value: 'fast' }]);
  });

  it('reads an event about one container (field path) from an old `kubelet, host` source', () => {
    const [killing] = eventsOf(parse(pod));
    assert.deepEqual(killing.involvedObject, { apiVersion: 'v1', kind: 'Pod', name: 'pi-x7k2p', namespace: 'batch', fieldPath: 'spec.containers{main}' });
    assert.deepEqual(killing.source, { component: 'kubelet', host: 'node-1' });
    assert.equal(killing.message, 'Stopping container main');
  });

  it('reads `Events:  <none>` as no events, and a namespace from the command of an events-only paste', () => {
    const none = parse('Name:           pi\nNamespace:      default\nPods Statuses:  1 Active (0 Ready) / 0 Succeeded / 0 Failed\nEvents:         <none>\n');
    assert.deepEqual(kinds(none), ['Job']);
    const onlyEvents = parse('$ kubectl describe job/pi -n batch\nEvents:\n  Type    Reason            Age   From            Message\n  ----    ------            ----  ----            -------\n  Normal  SuccessfulCreate  5s    job-controller  Created pod: pi-abcde\n');
    assert.deepEqual(eventsOf(onlyEvents)[0].involvedObject, { apiVersion: 'batch/v1', kind: 'Job', name: 'pi', namespace: 'batch' });
  });

  it('leaves out a Completed Indexes list kubectl cut at 50 characters, and says so', () => {
    const cut = '0-2,4,6,8,10,12,14,16,18,20,22,24,26,28,30,32,34,36,...';
    const result = parse(`Name: big\nCompletion Mode: Indexed\nPods Statuses: 3 Active (3 Ready) / 20 Succeeded / 0 Failed\nCompleted Indexes: ${cut}\n`);
    assert.equal(first(result, 'Job').status.completedIndexes, undefined);
    assert.ok(result.notes.includes(`Job big: kubectl cut Completed Indexes after 50 characters ("${cut}"); the full list is in kubectl get job -o yaml.`));
  });
});

describe('the expected answers in observed-real/expected.json agree with what is read', () => {
  const expected = JSON.parse(fixture('expected.json')).fixtures as Record<string, Obj>;
  for (const [name, answer] of Object.entries(expected)) {
    if (!name.endsWith('.describe.txt') || answer.kind !== 'Job' || answer.counters === null || answer.counters === undefined) continue;
    it(`${name}: the counters`, () => {
      const job = first(parse(fixture(name)), 'Job');
      for (const counter of ['active', 'ready', 'succeeded', 'failed', 'completedIndexes'] as const) {
        if (answer.counters[counter] === null) assert.equal(job.status?.[counter], undefined, counter);
        else assert.equal(job.status?.[counter], answer.counters[counter], counter);
      }
      assert.equal(job.metadata.name, answer.name);
    });
  }
});
