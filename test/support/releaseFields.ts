// The field paths of one Kubernetes release, from the committed generated files: schemas/fields.json lists
// the newest release, schemas/field-versions.json the first and last release of every other field.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FieldPath, KindName } from '../../server/src/service/types';
import { REPO_ROOT } from './shared';

type Availability = { since?: string; until?: string };

const read = <T>(name: string): T => JSON.parse(readFileSync(join(REPO_ROOT, 'schemas', name), 'utf8')) as T;
const NEWEST_FIELDS = read<Record<KindName, Record<string, string>>>('fields.json');
const VERSIONS = read<Record<KindName, Record<string, Availability>>>('field-versions.json');

const minorOf = (release: string | undefined, otherwise: number): number => (release ? Number(release.split('.')[1]) : otherwise);

/** Every field path (`spec.template.spec.containers[].name` style) of `kind` in Kubernetes 1.<minor>. */
export function fieldsInRelease(kind: KindName, minor: number): Set<string> {
  const paths = new Set<string>();
  for (const path of new Set([...Object.keys(NEWEST_FIELDS[kind]), ...Object.keys(VERSIONS[kind])])) {
    const availability = VERSIONS[kind][path] ?? {};
    if (!(path in NEWEST_FIELDS[kind]) && !availability.until) continue;
    if (minor >= minorOf(availability.since, 0) && minor <= minorOf(availability.until, Infinity)) paths.add(path);
  }
  return paths;
}

/** A feature-gate pattern (`['spec', 'containers', '*', 'name']`) as a schema path (`spec.containers[].name`). */
export function patternPath(pattern: FieldPath): string {
  let out = '';
  for (const segment of pattern) out += segment === '*' ? '[]' : out ? `.${String(segment)}` : String(segment);
  return out;
}
