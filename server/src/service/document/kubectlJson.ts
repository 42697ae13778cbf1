// The JSON kubectl sends for a YAML document: go-yaml v2 decoding into interface{} (gopkg.in/yaml.v2
// decode.go: aliases, merge keys where they stand, the "excessive aliasing" guard), then sigs.k8s.io/yaml
// `convertToJSONableObject` (map keys to strings) and encoding/json `Marshal` (no NaN or infinity). Where
// kubectl refuses the document, a KubectlRefusal says why and where. Our own port of their behaviour;
// test/yaml-oracle checks it against the real thing.
import { isAlias, isMap, isPair, isScalar, isSeq, visit, type Alias, type Document, type Node, type Scalar } from 'yaml';
import { goKeyString, goScalar, goScalarJson, plainIsString, type GoScalar } from './goYaml';

/** kubectl refuses the document: go-yaml's or encoding/json's message, and the offending node's range. */
export class KubectlRefusal extends Error {
  constructor(
    message: string,
    readonly start: number,
    readonly end: number,
    /** What kind of refusal: an alias problem, a value JSON cannot hold, or a key that cannot be a field name. */
    readonly reason: 'alias' | 'anchor-name' | 'excessive-aliasing' | 'not-json' | 'map-key' | 'tag' | 'merge',
  ) {
    super(message);
  }
}

/** Where each alias points: the last node before it with its anchor (go-yaml registers anchors as it parses). */
export type AliasTargets = Map<Alias, Node | undefined>;

/** go-yaml's anchor and alias names (scannerc.go yaml_parser_scan_anchor): ASCII letters, digits, `_` and `-`. */
const GO_ANCHOR_NAME = /^[A-Za-z0-9_-]+$/;

/** The first anchor or alias whose name go-yaml refuses ("did not find expected alphabetic or numeric character"). */
export function badAnchorName(document: Document, text: string): KubectlRefusal | undefined {
  let found: KubectlRefusal | undefined;
  visit(document, {
    Node(_, node) {
      let name: string | undefined;
      let start = -1;
      if (isAlias(node)) {
        name = node.source;
        start = node.range?.[0] ?? -1;
      } else if ((isScalar(node) || isMap(node) || isSeq(node)) && node.anchor) {
        name = node.anchor;
        start = text.lastIndexOf(`&${name}`, node.range?.[0] ?? text.length);
      }
      if (name === undefined || GO_ANCHOR_NAME.test(name) || start < 0) return undefined;
      found = new KubectlRefusal('did not find expected alphabetic or numeric character', start, start + name.length + 1, 'anchor-name');
      return visit.BREAK;
    },
  });
  return found;
}

export function aliasTargets(document: Document): AliasTargets {
  const targets: AliasTargets = new Map();
  const anchors = new Map<string, Node>();
  visit(document, {
    Node(_, node) {
      if (isAlias(node)) targets.set(node, anchors.get(node.source));
      else if ((isScalar(node) || isMap(node) || isSeq(node)) && node.anchor) anchors.set(node.anchor, node);
      return undefined;
    },
  });
  return targets;
}

/** A float that JSON cannot hold, kept in place until encoding/json meets it (a later key may replace it). */
class NotJson {
  constructor(readonly node: Node) {}
}

type Decoded = null | boolean | number | string | NotJson | Decoded[] | { [key: string]: Decoded };

// decode.go allowedAliasRatio: how much of a document may come from alias expansion.
const ALIAS_RATIO_LOW = 400_000;
const ALIAS_RATIO_HIGH = 4_000_000;

function allowedAliasRatio(decodeCount: number): number {
  if (decodeCount <= ALIAS_RATIO_LOW) return 0.99;
  if (decodeCount >= ALIAS_RATIO_HIGH) return 0.1;
  return 0.99 - 0.89 * ((decodeCount - ALIAS_RATIO_LOW) / (ALIAS_RATIO_HIGH - ALIAS_RATIO_LOW));
}

function rangeOf(node: unknown): [number, number] {
  const range = (node as { range?: [number, number, number] } | null)?.range;
  return range ? [range[0], range[1]] : [0, 0];
}

/**
 * Thrown by a Decoder that watches names when it meets an alias or an anchor whose name go-yaml refuses: the
 * caller then checks the names in document order first (badAnchorName), as go-yaml's scanner meets them.
 */
