// Fields the chosen Kubernetes release does not know yet (or no longer): placeholder until the generated
// table of first releases lands in schemas/field-versions.json.
import type { Finding, RuleContext } from '../types';

export function checkFieldAvailability(_context: RuleContext): Finding[] {
  return [];
}
