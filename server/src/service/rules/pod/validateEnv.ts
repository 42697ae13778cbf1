// ValidateEnv, validateEnvVarValueFrom and ValidateEnvFrom (prefix only). Which name rule applies
// depends on the release: strict (C-identifier-like, plus `-` and `.`) until 1.31, relaxed (printable
// ASCII except `=`) from 1.32, when RelaxedEnvironmentVariableValidation turned on by default.
import { isObject } from '../../kube/defaults';
import { gateEnabledByDefault } from '../../kube/featureGates';
import { envVarNameProblems, envVarNameServerMessages, relaxedEnvVarNames } from '../../kube/names';
import { formatFieldPath, type FieldPath, type Finding, type Json, type RuleCode } from '../../types';
import { HREF, listProblems, serverError, serverSays } from '../meta/report';
import { allContainersOf, describeContainer, jobTemplateRule, podSpecOf, type ContainerRef } from './podTemplate';

export const ENV_CODES = {
  nameRequired: 'pod/env-name-required',
  nameInvalid: 'pod/env-name-invalid',
  valueFromNoSource: 'pod/env-value-from-no-source',
  valueAndValueFrom: 'pod/env-value-and-value-from',
  valueFromMultipleSources: 'pod/env-value-from-multiple-sources',
  envFromPrefixInvalid: 'pod/env-from-prefix-invalid',
} as const;

export const envCodes: readonly RuleCode[] = [
  { code: ENV_CODES.nameRequired, severity: 'error', title: 'Environment variable names may not be empty', mirrors: 'ValidateEnv', href: HREF.env },
  { code: ENV_CODES.nameInvalid, severity: 'error', title: 'Environment variable names must pass the release\'s name rule', mirrors: 'ValidateEnv (IsEnvVarName / IsRelaxedEnvVarName)', href: HREF.env },
  { code: ENV_CODES.valueFromNoSource, severity: 'error', title: 'valueFrom must name a source', mirrors: 'validateEnvVarValueFrom', href: HREF.env },
  { code: ENV_CODES.valueAndValueFrom, severity: 'error', title: 'An environment variable may not have both value and valueFrom', mirrors: 'validateEnvVarValueFrom', href: HREF.env },
  { code: ENV_CODES.valueFromMultipleSources, severity: 'error', title: 'valueFrom may name only one source', mirrors: 'validateEnvVarValueFrom', href: HREF.env },
  { code: ENV_CODES.envFromPrefixInvalid, severity: 'error', title: 'envFrom prefixes must pass the environment variable name rule', mirrors: 'ValidateEnvFrom', href: HREF.env },
];

const BASE_SOURCES = ['fieldRef', 'resourceFieldRef', 'configMapKeyRef', 'secretKeyRef'];

/** The sources the server counts: fileKeyRef only while EnvFiles is on (off in 1.34, where it is dropped). */
function sourcesFor(minor: number): string[] {
  return gateEnabledByDefault('EnvFiles', minor) ? [...BASE_SOURCES, 'fileKeyRef'] : BASE_SOURCES;
}

function nameFinding(code: string, value: string, path: FieldPath, what: string, minor: number): Finding | undefined {
  const relaxed = relaxedEnvVarNames(minor);
  const problems = envVarNameProblems(value, relaxed);
  if (!problems.length) return undefined;
  const later = !relaxed && envVarNameProblems(value, true).length === 0
    ? ' From Kubernetes 1.32 the server accepts any printable ASCII except `=`, so a newer cluster would take it.'
    : '';
  const rule = relaxed
    ? 'Names may use printable ASCII characters (space included) except `=`.'
    : `In Kubernetes 1.${minor} names may use letters, digits, \`_\`, \`-\` and \`.\`, must not start with a digit, and must not be \`.\`, \`..\` or start with \`..\`.`;
  return {
    code, severity: 'error', path,
    message: `${what} \`${value}\` is not accepted: ${listProblems(problems)}. ${rule}${later} ${serverSays(envVarNameServerMessages(value, relaxed).map((detail) => serverError(formatFieldPath(path), 'Invalid value', value, detail)))}`,
    href: HREF.env,
  };
}