class NamesToCheck extends Error {}

/** Decodes nodes as go-yaml does, counting as it counts. */
class Decoder {
  private decodeCount = 0;
  private aliasCount = 0;
  private aliasDepth = 0;
  private readonly expanding = new Set<Alias>();
  /** The alias whose expansion is under way at the top: where an "alias bomb" is reported. */
  private outermost: Alias | undefined;
  /** A value JSON cannot hold was decoded: encoding/json's pass (`marshal`) must look for it. */
  notJson = false;
  /** A map field was set to null (toServerJson drops such fields; without any, its copy is the same JSON). */
  nullFields = false;

  private targets: AliasTargets | undefined;

  /**
   * `watchNames`: throw NamesToCheck at an alias or a refused anchor name (acceptedWithoutAliases). `build`:
   * make the JSON; without it the decoder only throws where go-yaml refuses, in the same order, and notes a
   * value JSON cannot hold (whether it stays is for the built value to say).
   */
  constructor(
    private readonly document: Document,
    private readonly watchNames = false,
    private readonly build = true,
  ) {}

  /** An alias or anchor on the node, when the decoder watches names: a NamesToCheck unless go-yaml takes its name. */
  private named(node: unknown): void {
    if (!this.watchNames) return;
    if (isAlias(node) || ((isScalar(node) || isMap(node) || isSeq(node)) && node.anchor && !GO_ANCHOR_NAME.test(node.anchor))) throw new NamesToCheck();
  }

  decode(node: unknown): Decoded {
    this.named(node);
    this.count(node);
    if (node === null || node === undefined) return null;
    if (isAlias(node)) return this.throughAlias(node, (target) => this.decode(target));
    if (isScalar(node)) return this.build ? this.scalar(node) : this.checkScalar(node);
    if (isMap(node)) return this.mapping(node, {});
    if (isSeq(node)) {
      if (this.build) return node.items.map((item) => (isPair(item) ? this.mapping({ items: [item] } as never, {}) : this.decode(item)));
      for (const item of node.items) {
        if (isPair(item)) this.mapping({ items: [item] } as never, {});
        else this.decode(item);
      }
      return null;
    }
    if (isPair(node)) return this.mapping({ items: [node] } as never, {});
    return null;
  }

  private count(node: unknown): void {
    this.decodeCount++;
    if (this.aliasDepth > 0) this.aliasCount++;
    if (this.aliasCount > 100 && this.decodeCount > 1000 && this.aliasCount / this.decodeCount > allowedAliasRatio(this.decodeCount)) {
      const [start, end] = rangeOf(this.outermost ?? node);
      throw new KubectlRefusal('document contains excessive aliasing', start, end, 'excessive-aliasing');
    }
  }

  private throughAlias<T>(alias: Alias, then: (target: Node) => T): T {
    const [start, end] = rangeOf(alias);
    // Where aliases point is looked up on the first one: most documents have none.
    const target = (this.targets ??= targetsOf(this.document)).get(alias);
    if (!target) throw new KubectlRefusal(`unknown anchor '${alias.source}' referenced`, start, end, 'alias');
    if (this.expanding.has(alias)) throw new KubectlRefusal(`anchor '${alias.source}' value contains itself`, start, end, 'alias');
    this.expanding.add(alias);
    if (this.aliasDepth === 0) this.outermost = alias;
    this.aliasDepth++;
    try {
      return then(target);
    } finally {
      this.aliasDepth--;
      this.expanding.delete(alias);
    }
  }

  private resolved(node: Scalar): GoScalar {
    const scalar = goScalar(scalarSource(node), node.type === 'PLAIN', node.tag);
    if ('refused' in scalar) {
      const [start, end] = rangeOf(node);
      throw new KubectlRefusal(scalar.refused, start, end, 'tag');
    }
    return scalar;
  }

  private scalar(node: Scalar): Decoded {
    const scalar = this.resolved(node);
    if (scalar.kind === 'float' && !Number.isFinite(scalar.value)) {
      this.notJson = true;
      return new NotJson(node);
    }
    return goScalarJson(scalar);
  }

