// The timeline chart of a Job: one lane per index (or per Pod slot for a NonIndexed Job), a bar per Pod from its
// creation to its end coloured by outcome, the back-off waits as gaps with their length, the conditions as
// markers, `activeDeadlineSeconds` and the TTL deletion as vertical lines, the counters under it. Drawn from plain
// data (timelineSources.ts makes it from a simulation or a diagnosis), as SVG with a text alternative that says
// the same. Readable at 1 Pod and at 1,000: lanes get thinner and lose their labels, the picture grows down.
import { axisTicks, el, round, shortDuration, svgDocument, text, tooltip } from './svg';

export type PodOutcomeClass = 'succeeded' | 'failed' | 'ignored' | 'failed-index' | 'deleted' | 'running' | 'pending';

export const OUTCOME_WORDS: Record<PodOutcomeClass, string> = {
  succeeded: 'succeeded',
  failed: 'failed (counted)',
  ignored: 'failed, ignored by a rule',
  'failed-index': 'failed its index',
  deleted: 'deleted',
  running: 'running',
  pending: 'pending',
};

export interface TimelineBar {
  pod: string;
  /** The completion index (Indexed Jobs), or null. */
  index: number | null;
  /** Seconds from the chart's origin. */
  start: number;
  /** null: still running (drawn to the chart's end). */
  end: number | null;
  outcome: PodOutcomeClass;
  /** Exit code, signal, reason, in a few words (`exit 137 (OOMKilled)`). */
  detail?: string;
  /** The pod failure policy rule that matched (`rule 1: FailJob`). */
  rule?: string;
}

export interface TimelineMarker {
  at: number;
  /** FailureTarget, SuccessCriteriaMet, Complete, Failed, Suspended ... */
  condition: string;
  reason?: string;
}

export interface TimelineLine {
  at: number;
  kind: 'deadline' | 'ttl' | 'now';
  label: string;
}

export interface TimelineInput {
  title: string;
  indexed: boolean;
  bars: TimelineBar[];
  markers: TimelineMarker[];
  lines: TimelineLine[];
  counters: [string, string | number][];
  /** When t = 0 is (RFC 3339), for the text alternative; the axis counts from it. */
  origin?: string;
}

export interface Chart {
  svg: string;
  /** The same in words (accessibility, agents that read text). */
  text: string;
  width: number;
  height: number;
  lanes: number;
}

const WIDTH = 860;
const LEFT = 92;
const RIGHT = 24;
const TOP = 44;
const PLOT = WIDTH - LEFT - RIGHT;

interface Lane {
  label: string;
  bars: TimelineBar[];
}

/** Lanes: one per index; Pods without an index share slots, each Pod in the first slot free at its creation. */
export function layoutLanes(input: Pick<TimelineInput, 'indexed' | 'bars'>): Lane[] {
  const sorted = [...input.bars].sort((a, b) => a.start - b.start || (a.index ?? 0) - (b.index ?? 0));
  const byIndex = new Map<number, Lane>();
  const slots: { lane: Lane; freeAt: number }[] = [];
  for (const bar of sorted) {
    if (input.indexed && bar.index !== null) {
      let lane = byIndex.get(bar.index);
      if (!lane) byIndex.set(bar.index, (lane = { label: `index ${bar.index}`, bars: [] }));
      lane.bars.push(bar);
      continue;
    }
    let slot = slots.find((candidate) => candidate.freeAt <= bar.start);
    if (!slot) slots.push((slot = { lane: { label: `Pod slot ${slots.length + 1}`, bars: [] }, freeAt: 0 }));
    slot.lane.bars.push(bar);
    slot.freeAt = bar.end ?? Infinity;
  }
  const indexed = [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, lane]) => lane);
  return [...indexed, ...slots.map((slot) => slot.lane)];
}

/** The back-off waits of a lane: from a failed Pod's end to the next Pod's creation. */
export function laneGaps(lane: Lane): { from: number; to: number }[] {
  const gaps: { from: number; to: number }[] = [];
  for (let i = 1; i < lane.bars.length; i++) {
    const before = lane.bars[i - 1];
    const after = lane.bars[i];
    if (before.end === null || before.outcome === 'succeeded' || before.outcome === 'running') continue;
    if (after.start - before.end >= 0.5) gaps.push({ from: before.end, to: after.start });
  }
  return gaps;
}

/** How far the Pods and conditions reach, in seconds. */
function eventsSpan(input: TimelineInput): number {
  let span = 0;
  for (const bar of input.bars) span = Math.max(span, bar.end ?? bar.start, bar.start);
  for (const marker of input.markers) span = Math.max(span, marker.at);
  return span;
}

