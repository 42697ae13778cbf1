// What the JobSet CRD's schema itself refuses (jobset.x-k8s.io_jobsets.yaml of v0.12.0, scripts/crds/) beyond
// types, enums and required fields (the schema check): the API server's structural validation of list-type
// maps (replicatedJobs and dependsOn unique by name), `maxItems`, and the CEL rules of a create (`self ==
// oldSelf` rules judge updates only). scripts/gen-schemas.ts stops when the CRD gains a CEL rule this file
// does not mirror.
import type { FieldPath, Finding, Json, RuleCode } from '../../types';
import { asArray, asObject, asString, objectEntries, report } from '../shared';
import { JOBSET_DOCS, jobSetRule, type JobSetCheck } from './jobSetFields';

const code = (name: string, title: string, mirrors: string, href: string = JOBSET_DOCS.api): RuleCode => ({ code: `jobset/${name}`, severity: 'error', title, mirrors, href });

export const CRD_CODES = {
  replicatedJobDuplicate: code('replicated-job-duplicate', 'replicatedJob names must be unique', 'CRD list-type map (replicatedJobs, key name)'),
  dependsOnDuplicate: code('depends-on-duplicate', 'A replicatedJob names each dependency once', 'CRD list-type map (dependsOn, key name)', JOBSET_DOCS.dependsOn),
  dependsOnTooMany: code('depends-on-too-many', '`dependsOn` holds at most 5 entries', 'CRD maxItems (dependsOn)', JOBSET_DOCS.dependsOn),
  startupPolicyWithDependsOn: code('startup-policy-with-depends-on', '`startupPolicy: InOrder` and `dependsOn` cannot be used together', 'CRD CEL rule on spec', JOBSET_DOCS.dependsOn),
  claimNamespace: code('volume-claim/namespace-forbidden', 'A claim template may not set a namespace', 'CRD CEL rule on volumeClaimPolicies[]', JOBSET_DOCS.volumeClaimPolicies),
  claimsTooMany: code('volume-claim/too-many', '`volumeClaimPolicies` and each policy\'s `templates` hold at most 50 entries', 'CRD maxItems (volumeClaimPolicies)', JOBSET_DOCS.volumeClaimPolicies),
} satisfies Record<string, RuleCode>;

const CODES = CRD_CODES;
const MAX_DEPENDS_ON = 5;
const MAX_CLAIMS = 50;

/** The API server's answer for a duplicate key of a list-type map (a Go map printed with %#v). */
function duplicateValue(path: string, name: string): string {
  return `${path}: Duplicate value: map[string]interface {}{"name":"${name}"}`;
}

const uniqueNames: JobSetCheck = (parts) => {
  const findings: Finding[] = [];
  const seen = new Set<string>();
  for (const entry of parts.replicatedJobs) {
    if (entry.name === undefined) continue;
    if (seen.has(entry.name)) {
      findings.push(report(CODES.replicatedJobDuplicate, [...entry.path, 'name'],
        `Another replicatedJob is already named \`${entry.name}\`: the names key the list (and the Jobs' names), so each must be unique. Rename one. `
        + `The API server answers \`${duplicateValue(`spec.replicatedJobs[${entry.index}]`, entry.name)}\`.`));
    }
    seen.add(entry.name);
    const dependencies = new Set<string>();
    for (const [dependency, index] of objectEntries(entry.written.dependsOn)) {
      const name = asString(dependency.name);
      if (name === undefined) continue;
      if (dependencies.has(name)) {
        findings.push(report(CODES.dependsOnDuplicate, [...entry.path, 'dependsOn', index, 'name'],
          `\`${name}\` is already listed in this \`dependsOn\`: name each replicatedJob once. The API server answers \`${duplicateValue(`spec.replicatedJobs[${entry.index}].dependsOn[${index}]`, name)}\`.`));
      }
      dependencies.add(name);
    }
  }
  return findings;
};

const dependsOnCount: JobSetCheck = (parts) => parts.replicatedJobs.flatMap((entry) => {
  const list = asArray(entry.written.dependsOn);
  if (!list || list.length <= MAX_DEPENDS_ON) return [];
  return [report(CODES.dependsOnTooMany, [...entry.path, 'dependsOn'],
    `\`dependsOn\` lists ${list.length} replicatedJobs; the JobSet CRD allows at most ${MAX_DEPENDS_ON}. The API server answers `
    + `\`spec.replicatedJobs[${entry.index}].dependsOn: Too many: ${list.length}: must have at most ${MAX_DEPENDS_ON} items\`.`, 'key')];
});

const startupPolicy: JobSetCheck = (parts) => {
  const order = asObject(parts.spec.startupPolicy)?.startupPolicyOrder;
  if (order !== 'InOrder') return [];
  const withDependsOn = parts.replicatedJobs.find((entry) => entry.written.dependsOn !== undefined);
  if (!withDependsOn) return [];
  return [report(CODES.startupPolicyWithDependsOn, parts.at('startupPolicy', 'startupPolicyOrder'),
    '`startupPolicy: InOrder` starts the replicatedJobs one after the other, while `dependsOn` says which waits for which: use one of them. '
    + '`startupPolicy` is deprecated; `dependsOn` with `status: Ready` gives the same order. The API server answers `spec: Invalid value: "object": StartupPolicy and DependsOn APIs are mutually exclusive`.')];
};

const claimPolicies: JobSetCheck = (parts) => {
  const findings: Finding[] = [];
  const policies = asArray(parts.spec.volumeClaimPolicies);
  if (policies && policies.length > MAX_CLAIMS) findings.push(tooMany(parts.at('volumeClaimPolicies'), policies.length));
  for (const [policy, policyIndex] of objectEntries(policies)) {
    const templates = asArray(policy.templates);
    if (templates && templates.length > MAX_CLAIMS) findings.push(tooMany(parts.at('volumeClaimPolicies', policyIndex, 'templates'), templates.length));
    for (const [template, index] of objectEntries(templates)) {
      const namespace: Json | undefined = asObject(template.metadata)?.namespace;
      if (typeof namespace !== 'string' || namespace === '') continue;
      findings.push(report(CODES.claimNamespace, parts.at('volumeClaimPolicies', policyIndex, 'templates', index, 'metadata', 'namespace'),
        'A shared claim is made in the JobSet\'s own namespace: leave `namespace` out of the claim template. The API server answers '
        + `\`spec.volumeClaimPolicies[${policyIndex}]: Invalid value: "object": namespace cannot be set for VolumeClaimPolicies templates\`.`, 'key'));
    }
  }
  return findings;
};

function tooMany(path: FieldPath, count: number): Finding {
  return report(CODES.claimsTooMany, path, `${count} entries are listed; the JobSet CRD allows at most ${MAX_CLAIMS}.`, 'key');
}

export const jobSetCrdValidation = jobSetRule({
  name: 'JobSet CRD validation (list maps, maxItems, CEL rules)',
  codes: Object.values(CODES),
  parts: [uniqueNames, dependsOnCount, startupPolicy, claimPolicies],
  by: 'crd',
});
