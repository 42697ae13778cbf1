// The API server's name and label syntax checks (k8s.io/apimachinery/pkg/util/validation), restated.
// Each function returns the problems found, in plain words, or [] when the value is valid. Lengths are
// counted in bytes, as Go's len() does.

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1035_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const QUALIFIED_NAME_PART = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

export const DNS1123_LABEL_MAX_LENGTH = 63;
export const DNS1123_SUBDOMAIN_MAX_LENGTH = 253;
export const QUALIFIED_NAME_MAX_LENGTH = 63;
export const LABEL_VALUE_MAX_LENGTH = 63;

/**
 * A name check that remembers its answers: the same label keys, label values and names come back in every
 * object of a file (`app.kubernetes.io/name` in each of a thousand). The answers are frozen, as every
 * caller only reads them; the memory is bounded (emptied past MEMORY entries).
 */
function remembered(check: (value: string) => string[]): (value: string) => readonly string[] {
  const known = new Map<string, readonly string[]>();
  return (value) => {
    let answer = known.get(value);
    if (!answer) {
      if (known.size >= MEMORY) known.clear();
      known.set(value, (answer = Object.freeze(check(value))));
    }
    return answer;
  };
}

const MEMORY = 4096;

export function byteLength(value: string): number {
  return Buffer.byteLength(value, 'utf8');
}

/** RFC 1123 label: what Pod hostnames and many names must be. */
export const dns1123LabelProblems = remembered(function dns1123LabelProblems(value: string): string[] {
  const problems: string[] = [];
  if (byteLength(value) > DNS1123_LABEL_MAX_LENGTH) problems.push(`it is longer than ${DNS1123_LABEL_MAX_LENGTH} characters`);
  if (!DNS1123_LABEL.test(value)) {
    // As the server: the dot message only when the value would be a valid subdomain otherwise.
    problems.push(DNS1123_SUBDOMAIN.test(value)
      ? 'it contains a dot'
      : 'it must use only lower-case letters, digits and `-`, and start and end with a letter or digit');
  }
  return problems;
});

/** RFC 1035 label (IsDNS1035Label): a DNS-1123 label that starts with a letter (Service names, JobSet's generated names). */
export function dns1035LabelProblems(value: string): string[] {
  const problems: string[] = [];
  if (byteLength(value) > DNS1123_LABEL_MAX_LENGTH) problems.push(`it is longer than ${DNS1123_LABEL_MAX_LENGTH} characters`);
  if (!DNS1035_LABEL.test(value)) problems.push('it must use only lower-case letters, digits and `-`, start with a letter and end with a letter or digit');
  return problems;
}

function subdomainProblems(value: string, pattern: RegExp, rule: string): string[] {
  const problems: string[] = [];
  if (byteLength(value) > DNS1123_SUBDOMAIN_MAX_LENGTH) problems.push(`it is longer than ${DNS1123_SUBDOMAIN_MAX_LENGTH} characters`);
  if (!pattern.test(value)) problems.push(rule);
  return problems;
}

/** RFC 1123 subdomain: dot-separated labels, at most 253 characters (object names, label-key prefixes). */
export const dns1123SubdomainProblems = remembered(function dns1123SubdomainProblems(value: string): string[] {
  return subdomainProblems(value, DNS1123_SUBDOMAIN, 'it must use only lower-case letters, digits, `-` and `.`, and start and end with a letter or digit');
});

/** The same, with `_` allowed (IsDNS1123SubdomainWithUnderscore: DNS search domains from 1.33). */
export function dns1123SubdomainWithUnderscoreProblems(value: string): string[] {
  return subdomainProblems(value, DNS1123_SUBDOMAIN_WITH_UNDERSCORE, 'it must use only lower-case letters, digits, `-`, `_` and `.`, and each dot-separated part must end with a letter or digit');
}

/** Qualified name: `[prefix/]name`, the syntax of label keys, annotation keys and condition types. */
export const qualifiedNameProblems = remembered(function qualifiedNameProblems(value: string): string[] {
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
});

/** Label value: empty, or at most 63 letters, digits, `-`, `_`, `.`, starting and ending alphanumeric. */
export const labelValueProblems = remembered(function labelValueProblems(value: string): string[] {
  const problems: string[] = [];
  if (byteLength(value) > LABEL_VALUE_MAX_LENGTH) problems.push(`it is longer than ${LABEL_VALUE_MAX_LENGTH} characters`);
  if (!LABEL_VALUE.test(value)) {
    problems.push('it must be empty or use only letters, digits, `-`, `_` and `.`, and start and end with a letter or digit');
  }
  return problems;
});

