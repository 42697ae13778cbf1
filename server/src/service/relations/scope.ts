// Which objects are deployed together: the scope of a file. A template of a Helm chart belongs to the release
// of its chart (a chart under another chart's `charts/` folder renders into the parent's release); a file a
// kustomization builds belongs to that kustomization (and to every kustomization that builds it through
// `resources`, `bases` or `components`); any other file belongs to its folder. Chart.yaml and kustomization
// files are read through the reader the front door supplies, as workspace/kustomize.ts reads them.
import { basename, dirname, join, sep } from 'node:path';
import { isMap, isScalar, type YAMLMap } from 'yaml';
import { items, kustomizationEntries, parseMap, scalarValue, type FileReader } from '../workspace/kustomize';

export interface Scope {
  kind: 'chart' | 'kustomization' | 'folder';
  /** The chart's folder, the kustomization file, or the folder. */
  root: string;
  /** A kustomization's `namespace`: every object it builds is put there. */
  namespace?: string;
  /**
   * The annotations that order creation (Helm hooks, Argo CD hooks and waves) the kustomization's build sets on
   * this file's objects over what is written: the `commonAnnotations` of the kustomization, of those it builds
   * on and of its components, as kustomize applies them (generated objects included).
   */
  annotations?: Record<string, string>;
  /** The build was too large to follow: which annotations it sets is not known. */
  unsettled?: true;
}

export function scopeId(scope: Scope): string {
  return `${scope.kind}:${scope.root}`;
}

/** One ConfigMap or Secret a kustomization generates. */
export interface Generated {
  kind: 'ConfigMap' | 'Secret';
  name: string;
  namespace?: string;
  /** Offsets of the name's value in the kustomization's text. */
  span: [number, number];
  /** The annotations kustomize gives it: the generator's own `options`, then `generatorOptions` for keys it lacks. */
  annotations: Record<string, string>;
  /** Its labels, likewise (`options.labels` over `generatorOptions.labels`). */
  labels: Record<string, string>;
}

interface Unit {
  path: string;
  namespace?: string;
  files: Set<string>;
  generated: Generated[];
  /**
   * The ordering annotations this kustomization's build sets on each file it reads (`commonAnnotations` of its
   * own, of the kustomizations it builds on and of its components, as kustomize applies them), or 'unsettled'
   * when the build was too large to follow.
   */
  built?: Map<string, Record<string, string>> | 'unsettled';
}

const MAX_DEPTH = 16;
/** How many steps one build may take (a kustomization read, a file's annotations set), at most. */
const MAX_BUILD_STEPS = 50_000;

export class Scopes {
  private kustomizations = new Set<string>();
  private units: Map<string, Unit> | undefined;
  private unitsOfFile: Map<string, Unit[]> | undefined;
  private readonly charts = new Map<string, string | null>();
  private readonly cache = new Map<string, Scope[]>();

  constructor(private readonly read: FileReader) {}

  /** The kustomization files of the workspace (a file is built by those that list it, directly or not). */
  setKustomization(path: string, present: boolean): void {
    const had = this.kustomizations.has(path);
    if (present) this.kustomizations.add(path);
    else this.kustomizations.delete(path);
    if (had !== present || present) this.forget();
  }

  /** Forgets what was read: a kustomization or a Chart.yaml changed. */
  forget(): void {
    this.units = undefined;
    this.unitsOfFile = undefined;
    this.charts.clear();
    this.cache.clear();
  }

  scopesOf(file: string): Scope[] {
    let scopes = this.cache.get(file);
    if (!scopes) {
      scopes = this.compute(file);
      this.cache.set(file, scopes);
    }
    return scopes;
  }

  /** The ConfigMaps and Secrets a kustomization file generates. */
  generatedBy(kustomization: string): Generated[] {
    return this.allUnits().get(kustomization)?.generated ?? [];
  }

  private compute(file: string): Scope[] {
    const chart = this.releaseOf(file);
    if (chart) return [{ kind: 'chart', root: chart }];
    this.allUnits();
    const units = this.unitsOfFile?.get(file);
    if (units?.length) {
      return units.map((unit) => {
        const annotations = unit.built === 'unsettled' ? undefined : unit.built?.get(file);
        return {
          kind: 'kustomization',
          root: unit.path,
          ...(unit.namespace ? { namespace: unit.namespace } : {}),
          ...(unit.built === 'unsettled' ? { unsettled: true } : annotations && Object.keys(annotations).length ? { annotations } : {}),
        };
      });
    }
    return [{ kind: 'folder', root: dirname(file) }];
  }

