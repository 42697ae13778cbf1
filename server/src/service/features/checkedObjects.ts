// The objects of a document that get checked (a Job, CronJob, CSIDriver, JobSet, training runtime: `classify`), with
// where they start, read once per document text. The code lenses, explain, simulate and the status bar's count
// ask for them over the whole file after each edit; a document whose text did not change answers from here
// without reading its text or its summaries again.
import type { YamlDocument } from '../document/yamlDocument';
import type { ResourceSummary } from '../document/resources';
import { classify, mayNameOurKinds } from '../kube/resources';
import type { KindName } from '../types';

export interface CheckedObject {
  /** The object's index among the document's resources (`doc.resources`, `doc.resourceSummaries`). */
  index: number;
  /** Zero-based line of its first key, in the document. */
  line: number;
  kind: KindName;
  summary: ResourceSummary;
}

const cache = new WeakMap<YamlDocument, readonly CheckedObject[]>();

/** The checked objects of a document (none when its text cannot name one of our kinds: `mayNameOurKinds`). */
export function checkedObjects(doc: YamlDocument): readonly CheckedObject[] {
  const known = cache.get(doc);
  if (known) return known;
  const found: CheckedObject[] = [];
  if (mayNameOurKinds(doc.text)) {
    doc.resourceSummaries.forEach((summary, index) => {
      const classification = classify(summary.apiVersion, summary.kind);
      if (classification.status === 'checked') found.push({ index, line: doc.lines.positionAt(summary.offset).line, kind: classification.kind, summary });
    });
  }
  cache.set(doc, found);
  return found;
}
