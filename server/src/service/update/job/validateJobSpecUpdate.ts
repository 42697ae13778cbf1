// ValidateJobSpecUpdate (pkg/apis/batch/validation): fields of a Job's spec that keep the value they were
// created with: selector, completionMode, podFailurePolicy, backoffLimitPerIndex, managedBy, successPolicy
// (each ValidateImmutableField, "field is immutable"). A field exists for this check from the release whose
// default gates keep it (kube/featureGates.ts): while its gate is off the server drops it from both the stored
// and the new object (the strategy's dropDisabledFields), so nothing changes. `completions` and `template`
// have their own files (validateCompletions, validatePodTemplateUpdate); the mutable fields (parallelism,
// activeDeadlineSeconds, ttlSecondsAfterFinished, backoffLimit, maxFailedIndexes, suspend,
// podReplacementPolicy: JOB-UPD-09) are compared by no one. ValidateObjectMetaUpdate (JOB-UPD-11) keeps name
// and namespace: those make the identity of the object (update/identity.ts), so an object whose name
// changed is a new object, not an update. JOB-UPD-10 only relaxes a create check on update.
import { gateEnabledByDefault, type GateName } from '../../kube/featureGates';
import { formatFieldPath, type Finding, type RuleCode } from '../../types';
import { changedPaths } from '../compare';
import { immutableFinding, immutableLine } from '../messages';
import type { UpdateContext, UpdateRule } from '../types';
import { HREF, JOB_SPEC, jobSpecOf } from './jobSpecUpdate';

const MIRRORS = 'ValidateJobSpecUpdate';

interface ImmutableField {
  field: string;
  code: RuleCode;
  /** The field's Go type when the server prints a structure. */
  goType?: string;
  /** The gate that keeps the field (no gate: every release we know). */
  gate?: GateName;
  /** What the message says is fixed. */
  what: string;
}

const code = (what: string, title: string, reference: string): RuleCode => ({
  code: `update/job/${what}-immutable`, severity: 'warning', title, mirrors: MIRRORS, reference, href: HREF.job,
});

const FIELDS: readonly ImmutableField[] = [
  { field: 'selector', goType: 'v1.LabelSelector', what: 'the selector of an existing Job cannot change',
    code: code('selector', 'The edit changes `spec.selector` of a Job that exists (compared with the baseline): the update is refused', 'JOB-UPD-02') },
  { field: 'completionMode', what: 'the completion mode of an existing Job cannot change',
    code: code('completion-mode', 'The edit changes `spec.completionMode` of a Job that exists: the update is refused', 'JOB-UPD-04') },
  { field: 'podFailurePolicy', goType: 'batch.PodFailurePolicy', gate: 'JobPodFailurePolicy', what: 'the pod failure policy of an existing Job cannot be added, changed or removed',
    code: code('pod-failure-policy', 'The edit adds, changes or removes `spec.podFailurePolicy` of a Job that exists: the update is refused', 'JOB-UPD-05') },
  { field: 'backoffLimitPerIndex', gate: 'JobBackoffLimitPerIndex', what: 'the per-index backoff limit of an existing Job cannot be set, changed or unset',
    code: code('backoff-limit-per-index', 'The edit sets, changes or unsets `spec.backoffLimitPerIndex` of a Job that exists: the update is refused', 'JOB-UPD-06') },
  { field: 'managedBy', gate: 'JobManagedBy', what: 'the controller that manages an existing Job cannot change',
    code: code('managed-by', 'The edit sets, changes or unsets `spec.managedBy` of a Job that exists: the update is refused', 'JOB-UPD-07') },
  { field: 'successPolicy', goType: 'batch.SuccessPolicy', gate: 'JobSuccessPolicy', what: 'the success policy of an existing Job cannot be added, changed or removed',
    code: code('success-policy', 'The edit adds, changes or removes `spec.successPolicy` of a Job that exists: the update is refused', 'JOB-UPD-08') },
];

/** At most this many changed nodes are reported per field (one server error stands for all of them). */
const MAX_NODES = 10;

export const validateJobSpecUpdate: UpdateRule = {
  name: MIRRORS,
  kinds: ['Job'],
  codes: FIELDS.map((field) => field.code),
  check(context: UpdateContext): Finding[] {
    const before = jobSpecOf(context.before);
    const after = jobSpecOf(context.after);
    const findings: Finding[] = [];
    for (const field of FIELDS) {
      if (field.gate && !gateEnabledByDefault(field.gate, context.minor)) continue;
      const path = [...JOB_SPEC, field.field];
      const line = immutableLine(formatFieldPath(path), after[field.field], field.goType);
      for (const changed of changedPaths(before[field.field], after[field.field], path, {}, MAX_NODES)) {
        findings.push(immutableFinding(field.code, changed, context, field.what, line));
      }
    }
    return findings;
  },
};
