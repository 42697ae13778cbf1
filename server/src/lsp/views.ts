// `kubeassist/view`: a rendered view of one object for the VS Code client's panel. The same Markdown and pictures
// as `--format html` (service/features/views), with the field names linked to the manifest and, at the top, the
// view's own controls (Explain, Simulate…) as command links: the page needs no script.
import {
  diagnosisPictures, explainedSource, explainFile, explainPictures, explanationMarkdown, fieldLocator, fieldSource, FileModel, htmlPage, simulate, simulationMarkdown, simulationPictures, type Picture,
  type ScenarioInput, type Settings,
} from '../service/index';
import type { KindName } from '../service/types';
import { scenarioOfText } from '../cli/simulate';
import { diagnoseDocument } from './diagnose';
import { REVEAL_FIELD_COMMAND, type ViewParams, type ViewResult } from './protocol';

/** The page's policy: nothing loads, nothing runs; the webview's command links work without a script. */
const WEBVIEW_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'none'";

const HEADER_STYLE = `
nav.ka-controls { display: flex; gap: 1em; align-items: center; padding: 0.4em 0; border-bottom: 1px solid var(--vscode-panel-border, #8884); }
nav.ka-controls a { text-decoration: none; padding: 0.15em 0.6em; border-radius: 3px; border: 1px solid var(--vscode-button-border, transparent);
  background: var(--vscode-button-secondaryBackground, #8882); color: var(--vscode-button-secondaryForeground, inherit); }
nav.ka-controls a:focus-visible { outline: 2px solid var(--vscode-focusBorder, Highlight); }
a.field { text-decoration: none; } a.field:hover code, a.field:focus code { text-decoration: underline; }
`;

function commandLink(command: string, args: unknown[]): string {
  return `command:${command}?${encodeURIComponent(JSON.stringify(args))}`;
}

function header(params: ViewParams, name: string | undefined): string {
  const ref = { uri: params.uri, line: params.line, ...(params.kind ? { kind: params.kind } : {}), ...(name ? { name } : {}) };
  const links: string[] = [];
  if (params.view === 'diagnose') return '';
  if (params.view !== 'explain') links.push(`<a href="${commandLink('kubeassist.explain', [ref])}">Explain</a>`);
  if (params.kind !== 'CSIDriver') links.push(`<a href="${commandLink('kubeassist.simulate', [ref])}" title="Pick a ready scenario or a scenario file">Simulate…</a>`);
  return `<nav class="ka-controls" aria-label="KubeAssist">${links.join('')}</nav>\n`;
}

function readScenario(scenario: string | undefined): { scenario: ScenarioInput; problem?: string } {
  if (scenario === undefined || scenario.startsWith('preset:')) return { scenario };
  return scenarioOfText(scenario, 'the scenario file');
}