export const isDns1123Subdomain = (value: string): boolean => dns1123SubdomainProblems(value).length === 0;

// ---------------------------------------------------------------------------------------------------
// The API server's own messages (k8s.io/apimachinery/pkg/util/validation), for quoting what
// `kubectl apply` will print. One entry per message the server returns, in the server's order.

function maxLenMessage(length: number): string {
  return `must be no more than ${length} characters`;
}

function regexMessage(message: string, format: string, ...examples: string[]): string {
  if (examples.length === 0) return `${message} (regex used for validation is '${format}')`;
  // apimachinery's RegexError ends every example with "', " and puts " or " before the next one, so two
  // examples read `'my-name',  or '123-abc',` (comma, two spaces): quoted as the server prints it.
  return `${message} (e.g. ${examples.map((example) => `'${example}', `).join(' or ')}regex used for validation is '${format}')`;
}

const DNS1123_LABEL_FORMAT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_SUBDOMAIN_FORMAT = `${DNS1123_LABEL_FORMAT}(\\.${DNS1123_LABEL_FORMAT})*`;
const DNS1123_LABEL_WITH_UNDERSCORE_FORMAT = '_?[a-z0-9]([-_a-z0-9]*[a-z0-9])?';
const DNS1123_SUBDOMAIN_WITH_UNDERSCORE_FORMAT = `${DNS1123_LABEL_WITH_UNDERSCORE_FORMAT}(\\.${DNS1123_LABEL_WITH_UNDERSCORE_FORMAT})*`;
const DNS1123_SUBDOMAIN_WITH_UNDERSCORE = new RegExp(`^${DNS1123_SUBDOMAIN_WITH_UNDERSCORE_FORMAT}$`);
const LABEL_KEY_FORMAT = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const LABEL_KEY_MESSAGE = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";

/** IsDNS1123Label, as the server words it. */
export function dns1123LabelServerMessages(value: string): string[] {
  const messages: string[] = [];
  if (byteLength(value) > DNS1123_LABEL_MAX_LENGTH) messages.push(maxLenMessage(DNS1123_LABEL_MAX_LENGTH));
  if (!DNS1123_LABEL.test(value)) {
    messages.push(DNS1123_SUBDOMAIN.test(value)
      ? 'must not contain dots'
      : regexMessage("a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character", DNS1123_LABEL_FORMAT, 'my-name', '123-abc'));
  }
  return messages;
}

/** IsDNS1035Label, as the server words it. */
export function dns1035LabelServerMessages(value: string): string[] {
  const messages: string[] = [];
  if (byteLength(value) > DNS1123_LABEL_MAX_LENGTH) messages.push(maxLenMessage(DNS1123_LABEL_MAX_LENGTH));
  if (!DNS1035_LABEL.test(value)) {
    messages.push(regexMessage("a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character", '[a-z]([-a-z0-9]*[a-z0-9])?', 'my-name', 'abc-123'));
  }
  return messages;
}

const SUBDOMAIN_MESSAGE = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const SUBDOMAIN_WITH_UNDERSCORE_MESSAGE = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '_', '-' or '.', and must start and end with an alphanumeric character";

function subdomainServerMessages(value: string, pattern: RegExp, message: string, format: string): string[] {
  const messages: string[] = [];
  if (byteLength(value) > DNS1123_SUBDOMAIN_MAX_LENGTH) messages.push(maxLenMessage(DNS1123_SUBDOMAIN_MAX_LENGTH));
  if (!pattern.test(value)) messages.push(regexMessage(message, format, 'example.com'));
  return messages;
}

/** IsDNS1123Subdomain, as the server words it. */
export function dns1123SubdomainServerMessages(value: string): string[] {
  return subdomainServerMessages(value, DNS1123_SUBDOMAIN, SUBDOMAIN_MESSAGE, DNS1123_SUBDOMAIN_FORMAT);
}

/** IsDNS1123SubdomainWithUnderscore (DNS search domains from 1.33), as the server words it. */
export function dns1123SubdomainWithUnderscoreServerMessages(value: string): string[] {
  return subdomainServerMessages(value, DNS1123_SUBDOMAIN_WITH_UNDERSCORE, SUBDOMAIN_WITH_UNDERSCORE_MESSAGE, DNS1123_SUBDOMAIN_WITH_UNDERSCORE_FORMAT);
}

