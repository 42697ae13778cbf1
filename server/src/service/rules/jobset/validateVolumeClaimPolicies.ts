// jobSetWebhook.validateVolumeClaimPolicies (sigs.k8s.io/jobset v0.12.0): each claim template of
// `volumeClaimPolicies` has a unique DNS-1123 subdomain name, the PVC the controller makes from it
// (`<template>-<jobset>`) fits 63 characters, some container of some replicatedJob mounts it, and no
// replicatedJob has a volume of that name already (the controller adds that volume itself). Whether a PVC of
// that name exists in the cluster, and agrees, the webhook asks the cluster: not judged here.
import { byteLength, dns1123SubdomainProblems, dns1123SubdomainServerMessages } from '../../kube/names';
import type { Finding, JsonObject, RuleCode } from '../../types';
import { listProblems } from '../meta/report';
import { asObject, asString, objectEntries, report } from '../shared';
import { JOBSET_DOCS, jobSetRule, replicatedJobName, webhookSays, type JobSetCheck, type JobSetParts } from './jobSetFields';

const code = (name: string, title: string): RuleCode => ({
  code: `jobset/volume-claim/${name}`, severity: 'error', title, mirrors: 'jobSetWebhook.validateVolumeClaimPolicies', href: JOBSET_DOCS.volumeClaimPolicies,
});

export const VOLUME_CLAIM_CODES = {
  nameDuplicate: code('name-duplicate', 'Claim template names must be unique across `volumeClaimPolicies`'),
  nameInvalid: code('name-invalid', 'A claim template name must be a DNS-1123 subdomain'),
  nameTooLong: code('name-too-long', 'The PVC name `<template>-<jobset>` must fit 63 characters'),
  notMounted: code('not-mounted', 'Some container of a replicatedJob must mount each claim template'),
  volumeConflict: code('volume-conflict', 'A replicatedJob may not have a volume named like a claim template'),
} satisfies Record<string, RuleCode>;

const CODES = VOLUME_CLAIM_CODES;

interface ClaimTemplate {
  name: string | undefined;
  path: (string | number)[];
}

function claimTemplates(parts: JobSetParts): ClaimTemplate[] {
  return objectEntries(parts.spec.volumeClaimPolicies).flatMap(([policy, policyIndex]) => objectEntries(policy.templates).map(([template, index]) => ({
    name: asString(asObject(template.metadata)?.name),
    path: [...parts.at('volumeClaimPolicies', policyIndex, 'templates', index), 'metadata', 'name'],
  })));
}

const names: JobSetCheck = (parts) => {
  const findings: Finding[] = [];
  const seen = new Set<string>();
  for (const template of claimTemplates(parts)) {
    const name = template.name ?? '';
    if (seen.has(name)) {
      findings.push(report(CODES.nameDuplicate, template.path,
        `Another claim template is already named \`${name}\`: each names one shared PVC, so the names must be unique. ${webhookSays('names must be unique for VolumeClaimPolicies template')}`));
    }
    seen.add(name);
    const problems = dns1123SubdomainProblems(name);
    if (problems.length) {
      findings.push(report(CODES.nameInvalid, template.path,
        `${name ? `\`${name}\`` : 'An empty name'} cannot name a claim template: ${listProblems(problems)}. ${webhookSays(dns1123SubdomainServerMessages(name)[0])}`));
    }
    const jobSet = parts.name;
    if (jobSet !== undefined && name && byteLength(`${name}-${jobSet}`) > 63) {
      findings.push(report(CODES.nameTooLong, template.path,
        `The controller names the PVC \`${name}-${jobSet}\` (${byteLength(`${name}-${jobSet}`)} characters); it must fit 63. Shorten the template's or the JobSet's name. `
        + webhookSays('VolumeClaimPolicies template name is too long')));
    }
  }
  return findings;
};

/** Names mounted by the containers and init containers of a replicatedJob's Pod template. */
function mountedNames(podSpec: JsonObject | undefined): Set<string> {
  const mounted = new Set<string>();
  for (const list of ['initContainers', 'containers']) {
    for (const [container] of objectEntries(podSpec?.[list])) {
      for (const [mount] of objectEntries(container.volumeMounts)) {
        const name = asString(mount.name);
        if (name !== undefined) mounted.add(name);
      }
    }
  }
  return mounted;
}

const mounts: JobSetCheck = (parts) => {
  const templates = claimTemplates(parts);
  if (!templates.length) return [];
  const findings: Finding[] = [];
  const podSpecs = parts.replicatedJobs.map((entry) => ({ entry, podSpec: asObject(asObject(asObject(asObject(entry.written.template)?.spec)?.template)?.spec) }));
  for (const template of templates) {
    const name = template.name ?? '';
    for (const { entry, podSpec } of podSpecs) {
      for (const [volume, index] of objectEntries(podSpec?.volumes)) {
        if (volume.name !== name) continue;
        findings.push(report(CODES.volumeConflict, [...entry.path, 'template', 'spec', 'template', 'spec', 'volumes', index, 'name'],
          `${replicatedJobName(entry)} has its own volume \`${name}\`, but the controller adds a volume of that name for the claim template: `
          + `remove this volume and keep the \`volumeMounts\` that name it. ${webhookSays(`volume name conflicts with VolumeClaimPolicy template name: ${name}`)}`));
      }
    }
    if (!podSpecs.some(({ podSpec }) => mountedNames(podSpec).has(name))) {
      findings.push(report(CODES.notMounted, template.path,
        `No container of any replicatedJob mounts \`${name}\`, so the claim would be made for nothing. Add a \`volumeMounts\` entry named \`${name}\` `
        + `to a container. ${webhookSays(`replicatedJob containers don't have a matching volumeMount: ${name} from VolumeClaimPolicies`)}`));
    }
  }
  return findings;
};

export const validateVolumeClaimPolicies = jobSetRule({
  name: 'jobSetWebhook.validateVolumeClaimPolicies',
  codes: Object.values(CODES),
  parts: [names, mounts],
});
