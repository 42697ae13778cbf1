// Releases without an OpenAPI document come from the release before plus a committed delta
// (scripts/releases/<release>.json). The deltas apply as written, stop the generator when they no longer
// fit their base, and name where every fact comes from.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { generatorReleases, REPO_ROOT } from '../../scripts/gen-schemas';
import { DEFAULT_SETTINGS } from '../../server/src/service/settings';
import { DEFAULT_KUBERNETES_VERSION, isPrerelease, MAX_MINOR, MIN_MINOR, PRERELEASE_MINORS } from '../../server/src/service/types';
import { applyDelta, describeKnownReleases, minorOf, readDeltas, type DocumentTypes, type ReleaseDelta } from '../../scripts/releaseDeltas';
import { FEATURE_GATE_NAMES, GATED_FIELDS, gateStage, type GateName } from '../../server/src/service/kube/featureGates';
import type { KindName } from '../../server/src/service/types';
import { goFieldPaths, goStructFields, type GoPackage } from '../support/goTypes';
import { fieldsInRelease } from '../support/releaseFields';
import { sharedPath, skipUnlessShared } from '../support/shared';

const BASE: Record<string, DocumentTypes> = {
  'batch-v1.json': {
    'io.k8s.api.core.v1.PodSpec': { type: 'object', properties: { workloadRef: { $ref: '#/components/schemas/io.k8s.api.core.v1.WorkloadReference' }, hostname: { type: 'string' } } },
    'io.k8s.api.core.v1.WorkloadReference': { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  },
  'storage.k8s.io-v1.json': {
    'io.k8s.api.storage.v1.CSIDriverSpec': { type: 'object', properties: { attachRequired: { type: 'boolean' } } },
  },
};

function delta(changes: ReleaseDelta['changes']): ReleaseDelta {
  return { release: '1.36', base: '1.35', goTypes: { tag: 'v0.36.0' }, sources: { types: 'test' }, changes, file: '1.36.json' };
}

describe('applyDelta', () => {
  it('adds and removes types and fields, in every document that defines the type, and leaves the base alone', () => {
    const documents = applyDelta(BASE, delta([
      { removeField: 'workloadRef', type: 'io.k8s.api.core.v1.PodSpec', sources: ['types'] },
      { removeType: 'io.k8s.api.core.v1.WorkloadReference', sources: ['types'] },
      { addType: 'io.k8s.api.core.v1.PodSchedulingGroup', schema: { type: 'object', properties: { podGroupName: { type: 'string' } } }, sources: ['types'] },
      { addField: 'schedulingGroup', type: 'io.k8s.api.core.v1.PodSpec', schema: { $ref: 'io.k8s.api.core.v1.PodSchedulingGroup' }, gate: 'GenericWorkload', sources: ['types'] },
      { addField: 'preventPodSchedulingIfMissing', type: 'io.k8s.api.storage.v1.CSIDriverSpec', schema: { type: 'boolean' }, required: true, sources: ['types'] },
    ]));
    assert.deepEqual(documents['batch-v1.json']['io.k8s.api.core.v1.PodSpec'], {
      type: 'object',
      properties: { hostname: { type: 'string' }, schedulingGroup: { $ref: '#/components/schemas/io.k8s.api.core.v1.PodSchedulingGroup' } },
    });
    assert.equal(documents['batch-v1.json']['io.k8s.api.core.v1.WorkloadReference'], undefined);
    assert.deepEqual(documents['storage.k8s.io-v1.json']['io.k8s.api.storage.v1.CSIDriverSpec'], {
      type: 'object',
      properties: { attachRequired: { type: 'boolean' }, preventPodSchedulingIfMissing: { type: 'boolean' } },
      required: ['preventPodSchedulingIfMissing'],
    });
    assert.ok(BASE['batch-v1.json']['io.k8s.api.core.v1.PodSpec'].properties?.workloadRef, 'the base documents are not changed');
  });

  it('renames a field and its required entry', () => {
    const documents = applyDelta(BASE, delta([{ renameField: 'name', to: 'workloadName', type: 'io.k8s.api.core.v1.WorkloadReference', sources: ['types'] }]));
    assert.deepEqual(documents['batch-v1.json']['io.k8s.api.core.v1.WorkloadReference'], { type: 'object', properties: { workloadName: { type: 'string' } }, required: ['workloadName'] });
  });

  it('stops, naming the file and the change, when a change does not fit the base release', () => {
    const cases: [ReleaseDelta['changes'][number], RegExp][] = [
      [{ removeField: 'schedulingGroup', type: 'io.k8s.api.core.v1.PodSpec', sources: ['types'] }, /1\.36\.json: removeField io\.k8s\.api\.core\.v1\.PodSpec\.schedulingGroup: 1\.35 does not have it/],
      [{ addField: 'hostname', type: 'io.k8s.api.core.v1.PodSpec', schema: { type: 'string' }, sources: ['types'] }, /addField io\.k8s\.api\.core\.v1\.PodSpec\.hostname: 1\.35 already has it/],
      [{ addField: 'x', type: 'io.k8s.api.core.v1.Nothing', schema: { type: 'string' }, sources: ['types'] }, /no 1\.35 document defines io\.k8s\.api\.core\.v1\.Nothing/],
      [{ addType: 'io.k8s.api.core.v1.WorkloadReference', schema: { type: 'object' }, sources: ['types'] }, /addType io\.k8s\.api\.core\.v1\.WorkloadReference: the 1\.35 documents already define it/],
      [{ removeType: 'io.k8s.api.core.v1.Nothing', sources: ['types'] }, /removeType io\.k8s\.api\.core\.v1\.Nothing: no 1\.35 document defines it/],
    ];
    for (const [change, message] of cases) assert.throws(() => applyDelta(BASE, delta([change])), message);
  });
});

describe('the committed deltas (scripts/releases/)', () => {
  const deltas = readDeltas();

  it('describe 1.36, 1.37 and 1.38, each on the release before it', () => {
    assert.deepEqual(deltas.map((entry) => `${entry.base} -> ${entry.release}`), ['1.35 -> 1.36', '1.36 -> 1.37', '1.37 -> 1.38']);
  });

  it('name, for every change (and every note of what touches no schema), sources the file declares', () => {
    for (const entry of deltas) {
      for (const change of [...entry.changes, ...(entry.notInSchema ?? [])]) {
        for (const source of change.sources) {
          const key = /^[\w.-]+/.exec(source)?.[0] ?? '';
          assert.ok(key in entry.sources, `${entry.file}: source "${source}" is not declared in its sources`);
        }
      }
    }
  });

  it('mark, in 1.37, every change as made after the Go types of the beta, with at least two sources', () => {
    const [, release137] = deltas;
    for (const change of release137.changes) {
      assert.equal(change.afterGoTypes, true, JSON.stringify(change));
      assert.ok(change.sources.length >= 2, `${JSON.stringify(change)} needs two sources`);
    }
  });

  it('name for every new field a gate the feature-gate table knows, with an entry for that field under that gate', () => {
    for (const entry of deltas) {
      for (const change of entry.changes) {
        if (!('addField' in change)) continue;
        assert.ok(change.gate, `${entry.file}: ${change.type}.${change.addField} names no gate`);
        assert.ok((FEATURE_GATE_NAMES as string[]).includes(change.gate), `${entry.file}: unknown gate ${change.gate}`);
        const field = change.addField;
        assert.ok(
          GATED_FIELDS.some((gated) => gated.gate === change.gate && gated.pattern[gated.pattern.length - 1] === field),
          `${entry.file}: kube/featureGates.ts has no ${change.gate} entry for ${field}`,
        );
        assert.ok(gateStage(change.gate as GateName, minorOf(entry.release)) !== undefined, `${change.gate} does not exist in ${entry.release}`);
      }
    }
  });

  it('are reported by the generator line', () => {
    assert.equal(
      describeKnownReleases([...['1.23', '1.24', '1.35'].map((release) => ({ release, from: 'openapi' as const })), { release: '1.36', from: 'delta' }, { release: '1.37', from: 'delta' }]),
      '1.23 to 1.35 from the OpenAPI documents; 1.36, 1.37 from scripts/releases/',
    );
  });
});

describe('staying current', () => {
  it('defaults to the newest release the schema generator knows that is not a pre-release, and supports exactly up to the newest', () => {
    const known = generatorReleases(sharedPath('openapi'));
    const newest = known[known.length - 1].release;
    const released = [...known].reverse().find((entry) => !isPrerelease(minorOf(entry.release)))?.release;
    assert.equal(DEFAULT_KUBERNETES_VERSION, released, `scripts/releases/ knows ${released}: make it DEFAULT_KUBERNETES_VERSION (server/src/service/types.ts)`);
    assert.equal(`1.${MAX_MINOR}`, newest, `scripts/releases/ knows ${newest}: raise MAX_MINOR`);
    assert.equal(DEFAULT_SETTINGS.kubernetesVersion, released);
  });

  it('offers as pre-releases only releases newer than the default, each without OpenAPI documents of its own', () => {
    const known = generatorReleases(sharedPath('openapi'));
    for (const minor of PRERELEASE_MINORS) {
      assert.ok(minor > minorOf(DEFAULT_KUBERNETES_VERSION) && minor <= MAX_MINOR, `1.${minor}`);
      assert.equal(known.find((entry) => entry.release === `1.${minor}`)?.from, 'delta', `1.${minor} has OpenAPI documents: it is no longer a pre-release`);
    }
  });

  it('knows 1.23 to 1.35 from the OpenAPI documents and 1.36, 1.37, 1.38 from the deltas', { skip: skipUnlessShared('releases the generator knows', 'openapi') }, () => {
    assert.equal(describeKnownReleases(generatorReleases(sharedPath('openapi'))), '1.23 to 1.35 from the OpenAPI documents; 1.36, 1.37, 1.38 from scripts/releases/');
  });

  it('offers the newest release first in package.json, the newest released one as the default, and labels a pre-release in its enum description (the status-bar picker lists that enum)', () => {
    const setting = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
      contributes: { configuration: { properties: Record<string, { enum: string[]; enumDescriptions: string[]; default: string }> } };
    }).contributes.configuration.properties['kubeassist.kubernetesVersion'];
    const expected = Array.from({ length: MAX_MINOR - MIN_MINOR + 1 }, (_, i) => `1.${MAX_MINOR - i}`);
    assert.deepEqual(setting.enum, expected);
    assert.equal(setting.default, DEFAULT_KUBERNETES_VERSION);
    assert.equal(setting.enumDescriptions.length, setting.enum.length);
    setting.enum.forEach((release, i) => {
      const labelled = setting.enumDescriptions[i].startsWith(`${release} (pre-release)`);
      assert.equal(labelled, isPrerelease(minorOf(release)), `${release}: "${setting.enumDescriptions[i]}"`);
    });
  });
});