  /** `scalar` without the value: an untagged quoted scalar, or a plain one go-yaml reads as a string, is never refused. */
  private checkScalar(node: Scalar): null {
    if (!node.tag && (node.type !== 'PLAIN' || plainIsString(scalarSource(node)))) return null;
    const scalar = this.resolved(node);
    if (scalar.kind === 'float' && !Number.isFinite(scalar.value)) this.notJson = true;
    return null;
  }

  /** decode.go `mapping`: pairs in order, a merge key applied where it stands. */
  private mapping(map: { items: unknown[] }, out: { [key: string]: Decoded }): { [key: string]: Decoded } {
    for (const item of map.items) {
      if (!isPair(item)) continue;
      if (isMergeKey(item.key)) {
        this.named(item.key);
        this.merge(item.value, out);
        continue;
      }
      const key = this.key(item.key);
      const value = this.decode(item.value);
      if (!this.build) continue;
      if (value === null) this.nullFields = true;
      setField(out, key, value);
    }
    return out;
  }

  private key(node: unknown): string {
    this.named(node);
    this.count(node);
    // A string key needs no check (goKeyString refuses only null, uint64 and collection keys).
    if (!this.build && isScalar(node) && !node.tag && (node.type !== 'PLAIN' || plainIsString(scalarSource(node)))) return '';
    const [start, end] = rangeOf(node);
    let scalar: GoScalar;
    if (node === null || node === undefined) scalar = { kind: 'null' };
    else if (isScalar(node)) scalar = this.resolved(node);
    else if (isAlias(node)) return this.throughAlias(node, (target) => this.key(target));
    else throw new KubectlRefusal(`invalid map key: ${isMap(node) ? 'a mapping' : 'a sequence'}`, start, end, 'map-key');
    const text = goKeyString(scalar);
    if (typeof text !== 'string') throw new KubectlRefusal(text.refused, start, end, 'map-key');
    return text;
  }

  /** decode.go `merge`: a mapping, an alias of one, or a list of them (the first one wins). */
  private merge(value: unknown, out: { [key: string]: Decoded }): void {
    const [start, end] = rangeOf(value);
    const refuse = (): never => {
      throw new KubectlRefusal('map merge requires map or sequence of maps as the value', start, end, 'merge');
    };
    const into = (node: unknown): void => {
      this.named(node);
      this.count(node);
      if (isMap(node)) this.mapping(node, out);
      else if (isAlias(node)) this.throughAlias(node, (target) => (isMap(target) ? into(target) : refuse()));
      else refuse();
    };
    if (isMap(value) || isAlias(value)) into(value);
    else if (isSeq(value)) {
      this.named(value);
      for (let i = value.items.length - 1; i >= 0; i--) into(value.items[i]);
    }
    else refuse();
  }
}

function isMergeKey(key: unknown): boolean {
  return isScalar(key) && scalarSource(key) === '<<' && ((key.type === 'PLAIN' && !key.tag) || key.tag === 'tag:yaml.org,2002:merge');
}

/** A scalar's string value before tag resolution (what go-yaml resolves). */
/**
 * The Go value go-yaml decodes a scalar map key to, as a string that is equal exactly when the Go values are
 * (interface equality: same type, same value), with the JSON field name sigs.k8s.io/yaml makes of it; undefined
 * for a key that is not a scalar or that kubectl refuses. NaN is equal to nothing, not even itself.
 */
export function goKeyIdentity(node: unknown): { identity: string; field: string; kind: GoScalar['kind'] } | undefined {
  if (!isScalar(node)) return undefined;
  const scalar = goScalar(scalarSource(node), node.type === 'PLAIN', node.tag);
  if ('refused' in scalar) return undefined;
  const field = goKeyString(scalar);
  if (typeof field !== 'string') return undefined;
  const value = scalar.kind === 'null' ? '' : scalar.kind === 'float' && Number.isNaN(scalar.value) ? `NaN@${rangeOf(node)[0]}` : String(scalar.value);
  return { identity: `${scalar.kind}:${value}`, field, kind: scalar.kind };
}

function scalarSource(node: Scalar): string {
  return typeof node.source === 'string' ? node.source : String(node.value ?? '');
}

