// validateVolumeLifecycleModes accepts repeated modes (the list is a set; only unknown modes are errors,
// and those are the schema check's enum finding). A repeat changes nothing, so we warn that it is pointless.
import { isObject } from '../../kube/defaults';
import type { Finding, Rule, RuleCode, RuleContext } from '../../types';
import { HREF } from '../meta/report';
import { withFixes } from '../../fixes/types';
import { VOLUME_LIFECYCLE_MODE_FIXES } from './validateVolumeLifecycleModes.fix';

const MIRRORS = 'validateVolumeLifecycleModes';

export const VOLUME_LIFECYCLE_MODE_CODES = {
  duplicate: 'csidriver/volume-lifecycle-modes/duplicate',
} as const;

const codes: readonly RuleCode[] = [
  { code: VOLUME_LIFECYCLE_MODE_CODES.duplicate, severity: 'warning', title: 'A volume lifecycle mode is listed more than once', mirrors: MIRRORS, reference: 'CSI-VLM-01', href: HREF.csiDriverSpec },
];

export const validateVolumeLifecycleModes: Rule = withFixes({
  name: MIRRORS,
  kinds: ['CSIDriver'],
  codes,
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
      findings.push({
        code: VOLUME_LIFECYCLE_MODE_CODES.duplicate,
        severity: 'warning',
        path: ['spec', 'volumeLifecycleModes', index],
        anchor: 'entry',
        message: `\`${mode}\` is already listed at volumeLifecycleModes[${first}]. The list is a set: the server accepts the repeat on create, but it has no effect (and a server-side apply may refuse duplicates in a set). Remove this entry.`,
        href: HREF.csiDriverSpec,
      });
    });
    return findings;
  },
}, VOLUME_LIFECYCLE_MODE_FIXES);
