// validatePodTemplateUpdate (pkg/apis/batch/validation, called by ValidateJobSpecUpdate): the Pod template of
// a Job keeps what it was created with ("spec.template: ... field is immutable"), with one exception. When
// the stored Job is suspended and has not started (pkg/registry/batch/job/strategy.go, validationOptionsForJob:
// AllowMutableSchedulingDirectives, from JobMutableNodeSchedulingDirectives, on since 1.23), the template's
// labels and annotations, nodeSelector, tolerations, schedulingGates and the node part of its affinity may
// change. From 1.36 (MutablePodResourcesForSuspendedJobs and MutableSchedulingDirectivesForSuspendedJobs on by
// default, KEP-5440, #135965) a suspended Job may also change its containers' and init containers' resources,
// and a Job that ran and was suspended again may change both once its Pods are gone.
//
// A manifest has no status: a Job its baseline creates with `suspend: true` is taken as suspended and not
// started (the server may know better, and then refuses; we do not warn where it may accept). Which
// `suspend` counts is the stored Job's: a manifest that resumes the Job and changes its nodeSelector in one
// apply is accepted, one that suspends a running Job and changes it in the same apply is not. Which resource
// fields 1.36 frees could not be read in the sources at hand (the KEP names requests, limits and claims):
// a container's whole `resources` is taken as free, so no warning is given there for a suspended Job.
import { gateEnabledByDefault } from '../../kube/featureGates';
import { isObject } from '../../kube/defaults';
import { formatFieldPath, type FieldPath, type Finding, type Json, type JsonObject, type RuleCode } from '../../types';
import { changedPaths } from '../compare';
import { immutableFinding, immutableLine } from '../messages';
import type { UpdateContext, UpdateRule } from '../types';
import { HREF, JOB_SPEC, jobSpecOf } from './jobSpecUpdate';

const MIRRORS = 'validatePodTemplateUpdate';

const CODES = {
  immutable: {
    code: 'update/job/template-immutable', severity: 'warning', mirrors: MIRRORS, reference: 'JOB-UPD-03', href: HREF.job,
    title: 'The edit changes the Pod template of a Job that exists (beyond what a suspended Job may change): the update is refused',
  },
} satisfies Record<string, RuleCode>;

const TEMPLATE: FieldPath = [...JOB_SPEC, 'template'];
/** At most this many changed nodes are reported (one server error stands for all of them). */
const MAX_NODES = 20;

/** The template fields a suspended Job may change, relative to the template, and from which release. */
const SCHEDULING_DIRECTIVES: readonly FieldPath[] = [
  ['metadata', 'labels'], ['metadata', 'annotations'], ['spec', 'nodeSelector'], ['spec', 'tolerations'], ['spec', 'schedulingGates'], ['spec', 'affinity', 'nodeAffinity'],
];

export const validatePodTemplateUpdate: UpdateRule = {
  name: MIRRORS,
  kinds: ['Job'],
  codes: Object.values(CODES),
  check(context: UpdateContext): Finding[] {
    const after = jobSpecOf(context.after).template;
    const suspended = jobSpecOf(context.before).suspend === true;
    const resources = gateEnabledByDefault('MutablePodResourcesForSuspendedJobs', context.minor);
    let before = jobSpecOf(context.before).template;
    if (suspended && isObject(before)) before = withFreeFieldsOf(before, isObject(after) ? after : {}, resources);
    const changed = changedPaths(before, after, TEMPLATE, { zeroIsAbsent: true }, MAX_NODES);
    if (changed.length === 0) return [];
    const line = immutableLine(formatFieldPath(TEMPLATE), after, 'core.PodTemplateSpec');
    return changed.map((path) => {
      const note = suspended ? '' : freedWhenSuspended(path, resources);
      return immutableFinding(CODES.immutable, path, context, 'the Pod template of an existing Job cannot change', line, note);
    });
  },
};

/**
 * The stored template with the fields a suspended Job may change taken from the new one, as
 * validatePodTemplateUpdate does before it compares (the node affinity alone, the rest of the affinity stays).
 */
function withFreeFieldsOf(before: JsonObject, after: JsonObject, resources: boolean): JsonObject {
  const beforeMeta = isObject(before.metadata) ? before.metadata : {};
  const afterMeta = isObject(after.metadata) ? after.metadata : {};
  const beforeSpec = isObject(before.spec) ? before.spec : {};
  const afterSpec = isObject(after.spec) ? after.spec : {};
  const spec: JsonObject = { ...beforeSpec };
  for (const field of ['nodeSelector', 'tolerations', 'schedulingGates']) assign(spec, field, afterSpec[field]);
  const nodeAffinity = isObject(afterSpec.affinity) ? afterSpec.affinity.nodeAffinity : undefined;
  const affinity: JsonObject = isObject(beforeSpec.affinity) ? { ...beforeSpec.affinity } : {};
  assign(affinity, 'nodeAffinity', nodeAffinity);
  assign(spec, 'affinity', affinity);
  if (resources) {
    for (const list of ['containers', 'initContainers']) {
      const old = beforeSpec[list];
      const next = afterSpec[list];
      if (!Array.isArray(old) || !Array.isArray(next)) continue;
      spec[list] = old.map((container, index) =>
        isObject(container) && isObject(next[index]) ? withField(container, 'resources', (next[index] as JsonObject).resources) : container);
    }
  }
  const metadata: JsonObject = { ...beforeMeta };
  assign(metadata, 'labels', afterMeta.labels);
  assign(metadata, 'annotations', afterMeta.annotations);
  return { ...before, metadata, spec };
}

function assign(target: JsonObject, field: string, value: Json | undefined): void {
  if (value === undefined) delete target[field];
  else target[field] = value;
}

function withField(object: JsonObject, field: string, value: Json | undefined): JsonObject {
  const out = { ...object };
  assign(out, field, value);
  return out;
}

/** For a change a suspended Job could make: say so. */
function freedWhenSuspended(path: FieldPath, resources: boolean): string {
  const inTemplate = path.slice(TEMPLATE.length);
  const directive = SCHEDULING_DIRECTIVES.some((free) => free.every((segment, i) => inTemplate[i] === segment));
  const resource = resources && inTemplate[0] === 'spec' && (inTemplate[1] === 'containers' || inTemplate[1] === 'initContainers') && inTemplate[3] === 'resources';
  if (directive) {
    return 'Only a Job that is suspended (`suspend: true` when it was created or last applied) and has not started may change its template\'s labels, annotations, nodeSelector, tolerations, scheduling gates and node affinity.';
  }
  if (resource) return 'From Kubernetes 1.36, only a suspended Job (`suspend: true` as stored) may change its containers\' resources.';
  return '';
}