// ---------------------------------------------------------------------------------------------------
// The deltas against the Go types of ../shared/k8s-api-types/<release>: every JSON field of the structs a
// JobSpec (with its PodTemplateSpec) and a CSIDriverSpec reach is in the generated fields of that release,
// and no other. 1.35 has OpenAPI documents too, so it checks the comparison itself.

const GO_ROOTS: { kind: KindName; pkg: GoPackage; root: string }[] = [
  { kind: 'Job', pkg: 'batch', root: 'JobSpec' },
  { kind: 'CronJob', pkg: 'batch', root: 'CronJobSpec' },
  { kind: 'CSIDriver', pkg: 'storage', root: 'CSIDriverSpec' },
];

const PACKAGES: Record<string, GoPackage> = { 'io.k8s.api.core.v1': 'core', 'io.k8s.api.batch.v1': 'batch', 'io.k8s.api.storage.v1': 'storage' };

function packageOf(openapiName: string): { pkg: GoPackage | undefined; name: string } {
  const dot = openapiName.lastIndexOf('.');
  return { pkg: PACKAGES[openapiName.slice(0, dot)], name: openapiName.slice(dot + 1) };
}

/** The release's generated `spec.` paths, less what lies below a type the Go files do not hold (ObjectMeta, ...). */
function schemaSpecPaths(kind: KindName, minor: number, externalLeaves: ReadonlySet<string>): Set<string> {
  const below = (path: string) => [...externalLeaves].some((leaf) => path.startsWith(`${leaf}.`) || path.startsWith(`${leaf}[]`) || path.startsWith(`${leaf}{}`));
  return new Set([...fieldsInRelease(kind, minor)].filter((path) => path.startsWith('spec.') && !below(path)));
}

