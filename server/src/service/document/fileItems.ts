// Things read per document and listed for the whole file, in order (the objects that get code lenses, the objects
// Explain and Simulate can speak of, the objects the status bar counts). The requests that follow a keystroke ask
// for such a list of the whole file; kept per file model, the list is brought up to date from the edit alone
// (FileModel.changeSince): the edited documents are read, the items of the documents they replaced go, and those
// after them move by the edit's lines. A pass over every document only when the edit cannot say (the first
// request, several changes at once, a file past the size limit).
import type { FileModel, PlacedDocument } from './fileModel';
import { firstAtOrAfter } from './lines';
import type { YamlDocument } from './yamlDocument';

/** How a kind of item is read and placed. Each item's `line` lies within its document's lines. */
export interface ItemReader<Item extends { line: number }> {
  /** The items of one document, placed at its first line (`firstLine`). An item moves with its document by its `line`. */
  read(model: FileModel, doc: YamlDocument, firstLine: number): readonly Item[];
  /** Whether two items say the same: a list whose edited part says what it said keeps its identity. */
  same?(a: Item, b: Item): boolean;
}

interface Listing<Item> {
  documents: readonly PlacedDocument[];
  limit: number;
  /** Every document ended within the limit: the items are the whole file's. */
  whole: boolean;
  items: readonly Item[];
}

export class FileItems<Item extends { line: number }> {
  private readonly kept = new WeakMap<FileModel, Listing<Item>>();

  constructor(private readonly reader: ItemReader<Item>) {}

  /**
   * The items of the documents that end within the first `limit` characters, in file order. The same array as last
   * time when nothing in it changed (with `same`), so that a front door can tell an unchanged answer by identity.
   */
  list(model: FileModel, limit = Infinity): readonly Item[] {
    const documents = model.documents;
    const last = this.kept.get(model);
    if (last && last.documents === documents && last.limit === limit) return last.items;
    const whole = !model.pastLimit(limit);
    const change = last?.whole && whole && last.limit === limit ? model.changeSince(last.documents) : undefined;
    let items = last && change ? this.spliced(model, last, change) : this.readAll(model, documents, limit);
    if (last && items !== last.items && sameItems(items, last.items, this.reader.same)) items = last.items;
    this.kept.set(model, { documents, limit, whole, items });
    return items;
  }

  private readAll(model: FileModel, documents: readonly PlacedDocument[], limit: number): readonly Item[] {
    const items: Item[] = [];
    for (const { slice, doc } of documents) {
      if (slice.offset + slice.text.length > limit) break;
      for (const item of this.reader.read(model, doc, slice.line)) items.push(item);
    }
    return items;
  }

  private spliced(model: FileModel, last: Listing<Item>, { first, removed, inserted, lineDelta }: NonNullable<ReturnType<FileModel['changeSince']>>): readonly Item[] {
    const old = last.items;
    // The items of the replaced documents lie between their first line and the first line of the document after them.
    const start = firstAtOrAfter(old, last.documents[first]?.slice.line ?? Infinity);
    const end = firstAtOrAfter(old, last.documents[first + removed]?.slice.line ?? Infinity);
    const made: Item[] = [];
    for (const { slice, doc } of model.documents.slice(first, first + inserted)) for (const item of this.reader.read(model, doc, slice.line)) made.push(item);
    if (!lineDelta && sameItems(made, old.slice(start, end), this.reader.same)) return old;
    const after = old.slice(end);
    return [...old.slice(0, start), ...made, ...(lineDelta ? after.map((item) => ({ ...item, line: item.line + lineDelta })) : after)];
  }
}

function sameItems<Item>(a: readonly Item[], b: readonly Item[], same: ((x: Item, y: Item) => boolean) | undefined): boolean {
  return !!same && a.length === b.length && a.every((item, i) => same(item, b[i]));
}
