// ValidateObjectMeta of each Job the JobSet controller creates (ValidateJob on the batch API server): the labels
// and annotations of a replicatedJob's `template.metadata` become the Job's (constructJob copies them, then adds
// its own: a value written for one of those keys is replaced, never refused). Its name and namespace are the
// controller's. A mistake here is accepted with the JobSet and refused Job by Job (rules/job/wrapped.ts).
import { CONTROLLER_LABEL_KEYS } from '../../kube/jobset';
import { WRAPPING_KINDS } from '../../kube/jobSpec';
import { jsonAt, type Finding, type Rule, type RuleContext } from '../../types';
import { locationsOf } from '../job/jobFields';
import { inEachLocation } from '../job/wrapped';
import { annotationFindings, labelFindings } from '../meta/labelsAndAnnotations';
import { OBJECT_META_CODES, OBJECT_META_RULE_CODES } from '../meta/validateObjectMeta';
import { asObject } from '../shared';

const OWNER = 'Each Job of this replicatedJob';

function jobObjectMeta(context: RuleContext): Finding[] {
  return inEachLocation(context, locationsOf(context), (location) => {
    const metadata = location.jobMetadata ? asObject(jsonAt(context.object, location.jobMetadata)) : undefined;
    if (!metadata) return [];
    const findings = [
      ...labelFindings(metadata.labels, { at: ['metadata', 'labels'], printed: 'metadata.labels', owner: OWNER }, { key: OBJECT_META_CODES.labelKey, value: OBJECT_META_CODES.labelValue }),
      ...annotationFindings(metadata.annotations, { at: ['metadata', 'annotations'], printed: 'metadata.annotations', owner: OWNER }, { key: OBJECT_META_CODES.annotationKey, size: OBJECT_META_CODES.annotationsTooLong }),
    ];
    return findings.filter((finding) => !(finding.path.length === 3 && CONTROLLER_LABEL_KEYS.has(String(finding.path[2]))));
  });
}

export const validateJobObjectMeta: Rule = {
  name: 'ValidateObjectMeta (each Job of a JobSet)',
  kinds: WRAPPING_KINDS,
  codes: OBJECT_META_RULE_CODES.filter((code) => /label|annotation/.test(code.code)),
  check: jobObjectMeta,
};
