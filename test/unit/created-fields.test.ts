// What a create in each release drops of the gated fields written in an object (kube/created.ts), read once per kind
// and release from one trie of the gated patterns. The whole table is checked field by field against each field's
// own gate in each release, and a few objects pin what explain and simulate then say.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { asCreated, droppedFields, unsettledFields } from '../../server/src/service/kube/created';
import { fieldInRelease, gateEnabledByDefault, gateOffUnconfirmed, gateStage, GATED_FIELDS, type GatedField } from '../../server/src/service/kube/featureGates';
import { MAX_MINOR, MIN_MINOR, type Json, type JsonObject, type KindName } from '../../server/src/service/types';

/** An object holding `value` at the field's pattern (`*`: the list's first item). */
function objectWith(pattern: readonly (string | number)[], value: Json): JsonObject {
  let inner: Json = value;
  for (let i = pattern.length - 1; i >= 0; i--) inner = pattern[i] === '*' ? [inner] : { [pattern[i] as string]: inner };
  return inner as JsonObject;
}

/** A value the field's gate covers: one its `applies` takes, else a string. */
function gatedValue(field: GatedField): Json {
  for (const value of ['OnFailure', 'RestartAllContainers', 'x', 1, true, { a: 1 }] as Json[]) if (!field.applies || field.applies(value)) return value;
  throw new Error(`no sample value for ${field.pattern.join('.')}`);
}

/** What the field's gate says of a create in 1.<minor>, asked of the gate alone. */
function fateOf(field: GatedField, minor: number): 'kept' | 'gate-off' | 'not-in-release' | 'unsettled' {
  const inRelease = gateStage(field.gate, minor) !== undefined && fieldInRelease(field, minor);
  if (!inRelease) return 'not-in-release';
  if (gateEnabledByDefault(field.gate, minor)) return 'kept';
  return gateOffUnconfirmed(field.gate, minor) ? 'unsettled' : 'gate-off';
}

const asPath = (path: readonly (string | number)[]) => path.map((segment) => (segment === '*' ? 0 : segment));

describe('the gated fields a create drops', () => {
  it('drops each gated field exactly as its gate says in every release, alone in its object', () => {
    let checked = 0;
    for (const field of GATED_FIELDS) {
      if (field.effect !== 'dropped') continue;
      const object = objectWith(field.pattern, gatedValue(field));
      for (let minor = MIN_MINOR; minor <= MAX_MINOR; minor++) {
        const fate = fateOf(field, minor);
        const where = `${field.kind} ${field.pattern.join('.')} (${field.gate}) in 1.${minor}`;
        const dropped = droppedFields(field.kind, object, minor).filter((entry) => entry.gate === field.gate && entry.path.join('.') === asPath(field.pattern).join('.'));
        const unsettled = unsettledFields(field.kind, object, minor).filter((entry) => entry.gate === field.gate && entry.path.join('.') === asPath(field.pattern).join('.'));
        if (fate === 'gate-off' || fate === 'not-in-release') {
          assert.equal(dropped.length, 1, `${where}: dropped (${fate})`);
          assert.equal(dropped[0].why, fate, where);
          assert.equal(!!dropped[0].fromEachJob, !!field.droppedFromEachJob, where);
        } else {
          assert.deepEqual(dropped, [], `${where}: kept (${fate})`);
        }
        assert.equal(unsettled.length, fate === 'unsettled' ? 1 : 0, `${where}: unsettled only when its pre-release does not settle the gate`);
        checked++;
      }
    }
    assert.ok(checked > 100, `only ${checked} field-release pairs checked`);
  });

  it('leaves a value the gate does not cover: an init container restartPolicy of Always is no gated field', () => {
    const field = GATED_FIELDS.find((entry) => entry.kind === 'Job' && entry.gate === 'ContainerRestartRules' && entry.pattern.join('.') === 'spec.template.spec.initContainers.*.restartPolicy');
    assert.ok(field, 'the ContainerRestartRules field is listed');
    const always = objectWith(field.pattern, 'Always');
    for (let minor = MIN_MINOR; minor <= MAX_MINOR; minor++) assert.deepEqual(droppedFields('Job', always, minor).filter((entry) => entry.gate === field.gate), [], `1.${minor}`);
  });

  it('lists every written gated field of an object in the table order, each list item on its own', () => {
    const container = (name: string): JsonObject => ({ name, restartPolicyRules: [{ action: 'Restart' }], startupProbe: { grpc: { port: 9000 }, terminationGracePeriodSeconds: 5 } });
    const job: JsonObject = {
      apiVersion: 'batch/v1',
      kind: 'Job',
      spec: { managedBy: 'example.com/controller', successPolicy: { rules: [{ succeededCount: 1 }] }, template: { spec: { containers: [container('a'), container('b')] } } },
    };
    const written = ['spec.managedBy', 'spec.successPolicy', 'spec.template.spec.containers.*.restartPolicyRules', 'spec.template.spec.containers.*.startupProbe.grpc', 'spec.template.spec.containers.*.startupProbe.terminationGracePeriodSeconds'];
    for (const minor of [MIN_MINOR, MAX_MINOR]) {
      const expected = GATED_FIELDS.filter((field) => field.kind === 'Job' && field.effect === 'dropped' && written.includes(field.pattern.join('.')))
        .filter((field) => fateOf(field, minor) === 'gate-off' || fateOf(field, minor) === 'not-in-release')
        .flatMap((field) => (field.pattern.includes('*') ? [0, 1].map((item) => field.pattern.map((segment) => (segment === '*' ? item : segment)).join('.')) : [field.pattern.join('.')]));
      assert.deepEqual(droppedFields('Job', job, minor).map((entry) => entry.path.join('.')), expected, `1.${minor}`);
    }
    assert.ok(droppedFields('Job', job, MIN_MINOR).some((entry) => entry.path.join('.') === 'spec.template.spec.containers.1.restartPolicyRules'), `1.${MIN_MINOR} drops the second container's restartPolicyRules`);
  });

  it('stores the object without its dropped fields, then with the release defaults', () => {
    const kind: KindName = 'Job';
    const job: JsonObject = { apiVersion: 'batch/v1', kind, spec: { managedBy: 'example.com/controller', template: { spec: { containers: [{ name: 'a', image: 'x' }], restartPolicy: 'Never' } } } };
    const field = GATED_FIELDS.find((entry) => entry.kind === kind && entry.pattern.join('.') === 'spec.managedBy')!;
    const dropping = [...Array(MAX_MINOR - MIN_MINOR + 1).keys()].map((i) => MIN_MINOR + i).find((minor) => fateOf(field, minor) !== 'kept' && fateOf(field, minor) !== 'unsettled');
    const keeping = [...Array(MAX_MINOR - MIN_MINOR + 1).keys()].map((i) => MIN_MINOR + i).find((minor) => fateOf(field, minor) === 'kept');
    assert.ok(dropping !== undefined && keeping !== undefined, 'managedBy is dropped in one release and kept in a later one');
    const dropped = asCreated(kind, job, dropping);
    assert.equal((dropped.object.spec as JsonObject).managedBy, undefined);
    assert.deepEqual(dropped.dropped.map((entry) => entry.path.join('.')), ['spec.managedBy']);
    assert.equal((dropped.object.spec as JsonObject).backoffLimit, 6, 'the defaults are set on what is stored');
    const kept = asCreated(kind, job, keeping);
    assert.equal((kept.object.spec as JsonObject).managedBy, 'example.com/controller');
    assert.deepEqual(kept.dropped, []);
    assert.equal((job.spec as JsonObject).managedBy, 'example.com/controller', 'the object given is left as it was');
  });
});
