// Rules about what the chosen Kubernetes release does with a manifest (feature gates and their defaults).
import type { Rule } from '../../types';
import { featureGatesRule } from './featureGates';

export const versionRules: readonly Rule[] = [featureGatesRule];
