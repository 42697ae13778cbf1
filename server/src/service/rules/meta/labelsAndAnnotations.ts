// ValidateLabels and ValidateAnnotations (apimachinery), shared by object metadata and pod templates.
// The server reports every problem at the map's path without the key (`metadata.labels`); we point at
// the offending key or value itself so the user sees which one, and quote the server's path in the message.
import { isObject } from '../../kube/defaults';
import {
  byteLength, labelValueProblems, labelValueServerMessages, qualifiedNameProblems, qualifiedNameServerMessages,
} from '../../kube/names';
import type { FieldPath, Finding, Json } from '../../types';
import { HREF, listProblems, serverError, serverSays } from './report';

/** TotalAnnotationSizeLimitB: keys plus values, in bytes. */
export const TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024;

export interface MapLocation {
  /** Where the map is in the manifest, e.g. ['spec', 'template', 'metadata', 'labels']. */
  at: FieldPath;
  /** The path the server prints for it, e.g. 'spec.template.labels'. */
  printed: string;
  /** Whose map it is, for messages: 'The Job', 'The pod template'. */
  owner: string;
}

export interface LabelCodes {
  key: string;
  value: string;
}

export interface AnnotationCodes {
  key: string;
  size: string;
}

export function labelFindings(labels: Json | undefined, where: MapLocation, codes: LabelCodes, note = ''): Finding[] {
  if (!isObject(labels)) return [];
  const findings: Finding[] = [];
  for (const [key, value] of Object.entries(labels)) {
    const keyProblems = qualifiedNameProblems(key);
    if (keyProblems.length) {
      const server = qualifiedNameServerMessages(key).map((detail) => serverError(where.printed, 'Invalid value', key, detail));
      findings.push({
        code: codes.key,
        severity: 'error',
        path: [...where.at, key],
        anchor: 'key',
        message: `Label key \`${key}\` is not a valid label key: ${listProblems(keyProblems)}. A label key is an optional DNS-subdomain prefix and \`/\`, then a name of at most 63 letters, digits, \`-\`, \`_\` or \`.\` that starts and ends with a letter or digit. ${where.owner} is rejected; rename the key (for example \`app.kubernetes.io/name\`). ${serverSays(server)}${note}`,
        href: HREF.labels,
      });
    }
    if (typeof value !== 'string') continue; // a non-string value is the schema check's finding
    const valueProblems = labelValueProblems(value);
    if (valueProblems.length) {
      const server = labelValueServerMessages(value).map((detail) => serverError(where.printed, 'Invalid value', value, detail));
      findings.push({
        code: codes.value,
        severity: 'error',
        path: [...where.at, key],
        message: `The value of label \`${key}\` is not a valid label value: ${listProblems(valueProblems)}. A label value is empty or at most 63 letters, digits, \`-\`, \`_\` or \`.\`, starting and ending with a letter or digit. ${where.owner} is rejected; shorten or rewrite the value, or keep free text in an annotation instead. ${serverSays(server)}${note}`,
        href: HREF.labels,
      });
    }
  }
  return findings;
}

export function annotationFindings(annotations: Json | undefined, where: MapLocation, codes: AnnotationCodes): Finding[] {
  if (!isObject(annotations)) return [];
  const findings: Finding[] = [];
  let totalSize = 0;
  for (const [key, value] of Object.entries(annotations)) {
    totalSize += byteLength(key) + (typeof value === 'string' ? byteLength(value) : 0);
    // Case does not matter in annotation keys: the server lower-cases them before the check.
    const keyProblems = qualifiedNameProblems(key.toLowerCase());
    if (!keyProblems.length) continue;
    const server = qualifiedNameServerMessages(key.toLowerCase()).map((detail) => serverError(where.printed, 'Invalid value', key, detail));
    findings.push({
      code: codes.key,
      severity: 'error',
      path: [...where.at, key],
      anchor: 'key',
      message: `Annotation key \`${key}\` is not valid: ${listProblems(keyProblems)}. An annotation key has the label-key syntax (an optional DNS-subdomain prefix and \`/\`, then a name of at most 63 letters, digits, \`-\`, \`_\` or \`.\` starting and ending with a letter or digit); only its case is free. ${where.owner} is rejected; rename the key. ${serverSays(server)}`,
      href: HREF.annotations,
    });
  }
  if (totalSize > TOTAL_ANNOTATION_SIZE_LIMIT) {
    findings.push({
      code: codes.size,
      severity: 'error',
      path: where.at,
      anchor: 'key',
      message: `The annotations add up to ${totalSize} bytes (keys plus values), more than the ${TOTAL_ANNOTATION_SIZE_LIMIT} bytes (256 KiB) the server allows. ${where.owner} is rejected; move large data to a ConfigMap or Secret. ${serverSays([serverError(where.printed, 'Too long', undefined, `may not be more than ${TOTAL_ANNOTATION_SIZE_LIMIT} bytes`)])}`,
      href: HREF.annotations,
    });
  }
  return findings;
}
