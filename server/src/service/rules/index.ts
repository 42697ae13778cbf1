// The one list of rule families. Adding a rule: write its file, add it to its kind's index, done.
import type { KindName, Rule } from '../types';
import { cronJobRules } from './cronjob/index';
import { csiDriverRules } from './csidriver/index';
import { jobRules } from './job/index';
import { jobStatusRules } from './job/status/index';
import { jobSetRules } from './jobset/index';
import { kueueRules } from './kueue/index';
import { metaRules } from './meta/index';
import { podTemplateRules } from './pod/index';
import { trainingRuntimeRules } from './trainingruntime/index';
import { versionRules } from './version/index';

export const ALL_RULES: readonly Rule[] = [
  ...metaRules, ...cronJobRules, ...trainingRuntimeRules, ...jobSetRules, ...jobRules, ...jobStatusRules, ...podTemplateRules, ...kueueRules, ...csiDriverRules, ...versionRules,
];

const BY_KIND = new Map<KindName, readonly Rule[]>();

export function rulesFor(kind: KindName): readonly Rule[] {
  let rules = BY_KIND.get(kind);
  if (!rules) BY_KIND.set(kind, (rules = ALL_RULES.filter((rule) => rule.kinds.includes(kind))));
  return rules;
}