/**
 * A line far past the Pods (a TTL of a day after a Job of a minute) would squeeze them into a sliver: it is drawn
 * at the right edge, labelled with its time, and the text says it.
 */
function isBeyond(line: TimelineLine, events: number): boolean {
  return events > 0 && line.at > events * 3;
}

function chartSpan(input: TimelineInput): number {
  const events = eventsSpan(input);
  let span = events;
  for (const line of input.lines) if (!isBeyond(line, events)) span = Math.max(span, line.at);
  return Math.max(10, span * 1.04);
}

function barTitle(bar: TimelineBar): string {
  const where = bar.index !== null ? ` (index ${bar.index})` : '';
  const when = bar.end === null ? `from ${shortDuration(bar.start)}, still running` : `${shortDuration(bar.start)} to ${shortDuration(bar.end)}`;
  return `${bar.pod}${where}: ${OUTCOME_WORDS[bar.outcome]}${bar.detail ? `, ${bar.detail}` : ''}${bar.rule ? `, ${bar.rule}` : ''}; ${when}`;
}

/** The chart as SVG and as words. */
export function timelineChart(input: TimelineInput): Chart {
  const lanes = layoutLanes(input);
  const span = chartSpan(input);
  const x = (seconds: number) => LEFT + (Math.max(0, seconds) / span) * PLOT;
  const laneHeight = lanes.length <= 30 ? 20 : Math.max(2, Math.floor(600 / lanes.length));
  const barHeight = laneHeight >= 10 ? laneHeight - 6 : Math.max(1, laneHeight - 1);
  const labelEvery = laneHeight >= 12 ? 1 : Math.ceil(14 / laneHeight);
  const plotHeight = Math.max(1, lanes.length) * laneHeight;
  const axisY = TOP + plotHeight + 4;
  const countersY = axisY + 40 + input.lines.length * 12;
  const height = countersY + 16;
  const parts: string[] = [];

  parts.push(legend(input));
  lanes.forEach((lane, row) => {
    const y = TOP + row * laneHeight;
    if (laneHeight >= 10 && row % 2 === 0) parts.push(el('rect', { class: 'ka-lane', x: LEFT, y, width: PLOT, height: laneHeight }));
    if (row % labelEvery === 0) parts.push(text(LEFT - 6, y + Math.min(laneHeight, 14) - 3, lane.label, { class: 'ka-muted', 'text-anchor': 'end', 'font-size': laneHeight >= 10 ? 11 : 9 }));
    for (const bar of lane.bars) {
      const left = x(bar.start);
      const right = bar.end === null ? x(span) : x(bar.end);
      parts.push(
        el(
          'rect',
          {
            class: `ka-bar ka-${bar.outcome}`,
            x: left,
            y: y + (laneHeight - barHeight) / 2,
            width: Math.max(2, right - left),
            height: barHeight,
            rx: barHeight >= 8 ? 2 : 0,
            'data-pod': bar.pod,
            'data-start': bar.start,
            'data-end': bar.end === null ? 'running' : bar.end,
          },
          tooltip(barTitle(bar)),
        ),
      );
    }
    for (const gap of laneGaps(lane)) {
      const mid = y + laneHeight / 2;
      const wait = gap.to - gap.from;
      parts.push(el('line', { class: 'ka-gap', x1: x(gap.from), y1: mid, x2: x(gap.to), y2: mid, 'data-wait': round(wait) }, tooltip(`back-off wait ${shortDuration(wait)} before the next Pod`)));
      if (laneHeight >= 14 && x(gap.to) - x(gap.from) >= 28) parts.push(text((x(gap.from) + x(gap.to)) / 2, mid - 2, shortDuration(wait), { class: 'ka-muted', 'text-anchor': 'middle', 'font-size': 9 }));
    }
  });

  for (const tick of axisTicks(span)) {
    parts.push(el('line', { class: 'ka-grid', x1: x(tick), y1: TOP - 4, x2: x(tick), y2: axisY, 'stroke-opacity': 0.5 }));
    parts.push(text(x(tick), axisY + 13, shortDuration(tick), { class: 'ka-muted', 'text-anchor': 'middle' }));
  }
  parts.push(text(LEFT, axisY + 26, input.origin ? `time since ${input.origin}` : 'time since the Job was created', { class: 'ka-muted', 'font-size': 10 }));

  input.markers.forEach((marker, i) => {
    const at = x(marker.at);
    const kind = marker.condition === 'Failed' || marker.condition === 'FailureTarget' ? 'ka-marker-end' : marker.condition === 'Complete' || marker.condition === 'SuccessCriteriaMet' ? 'ka-marker-ok' : 'ka-marker';
    parts.push(el('line', { class: `ka-condition ${kind}`, x1: at, y1: TOP - 8, x2: at, y2: axisY, 'data-condition': marker.condition, 'data-at': marker.at }, tooltip(`${marker.condition}${marker.reason ? ` (${marker.reason})` : ''} at ${shortDuration(marker.at)}`)));
    const nearEnd = at > LEFT + PLOT * 0.75;
    parts.push(text(nearEnd ? at - 3 : at + 3, TOP - 10 - (i % 2) * 11, marker.condition, { class: 'ka-text', 'font-size': 10, 'text-anchor': nearEnd ? 'end' : undefined }));
  });
  const events = eventsSpan(input);
  input.lines.forEach((line, i) => {
    const beyond = isBeyond(line, events);
    const at = beyond ? LEFT + PLOT + RIGHT / 2 : x(line.at);
    const label = beyond ? `${line.label} at ${shortDuration(line.at)} →` : line.label;
    parts.push(el('line', { class: `ka-${line.kind === 'now' ? 'marker' : line.kind}`, x1: at, y1: TOP - 4, x2: at, y2: axisY, 'data-line': line.kind, 'data-at': line.at, 'data-beyond': beyond ? 'true' : undefined }, tooltip(`${line.label} at ${shortDuration(line.at)}`)));
    parts.push(el('line', { class: `ka-${line.kind === 'now' ? 'marker' : line.kind}`, x1: at, y1: axisY, x2: at, y2: axisY + 26 + i * 12 }));
    parts.push(text(at - 3, axisY + 26 + i * 12, label, { class: 'ka-muted', 'text-anchor': 'end', 'font-size': 10 }));
  });
  parts.push(text(LEFT, countersY, input.counters.map(([name, value]) => `${name} ${value}`).join(' · '), { class: 'ka-text' }));

  const words = timelineText(input, lanes, span);
  return { svg: svgDocument(WIDTH, height, input.title, words, parts.join('')), text: words, width: WIDTH, height, lanes: lanes.length };
}

