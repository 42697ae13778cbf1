// Explain: what each Job, CronJob, CSIDriver, JobSet and training runtime of a file will do once created, in the chosen release. Pure:
// the CLI (`kubeassist explain`), the LSP request `kubeassist/explain`, the hover on `kind:` and the code lens
// all call these functions.
import { FileItems } from '../../document/fileItems';
import type { FileModel } from '../../document/fileModel';
import type { YamlDocument } from '../../document/yamlDocument';
import { toServerJson } from '../../document/kubectlYaml';
import { asCreated, unsettledFields } from '../../kube/created';
import { defaultedJobSpec, isObject } from '../../kube/defaults';
import { checkedObjects } from '../checkedObjects';
import { minorOf, type Settings } from '../../settings';
import { formatFieldPath, jsonAt, MAX_INT32, type JsonObject, type KindName } from '../../types';
import { cronJobFacts, cronJobSections } from './cronjob';
import { csiDriverFacts, csiDriverSections } from './csidriver';
import { defaultsSet, EXPLAINED_KINDS } from './defaults';
import { jobFacts, jobSections, type FailureTimeline } from './job';
import { jobSetFacts, jobSetSections, jobSetSummary } from './jobset';
import { failureTimeline } from './timeline';
import type { JobFacts, ObjectExplanation } from './types';
import { durationWords, plural } from './words';

export type { ObjectExplanation } from './types';
export { EXPLAINED_KINDS } from './defaults';

export interface ExplainOptions {
  /** The clock the next runs of a CronJob count from (seconds since the epoch). */
  nowSeconds: number;
  /** The time to failure (default: the Job controller model's, features/explain/timeline.ts). */
  timeline?: FailureTimeline;
}

