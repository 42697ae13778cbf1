// The update checks: the one list of update rule families, and the entry the engine calls for each object of
// an edited file that has a baseline. Adding an update rule: write its file (named after the Kubernetes
// `Validate*Update` function), add it here. A CronJob has no entry: ValidateCronJobUpdate compares no field
// (its job template reaches only Jobs created later), so an edited CronJob is checked as a create only.
import { requestView } from '../kube/observed';
import type { Finding, JsonObject, KindName } from '../types';
import { appliedObject } from './apply';
import type { Baseline } from './baseline';
import { validateCSIDriverUpdate } from './csidriver/validateCSIDriverUpdate';
import { identityOf } from './identity';
import { validateCompletions } from './job/validateCompletions';
import { validateJobSpecUpdate } from './job/validateJobSpecUpdate';
import { validatePodTemplateUpdate } from './job/validatePodTemplateUpdate';
import type { UpdateContext, UpdateRule } from './types';

/** Every update rule family (their quick fix, recreate.fix.ts, is bound to their codes in fixes/families.ts). */
export const UPDATE_RULES: readonly UpdateRule[] = [validateJobSpecUpdate, validateCompletions, validatePodTemplateUpdate, validateCSIDriverUpdate];

/** The context of an update of `object` (as written) over its baseline, or undefined when it is a create. */
export function updateContext(baseline: Baseline, kind: KindName, object: JsonObject, minor: number): UpdateContext | undefined {
  const identity = identityOf(kind, object);
  const stored = identity && baseline.find(identity);
  if (!identity || !stored || !baseline.createdBy(stored, minor)) return undefined;
  return {
    kind, identity, minor,
    before: stored.stored,
    // An export in the baseline: the manifest its author applied is the export without what the server wrote.
    after: appliedObject(kind, stored.stored, requestView(kind, stored.written), object),
    written: { before: stored.written, after: object },
    baseline: baseline.source,
  };
}

/** The update findings of one object against the baseline (none for a create). */
export function checkUpdate(baseline: Baseline, kind: KindName, object: JsonObject, minor: number): Finding[] {
  const context = updateContext(baseline, kind, object, minor);
  if (!context) return [];
  const findings: Finding[] = [];
  for (const rule of UPDATE_RULES) {
    if (!rule.kinds.includes(kind)) continue;
    try {
      findings.push(...rule.check(context));
    } catch (error) {
      console.error(`kubeassist: update rule ${rule.name} failed: ${error instanceof Error ? error.stack : String(error)}`);
    }
  }
  return findings;
}