  /** The folder of the release a chart template renders into: its chart, or the chart above `charts/`. */
  private releaseOf(file: string): string | undefined {
    let folder = dirname(file);
    let chart: string | undefined;
    for (let level = 0; level < 64; level++) {
      if (this.hasChart(folder)) {
        if (!file.startsWith(join(folder, 'templates') + sep)) return undefined;
        chart = folder;
        break;
      }
      const parent = dirname(folder);
      if (parent === folder) return undefined;
      folder = parent;
    }
    if (!chart) return undefined;
    for (let level = 0; level < 16; level++) {
      const charts = dirname(chart);
      const parent = dirname(charts);
      if (basename(charts) !== 'charts' || parent === charts || !this.hasChart(parent)) break;
      chart = parent;
    }
    return chart;
  }

  private hasChart(folder: string): boolean {
    let known = this.charts.get(folder);
    if (known === undefined) {
      known = this.read(join(folder, 'Chart.yaml')) !== undefined ? folder : null;
      this.charts.set(folder, known);
    }
    return known !== null;
  }

  private allUnits(): Map<string, Unit> {
    if (this.units) return this.units;
    const units = new Map<string, Unit>();
    const building = new Set<string>();
    const unitOf = (path: string, depth: number): Unit | undefined => {
      const known = units.get(path);
      if (known) return known;
      if (building.has(path) || depth > MAX_DEPTH) return undefined;
      const contents = parseMap(this.read(path));
      if (!contents) return undefined;
      building.add(path);
      const namespace = scalarValue(contents.get('namespace', true));
      const unit: Unit = { path, ...(typeof namespace === 'string' && namespace ? { namespace } : {}), files: new Set([path]), generated: generatorsOf(contents) };
      for (const entry of kustomizationEntries(dirname(path), contents, this.read)) {
        if (!entry.nested) {
          unit.files.add(entry.path);
          continue;
        }
        const inner = unitOf(entry.nested, depth + 1);
        for (const built of inner?.files ?? []) unit.files.add(built);
      }
      building.delete(path);
      units.set(path, unit);
      return unit;
    };
    for (const path of this.kustomizations) unitOf(path, 0);
    let steps = 0;
    /** Each kustomization read once: its entries and its ordering `commonAnnotations`. */
    const readOnce = new Map<string, { entries: ReturnType<typeof kustomizationEntries>; common: Record<string, string> | undefined } | null>();
    const kustomizationOf = (path: string) => {
      let known = readOnce.get(path);
      if (known === undefined) {
        const contents = parseMap(this.read(path));
        known = contents ? { entries: kustomizationEntries(dirname(path), contents, this.read), common: orderingAnnotations(stringMap(contents.get('commonAnnotations', true))) } : null;
        readOnce.set(path, known);
      }
      return known;
    };
    /**
     * kustomize's accumulateTarget (api/internal/target/kusttarget.go), for the ordering annotations only: the
     * build reads its resources (a nested kustomization is built on its own, then merged: accumulateDirectory),
     * then its generators make their objects (defined at the kustomization file), then each component runs on
     * the same accumulator (its resources, generators, components, then its transformers over everything
     * accumulated so far, the parent's objects included), then the kustomization's own transformers
     * (`commonAnnotations`, set over what is there) run over all of it. False when too large to follow.
     */
    const accumulate = (path: string, into: Map<string, Record<string, string>>, depth: number, stack: Set<string>): boolean => {
      const kustomization = kustomizationOf(path);
      if (!kustomization || depth > MAX_DEPTH || stack.has(path)) return true; // not built (unreadable, too deep, a cycle), as unitOf
      if (++steps > MAX_BUILD_STEPS) return false;
      stack.add(path);
      const { entries, common } = kustomization;
      for (const entry of entries) {
        if (entry.field === 'components') continue;
        if (!entry.nested) {
          if (!into.has(entry.path)) into.set(entry.path, {});
        } else {
          const inner = builtOf(entry.nested, depth + 1, stack);
          if (inner === 'unsettled') return false;
          for (const [file, annotations] of inner) into.set(file, annotations);
        }
        if (++steps > MAX_BUILD_STEPS) return false;
      }
      if (!into.has(path)) into.set(path, {});
      for (const entry of entries) {
        if (entry.field !== 'components' || !entry.nested) continue;
        if (!accumulate(entry.nested, into, depth + 1, stack)) return false;
      }
      if (common) {
        for (const [file, annotations] of into) into.set(file, { ...annotations, ...common });
        steps += into.size;
        if (steps > MAX_BUILD_STEPS) return false;
      }
      stack.delete(path);
      return true;
    };
    /** A kustomization built on its own (the top of a build, or a nested one merged into its parent). */
    const builtOf = (path: string, depth: number, stack: Set<string>): Map<string, Record<string, string>> | 'unsettled' => {
      const unit = units.get(path);
      if (unit?.built) return unit.built;
      const built = new Map<string, Record<string, string>>();
      const result = accumulate(path, built, depth, new Set(stack)) ? built : 'unsettled';
      if (unit) unit.built = result;
      return result;
    };
    for (const unit of units.values()) {
      steps = 0; // each build its own budget: a hostile corner of the workspace leaves the others judged
      builtOf(unit.path, 0, new Set());
    }
    const ofFile = new Map<string, Unit[]>();
    for (const unit of units.values()) {
      for (const file of unit.files) {
        const list = ofFile.get(file);
        if (list) list.push(unit);
        else ofFile.set(file, [unit]);
      }
    }
    this.units = units;
    this.unitsOfFile = ofFile;
    return units;
  }
}