/** IsQualifiedName (label and annotation keys), as the server words it. */
export function qualifiedNameServerMessages(value: string): string[] {
  const parts = value.split('/');
  const nameMessage = `name part ${regexMessage(LABEL_KEY_MESSAGE, LABEL_KEY_FORMAT, 'MyName', 'my.name', '123-abc')}`;
  if (parts.length > 2) {
    return [`a valid label key ${regexMessage(LABEL_KEY_MESSAGE, LABEL_KEY_FORMAT, 'MyName', 'my.name', '123-abc')} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`];
  }
  const messages: string[] = [];
  let name = value;
  if (parts.length === 2) {
    const [prefix, rest] = parts as [string, string];
    name = rest;
    if (prefix.length === 0) messages.push('prefix part must be non-empty');
    else messages.push(...dns1123SubdomainServerMessages(prefix).map((message) => `prefix part ${message}`));
  }
  if (name.length === 0) messages.push('name part must be non-empty');
  else if (byteLength(name) > QUALIFIED_NAME_MAX_LENGTH) messages.push(`name part ${maxLenMessage(QUALIFIED_NAME_MAX_LENGTH)}`);
  if (!QUALIFIED_NAME_PART.test(name)) messages.push(nameMessage);
  return messages;
}

/** IsValidLabelValue, as the server words it. */
export function labelValueServerMessages(value: string): string[] {
  const messages: string[] = [];
  if (byteLength(value) > LABEL_VALUE_MAX_LENGTH) messages.push(maxLenMessage(LABEL_VALUE_MAX_LENGTH));
  if (!LABEL_VALUE.test(value)) {
    messages.push(regexMessage("a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character", `(${LABEL_KEY_FORMAT})?`, 'MyValue', 'my_value', '12345'));
  }
  return messages;
}

// --- Environment variable names ---------------------------------------------------------------------
// Until 1.31 (and in 1.30/1.31 with the RelaxedEnvironmentVariableValidation gate off, its default) the
// server checks IsEnvVarName; from 1.32 (gate beta/on, GA in 1.34) it checks IsRelaxedEnvVarName.

const ENV_VAR_NAME = /^[-._a-zA-Z][-._a-zA-Z0-9]*$/;
const ENV_VAR_NAME_FORMAT = '[-._a-zA-Z][-._a-zA-Z0-9]*';

function chdirPrefixMessages(value: string): string[] {
  if (value === '.') return ["must not be '.'"];
  if (value === '..') return ["must not be '..'"];
  if (value.startsWith('..')) return ["must not start with '..'"];
  return [];
}

/** True for a character the relaxed rule refuses: outside printable ASCII (space counts as printable) or `=`. */
function outsideRelaxedCharset(value: string): boolean {
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || code > 0x7e || char === '=') return true;
  }
  return false;
}

/** IsEnvVarName (strict) or IsRelaxedEnvVarName, as the server words it. */
export function envVarNameServerMessages(value: string, relaxed: boolean): string[] {
  if (relaxed) {
    const messages: string[] = [];
    if (value.length === 0) messages.push('environment variable name must be non-empty');
    if (outsideRelaxedCharset(value)) messages.push("a valid environment variable name must consist only of printable ASCII characters other than '='");
    return messages;
  }
  const messages: string[] = [];
  if (!ENV_VAR_NAME.test(value)) {
    messages.push(regexMessage("a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit", ENV_VAR_NAME_FORMAT, 'my.env-name', 'MY_ENV.NAME', 'MyEnvName1'));
  }
  return [...messages, ...chdirPrefixMessages(value)];
}

// --- ConfigMap and Secret keys -------------------------------------------------------------------------

const CONFIG_MAP_KEY_FORMAT = '[-._a-zA-Z0-9]+';
const CONFIG_MAP_KEY = new RegExp(`^${CONFIG_MAP_KEY_FORMAT}$`);

/** IsConfigMapKey (a key of a ConfigMap or a Secret), as the server words it. */
export function configMapKeyServerMessages(value: string): string[] {
  const messages: string[] = [];
  if (byteLength(value) > 253) messages.push(maxLenMessage(253));
  if (!CONFIG_MAP_KEY.test(value)) messages.push(regexMessage("a valid config key must consist of alphanumeric characters, '-', '_' or '.'", CONFIG_MAP_KEY_FORMAT, 'key.name', 'KEY_NAME', 'key-name'));
  return [...messages, ...chdirPrefixMessages(value)];
}

/** The same check in plain words. */
export function configMapKeyProblems(value: string): string[] {
  const problems: string[] = [];
  if (byteLength(value) > 253) problems.push('it is longer than 253 characters');
  if (!CONFIG_MAP_KEY.test(value)) problems.push('it may contain only letters, digits, `-`, `_` and `.`');
  if (value === '.' || value === '..') problems.push(`it must not be \`${value}\``);
  else if (value.startsWith('..')) problems.push('it must not start with `..`');
  return problems;
}

