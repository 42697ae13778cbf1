// What an update rule sees and returns. An update rule mirrors a Kubernetes `Validate*Update` function: it
// compares the stored object (`before`) with the object an apply sends (`after`), both after the server's
// defaults, and reports the fields the server refuses to change, at the changed node of the new manifest.
import type { Finding, JsonObject, KindName, RuleCode } from '../types';
import type { BaselineSource } from './baseline';
import type { ObjectIdentity } from './identity';

export interface UpdateContext {
  kind: KindName;
  identity: ObjectIdentity;
  /** Kubernetes minor release, MIN_MINOR..MAX_MINOR. */
  minor: number;
  /** The object as stored (the baseline's manifest after the server's defaults). */
  before: JsonObject;
  /** The object the update sends (kubectl apply's merge of the edited manifest into the stored one, defaulted). */
  after: JsonObject;
  /** The two manifests as written: the baseline's and the edited one. */
  written: { before: JsonObject; after: JsonObject };
  baseline: BaselineSource;
}

/** A family of update rules: one file, one Kubernetes function. */
export interface UpdateRule {
  name: string;
  kinds: readonly KindName[];
  codes: readonly RuleCode[];
  check(context: UpdateContext): Finding[];
}
