// validateNodeAllocatableUpdatePeriodSeconds: at least 10 seconds. Only while the
// MutableCSINodeAllocatableCount gate is on (1.35); before that the field is dropped on create and never
// validated (the feature-gate rule says so).
import { isObject } from '../../kube/defaults';
import { gateEnabledByDefault } from '../../kube/featureGates';
import type { Finding, Rule, RuleCode, RuleContext } from '../../types';
import { report } from '../shared';
import { HREF, serverError, serverSays } from '../meta/report';

const MIRRORS = 'validateNodeAllocatableUpdatePeriodSeconds';
const MIN_PERIOD_SECONDS = 10;

const CODES = {
  tooShort: { code: 'csidriver/node-allocatable-update-period/too-short', severity: 'error', title: 'nodeAllocatableUpdatePeriodSeconds must be at least 10', mirrors: MIRRORS, reference: 'CSI-NAU-01', href: HREF.csiDriverSpec },
} satisfies Record<string, RuleCode>;

export const validateNodeAllocatableUpdatePeriodSeconds: Rule = {
  name: MIRRORS,
  kinds: ['CSIDriver'],
  codes: Object.values(CODES),
  check(context: RuleContext): Finding[] {
    if (!gateEnabledByDefault('MutableCSINodeAllocatableCount', context.minor)) return [];
    const spec = context.object.spec;
    if (!isObject(spec)) return [];
    const period = spec.nodeAllocatableUpdatePeriodSeconds;
    if (typeof period !== 'number' || !Number.isInteger(period) || period >= MIN_PERIOD_SECONDS) return [];
    return [report(CODES.tooShort, ['spec', 'nodeAllocatableUpdatePeriodSeconds'], `nodeAllocatableUpdatePeriodSeconds is ${period}, but the kubelet may refresh a node's allocatable volume count at most every 10 seconds; the server refuses shorter periods. Use 10 or more, or omit the field to turn periodic updates off. ${serverSays([serverError('spec.nodeAllocatableUpdatePeriodSeconds', 'Invalid value', period, 'must be greater than or equal to 10 seconds')])}`)];
  },
};
