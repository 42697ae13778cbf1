// The pictures of each view, from the same model output as the JSON: a simulation's Pods as a timeline, a CronJob's
// runs as a calendar; explain draws the worst case (every Pod fails at once) and the coming weeks' runs.
import type { FileModel } from '../../document/fileModel';
import { isObject } from '../../kube/defaults';
import { minorOf, type Settings } from '../../settings';
import type { JsonObject } from '../../types';
import type { PlacedExplanation } from '../explain/index';
import { simulate, type SimulateAnswer } from '../simulate';
import { scheduleCalendar } from './calendar';
import type { Picture } from './html';
import { timelineChart } from './timeline';
import { timelineOfDiagnosis, timelineOfSimulation } from './timelineSources';
import type { DiagnoseReport } from '../../diagnose/types';

const DAY = 86400;

/** How long a run of a CronJob's Jobs may last at most: its job template's activeDeadlineSeconds. */
function longestRun(cronJob: JsonObject): number | undefined {
  const spec = isObject(cronJob.spec) ? cronJob.spec : {};
  const template = isObject(spec.jobTemplate) ? spec.jobTemplate : {};
  const jobSpec = isObject(template.spec) ? template.spec : {};
  return typeof jobSpec.activeDeadlineSeconds === 'number' && jobSpec.activeDeadlineSeconds > 0 ? jobSpec.activeDeadlineSeconds : undefined;
}

/** A CronJob's calendar: a week (or the days of an outage and the week after) in its zone. */
export function calendarPicture(cronJob: JsonObject, minor: number, name: string, from: number, options: { viewerZone?: string; down?: { from: number; to: number } } = {}): Picture {
  const start = options.down ? Math.min(from, options.down.from) : from;
  const end = options.down ? Math.max(from + 7 * DAY, options.down.to + 2 * DAY) : from + 7 * DAY;
  const days = Math.min(31, Math.max(7, Math.ceil((end - start) / DAY)));
  const runSeconds = longestRun(cronJob);
  const chart = scheduleCalendar(cronJob, minor, { from: start, days, viewerZone: options.viewerZone, runSeconds, down: options.down }, name);
  const text = runSeconds ? `${chart.text} Each run is drawn as long as its activeDeadlineSeconds (${runSeconds} s) lets it last.` : chart.text;
  return { id: 'calendar', title: `CronJob ${name}: the next runs`, svg: chart.svg, text };
}

/** The pictures of a simulation answer: a Job's timeline, a CronJob's calendar around the scenario's sync. */
export function simulationPictures(answer: SimulateAnswer, settings: Settings, nowSeconds: number, viewerZone?: string): Picture[] {
  const simulation = answer.simulation;
  const name = answer.object?.name ?? '(no name)';
  if (!simulation) return [];
  if (simulation.kind === 'Job') {
    const chart = timelineChart(timelineOfSimulation(simulation, name));
    return [{ id: 'timeline', title: `Job ${name}: timeline`, svg: chart.svg, text: chart.text }];
  }
  if (!answer.subject) return [];
  const from = answer.unsynced ? answer.unsynced.from : nowSeconds;
  return [calendarPicture(answer.subject, minorOf(settings.kubernetesVersion), name, from, { viewerZone, down: answer.unsynced })];
}

/**
 * The pictures of an explanation: a Job's Pods if every one fails at once (the worst case explain words as the time
 * to failure), a CronJob's runs over the next week. A JobSet, a runtime or a CSIDriver has none.
 */
export function explainPictures(model: FileModel, text: string, settings: Settings, placed: PlacedExplanation, nowSeconds: number, viewerZone?: string): Picture[] {
  const kind = placed.explanation.kind;
  if (kind !== 'Job' && kind !== 'CronJob') return [];
  const position = { line: placed.line, character: 0 };
  if (kind === 'Job') {
    const answer = simulate(model, text, settings, { position }, 'preset:all-fail', nowSeconds);
    if (answer.simulation?.kind !== 'Job') return [];
    const chart = timelineChart({ ...timelineOfSimulation(answer.simulation, answer.object?.name ?? '(no name)'), title: `Job ${answer.object?.name ?? '(no name)'}: if every Pod fails as soon as it starts` });
    return [{ id: 'timeline', title: 'If every Pod fails as soon as it starts', svg: chart.svg, text: chart.text }];
  }
  const answer = simulate(model, text, settings, { position }, undefined, nowSeconds);
  if (!answer.subject || answer.object?.kind !== 'CronJob') return [];
  return [calendarPicture(answer.subject, minorOf(settings.kubernetesVersion), answer.object.name, nowSeconds, { viewerZone })];
}

/** The pictures of a diagnosis: each Job's observed Pods as a timeline (a Job without Pods given has none). */
export function diagnosisPictures(report: DiagnoseReport): Picture[] {
  const pictures: Picture[] = [];
  for (const object of report.objects) {
    const input = object.kind === 'Job' ? timelineOfDiagnosis(object) : undefined;
    if (!input) continue;
    const chart = timelineChart(input);
    pictures.push({ id: pictures.length ? `timeline-${pictures.length}` : 'timeline', title: `Job ${object.name}: the Pods observed`, svg: chart.svg, text: chart.text });
  }
  return pictures;
}

/** Several pictures as one standalone SVG, one under the other (ids kept apart). */
export function stackedSvg(pictures: readonly Picture[]): string {
  if (pictures.length === 1) return pictures[0].svg;
  let y = 0;
  let width = 0;
  const parts: string[] = [];
  pictures.forEach((picture, i) => {
    const size = /width="([\d.]+)" height="([\d.]+)"/.exec(picture.svg);
    const w = size ? Number(size[1]) : 860;
    const h = size ? Number(size[2]) : 300;
    parts.push(picture.svg.replace('<svg ', `<svg x="0" y="${y}" `).replace(/\bka-(title|desc)\b/g, `ka-$1-${i}`));
    y += h + 16;
    width = Math.max(width, w);
  });
  const height = Math.max(0, y - 16);
  const titles = pictures.map((picture) => picture.title).join('; ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${titles.replace(/[<>&"]/g, '')}">${parts.join('')}</svg>`;
}
