// Finding the node an edit goes to by its field path. Only direct entries count: a path through an alias
// or a merge key (`<<`) would edit text shared with other objects, so it is not followed.
import { isAlias, isMap, isScalar, isSeq, type Node, type Pair, type Scalar, type YAMLMap, type YAMLSeq } from 'yaml';
import type { FieldPath } from '../../types';
import { directPair } from '../paths';

/** A node written at a path, with the pair holding it (none for a list item or the root). */
export interface Located {
  node: unknown;
  pair?: Pair;
}

/** The node written at `path`, with the pair holding it. */
export function locate(root: Node, path: FieldPath): Located | undefined {
  const found = step(root, path);
  return typeof found === 'string' ? undefined : found;
}

/** Like `locate`, but says why nothing was found: the path is missing, or it goes through an alias. */
export function step(root: Node, path: FieldPath): Located | 'missing' | 'alias' {
  let node: unknown = root;
  let pair: Pair | undefined;
  for (const segment of path) {
    if (isAlias(node)) return 'alias';
    if (typeof segment === 'number') {
      if (!isSeq(node) || segment >= node.items.length) return 'missing';
      node = node.items[segment];
      pair = undefined;
    } else {
      if (!isMap(node)) return 'missing';
      pair = directPair(node, segment);
      if (!pair) return 'missing';
      node = pair.value;
    }
  }
  return isAlias(node) ? 'alias' : { node, pair };
}

export function scalarAt(root: Node, path: FieldPath): Scalar | undefined {
  const found = locate(root, path);
  return found && isScalar(found.node) && found.node.range ? found.node : undefined;
}

export function mapAt(root: Node, path: FieldPath): YAMLMap | undefined {
  const found = locate(root, path);
  return found && isMap(found.node) ? found.node : undefined;
}

export function seqAt(root: Node, path: FieldPath): YAMLSeq | undefined {
  const found = locate(root, path);
  return found && isSeq(found.node) ? found.node : undefined;
}
