// A field a Helm template writes in the branches of one `if` block (`{{- if semverCompare ">=1.20-0"
// .Capabilities.KubeVersion.Version }} fsGroupPolicy: File {{- else }} ... {{- end }}`): what each branch writes,
// with the conditions of the chain, so that a check can take the branch Helm renders for the release checked
// (engine.go renders `.Capabilities.KubeVersion` from the cluster; semverCompare is Masterminds/semver), or judge
// every branch when the condition depends on more than the release.
import type { TemplateView } from '../document/helmTemplate';

/** One `if` / `else if` / `else` chain: its conditions (the action texts) and the value each branch writes. */
export interface BranchChain {
  conditions: string[];
  /** One per branch, in order; with no `else`, one more: undefined (the field is absent). */
  values: (string | undefined)[];
}

/**
 * The chain of branches that write `key:` (a scalar, each literal) inside [start, end) of a template: undefined
 * unless every occurrence sits directly in a branch of one block, at most one per branch, and that block
 * encloses nothing the object does not (the object itself is rendered whatever the branch).
 */
export function branchChain(view: TemplateView, original: string, start: number, end: number, key: string): BranchChain | undefined {
  const pattern = new RegExp(`^[ \\t]*${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:[ \\t]*(["']?)([A-Za-z0-9._-]*)\\1[ \\t]*$`, 'gm');
  const found: { offset: number; value: string }[] = [];
  const slice = view.text.slice(start, end);
  for (let match = pattern.exec(slice); match; match = pattern.exec(slice)) {
    const offset = start + match.index;
    if (view.overlaps(offset, offset + match[0].length)) return undefined;
    found.push({ offset, value: match[2] });
  }
  if (!found.length) return undefined;
  const outer = view.branchesOf(start, []);
  let block: number | undefined;
  const values = new Map<number, string>();
  for (const occurrence of found) {
    const around = view.branchesOf(occurrence.offset, []).filter((branch) => !outer.includes(branch));
    if (around.length !== 1) return undefined;
    const [branch] = around;
    if (branch.repeated || (block !== undefined && branch.block !== block) || values.has(branch.index)) return undefined;
    block = branch.block;
    values.set(branch.index, occurrence.value);
  }
  const branches = view.branches.filter((branch) => branch.block === block).sort((a, b) => a.index - b.index);
  const conditions: string[] = [];
  let hasElse = false;
  for (const branch of branches) {
    const opener = view.actions.find((action) => action.end === branch.start && action.kind === 'control');
    if (!opener) return undefined;
    const text = original.slice(opener.start, opener.end).replace(/^\{\{-?\s*/, '').replace(/\s*-?\}\}$/, '');
    if (opener.keyword === 'if') conditions.push(text.replace(/^if\s+/, ''));
    else if (opener.keyword === 'else' && /^else\s+if\s+/.test(text)) conditions.push(text.replace(/^else\s+if\s+/, ''));
    else if (opener.keyword === 'else' && text === 'else') hasElse = true;
    else return undefined;
  }
  const out = branches.map((branch) => values.get(branch.index));
  if (!hasElse) out.push(undefined);
  return { conditions, values: out };
}

/**
 * A condition evaluated for Kubernetes 1.`minor`: only `semverCompare "<constraint>" .Capabilities.KubeVersion.Version`
 * (or `.GitVersion`) with constraints that admit pre-releases (`-0`: a managed cluster's version, `v1.30.2-eks-…`,
 * is one, and a constraint without a pre-release never matches it) and that the minor settles. Otherwise undefined.
 */
export function evaluateCondition(condition: string, minor: number): boolean | undefined {
  const match = /^\(?\s*semverCompare\s+"([^"]+)"\s+\.Capabilities\.KubeVersion\.(?:Version|GitVersion)\s*\)?$/.exec(condition.trim());
  if (!match) return undefined;
  const parts = match[1].split(/\s*,\s*|\s+(?=[<>=!^~])/).filter(Boolean);
  if (match[1].includes('||') || !parts.length) return undefined;
  let result = true;
  for (const part of parts) {
    const constraint = /^(>=|<=|>|<|=|!=)?\s*v?(\d+)\.(\d+)(?:\.(\d+))?-[0-9A-Za-z.-]+$/.exec(part);
    if (!constraint) return undefined;
    const [, op = '=', major, minorText, patch] = constraint;
    const wanted = Number(minorText);
    if (Number(major) !== 1) return undefined;
    // The cluster's patch is not known: only a constraint the minor alone settles is evaluated.
    if (patch !== undefined && Number(patch) !== 0 && wanted === minor) return undefined;
    let holds: boolean | undefined;
    if (op === '>=') holds = minor >= wanted;
    else if (op === '<') holds = minor < wanted;
    else if (op === '>') holds = minor > wanted ? true : minor < wanted ? false : undefined;
    else if (op === '<=') holds = minor < wanted ? true : minor > wanted ? false : undefined;
    else holds = minor !== wanted ? op === '!=' : undefined;
    if (holds === undefined) return undefined;
    result &&= holds;
  }
  return result;
}

/** The value the chain writes for Kubernetes 1.`minor`: { value } (undefined: absent), or undefined when unsettled. */
export function chainValue(chain: BranchChain, minor: number): { value: string | undefined } | undefined {
  for (let i = 0; i < chain.conditions.length; i++) {
    const holds = evaluateCondition(chain.conditions[i], minor);
    if (holds === undefined) return undefined;
    if (holds) return { value: chain.values[i] };
  }
  return { value: chain.values[chain.conditions.length] };
}
