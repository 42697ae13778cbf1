// The simulation's clock: a queue of the events to come (Pod ends, container restarts, Job updates), in time order.
import type { SimPod } from './podStatus';

export type EventKind = 'update' | 'finish' | 'restart' | 'stop' | 'sync';
export interface SimEvent {
  at: number;
  kind: EventKind;
  seq: number;
  pod?: SimPod;
  suspend?: boolean;
}
export const PRIORITY: Record<EventKind, number> = { update: 0, finish: 1, restart: 1, stop: 1, sync: 2 };

/** A min-heap of events by time, then kind, then insertion. */
export class EventQueue {
  private heap: SimEvent[] = [];
  private seq = 0;
  push(event: Omit<SimEvent, 'seq'>): void {
    const item = { ...event, seq: this.seq++ };
    const heap = this.heap;
    heap.push(item);
    for (let i = heap.length - 1; i > 0;) {
      const parent = (i - 1) >> 1;
      if (!before(heap[i], heap[parent])) break;
      [heap[i], heap[parent]] = [heap[parent], heap[i]];
      i = parent;
    }
  }
  peek(): SimEvent | undefined {
    return this.heap[0];
  }
  pop(): SimEvent | undefined {
    const heap = this.heap;
    if (heap.length === 0) return undefined;
    const top = heap[0];
    const last = heap.pop() as SimEvent;
    if (heap.length > 0) {
      heap[0] = last;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && before(heap[l], heap[m])) m = l;
        if (r < heap.length && before(heap[r], heap[m])) m = r;
        if (m === i) break;
        [heap[i], heap[m]] = [heap[m], heap[i]];
        i = m;
      }
    }
    return top;
  }
}

function before(a: SimEvent, b: SimEvent): boolean {
  if (a.at !== b.at) return a.at < b.at;
  if (PRIORITY[a.kind] !== PRIORITY[b.kind]) return PRIORITY[a.kind] < PRIORITY[b.kind];
  return a.seq < b.seq;
}
