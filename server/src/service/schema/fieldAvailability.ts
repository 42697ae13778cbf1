// Fields the chosen Kubernetes release does not know: added later (`since`), or already removed
// (`until`), from the generated table schemas/field-versions.json. The schema itself is the newest release's.
import fieldVersions from '../../../../schemas/field-versions.json';
import { jobSpecLocationAt } from '../kube/jobSpec';
import type { FieldPath, Finding, Json, KindName, RuleCode, RuleContext } from '../types';

interface Availability {
  since?: string;
  until?: string;
  type?: string;
  values?: Record<string, string>;
}

const TABLE = fieldVersions as unknown as Record<KindName, Record<string, Availability>>;

export const FIELD_AVAILABILITY_CODES: readonly RuleCode[] = [
  {
    code: 'version/field-not-in-release',
    severity: 'warning',
    title: 'The field does not exist yet in the chosen Kubernetes release',
    mirrors: 'strict field validation (unknown field) / decoding drops it',
  },
  {
    code: 'version/value-not-in-release',
    severity: 'warning',
    title: 'The value is not supported yet in the chosen Kubernetes release',
    mirrors: 'the release’s enum validation',
  },
];

const HREF = 'https://kubernetes.io/docs/reference/using-api/deprecation-guide/';

function minorOfRelease(release: string): number {
  return Number(release.split('.')[1]);
}

/** `spec.template.spec.containers[0].name` -> `spec.template.spec.containers[].name` */
export function schemaPathOf(path: FieldPath): string {
  let out = '';
  for (const segment of path) out += typeof segment === 'number' ? '[]' : out ? `.${segment}` : segment;
  return out;
}

export function availabilityOf(kind: KindName, path: FieldPath): Availability | undefined {
  return TABLE[kind]?.[schemaPathOf(path)];
}

/**
 * The schema paths under which a finding can arise in 1.<minor>: every entry newer than the release (or
 * with a value newer than it), and each of its prefixes that ends before a `.` or `[`. The walk descends
 * only into these, so an object in the newest release (nothing newer) is not walked at all.
 */
function relevantPrefixes(kind: KindName, minor: number): ReadonlySet<string> {
  const key = `${kind}|${minor}`;
  const known = PREFIXES.get(key);
  if (known) return known;
  const prefixes = new Set<string>();
  for (const [schemaPath, availability] of Object.entries(TABLE[kind] ?? {})) {
    const newer = (release: string | undefined) => release !== undefined && minorOfRelease(release) > minor;
    if (!newer(availability.since) && !Object.values(availability.values ?? {}).some(newer)) continue;
    for (let index = 1; index < schemaPath.length; index++) {
      if (schemaPath[index] === '.' || schemaPath[index] === '[') prefixes.add(schemaPath.slice(0, index));
    }
    prefixes.add(schemaPath);
  }
  PREFIXES.set(key, prefixes);
  return prefixes;
}

const PREFIXES = new Map<string, ReadonlySet<string>>();

export function checkFieldAvailability(context: RuleContext): Finding[] {
  const findings: Finding[] = [];
  const table = TABLE[context.kind] ?? {};
  const relevant = relevantPrefixes(context.kind, context.minor);
  if (relevant.size === 0) return findings;
  // The schema path is built along the walk (not re-joined for every key): this runs on every object. A
  // path no newer entry starts with holds no finding below it, and is not walked.
  const visit = (value: Json, path: (string | number)[], schemaPath: string): void => {
    if (Array.isArray(value)) {
      const itemSchemaPath = `${schemaPath}[]`;
      if (relevant.has(itemSchemaPath)) value.forEach((item, index) => visit(item, [...path, index], itemSchemaPath));
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    for (const [key, child] of Object.entries(value)) {
      const childSchemaPath = schemaPath ? `${schemaPath}.${key}` : key;
      if (!relevant.has(childSchemaPath)) continue;
      const childPath = [...path, key];
      const availability = table[childSchemaPath];
      if (availability?.since && minorOfRelease(availability.since) > context.minor) {
        findings.push({
          code: 'version/field-not-in-release',
          severity: 'warning',
          message:
            `\`${key}\` exists from Kubernetes ${availability.since}; a 1.${context.minor} API server does not know it. ` +
            (jobSpecLocationAt(context.kind, childPath)?.createdBy
              ? `The ${context.kind} keeps it (its CRD knows the field), but that server drops it, silently, from each Job the JobSet controller creates. `
              : 'With strict field validation (the kubectl default) it rejects the object; otherwise it drops the field silently. ') +
            'Raise `kubeassist.kubernetesVersion` if your cluster is newer, or remove the field.',
          path: childPath,
          anchor: 'key',
          href: HREF,
        });
        continue;
      }
      const since = typeof child === 'string' ? availability?.values?.[child] : undefined;
      if (since && minorOfRelease(since) > context.minor) {
        findings.push({
          code: 'version/value-not-in-release',
          severity: 'warning',
          message: `\`${child}\` is accepted from Kubernetes ${since}; a 1.${context.minor} API server rejects it. Raise \`kubeassist.kubernetesVersion\` if your cluster is newer.`,
          path: childPath,
          href: HREF,
        });
      }
      visit(child, childPath, childSchemaPath);
    }
  };
  visit(context.object, [], '');
  return findings;
}

/** Whether `path` is, or lies inside, a field that 1.<minor> does not have yet (the field gets this check's warning). */
export function insideNewerField(kind: KindName, path: FieldPath, minor: number): boolean {
  const table = TABLE[kind] ?? {};
  let schemaPath = '';
  for (const segment of path) {
    schemaPath += typeof segment === 'number' ? '[]' : schemaPath ? `.${segment}` : segment;
    const since = table[schemaPath]?.since;
    if (since && minorOfRelease(since) > minor) return true;
  }
  return false;
}

/** For an unknown field of the newest schema: the last release that had it, if it was removed. */
export function removedIn(kind: KindName, path: FieldPath): string | undefined {
  return availabilityOf(kind, path)?.until;
}
