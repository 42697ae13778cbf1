// ValidateCronJobCreate's own name check: the CronJob controller names each Job `<CronJob name>-<scheduled
// time in minutes>`, an 11-character suffix, and a Job name is at most 63 characters, so a CronJob name is at
// most 52. (ValidateObjectMeta's DNS-subdomain rule is the metadata rules'.) Only on create: an update keeps
// old longer names working. With only `generateName`, the server checks the name it generates from it.
import { isDns1123Subdomain } from '../../kube/names';
import type { Rule, RuleCode } from '../../types';
import { serverError, serverSays } from '../meta/report';
import { effectiveJobName } from '../job/jobFields';
import { report } from '../shared';
import { CRONJOB_DOCS } from './cronJobFields';

/** DNS1035LabelMaxLength - 11. */
export const MAX_CRONJOB_NAME_LENGTH = 52;

const CODES = {
  tooLong: {
    code: 'cronjob/name/too-long', severity: 'error', title: 'A CronJob name may have at most 52 characters',
    mirrors: 'ValidateCronJobCreate', href: CRONJOB_DOCS.jobCreation,
  },
} satisfies Record<string, RuleCode>;

export const validateCronJobName: Rule = {
  name: 'ValidateCronJobCreate (name)',
  kinds: ['CronJob'],
  codes: Object.values(CODES),
  check(context) {
    const name = effectiveJobName(context);
    // An empty or malformed name is the metadata rules' finding.
    if (!name || !isDns1123Subdomain(name.name) || name.name.length <= MAX_CRONJOB_NAME_LENGTH) return [];
    const shown = name.generated ? name.name.replace(/x{5}$/, '<random>') : name.name;
    const what = name.generated
      ? `The name the server generates from \`generateName\` (the prefix and 5 random characters) has ${name.name.length} characters`
      : `The name has ${name.name.length} characters`;
    return [report(CODES.tooLong, ['metadata', name.generated ? 'generateName' : 'name'],
      `${what}, but a CronJob name may have at most ${MAX_CRONJOB_NAME_LENGTH}: each Job it creates is named \`<CronJob name>-<time>\`, `
      + `11 more characters, and a Job name must fit in 63. Shorten the name to ${MAX_CRONJOB_NAME_LENGTH} characters or less`
      + `${name.generated ? ` (the prefix to ${MAX_CRONJOB_NAME_LENGTH - 5})` : ''}. `
      + serverSays([serverError('metadata.name', 'Invalid value', shown, `must be no more than ${MAX_CRONJOB_NAME_LENGTH} characters`)]))];
  },
};