function envFindings(ref: ContainerRef, minor: number): Finding[] {
  const findings: Finding[] = [];
  const env = ref.container.env;
  const sources = sourcesFor(minor);
  if (Array.isArray(env)) {
    env.forEach((variable, index) => {
      if (!isObject(variable)) return;
      const path = [...ref.path, 'env', index];
      const name = variable.name;
      if (name === '') {
        findings.push({
          code: ENV_CODES.nameRequired, severity: 'error', path: [...path, 'name'],
          message: `An environment variable of the ${describeContainer(ref)} has an empty name; give it one. ${serverSays([serverError(formatFieldPath([...path, 'name']), 'Required value')])}`,
          href: HREF.env,
        });
      } else if (typeof name === 'string') {
        const finding = nameFinding(ENV_CODES.nameInvalid, name, [...path, 'name'], 'The environment variable name', minor);
        if (finding) findings.push(finding);
      }
      findings.push(...valueFromFindings(variable.valueFrom, variable.value, [...path, 'valueFrom'], sources, minor));
    });
  }
  const envFrom = ref.container.envFrom;
  if (Array.isArray(envFrom)) {
    envFrom.forEach((source, index) => {
      if (!isObject(source) || typeof source.prefix !== 'string' || source.prefix === '') return;
      const finding = nameFinding(ENV_CODES.envFromPrefixInvalid, source.prefix, [...ref.path, 'envFrom', index, 'prefix'], 'The envFrom prefix', minor);
      if (finding) findings.push(finding);
    });
  }
  return findings;
}

function valueFromFindings(valueFrom: Json | undefined, value: Json | undefined, path: FieldPath, sources: string[], minor: number): Finding[] {
  if (!isObject(valueFrom)) return [];
  const present = sources.filter((source) => valueFrom[source] !== undefined);
  // A variable with one known source (the usual) gets no message: the texts are made only for one.
  if (present.length === 1 && !(typeof value === 'string' && value !== '')) return [];
  const printed = formatFieldPath(path);
  const listed = sources.map((source) => `\`${source}\``).join(', ');
  // An unknown key (a misspelt source, or fileKeyRef before 1.34) is the schema check's finding; do not add
  // a second one. In 1.34 fileKeyRef is a known field that the server drops.
  const known = minor === 34 ? [...sources, 'fileKeyRef'] : sources;
  const unknown = Object.keys(valueFrom).some((key) => !known.includes(key));
  if (present.length === 0 && !unknown) {
    const fileKeyNote = valueFrom.fileKeyRef !== undefined && minor === 34
      ? ' (`fileKeyRef` does not count in 1.34: its gate EnvFiles is off by default and the server drops it)'
      : '';
    return [{
      code: ENV_CODES.valueFromNoSource, severity: 'error', path, anchor: 'key',
      message: `\`valueFrom\` names no source${fileKeyNote}. Say where the value comes from with exactly one of ${listed}, or use \`value:\` instead. ${serverSays([serverError(printed, 'Invalid value', '', 'must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`')])}`,
      href: HREF.env,
    }];
  }
  if (present.length === 0) return [];
  if (typeof value === 'string' && value !== '') {
    return [{
      code: ENV_CODES.valueAndValueFrom, severity: 'error', path, anchor: 'key',
      message: `This variable has both \`value\` and \`valueFrom\`; the server cannot tell which one wins and refuses it. Keep one of them. ${serverSays([serverError(printed, 'Invalid value', '', 'may not be specified when `value` is not empty')])}`,
      href: HREF.env,
    }];
  }
  if (present.length > 1) {
    return [{
      code: ENV_CODES.valueFromMultipleSources, severity: 'error', path, anchor: 'key',
      message: `\`valueFrom\` names ${present.length} sources (${present.map((source) => `\`${source}\``).join(', ')}); a variable takes its value from exactly one. Keep one, and move the others to variables of their own. ${serverSays([serverError(printed, 'Invalid value', '', 'may not have more than one field specified at a time')])}`,
      href: HREF.env,
    }];
  }
  return [];
}

export function checkEnv(template: Json | undefined, base: FieldPath, minor: number): Finding[] {
  const spec = podSpecOf(template);
  return spec ? allContainersOf(spec, base).flatMap((ref) => envFindings(ref, minor)) : [];
}

export const validateEnv = jobTemplateRule('ValidateEnv', envCodes, checkEnv);
