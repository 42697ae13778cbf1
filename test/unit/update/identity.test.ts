// Which object an edit updates: apiVersion, kind, namespace and name; a generateName-only object, a renamed
// one, or one the server would never have created is a create; an unchanged document is no update at all.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Baseline } from '../../../server/src/service/update/baseline';
import { changedPaths, sameValue } from '../../../server/src/service/update/compare';
import { nextName } from '../../../server/src/service/update/recreate.fix';
import { swap, updateFindings } from './harness';

const JOB = `apiVersion: batch/v1
kind: Job
metadata:
  name: report
  namespace: batch
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: report
        image: registry.example.com/report:1.0
`;
const EDITED = swap(JOB, 'report:1.0', 'report:1.1');
const IMAGE = 'update/job/template-immutable @ spec.template.spec.containers[0].image';

describe('identity of an updated object', () => {
  it('the same name and namespace: an update', () => {
    assert.deepEqual(updateFindings(JOB, EDITED), [IMAGE]);
  });

  it('another name, another namespace, no namespace: a new object', () => {
    assert.deepEqual(updateFindings(JOB, swap(EDITED, '  name: report\n  namespace', '  name: report-2\n  namespace')), []);
    assert.deepEqual(updateFindings(JOB, swap(EDITED, 'namespace: batch', 'namespace: jobs')), []);
    assert.deepEqual(updateFindings(JOB, swap(EDITED, '  namespace: batch\n', '')), []);
  });

  it('generateName only: always a new object', () => {
    const generated = (text: string) => swap(text, '  name: report\n', '  generateName: report-\n');
    assert.deepEqual(updateFindings(generated(JOB), generated(EDITED)), []);
  });

  it('another document order, a List item, other kinds around: the same object', () => {
    const other = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: report\n  namespace: batch\n';
    assert.deepEqual(updateFindings(`${JOB}---\n${other}`, `${other}---\n${EDITED}`), [IMAGE]);
    const list = `apiVersion: v1\nkind: List\nitems:\n- ${EDITED.trimEnd().split('\n').join('\n  ')}\n`;
    assert.deepEqual(updateFindings(JOB, list), [IMAGE]);
  });

  it('a CSIDriver is cluster-scoped: a namespace written on either side does not matter', () => {
    const driver = 'apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata:\n  name: csi.example.com\nspec:\n  attachRequired: true\n';
    const edited = swap(driver, 'attachRequired: true', 'attachRequired: false').replace('  name: csi.example.com\n', '  name: csi.example.com\n  namespace: kube-system\n');
    assert.deepEqual(updateFindings(driver, edited), ['update/csidriver/attach-required-immutable @ spec.attachRequired']);
  });

  it('a baseline object the server refuses at create never existed: its edit is a create', () => {
    const refused = swap(JOB, 'restartPolicy: Never', 'restartPolicy: Always');
    assert.deepEqual(updateFindings(refused, swap(EDITED, 'restartPolicy: Never', 'restartPolicy: OnFailure')), []);
  });

  it('a baseline with Helm templates holds no objects', () => {
    assert.deepEqual(updateFindings(`${JOB}# {{ .Values.x }}\n`, EDITED), []);
  });

  it('knows the documents it holds as they are', () => {
    const baseline = new Baseline(`${JOB}---\nkind: ConfigMap\n`, { label: 'at HEAD' });
    assert.equal(baseline.holds(JOB), true);
    assert.equal(baseline.holds(EDITED), false);
  });
});

describe('comparison as the API server makes it', () => {
  it('an empty list or mapping is the same as none; a quantity is compared by value', () => {
    assert.ok(sameValue({ a: [], b: {} }, {}));
    assert.ok(sameValue({ limits: { cpu: '1' } }, { limits: { cpu: '1000m' } }));
    assert.ok(!sameValue({ limits: { cpu: '1' } }, { limits: { cpu: '2' } }));
    assert.ok(!sameValue({ name: '1' }, { name: '1000m' }), 'only resource lists hold quantities');
    assert.ok(sameValue({ hostNetwork: false }, {}, { zeroIsAbsent: true }));
    assert.ok(!sameValue({ hostNetwork: false }, {}));
  });

  it('names the deepest changed nodes; a list of another length is one change', () => {
    assert.deepEqual(changedPaths({ a: { b: 1, c: [1, 2] } }, { a: { b: 2, c: [1, 2, 3] } }), [['a', 'b'], ['a', 'c']]);
  });
});

describe('the new name of a recreated Job', () => {
  it('adds -2, counts up a number, and stays a valid label value', () => {
    assert.equal(nextName('report'), 'report-2');
    assert.equal(nextName('report-2'), 'report-3');
    assert.equal(nextName('report-v9'), 'report-v9-2');
    const long = 'a'.repeat(62);
    assert.equal(nextName(long), `${'a'.repeat(61)}-2`);
    assert.equal(nextName(`${'a'.repeat(60)}-b`).length <= 63, true);
  });
});
