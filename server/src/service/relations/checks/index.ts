// The one list of relation checks. Each reads one object's facts and asks the workspace index about others.
import { argoSyncOrder } from './argoSyncOrder';
import { csiDriverName } from './csiDriverName';
import { csiVolumeMode } from './csiVolumeMode';
import { fsGroupPolicy } from './fsGroupPolicy';
import { gcsfuse } from './gcsfuse';
import { helmHookOrder } from './helmHookOrder';
import { undefinedReference } from './undefinedReference';
import type { RelationRule } from '../rule';

export const RELATION_RULES: readonly RelationRule[] = [helmHookOrder, argoSyncOrder, csiVolumeMode, fsGroupPolicy, csiDriverName, gcsfuse, undefinedReference];
