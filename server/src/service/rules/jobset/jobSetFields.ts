// Reading a JobSet spec for the rules of JobSet's own webhook (sigs.k8s.io/jobset v0.12.0
// pkg/webhooks/jobset_webhook.go) and its CRD: a JobSet's `spec`, or the JobSet template of a training runtime
// (`spec.template.spec`), which the Trainer turns into a JobSet for each TrainJob. The webhook validates the
// JobSet after its own defaulting and the CRD's (kube/jobset.ts), so the rules read `context.defaulted` for
// what it sees and `context.object` for what was written.
import { jobSpecLocation, WRAPPING_KINDS, type JobCreator } from '../../kube/jobSpec';
import { generatedNameFor } from '../../kube/names';
import { jsonAt, type FieldPath, type Finding, type JsonObject, type PathSegment, type Rule, type RuleCode, type RuleContext } from '../../types';
import { asObject, asString, objectEntries } from '../shared';

export const JOBSET_DOCS = {
  overview: 'https://jobset.sigs.k8s.io/docs/overview/',
  api: 'https://jobset.sigs.k8s.io/docs/reference/jobset.v1alpha2/',
  failurePolicy: 'https://jobset.sigs.k8s.io/docs/tasks/failure-policy/',
  successPolicy: 'https://jobset.sigs.k8s.io/docs/tasks/success-policy/',
  dependsOn: 'https://jobset.sigs.k8s.io/docs/tasks/depends-on/',
  coordinator: 'https://jobset.sigs.k8s.io/docs/tasks/coordinator/',
  network: 'https://jobset.sigs.k8s.io/docs/tasks/networking/',
  volumeClaimPolicies: 'https://jobset.sigs.k8s.io/docs/tasks/volume-claim-policies/',
  featureGates: 'https://jobset.sigs.k8s.io/docs/installation/#feature-gates',
} as const;

export interface ReplicatedJobEntry {
  index: number;
  path: FieldPath;
  /** As written. */
  written: JsonObject;
  /** After the CRD's and the webhook's defaults (replicas, groupName, completionMode ...). */
  defaulted: JsonObject;
  name: string | undefined;
}

export interface JobSetParts {
  creator: JobCreator;
  /** The JobSet spec as written and as the webhook sees it. */
  spec: JsonObject;
  defaultedSpec: JsonObject;
  /** A path below the JobSet spec. */
  at(...segments: PathSegment[]): FieldPath;
  /** The JobSet's name as the webhook validates it (a generateName gets 5 placeholder characters); undefined when it is not this object's. */
  name: string | undefined;
  replicatedJobs: ReplicatedJobEntry[];
}

export function jobSetParts(context: RuleContext): JobSetParts {
  const creator = jobSpecLocation(context.kind)?.createdBy;
  if (!creator) throw new Error(`a ${context.kind} holds no JobSet`);
  const at = (...segments: PathSegment[]): FieldPath => [...creator.jobSetSpec, ...segments];
  let replicatedJobs: ReplicatedJobEntry[] | undefined;
  return {
    creator,
    get spec() {
      return asObject(jsonAt(context.object, creator.jobSetSpec)) ?? {};
    },
    get defaultedSpec() {
      return asObject(jsonAt(context.defaulted, creator.jobSetSpec)) ?? {};
    },
    at,
    get name() {
      if (!creator.jobSetNamedByObject) return undefined;
      const metadata = asObject(jsonAt(context.object, creator.jobSetMetadata));
      const name = asString(metadata?.name);
      if (name) return name;
      const generateName = asString(metadata?.generateName);
      return generateName ? generatedNameFor(generateName) : undefined;
    },
    get replicatedJobs() {
      replicatedJobs ??= objectEntries(this.spec.replicatedJobs).map(([written, index]) => {
        const defaulted = asObject(jsonAt(this.defaultedSpec, ['replicatedJobs', index])) ?? written;
        return { index, path: at('replicatedJobs', index), written, defaulted, name: asString(written.name) };
      });
      return replicatedJobs;
    },
  };
}

export type JobSetCheck = (parts: JobSetParts, context: RuleContext) => Finding[];

/**
 * A family of JobSet checks, each run alone on a partial object (Rule.parts), at a JobSet and a runtime's
 * template. `by`: who refuses. JobSet's webhook refuses a runtime's JobSet only when the Trainer creates it; the
 * CRD's own schema (which a runtime's CRD embeds) refuses the runtime itself.
 */
export function jobSetRule(rule: { name: string; codes: readonly RuleCode[]; parts: readonly JobSetCheck[]; by?: 'webhook' | 'crd' }): Rule {
  const where = (finding: Finding, context: RuleContext) => (rule.by === 'crd' ? finding : withWhere(finding, context));
  const onContext = (part: JobSetCheck) => (context: RuleContext) => part(jobSetParts(context), context).map((finding) => where(finding, context));
  const parts = rule.parts.map(onContext);
  return { name: rule.name, kinds: WRAPPING_KINDS, codes: rule.codes, check: (context) => parts.flatMap((part) => part(context)), parts };
}

/** What a refusal of JobSet's webhook means where the JobSet is a training runtime's template. */
function withWhere(finding: Finding, context: RuleContext): Finding {
  if (context.kind === 'JobSet' || finding.severity !== 'error') return finding;
  return {
    ...finding,
    message: `${finding.message} This ${context.kind} is accepted, but JobSet's webhook refuses the JobSet the Trainer builds from it for each TrainJob, so no TrainJob that uses it runs.`,
  };
}

/** How a message names a replicatedJob. */
export function replicatedJobName(entry: ReplicatedJobEntry): string {
  return entry.name !== undefined ? `replicatedJob \`${entry.name}\`` : `replicatedJob #${entry.index + 1}`;
}

/** The webhook's own words for a refusal (in `kubectl apply`'s error, after `admission webhook "vjobset.kb.io" denied the request`). */
export function webhookSays(line: string): string {
  return `JobSet's webhook answers \`${line}\`.`;
}