function legend(input: TimelineInput): string {
  const present = (Object.keys(OUTCOME_WORDS) as PodOutcomeClass[]).filter((outcome) => input.bars.some((bar) => bar.outcome === outcome));
  let at = LEFT;
  const parts: string[] = [];
  for (const outcome of present) {
    parts.push(el('rect', { class: `ka-${outcome}`, x: at, y: 6, width: 10, height: 10, rx: 2 }));
    parts.push(text(at + 14, 15, OUTCOME_WORDS[outcome], { class: 'ka-text', 'font-size': 10 }));
    at += 22 + OUTCOME_WORDS[outcome].length * 5.6;
  }
  return el('g', { class: 'ka-legend' }, ...parts);
}

/** The text alternative: what the picture shows, in sentences. */
export function timelineText(input: TimelineInput, lanes = layoutLanes(input), span = chartSpan(input)): string {
  const sentences: string[] = [];
  const counts = new Map<PodOutcomeClass, number>();
  for (const bar of input.bars) counts.set(bar.outcome, (counts.get(bar.outcome) ?? 0) + 1);
  const outcomes = [...counts.entries()].map(([outcome, count]) => `${count} ${OUTCOME_WORDS[outcome]}`).join(', ');
  sentences.push(
    `${input.title}: ${input.bars.length} Pod${input.bars.length === 1 ? '' : 's'} in ${lanes.length} ${input.indexed ? 'index lane' : 'slot'}${lanes.length === 1 ? '' : 's'} over ${shortDuration(span / 1.04)}${outcomes ? ` (${outcomes})` : ''}.`,
  );
  const waits = lanes.flatMap(laneGaps).map((gap) => gap.to - gap.from).sort((a, b) => a - b);
  if (waits.length) {
    const shown = waits.length > 8 ? [...waits.slice(0, 4), ...waits.slice(-2)] : waits;
    sentences.push(`Back-off waits between a failed Pod and the next: ${shown.map(shortDuration).join(', ')}${waits.length > 8 ? ` (${waits.length} in all)` : ''}.`);
  }
  const ruled = input.bars.filter((bar) => bar.rule);
  if (ruled.length) sentences.push(`Pod failure policy: ${ruled.slice(0, 3).map((bar) => `${bar.pod} matched ${bar.rule}`).join('; ')}${ruled.length > 3 ? ` and ${ruled.length - 3} more` : ''}.`);
  for (const marker of input.markers) sentences.push(`${marker.condition}${marker.reason ? ` (${marker.reason})` : ''} at ${shortDuration(marker.at)}.`);
  for (const line of input.lines) sentences.push(`${line.label} at ${shortDuration(line.at)}.`);
  if (input.counters.length) sentences.push(`Counters: ${input.counters.map(([name, value]) => `${name} ${value}`).join(', ')}.`);
  return sentences.join(' ');
}