/** The explanation of one object as the API server reads it (`object`: the manifest's JSON), in 1.<minor>. */
export function explainObject(kind: KindName, object: JsonObject, minor: number, options: ExplainOptions): ObjectExplanation {
  const { object: stored, dropped } = asCreated(kind, object, minor);
  const metadata = isObject(object.metadata) ? object.metadata : {};
  const name = typeof metadata.name === 'string' ? metadata.name : typeof metadata.generateName === 'string' ? `${metadata.generateName}…` : null;
  const explanation: ObjectExplanation = {
    kind, name, namespace: typeof metadata.namespace === 'string' ? metadata.namespace : null, kubernetesVersion: `1.${minor}`, summary: '',
    defaults: defaultsSet(kind, object, minor).map(({ at, value, by, onEachJob }) => ({ path: formatFieldPath(at), value, by, ...(onEachJob ? { onEachJob } : {}) })),
    dropped: dropped.map(({ path, gate, why }) => ({ path: formatFieldPath(path), gate, why })),
    sections: [], notes: [],
  };
  if (kind === 'Job') {
    const spec = isObject(stored.spec) ? stored.spec : {};
    const facts = jobFacts(spec, minor, options.timeline ?? failureTimeline);
    explanation.job = facts;
    explanation.sections = jobSections(facts, { owner: 'Job', ...(typeof metadata.name === 'string' ? { name: metadata.name } : {}) }, minor);
    explanation.summary = jobSummary(facts, 'Job');
  } else if (kind === 'CronJob') {
    const cron = cronJobFacts(stored, minor, options.nowSeconds);
    const templateSpec = jsonAt(stored, ['spec', 'jobTemplate', 'spec']);
    const job = isObject(templateSpec) ? jobFacts(defaultedJobSpec(templateSpec, minor), minor, options.timeline ?? failureTimeline) : null;
    explanation.cronJob = { ...cron, job };
    explanation.sections = [...cronJobSections(cron, stored, minor, options.nowSeconds)];
    if (job) {
      for (const section of jobSections(job, { owner: 'CronJob' }, minor)) explanation.sections.push({ ...section, id: `jobTemplate.${section.id}`, title: `Each Job: ${section.title.toLowerCase()}` });
    }
    explanation.summary = `Creates a Job ${cron.words}${cron.timeZone ? ` (${cron.timeZone})` : ' (controller\'s time zone, usually UTC)'}${cron.suspend ? ', but is suspended' : ''}; overlapping runs: ${cron.concurrencyPolicy}; ${cron.startingDeadlineSeconds === 0 ? 'no run ever starts (`startingDeadlineSeconds: 0`)' : `a missed run ${cron.startingDeadlineSeconds === null ? 'starts late' : `starts only within ${durationWords(cron.startingDeadlineSeconds)}`}`}.${job ? ` ${jobSummary(job, 'CronJob')}` : ''}`;
  } else if (kind === 'JobSet' || kind === 'TrainingRuntime' || kind === 'ClusterTrainingRuntime') {
    const owner = kind === 'JobSet' ? 'JobSet' : 'TrainingRuntime';
    const spec = kind === 'JobSet' ? stored.spec : jsonAt(stored, ['spec', 'template', 'spec']);
    const facts = jobSetFacts(isObject(spec) ? spec : {}, minor, options.timeline ?? failureTimeline);
    explanation.jobSet = facts;
    explanation.sections = jobSetSections(facts, { owner, ...(kind === 'JobSet' && typeof metadata.name === 'string' ? { name: metadata.name } : {}) }, minor);
    explanation.summary = jobSetSummary(facts, owner);
    if (owner === 'TrainingRuntime') {
      explanation.notes.push('Kubeflow Trainer builds each TrainJob\'s JobSet from this template and fills parts of it from the TrainJob (its node count, image, resources, environment): the figures here are the template\'s own. The JobSet and its Jobs are named after the TrainJob.');
    }
  } else {
    const facts = csiDriverFacts(stored, minor);
    explanation.csiDriver = facts;
    explanation.sections = csiDriverSections(facts);
    const { settings } = facts;
    explanation.summary = `${settings.attachRequired ? 'Volumes are attached first (a VolumeAttachment each)' : 'No attach step'}; the kubelet mounts ${settings.volumeLifecycleModes.join(' and ')} volumes ${settings.podInfoOnMount ? 'with' : 'without'} Pod information${settings.tokenRequests.length ? ' and with service account tokens' : ''}; fsGroup: ${settings.fsGroupPolicy}.`;
  }
  for (const field of explanation.dropped) {
    explanation.notes.push(field.why === 'gate-off'
      ? `\`${field.path}\` is dropped by a 1.${minor} API server (feature gate \`${field.gate}\` is off by default): it does nothing.`
      : `\`${field.path}\` does not exist in Kubernetes 1.${minor}: it does nothing.`);
  }
  for (const field of unsettledFields(kind, object, minor)) {
    explanation.notes.push(`\`${formatFieldPath(field.path)}\` needs feature gate \`${field.gate}\`, whose default in Kubernetes 1.${minor} (a pre-release) no source KubeAssist could read confirms: this explanation takes it as written; if the gate is still off, a 1.${minor} API server drops it and it does nothing.`);
  }
  if (kind === 'CronJob' && explanation.cronJob?.timeZone === null) explanation.notes.push('Without `timeZone` the times are the kube-controller-manager\'s local time: UTC is assumed here.');
  return explanation;
}

function jobSummary(facts: JobFacts, owner: 'Job' | 'CronJob'): string {
  const who = owner === 'CronJob' ? 'Each Job runs' : 'Runs';
  const pods = facts.completions === null
    ? `${plural(facts.parallelism, 'Pod')} of a work queue`
    : `${plural(facts.completions, 'Pod')} to success${facts.podsAtATime > 1 ? `, ${facts.podsAtATime} at a time` : ''}`;
  const retries = facts.backoffLimit >= MAX_INT32
    ? 'per-index retries only'
    : facts.counts === 'failed-pods-and-container-restarts'
      ? `fails after ${plural(Math.max(facts.backoffLimit, 1), 'container restart')} or ${facts.backoffLimit + 1} failed Pods`
      : `fails after ${facts.backoffLimit + 1} failed Pods`;
  const deletion = facts.ttlSecondsAfterFinished === null ? (owner === 'CronJob' ? 'kept by the history limits' : 'never deleted automatically') : `deleted ${durationWords(facts.ttlSecondsAfterFinished)} after it finishes`;
  const managed = facts.managedBy ? ` Managed by \`${facts.managedBy}\`, not the built-in controller.` : '';
  return `${who} ${pods}; ${retries}; ${deletion}.${managed}`;
}

/** One object of a file with where it starts (zero-based line of its first key). */
export interface PlacedExplanation {
  line: number;
  explanation: ObjectExplanation;
}

/** Which object to explain: the first of this kind and name, else the one the line is in (or after the last start before it). */
export interface ObjectTarget {
  line?: number;
  kind?: KindName;
  name?: string;
}