/** The annotations that order creation, the only ones the relation checks read. */
const ORDERING = ['helm.sh/hook', 'helm.sh/hook-weight', 'argocd.argoproj.io/hook', 'argocd.argoproj.io/sync-wave'];

function orderingAnnotations(map: Record<string, string>): Record<string, string> | undefined {
  const out = Object.fromEntries(Object.entries(map).filter(([key]) => ORDERING.includes(key)));
  return Object.keys(out).length ? out : undefined;
}

/** A mapping of strings as kustomize reads it (map[string]string): scalars of other types as their text. */
function stringMap(node: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isMap(node)) return out;
  for (const pair of node.items) {
    const key = scalarValue(pair.key);
    const value = scalarValue(pair.value);
    if (typeof key !== 'string' || value === undefined || value === null || typeof value === 'object') continue;
    out[key] = String(value);
  }
  return out;
}

/**
 * The ConfigMaps and Secrets a kustomization generates, with the annotations and labels kustomize gives them:
 * a generator's own `options` merged with the kustomization's `generatorOptions`, the generator's keys winning
 * (kustomize api/types/generatoroptions.go MergeGlobalOptionsIntoLocal, overrideMap adds only missing keys).
 * `commonAnnotations` and `commonLabels` come on top for every object built (Scope.annotations).
 */
function generatorsOf(contents: YAMLMap): Generated[] {
  const out: Generated[] = [];
  const global = contents.get('generatorOptions', true);
  const globalAnnotations = isMap(global) ? stringMap(global.get('annotations', true)) : {};
  const globalLabels = isMap(global) ? stringMap(global.get('labels', true)) : {};
  const commonLabels = stringMap(contents.get('commonLabels', true));
  for (const [field, kind] of [['configMapGenerator', 'ConfigMap'], ['secretGenerator', 'Secret']] as const) {
    for (const entry of items(contents.get(field, true))) {
      if (!isMap(entry)) continue;
      const nameNode = entry.get('name', true);
      const name = scalarValue(nameNode);
      const range = isScalar(nameNode) ? nameNode.range : undefined;
      if (typeof name !== 'string' || !range) continue;
      const namespace = scalarValue(entry.get('namespace', true));
      const local = entry.get('options', true);
      const annotations = { ...globalAnnotations, ...(isMap(local) ? stringMap(local.get('annotations', true)) : {}) };
      const labels = { ...globalLabels, ...(isMap(local) ? stringMap(local.get('labels', true)) : {}), ...commonLabels };
      out.push({ kind, name, ...(typeof namespace === 'string' ? { namespace } : {}), span: [range[0], range[1]], annotations, labels });
    }
  }
  return out;
}
