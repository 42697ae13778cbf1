// The API server's name and label syntax checks (k8s.io/apimachinery/pkg/util/validation), restated.
// Each function returns the problems found, in plain words, or [] when the value is valid. Lengths are
// counted in bytes, as Go's len() does.

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const QUALIFIED_NAME_PART = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

export const DNS1123_LABEL_MAX_LENGTH = 63;
export const DNS1123_SUBDOMAIN_MAX_LENGTH = 253;
export const QUALIFIED_NAME_MAX_LENGTH = 63;
export const LABEL_VALUE_MAX_LENGTH = 63;

export function byteLength(value: string): number {
  return Buffer.byteLength(value, 'utf8');
}

/** RFC 1123 label: what Pod hostnames and many names must be. */
export function dns1123LabelProblems(value: string): string[] {
  const problems: string[] = [];
  if (byteLength(value) > DNS1123_LABEL_MAX_LENGTH) problems.push(`it is longer than ${DNS1123_LABEL_MAX_LENGTH} characters`);
  if (!DNS1123_LABEL.test(value)) {
    problems.push(value.includes('.')
      ? 'it contains a dot'
      : 'it must use only lower-case letters, digits and `-`, and start and end with a letter or digit');
  }
  return problems;
}

/** RFC 1123 subdomain: dot-separated labels, at most 253 characters (object names, label-key prefixes). */
export function dns1123SubdomainProblems(value: string): string[] {
  const problems: string[] = [];
  if (byteLength(value) > DNS1123_SUBDOMAIN_MAX_LENGTH) problems.push(`it is longer than ${DNS1123_SUBDOMAIN_MAX_LENGTH} characters`);
  if (!DNS1123_SUBDOMAIN.test(value)) {
    problems.push('it must use only lower-case letters, digits, `-` and `.`, and start and end with a letter or digit');
  }
  return problems;
}

/** Qualified name: `[prefix/]name`, the syntax of label keys, annotation keys and condition types. */
export function qualifiedNameProblems(value: string): string[] {
  const parts = value.split('/');
  let name = value;
  const problems: string[] = [];
  if (parts.length === 2) {
    const [prefix, rest] = parts as [string, string];
    name = rest;
    if (prefix.length === 0) problems.push('the prefix before `/` is empty');
    else problems.push(...dns1123SubdomainProblems(prefix).map((problem) => `in the prefix before \`/\`, ${problem}`));
  } else if (parts.length > 2) {
    return ['it may contain at most one `/` (an optional DNS-subdomain prefix, then the name)'];
  }
  if (name.length === 0) problems.push('the name part is empty');
  else if (byteLength(name) > QUALIFIED_NAME_MAX_LENGTH) problems.push(`the name part is longer than ${QUALIFIED_NAME_MAX_LENGTH} characters`);
  if (!QUALIFIED_NAME_PART.test(name)) {
    problems.push('the name part must use only letters, digits, `-`, `_` and `.`, and start and end with a letter or digit');
  }
  return problems;
}

/** Label value: empty, or at most 63 letters, digits, `-`, `_`, `.`, starting and ending alphanumeric. */
export function labelValueProblems(value: string): string[] {
  const problems: string[] = [];
  if (byteLength(value) > LABEL_VALUE_MAX_LENGTH) problems.push(`it is longer than ${LABEL_VALUE_MAX_LENGTH} characters`);
  if (!LABEL_VALUE.test(value)) {
    problems.push('it must be empty or use only letters, digits, `-`, `_` and `.`, and start and end with a letter or digit');
  }
  return problems;
}

export const isDns1123Label = (value: string): boolean => dns1123LabelProblems(value).length === 0;
export const isDns1123Subdomain = (value: string): boolean => dns1123SubdomainProblems(value).length === 0;
export const isQualifiedName = (value: string): boolean => qualifiedNameProblems(value).length === 0;
export const isValidLabelValue = (value: string): boolean => labelValueProblems(value).length === 0;
