// Validators compiled at build time. scripts/build.mjs replaces this module in the bundle with ajv's
// standalone code for both schemas (compiling them at start-up costs a few hundred milliseconds).
// Run from source (tests through tsx), it is empty and the validators are compiled on first use.
import type { ValidateFunction } from 'ajv';
import type { KindName } from '../types';

export const precompiledValidators: Partial<Record<KindName, ValidateFunction>> = {};
