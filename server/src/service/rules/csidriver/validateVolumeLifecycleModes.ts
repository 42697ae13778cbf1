// validateVolumeLifecycleModes accepts repeated modes (the list is a set; only unknown modes are errors,
// and those are the schema check's enum finding). A repeat changes nothing, so we warn that it is pointless.
import { isObject } from '../../kube/defaults';
import type { Finding, Rule, RuleCode, RuleContext } from '../../types';
import { report } from '../shared';
import { HREF } from '../meta/report';

const MIRRORS = 'validateVolumeLifecycleModes';

const CODES = {
  duplicate: { code: 'csidriver/volume-lifecycle-modes/duplicate', severity: 'warning', title: 'A volume lifecycle mode is listed more than once', mirrors: MIRRORS, reference: 'CSI-VLM-01', href: HREF.csiDriverSpec },
} satisfies Record<string, RuleCode>;

export const validateVolumeLifecycleModes: Rule = {
  name: MIRRORS,
  kinds: ['CSIDriver'],
  codes: Object.values(CODES),
  check(context: RuleContext): Finding[] {
    const spec = context.object.spec;
    if (!isObject(spec) || !Array.isArray(spec.volumeLifecycleModes)) return [];
    const findings: Finding[] = [];
    const seen = new Map<string, number>();
    spec.volumeLifecycleModes.forEach((mode, index) => {
      if (typeof mode !== 'string') return;
      const first = seen.get(mode);
      if (first === undefined) {
        seen.set(mode, index);
        return;
      }
      findings.push(report(CODES.duplicate, ['spec', 'volumeLifecycleModes', index], `\`${mode}\` is already listed at volumeLifecycleModes[${first}]. The list is a set: the server accepts the repeat on create, but it has no effect (and a server-side apply may refuse duplicates in a set). Remove this entry.`, 'entry'));
    });
    return findings;
  },
};