/** The page of one view, or null when the object is not there. */
export function viewPage(model: FileModel, text: string, settings: Settings, params: ViewParams, nowSeconds: number): ViewResult {
  const file = decodeURIComponent(params.uri.slice(params.uri.lastIndexOf('/') + 1));
  const locate = fieldLocator(model, text, params.line);
  const codeLink = (code: string) => {
    const at = locate(code);
    return at ? commandLink(REVEAL_FIELD_COMMAND, [params.uri, at.line, at.character]) : undefined;
  };
  let title: string;
  let markdown: string;
  let pictures: Picture[] = [];
  if (params.view === 'diagnose') {
    const report = diagnoseDocument(text, params.uri, settings, { uri: params.uri, line: params.line, ...(params.kind ? { kind: params.kind } : {}), ...(params.name ? { name: params.name } : {}) }, nowSeconds);
    const first = report.objects[0];
    title = first ? `${first.kind} ${first.name}` : file;
    markdown = report.markdown;
    pictures = diagnosisPictures(report);
  } else if (params.view === 'simulate') {
    const read = readScenario(params.scenario);
    const label = params.scenario?.startsWith('preset:') ? params.scenario : params.scenario ? 'the scenario file' : 'every Pod succeeds';
    if (read.problem) {
      title = `${file}: simulation`;
      markdown = `# Simulation\n\nNot simulated: ${read.problem}\n`;
    } else {
      const answer = simulate(model, text, settings, { position: { line: params.line, character: 0 }, ...(params.name ? { object: params.name } : {}) }, read.scenario, nowSeconds);
      const view = answer.simulation ? { object: answer.object, ...answer.simulation } : { object: answer.object, problems: answer.problems };
      title = `${answer.object?.name ?? file} (${label.replace(/^preset:/, '')})`;
      markdown = simulationMarkdown(view, label);
      pictures = simulationPictures(answer, settings, nowSeconds, params.viewerZone);
    }
  } else {
    const target = { line: params.line, ...(params.kind ? { kind: params.kind as KindName } : {}), ...(params.name ? { name: params.name } : {}) };
    const [placed] = explainFile(model, text, settings, { nowSeconds }, target);
    title = placed ? `${placed.explanation.kind} ${placed.explanation.name ?? ''}`.trim() : file;
    markdown = placed ? explanationMarkdown(placed, file) : `# ${file}\n\nNo Job, CronJob, CSIDriver, JobSet or training runtime here (a Helm template is not explained: its actions decide the values).\n`;
    if (placed) pictures = explainPictures(model, text, settings, placed, nowSeconds, params.viewerZone);
  }
  const html = htmlPage(`KubeAssist: ${title}`, markdown, pictures, { csp: WEBVIEW_CSP, style: HEADER_STYLE, links: { codeLink }, header: header(params, params.name) });
  return { title, html, pictures: pictures.map(({ id, title: pictureTitle, text: words }) => ({ id, title: pictureTitle, text: words })) };
}

/**
 * The Explain view's pages, kept per document with what each was made from: the explained object's document (the
 * same document object: same text, read the same way) and where it starts, the document its field links point into,
 * the settings and the request (and the clock for a CronJob, whose next runs count from it). The panel asks again
 * after every keystroke; an edit elsewhere in the file answers the page kept, without explaining or simulating again.
 */
export class ViewPages {
  /** Per document, the latest pages first (a few: one per panel open on it). */
  private readonly kept = new Map<string, { inputs: unknown[]; page: ViewResult }[]>();
  /** How many pages were made rather than taken from the cache (for tests). */
  made = 0;

  page(model: FileModel, text: string, settings: Settings, params: ViewParams, nowSeconds: number): ViewResult {
    if (params.view !== 'explain') {
      this.made++;
      return viewPage(model, text, settings, params, nowSeconds);
    }
    const inputs = explainInputs(model, text, settings, params, nowSeconds);
    const pages = this.kept.get(params.uri) ?? [];
    const at = pages.findIndex((known) => known.inputs.length === inputs.length && known.inputs.every((input, index) => input === inputs[index]));
    const known = at >= 0 ? pages.splice(at, 1)[0] : undefined;
    const page = known?.page ?? viewPage(model, text, settings, params, nowSeconds);
    if (!known) this.made++;
    this.kept.set(params.uri, [{ inputs, page }, ...pages.slice(0, KEPT_PAGES - 1)]);
    return page;
  }

  /** A closed document's pages are dropped. */
  forget(uri: string): void {
    this.kept.delete(uri);
  }
}

/** Pages kept per document: the panels open on it (each asks after every keystroke). */
const KEPT_PAGES = 4;

/** What an Explain page reads (viewPage): compared one by one, documents by identity. */
function explainInputs(model: FileModel, text: string, settings: Settings, params: ViewParams, nowSeconds: number): unknown[] {
  const target = { line: params.line, ...(params.kind ? { kind: params.kind as KindName } : {}), ...(params.name ? { name: params.name } : {}) };
  const explained = explainedSource(model, text, settings, target);
  const fields = fieldSource(model, text, params.line);
  return [
    JSON.stringify(settings), JSON.stringify([params.uri, params.view, params.line, params.kind, params.name, params.scenario, params.viewerZone]),
    explained?.doc, explained?.line, explained?.index, explained?.kind === 'CronJob' ? nowSeconds : undefined,
    fields?.doc, fields?.firstLine, fields?.index,
  ];
}
