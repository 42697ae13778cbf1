// Quick fix of the container port checks: a protocol outside TCP, UDP and SCTP becomes the closest one
// (`tcp` -> `TCP`).
import { closestValueEntry } from '../../fixes/common';
import type { Fixes } from '../../fixes/types';

export const CONTAINER_PORT_FIXES: Fixes = {
  'pod/port-protocol-unsupported': closestValueEntry('protocol', ['TCP', 'UDP', 'SCTP']),
};