/** The same check in plain words. */
export function envVarNameProblems(value: string, relaxed: boolean): string[] {
  if (relaxed) {
    const problems: string[] = [];
    if (value.length === 0) problems.push('it is empty');
    if (outsideRelaxedCharset(value)) problems.push('it may contain only printable ASCII characters (space included) and no `=`');
    return problems;
  }
  const problems: string[] = [];
  if (!ENV_VAR_NAME.test(value)) problems.push('it may contain only letters, digits, `_`, `-` and `.`, and must not start with a digit');
  if (value === '.' || value === '..') problems.push(`it must not be \`${value}\``);
  else if (value.startsWith('..')) problems.push('it must not start with `..`');
  return problems;
}

/** Whether the server in this release checks env var names with the relaxed rule (gate on by default). */
export function relaxedEnvVarNames(minor: number): boolean {
  return minor >= 32;
}

// --- C identifiers ------------------------------------------------------------------------------------

const C_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** IsCIdentifier, as the server words it. */
export function cIdentifierServerMessages(value: string): string[] {
  if (C_IDENTIFIER.test(value)) return [];
  return [regexMessage("a valid C identifier must start with alphabetic character or '_', followed by a string of alphanumeric characters or '_'", '[A-Za-z_][A-Za-z0-9_]*', 'my_name', 'MY_NAME', 'MyName')];
}

// --- Port names (IANA_SVC_NAME) -----------------------------------------------------------------------

/** IsValidPortName, as the server words it. */
export function portNameServerMessages(value: string): string[] {
  const messages: string[] = [];
  if (byteLength(value) > 15) messages.push(maxLenMessage(15));
  if (!/^[-a-z0-9]+$/.test(value)) messages.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
  if (!/[a-z]/.test(value)) messages.push('must contain at least one letter (a-z)');
  if (value.includes('--')) messages.push('must not contain consecutive hyphens');
  if (value.length > 0 && (value.startsWith('-') || value.endsWith('-'))) messages.push('must not begin or end with a hyphen');
  return messages;
}

/** The same check in plain words. */
export function portNameProblems(value: string): string[] {
  const problems: string[] = [];
  if (byteLength(value) > 15) problems.push('it is longer than 15 characters');
  if (!/^[-a-z0-9]+$/.test(value)) problems.push('it may contain only lower-case letters, digits and `-`');
  if (!/[a-z]/.test(value)) problems.push('it must contain at least one letter');
  if (value.includes('--')) problems.push('it must not contain `--`');
  if (value.length > 0 && (value.startsWith('-') || value.endsWith('-'))) problems.push('it must not start or end with `-`');
  return problems;
}

// --- HTTP header names ----------------------------------------------------------------------------

const HTTP_HEADER_NAME_FORMAT = '[-A-Za-z0-9]+';

/** IsHTTPHeaderName (the Go HTTP library's field names: letters, digits and `-`), as the server words it. */
export function httpHeaderNameServerMessages(value: string): string[] {
  if (new RegExp(`^${HTTP_HEADER_NAME_FORMAT}$`).test(value)) return [];
  return [regexMessage("a valid HTTP header must consist of alphanumeric characters or '-'", HTTP_HEADER_NAME_FORMAT, 'X-Header-Name')];
}

/** IsValidPortNum, as the server words it. */
export function portNumberServerMessages(port: number): string[] {
  return port >= 1 && port <= 65535 ? [] : ['must be between 1 and 65535, inclusive'];
}

// --- Object names and generateName ------------------------------------------------------------------

/** Length of the generateName base the server keeps before appending 5 random characters (names.go). */
export const MAX_GENERATED_NAME_BASE_LENGTH = 58;

/**
 * The name the server validates for a `generateName` prefix (NameIsDNSSubdomain with prefix=true): a
 * trailing `-` is masked the way apimachinery's maskTrailingDash does it (the two last characters
 * become `a`, a quirk kept here so the verdict matches).
 */
export function maskTrailingDash(prefix: string): string {
  return prefix.length > 1 && prefix.endsWith('-') ? `${prefix.slice(0, -2)}a` : prefix;
}

/** The name the server generates from `generateName` (base cut at 58 characters, then 5 random [a-z0-9]). */
export function generatedNameFor(prefix: string): string {
  return `${prefix.slice(0, MAX_GENERATED_NAME_BASE_LENGTH)}xxxxx`;
}
