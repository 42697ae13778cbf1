// What the server's PrepareForCreate (generateSelector) does to a Job without `manualSelector: true`:
// it adds the job-name and controller-uid labels to the Pod template when they are absent, and adds the
// controller-uid key to the selector (creating it when needed). User values are never overwritten.
import type { Json, RuleContext } from '../../types';
import { FIRST_MINOR, isManualSelector, jobNameOf, type JobParts } from './jobFields';
import { asLabels, asObject } from '../shared';

/** Stands for the UID the server assigns at create time: no value a user writes can equal it. */
export const UNKNOWN_UID = '\u0000uid';

export interface GeneratedLabel {
  key: string;
  /** `uid`: the Job's UID; `name`: the Job's name. */
  holds: 'uid' | 'name';
}

/** The generated Pod template labels in a release: the legacy pair always, the prefixed pair from 1.27. */
export function generatedLabels(minor: number): GeneratedLabel[] {
  const labels: GeneratedLabel[] = [{ key: 'controller-uid', holds: 'uid' }, { key: 'job-name', holds: 'name' }];
  if (minor >= FIRST_MINOR.prefixedJobLabels) {
    labels.push({ key: 'batch.kubernetes.io/controller-uid', holds: 'uid' }, { key: 'batch.kubernetes.io/job-name', holds: 'name' });
  }
  return labels;
}

export interface SelectorModel {
  manual: boolean;
  /** The Job's name as the server will know it; undefined without name and generateName. */
  jobName: ReturnType<typeof jobNameOf>;
  /** The template labels as written ({} when absent). */
  writtenTemplateLabels: Record<string, string>;
  /** The template labels the server validates (after generation, unless manual). */
  templateLabels: Record<string, string>;
  /** The labels a generated selector must select: the generated ones, with their expected values. */
  expectedLabels: Record<string, string>;
  /** The selector the server validates (after generation, unless manual); undefined when there is none. */
  selector: Json | undefined;
  /** Generated label keys whose value is not known (the Job's name, in a training runtime): never judged. */
  unknownKeys: ReadonlySet<string>;
}

/** Undefined when a value on the way has the wrong type (the schema check reports it). */
export function selectorModel(parts: JobParts, context: RuleContext): SelectorModel | undefined {
  const manual = isManualSelector(parts);
  const templateMetadata = parts.template?.metadata;
  if (templateMetadata !== undefined && !asObject(templateMetadata)) return undefined;
  const rawTemplateLabels = asObject(templateMetadata)?.labels;
  const writtenTemplateLabels = rawTemplateLabels === undefined ? {} : asLabels(rawTemplateLabels);
  if (!writtenTemplateLabels) return undefined;
  const jobName = jobNameOf(parts, context);
  // A runtime's Jobs are named after each TrainJob: what depends on the name is not known.
  const unknownKeys = new Set(parts.location.createdBy && !jobName ? generatedLabels(context.minor).filter((label) => label.holds === 'name').map((label) => label.key) : []);
  const expectedLabels: Record<string, string> = {};
  for (const label of generatedLabels(context.minor)) {
    expectedLabels[label.key] = label.holds === 'uid' ? UNKNOWN_UID : jobName?.name ?? '';
  }
  const written = parts.spec.selector;
  if (manual) {
    return { manual, jobName, writtenTemplateLabels, templateLabels: writtenTemplateLabels, expectedLabels, selector: written, unknownKeys };
  }
  const templateLabels = { ...expectedLabels, ...writtenTemplateLabels };
  const selector = generateSelector(written, context.minor);
  if (!selector) return undefined;
  return { manual, jobName, writtenTemplateLabels, templateLabels, expectedLabels, selector, unknownKeys };
}

function generateSelector(written: Json | undefined, minor: number): Json | undefined {
  if (written !== undefined && !asObject(written)) return undefined;
  const selector = { ...asObject(written) };
  if (selector.matchLabels !== undefined && !asObject(selector.matchLabels)) return undefined;
  const matchLabels = { ...asObject(selector.matchLabels) };
  // Before 1.27 the selector was generated on the legacy key.
  const key = minor >= FIRST_MINOR.prefixedJobLabels ? 'batch.kubernetes.io/controller-uid' : 'controller-uid';
  if (!(key in matchLabels)) matchLabels[key] = UNKNOWN_UID;
  selector.matchLabels = matchLabels;
  return selector;
}
