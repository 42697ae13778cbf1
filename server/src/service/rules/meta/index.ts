// Object-metadata rules, shared by every kind we check.
import type { Rule } from '../../types';
import { validateObjectMeta } from './validateObjectMeta';

export const metaRules: readonly Rule[] = [validateObjectMeta];
