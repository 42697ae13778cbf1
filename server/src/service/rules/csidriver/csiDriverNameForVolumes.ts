// The CSIDriver object name only has to be a DNS subdomain (ValidateCSIDriverName = NameIsDNSSubdomain,
// up to 253 characters), but the places that refer to a driver by name, a PersistentVolume's `csi.driver`
// and an inline CSI volume's `driver` (core ValidateCSIDriverName), accept at most 63 characters, as the
// CSI spec says. A longer name is stored, yet no volume can ever name it.
import { isObject } from '../../kube/defaults';
import { byteLength, dns1123SubdomainProblems } from '../../kube/names';
import type { Finding, Rule, RuleCode, RuleContext } from '../../types';
import { report } from '../shared';
import { HREF } from '../meta/report';

const MAX_DRIVER_NAME_LENGTH = 63;

const CODES = {
  tooLongForVolumes: { code: 'csidriver/name/too-long-for-volumes', severity: 'warning', title: 'A CSIDriver name longer than 63 characters cannot be used by volumes', mirrors: 'ValidateCSIDriverName (core: PersistentVolume csi.driver, inline CSI volumes)', reference: 'CSI-META-02', href: HREF.csiVolumes },
} satisfies Record<string, RuleCode>;

export const csiDriverNameForVolumes: Rule = {
  name: 'csiDriverNameForVolumes',
  kinds: ['CSIDriver'],
  codes: Object.values(CODES),
  check(context: RuleContext): Finding[] {
    const metadata = context.object.metadata;
    if (!isObject(metadata) || typeof metadata.name !== 'string') return [];
    const name = metadata.name;
    const length = byteLength(name);
    // Invalid names are meta/name-invalid's finding; here only names the server accepts.
    if (length <= MAX_DRIVER_NAME_LENGTH || dns1123SubdomainProblems(name).length) return [];
    return [report(CODES.tooLongForVolumes, ['metadata', 'name'], `This driver name has ${length} characters. The server stores a CSIDriver with a name of up to 253 characters, but a PersistentVolume's \`csi.driver\` and an inline CSI volume's \`driver\` accept at most 63 (the CSI spec's limit for the name a driver reports from GetPluginName), so no volume can refer to this driver. Use the driver's real plugin name, at most 63 characters.`)];
  },
};