/** encoding/json Marshal: the first value that JSON cannot hold refuses the whole document. */
function marshal(value: Decoded): unknown {
  if (value instanceof NotJson) {
    const [start, end] = rangeOf(value.node);
    const scalar = isScalar(value.node) ? goScalar(scalarSource(value.node), value.node.type === 'PLAIN', value.node.tag) : undefined;
    const number = scalar && 'kind' in scalar && scalar.kind === 'float' ? scalar.value : NaN;
    const shown = Number.isNaN(number) ? 'NaN' : number > 0 ? '+Inf' : '-Inf';
    throw new KubectlRefusal(`json: unsupported value: ${shown}`, start, end, 'not-json');
  }
  if (Array.isArray(value)) return value.map(marshal);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) setField(out, key, marshal(item));
    return out;
  }
  return value;
}

/**
 * The JSON kubectl sends for `node` (the document's contents by default), nulls included; throws a
 * KubectlRefusal where kubectl refuses the document. The result may be shared: do not change it.
 */
export function kubectlJson(document: Document, node: unknown = document.contents): unknown {
  return converted(document, node).json;
}

/** A conversion's JSON, and whether a map field in it may be null. */
export interface Converted {
  json: unknown;
  nullFields: boolean;
}

/**
 * The conversion kubectlJson keeps of the whole document (made now if need be; any other node's is made for the
 * caller), for a reader that changes nothing of it and keeps no part of it once done.
 */
export function keptConversion(document: Document, node: unknown = document.contents): Converted {
  return converted(document, node);
}

/**
 * The JSON of `node` as kubectlJson gives it, now owned by the caller (it may change it): the whole
 * document's conversion made earlier (by the refusal check) is handed over and forgotten, any other is
 * made for the caller.
 */
export function claimConverted(document: Document, node: unknown = document.contents): Converted {
  if (node === document.contents) {
    const known = conversions.get(document);
    if (known) {
      conversions.delete(document);
      return known;
    }
  }
  return convert(document, node);
}

/**
 * True when kubectl accepts the document and it has no alias and no anchor name go-yaml refuses: one
 * conversion settles it, and with `keep` its JSON is kept as kubectlJson keeps it. False when that is not
 * settled so (an alias, a refused name or a refusal): the caller asks badAnchorName, then kubectlJson, which
 * say what kubectl says first.
 */
export function acceptedWithoutAliases(document: Document, keep = true): boolean {
  if (conversions.has(document)) return true;
  try {
    if (keep) conversions.set(document, convert(document, document.contents, true));
    else check(document, true);
    return true;
  } catch (error) {
    if (error instanceof NamesToCheck || error instanceof KubectlRefusal) return false;
    throw error;
  }
}

/**
 * Throws what kubectlJson throws for the whole document, without keeping its JSON and mostly without making
 * it: for a document whose JSON nothing reads (no object of ours), where only kubectl's refusal matters.
 */
export function refuseAsKubectl(document: Document): void {
  if (!conversions.has(document)) check(document, false);
}

function check(document: Document, watchNames: boolean): void {
  const decoder = new Decoder(document, watchNames, false);
  decoder.decode(document.contents);
  // Whether a value JSON cannot hold stays (a later key may replace it) is for encoding/json on the made value.
  if (decoder.notJson) convert(document, document.contents, watchNames);
}

function converted(document: Document, node: unknown): Converted {
  if (node !== document.contents) return convert(document, node);
  let known = conversions.get(document);
  if (!known) conversions.set(document, (known = convert(document, node)));
  return known;
}

function convert(document: Document, node: unknown, watchNames = false): Converted {
  const decoder = new Decoder(document, watchNames);
  const decoded = decoder.decode(node);
  // Without a value JSON cannot hold, encoding/json's pass would only copy the decoded value.
  return { json: decoder.notJson ? marshal(decoded) : decoded, nullFields: decoder.nullFields };
}

/** Each document's JSON, once converted (the objects are read, never changed, until claimed), and where its aliases point. */
const conversions = new WeakMap<Document, Converted>();
const targets = new WeakMap<Document, AliasTargets>();
const aliasFree = new WeakSet<Document>();

/** Tells the converter that a document has no alias (its text has no `*`): no need to look for anchors. */
export function markAliasFree(document: Document): void {
  aliasFree.add(document);
}

function targetsOf(document: Document): AliasTargets {
  let found = targets.get(document);
  if (!found) targets.set(document, (found = aliasFree.has(document) ? new Map() : aliasTargets(document)));
  return found;
}

/** Sets a field, `__proto__` included (a key like any other in JSON). */
export function setField(object: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}
