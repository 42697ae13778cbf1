// The imagePullSecrets warnings of GetWarningsForPodTemplate: the server accepts an entry without a name,
// or a name listed twice, but says so (`kubectl apply` prints "Warning: ..."). validateImagePullSecrets
// itself only refuses fields other than `name`, which a manifest cannot write (the schema has no others).
import { formatFieldPath, type FieldPath, type Finding, type Json, type RuleCode } from '../../types';
import { HREF } from '../meta/report';
import { asArray, asObject, report } from '../shared';
import { jobTemplateRule, podSpecOf } from './podTemplate';

export const IMAGE_PULL_SECRET_CODES = {
  nameEmpty: { code: 'pod/image-pull-secret-name-empty', severity: 'warning', title: 'An imagePullSecrets entry without a name refers to no Secret', mirrors: 'GetWarningsForPodTemplate', href: HREF.imagePullSecrets },
  nameDuplicate: { code: 'pod/image-pull-secret-name-duplicate', severity: 'warning', title: 'An image pull Secret is listed twice', mirrors: 'GetWarningsForPodTemplate', href: HREF.imagePullSecrets },
} satisfies Record<string, RuleCode>;

export function checkImagePullSecrets(template: Json | undefined, base: FieldPath): Finding[] {
  const secrets = asArray(podSpecOf(template)?.imagePullSecrets);
  if (!secrets) return [];
  const findings: Finding[] = [];
  const names = secrets.map((entry) => {
    const object = asObject(entry);
    if (!object) return undefined;
    return object.name === undefined ? '' : typeof object.name === 'string' ? object.name : undefined;
  });
  const seen = new Set<string>();
  names.forEach((name, index) => {
    if (name === undefined) return;
    const path = [...base, 'spec', 'imagePullSecrets', index, 'name'];
    if (seen.has(name) && names.length > 1) {
      findings.push(report(IMAGE_PULL_SECRET_CODES.nameDuplicate, path,
        `The Secret \`${name}\` is already listed in imagePullSecrets; the repeat adds nothing (and \`kubectl apply\` may merge the list badly). Remove it. The API server warns: \`${formatFieldPath(path)}: duplicate name ${JSON.stringify(name)}\`.`));
    }
    seen.add(name);
  });
  names.forEach((name, index) => {
    if (name !== '') return;
    const path = [...base, 'spec', 'imagePullSecrets', index, 'name'];
    findings.push(report(IMAGE_PULL_SECRET_CODES.nameEmpty, path,
      `This imagePullSecrets entry names no Secret, so it gives the kubelet no credentials. Name the Secret of type kubernetes.io/dockerconfigjson to use, or remove the entry. The API server warns: \`${formatFieldPath(path)}: invalid empty name ""\`.`, secrets[index] && asObject(secrets[index])?.name === undefined ? 'entry' : undefined));
  });
  return findings;
}

export const validateImagePullSecrets =
  jobTemplateRule('GetWarningsForPodTemplate (imagePullSecrets)', Object.values(IMAGE_PULL_SECRET_CODES), (template, base) => checkImagePullSecrets(template, base));
