// Reading the objects a user pastes (`kubectl get -o yaml|json`, a `List`, a JobList, PodList or EventList) as
// plain data: never trusting a shape, never throwing. Times are RFC 3339 strings the API server writes
// (metav1.Time: whole seconds; metav1.MicroTime for events.k8s.io/v1 eventTime); a time that does not parse is
// reported once per field and left out.

export type Obj = Record<string, unknown>;

export function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function obj(value: unknown): Obj {
  return isObj(value) ? value : {};
}

export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** An integer field as the API server stores it (int32/int64): a JSON number that is whole, else undefined. */
export function int(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:?\d{2})$/;

/** Epoch seconds of an RFC 3339 time (fractions kept), or undefined. */
export function parseTime(text: string): number | undefined {
  if (!RFC3339.test(text)) return undefined;
  const millis = Date.parse(text.toUpperCase().replace(' ', 'T'));
  return Number.isNaN(millis) ? undefined : millis / 1000;
}

/** RFC 3339 in UTC, whole seconds (as status times are written). */
export function rfc3339(seconds: number): string {
  return new Date(Math.floor(seconds) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Collects the sentences about input that could not be read (bad times), each once. */
export class Notes {
  private readonly seen = new Set<string>();
  readonly list: string[] = [];

  add(sentence: string): void {
    if (this.seen.has(sentence)) return;
    this.seen.add(sentence);
    this.list.push(sentence);
  }

  /** The time at `field` of `owner`, or undefined (with a note when it is there but does not parse). */
  time(value: unknown, owner: string, field: string): number | undefined {
    if (value === undefined || value === null || value === '') return undefined;
    const parsed = typeof value === 'string' ? parseTime(value) : undefined;
    if (parsed === undefined) this.add(`${owner}: ${field} ${JSON.stringify(value).slice(0, 60)} is not an RFC 3339 time; that time is left out.`);
    return parsed;
  }
}

/** `Job/ns/name` as the report names an object. */
export function label(kind: string, namespace: string | undefined, name: string | undefined): string {
  return `${kind} ${namespace ? `${namespace}/` : ''}${name ?? '(no name)'}`;
}

/** Durations in words: `40s`, `5m`, `2h 30m`, `3d 4h`. */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return s % 60 ? `${Math.floor(s / 60)}m ${s % 60}s` : `${s / 60}m`;
  if (s < 86400) return (s % 3600) >= 60 ? `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m` : `${Math.floor(s / 3600)}h`;
  const hours = Math.floor((s % 86400) / 3600);
  return hours ? `${Math.floor(s / 86400)}d ${hours}h` : `${Math.floor(s / 86400)}d`;
}

export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
