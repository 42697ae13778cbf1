// The real-world corpus (../shared/corpus/real): what real API servers accept gets no error from us,
// what they reject gets at least one. Skipped, with a message, where ../shared is not beside the clone.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { checkedResources, DEFAULT_SETTINGS, FileModel, validate, type Settings } from '../../server/src/service/index';
import { MAX_MINOR } from '../../server/src/service/types';
import { sharedPath, skipUnlessShared } from '../support/shared';

const CORPUS = sharedPath('corpus', 'real');
const skip = skipUnlessShared('real-world corpus', 'corpus', 'real');

function filesIn(folder: string): string[] {
  const dir = join(CORPUS, folder);
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.ya?ml$/.test(entry.name))
    .map((entry) => join(dir, entry.name));
}

/**
 * The releases the whole engine checks the accepted files at: 1.35 (the newest with OpenAPI documents) to the
 * newest (derived from scripts/releases/). The rule families alone run at 1.26 to the newest (test/unit/rules).
 */
const RELEASES = Array.from({ length: MAX_MINOR - 35 + 1 }, (_, i) => `1.${35 + i}`);

function check(file: string, settings: Settings = DEFAULT_SETTINGS) {
  const text = readFileSync(file, 'utf8');
  const model = new FileModel();
  const diagnostics = validate(model, text, settings);
  return { diagnostics, resources: checkedResources(model, text) };
}

function errorsOf(file: string): string[] {
  return RELEASES.flatMap((release) =>
    check(file, { ...DEFAULT_SETTINGS, kubernetesVersion: release })
      .diagnostics.filter((d) => d.severity === DiagnosticSeverity.Error)
      .map((d) => `${release} ${file.split('/').pop()}:${d.range.start.line + 1}:${d.range.start.character + 1} ${d.code} ${d.message}`));
}

describe('real-world corpus', { skip }, () => {
  it(`accepts every Job the API server accepts (job/ and job/other-apigroup/) at 1.35 to 1.${MAX_MINOR}: zero errors, 62 Jobs checked`, () => {
    const files = [...filesIn('job'), ...filesIn('job/other-apigroup')];
    const errors = files.flatMap(errorsOf);
    assert.deepEqual(errors, []);
    const jobs = files.flatMap((file) => check(file).resources).filter((r) => r.kind === 'Job').length;
    // SOURCES.md says 62 top-level Jobs plus 1 List item; a count of the files finds 61 + 1: its 62nd
    // "Job" is the `names.kind: Job` of the volcano CRD, which is not a Job object.
    assert.equal(jobs, 62);
    console.log(`corpus: ${files.length} Job files checked, ${jobs} Jobs, 0 errors`);
  });

  it(`accepts every CSIDriver the API server accepts (csidriver/) at 1.35 to 1.${MAX_MINOR}: zero errors, 37 CSIDrivers checked`, () => {
    const files = filesIn('csidriver');
    assert.deepEqual(files.flatMap(errorsOf), []);
    const drivers = files.flatMap((file) => check(file).resources).filter((r) => r.kind === 'CSIDriver').length;
    assert.equal(drivers, 37);
    console.log(`corpus: ${files.length} CSIDriver files checked, ${drivers} CSIDrivers, 0 errors`);
  });

  it('accepts the openebs files whose CRDs rely on go-yaml leniency, and still checks their CSIDriver', () => {
    // The lenient quoted scalars sit in CustomResourceDefinitions, which are not ours: nothing is reported.
    for (const name of ['openebs__zfs-localpv__deploy_zfs-operator.yaml', 'openebs__lvm-localpv__deploy_yamls_lvm-driver.yaml']) {
      const { diagnostics, resources } = check(join(CORPUS, 'csidriver', name));
      assert.equal(resources.filter((r) => r.kind === 'CSIDriver').length, 1);
      assert.deepEqual(diagnostics, []);
    }
  });

  it('rejects what the API server rejects (job/rejected/, csidriver/legacy/), for the reason it does', () => {
    const reasons = (file: string) =>
      check(file).diagnostics.filter((d) => d.severity === DiagnosticSeverity.Error).map((d) => `${d.range.start.line + 1} ${d.code} ${(d.data as { path?: string }).path}`);
    // The removed DRA claim shape: one unknown `source` per resource claim.
    const [rejected] = filesIn('job/rejected');
    assert.deepEqual(reasons(rejected), [15, 18, 21, 24].map((line, i) => `${line} schema/unknown-field spec.template.spec.resourceClaims[${i}].source`));
    // Retired API versions: the apiVersion line, and nothing else is guessed about a kind we cannot check.
    const legacy = Object.fromEntries(filesIn('csidriver/legacy').map((file) => [file.split('/').pop(), reasons(file)]));
    assert.deepEqual(legacy, {
      'digitalocean__csi-digitalocean__deploy_kubernetes_releases_csi-digitalocean-v0.3.0.yaml': ['100 kind/api-version apiVersion'],
      'kubernetes-csi__csi-driver-host-path__deploy_kubernetes-1.16_hostpath_csi-hostpath-driverinfo.yaml': ['1 kind/api-version apiVersion'],
      'kubernetes-csi__csi-driver-smb__deploy_v0.1.0_csi-smb-driver.yaml': ['2 kind/api-version apiVersion'],
      'vultr__vultr-csi__docs_releases_v0.1.1.yml': ['4 kind/api-version apiVersion'],
    });
  });
});
