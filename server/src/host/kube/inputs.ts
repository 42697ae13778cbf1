// The objects a live read returned, as the texts `kubectl get -o json` would have printed: each Job and CronJob a
// text of its own (its findings then name it), the Pods and events together as one `List`. The diagnose command
// reads them exactly as it reads the same output saved to files.
export interface LiveText {
  text: string;
  /** How notes and findings name it: `<cluster>/job/pi`. */
  name: string;
}

export function liveTexts(objects: readonly unknown[]): LiveText[] {
  const texts: LiveText[] = [];
  const rest: unknown[] = [];
  for (const object of objects) {
    const o = object as { kind?: unknown; metadata?: { name?: unknown } };
    if (o.kind === 'Job' || o.kind === 'CronJob') texts.push({ text: JSON.stringify(object, null, 2), name: `<cluster>/${String(o.kind).toLowerCase()}/${String(o.metadata?.name ?? '')}` });
    else rest.push(object);
  }
  if (rest.length > 0) texts.push({ text: JSON.stringify({ apiVersion: 'v1', kind: 'List', items: rest }), name: '<cluster>/pods-and-events' });
  return texts;
}