interface Candidate {
  line: number;
  kind: KindName;
  name?: string;
  /** Its document and its index among the document's resources: read only when explained. */
  doc: YamlDocument;
  index: number;
}

/** A document's objects that explain can speak of, where they start in it: once per document text. */
interface DocumentCandidate {
  line: number;
  kind: KindName;
  name?: string;
  index: number;
}

const documentCandidates = new WeakMap<YamlDocument, readonly DocumentCandidate[]>();

function explainedObjects(doc: YamlDocument): readonly DocumentCandidate[] {
  const known = documentCandidates.get(doc);
  if (known) return known;
  const objects = checkedObjects(doc);
  const found: DocumentCandidate[] = [];
  if (objects.length && !doc.templateActions) {
    for (const { index, line, kind, summary } of objects) if (EXPLAINED_KINDS.includes(kind)) found.push({ line, kind, ...(summary.name ? { name: summary.name } : {}), index });
  }
  documentCandidates.set(doc, found);
  return found;
}

/** The objects of a file that explain can speak of, each explained only when asked. */
function candidates(model: FileModel, text: string, settings: Settings): readonly Candidate[] {
  model.update(text);
  return EXPLAIN_CANDIDATES.list(model, settings.maxFileSize || Infinity);
}

/** A file's candidates, kept per model and brought up to date from each edit (document/fileItems.ts). */
const EXPLAIN_CANDIDATES = new FileItems<Candidate>({
  read: (_model, doc, firstLine) => explainedObjects(doc).map((object) => placedCandidate(doc, firstLine, object)),
});

function explainCandidate({ doc, index, kind }: Candidate, minor: number, options: ExplainOptions): ObjectExplanation | undefined {
  const resource = doc.resources[index];
  let object;
  try {
    object = resource && toServerJson(doc.document, resource.node);
  } catch {
    return undefined; // too many aliases: nothing to explain
  }
  return isObject(object) ? explainObject(kind, object, minor, options) : undefined;
}

/** The object explainFile explains for a target: its document, where it starts in the file, its index in the document, its kind. */
export function explainedSource(model: FileModel, text: string, settings: Settings, target: ObjectTarget): { doc: YamlDocument; line: number; index: number; kind: KindName } | undefined {
  if (!settings.enable) return undefined;
  const picked = findTarget(model, text, settings, target);
  return picked && { doc: picked.doc, line: picked.line, index: picked.index, kind: picked.kind };
}

/**
 * The target's object: the first of its kind and name, else the one the line is in (or after the last start before
 * it; the file's first when none starts before it). From the file's kept candidates: the Explain view asks after
 * each keystroke.
 */
function findTarget(model: FileModel, text: string, settings: Settings, target: ObjectTarget): Candidate | undefined {
  const named = !!target.kind && !!target.name;
  let first: Candidate | undefined;
  let before: Candidate | undefined;
  for (const candidate of candidates(model, text, settings)) {
    if (named && candidate.kind === target.kind && candidate.name === target.name) return candidate;
    if (target.line === undefined) continue;
    first ??= candidate;
    if (candidate.line <= target.line) before = candidate;
  }
  if (target.line === undefined) return undefined;
  return before ?? first;
}

function placedCandidate(doc: YamlDocument, firstLine: number, { line, kind, name, index }: DocumentCandidate): Candidate {
  return { line: firstLine + line, kind, ...(name !== undefined ? { name } : {}), doc, index };
}

/**
 * The Jobs, CronJobs and CSIDrivers of a file, explained (only the target's when one is given). A Helm template is
 * skipped (what an action writes is unknown), as is a document past `maxFileSize`.
 */
export function explainFile(model: FileModel, text: string, settings: Settings, options: ExplainOptions, target?: ObjectTarget): PlacedExplanation[] {
  if (!settings.enable) return [];
  const minor = minorOf(settings.kubernetesVersion);
  let chosen: readonly Candidate[];
  if (target) {
    const picked = findTarget(model, text, settings, target);
    chosen = picked ? [picked] : [];
  } else {
    chosen = candidates(model, text, settings);
  }
  const placed: PlacedExplanation[] = [];
  for (const candidate of chosen) {
    const explanation = explainCandidate(candidate, minor, options);
    if (explanation) placed.push({ line: candidate.line, explanation });
  }
  return placed;
}