describe('the deltas against the Go types (../shared/k8s-api-types)', { skip: skipUnlessShared('release deltas against the Go types', 'k8s-api-types') }, () => {
  const deltas = new Map(readDeltas().map((entry) => [entry.release, entry]));

  for (const release of ['1.35', '1.36', '1.37']) {
    const delta = deltas.get(release);
    const after = delta?.changes.filter((change) => change.afterGoTypes) ?? [];
    // When every change of the release came after its Go types (a beta tag), the types still show the base release.
    const compared = after.length && delta ? delta.base : release;

    it(`${release}: the fields of JobSpec, CronJobSpec and CSIDriverSpec are those of the generated ${compared} fields${compared !== release ? ' (the Go types are a beta)' : ''}`, () => {
      assert.ok(!after.length || after.length === delta?.changes.length, `${release}: some changes are afterGoTypes and some not; teach this test to tell their paths apart`);
      for (const { kind, pkg, root } of GO_ROOTS) {
        const go = goFieldPaths(sharedPath('k8s-api-types', release), pkg, root, 'spec');
        const schema = schemaSpecPaths(kind, minorOf(compared), go.externalLeaves);
        assert.deepEqual([...go.paths].filter((path) => !schema.has(path)).sort(), [], `${kind}: in the ${release} Go types, not in the generated ${compared} fields`);
        assert.deepEqual([...schema].filter((path) => !go.paths.has(path)).sort(), [], `${kind}: in the generated ${compared} fields, not in the ${release} Go types`);
      }
    });

    if (after.length) {
      it(`${release}: what the delta marks afterGoTypes is really missing from the ${delta?.goTypes.tag} Go types`, () => {
        for (const change of after) {
          if ('addField' in change) {
            const { pkg, name } = packageOf(change.type);
            if (!pkg) continue;
            const fields = goStructFields(sharedPath('k8s-api-types', release), pkg, name);
            assert.ok(fields, `${name} is not in the ${release} Go types`);
            assert.ok(!fields.includes(change.addField), `${name}.${change.addField} is in the ${release} Go types: drop afterGoTypes`);
          } else if ('addType' in change) {
            const { pkg, name } = packageOf(change.addType);
            if (pkg) assert.equal(goStructFields(sharedPath('k8s-api-types', release), pkg, name), undefined, `${name} is in the ${release} Go types: drop afterGoTypes`);
          }
        }
      });
    }
  }

  it('the generated 1.37 fields are the 1.36 ones plus exactly what the 1.37 delta adds (beta types cannot check them)', () => {
    const added = new Set([...fieldsInRelease('Job', 37)].filter((path) => !fieldsInRelease('Job', 36).has(path)));
    const names = new Set([...added].map((path) => path.split('.').pop()?.replace(/\[\]$/, '')));
    const delta = deltas.get('1.37');
    const declared = new Set((delta?.changes ?? []).flatMap((change) => ('addField' in change ? [change.addField] : 'addType' in change ? Object.keys(change.schema.properties ?? {}) : [])));
    assert.deepEqual([...names].filter((name) => !declared.has(name ?? '')), []);
    assert.ok(added.has('spec.scheduling.schedulingPolicy.gang.minCount') && added.has('spec.template.spec.evictionResponders[].priority'));
  });
});
