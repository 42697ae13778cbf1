// A small SVG writer for the pictures (timeline, calendar): escaped text, elements as strings, a time axis in
// readable units, and one style sheet whose colours follow the viewer's theme. The pictures are plain SVG 1.1:
// no script, no external reference, so they open offline, in a browser, in a pull request and in a webview with a
// strict content security policy.

/** Text for an attribute or an element, escaped as XML requires (and control characters dropped). */
export function escapeXml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

type Attributes = Record<string, string | number | undefined>;

function attributes(attrs: Attributes): string {
  let out = '';
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined) continue;
    out += ` ${name}="${typeof value === 'number' ? round(value) : escapeXml(value)}"`;
  }
  return out;
}

/** A number as SVG coordinates want it: at most two decimals. */
export function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** An element; `children` are strings already written (escape text with escapeXml or use text()). */
export function el(name: string, attrs: Attributes, ...children: string[]): string {
  const inner = children.join('');
  return inner ? `<${name}${attributes(attrs)}>${inner}</${name}>` : `<${name}${attributes(attrs)}/>`;
}

/** A text element. */
export function text(x: number, y: number, content: string, attrs: Attributes = {}): string {
  return el('text', { x, y, ...attrs }, escapeXml(content));
}

/** A tooltip (`<title>` child): what a mouse or a screen reader gets for a shape. */
export function tooltip(content: string): string {
  return el('title', {}, escapeXml(content));
}

/** Seconds in the shortest readable units: 0s, 45s, 2m, 2m30s, 1h05m, 3d2h. */
export function shortDuration(seconds: number): string {
  const s = Math.round(seconds);
  if (Math.abs(seconds) < 60) return `${Math.round(seconds * 10) / 10}s`;
  const days = Math.floor(s / 86400);
  const hours = Math.floor((s % 86400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  if (days > 0) return hours ? `${days}d${hours}h` : `${days}d`;
  if (hours > 0) return minutes ? `${hours}h${String(minutes).padStart(2, '0')}m` : `${hours}h`;
  return rest ? `${minutes}m${String(rest).padStart(2, '0')}s` : `${minutes}m`;
}

const TICK_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400, 172800, 604800, 2592000];

/** Tick times for an axis from 0 to `span` seconds: a readable step that gives at most `most` ticks. */
export function axisTicks(span: number, most = 8): number[] {
  const step = TICK_STEPS.find((candidate) => span / candidate <= most) ?? Math.ceil(span / most / 86400) * 86400;
  const ticks: number[] = [];
  for (let at = 0; at <= span + 1e-9 && ticks.length <= most + 1; at += step) ticks.push(at);
  return ticks;
}

/**
 * The colours, as CSS classes. In VS Code's webview the theme's own variables win (light, dark, high contrast);
 * elsewhere the viewer's colour scheme picks the light or the dark set.
 */
export const CHART_STYLE = `
svg.kubeassist-chart { font-family: var(--vscode-font-family, system-ui, -apple-system, "Segoe UI", sans-serif); font-size: 11px; }
.ka-bg { fill: var(--vscode-editor-background, #ffffff); }
.ka-text { fill: var(--vscode-foreground, #1f2328); }
.ka-muted { fill: var(--vscode-descriptionForeground, #59636e); }
.ka-grid { stroke: var(--vscode-editorRuler-foreground, #d0d7de); stroke-width: 1; }
.ka-lane { fill: var(--vscode-editor-inactiveSelectionBackground, #f6f8fa); }
.ka-succeeded { fill: var(--vscode-charts-green, #1a7f37); }
.ka-failed { fill: var(--vscode-charts-red, #cf222e); }
.ka-ignored { fill: var(--vscode-charts-blue, #0969da); fill-opacity: 0.55; }
.ka-failed-index { fill: var(--vscode-charts-orange, #bc4c00); }
.ka-deleted { fill: var(--vscode-disabledForeground, #8c959f); }
.ka-running { fill: var(--vscode-charts-purple, #8250df); fill-opacity: 0.75; }
.ka-pending { fill: var(--vscode-charts-yellow, #9a6700); fill-opacity: 0.6; }
.ka-gap { stroke: var(--vscode-descriptionForeground, #59636e); stroke-width: 1; stroke-dasharray: 2 2; }
.ka-marker { stroke: var(--vscode-charts-purple, #8250df); stroke-width: 1.5; }
.ka-marker-end { stroke: var(--vscode-charts-red, #cf222e); stroke-width: 2; }
.ka-marker-ok { stroke: var(--vscode-charts-green, #1a7f37); stroke-width: 2; }
.ka-deadline { stroke: var(--vscode-charts-orange, #bc4c00); stroke-width: 1.5; stroke-dasharray: 6 3; }
.ka-ttl { stroke: var(--vscode-charts-red, #cf222e); stroke-width: 1.5; stroke-dasharray: 2 3; }
.ka-run { fill: var(--vscode-charts-blue, #0969da); }
.ka-missed { fill: none; stroke: var(--vscode-charts-red, #cf222e); stroke-width: 1.5; }
.ka-overlap { fill: var(--vscode-charts-orange, #bc4c00); fill-opacity: 0.35; }
.ka-dst { stroke: var(--vscode-charts-orange, #bc4c00); stroke-width: 1; stroke-dasharray: 4 2; }
@media (prefers-color-scheme: dark) {
  .ka-bg { fill: var(--vscode-editor-background, #0d1117); }
  .ka-text { fill: var(--vscode-foreground, #e6edf3); }
  .ka-muted { fill: var(--vscode-descriptionForeground, #9198a1); }
  .ka-grid { stroke: var(--vscode-editorRuler-foreground, #3d444d); }
  .ka-lane { fill: var(--vscode-editor-inactiveSelectionBackground, #151b23); }
  .ka-succeeded { fill: var(--vscode-charts-green, #3fb950); }
  .ka-failed { fill: var(--vscode-charts-red, #f85149); }
  .ka-ignored { fill: var(--vscode-charts-blue, #4493f8); }
  .ka-failed-index { fill: var(--vscode-charts-orange, #db6d28); }
  .ka-deleted { fill: var(--vscode-disabledForeground, #656c76); }
  .ka-running { fill: var(--vscode-charts-purple, #ab7df8); }
  .ka-pending { fill: var(--vscode-charts-yellow, #d29922); }
  .ka-run { fill: var(--vscode-charts-blue, #4493f8); }
}
`;

/** The outer element of a picture: its size, its style, and its text alternative as title and description. */
export function svgDocument(width: number, height: number, title: string, description: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="kubeassist-chart" width="${round(width)}" height="${round(height)}" ` +
    `viewBox="0 0 ${round(width)} ${round(height)}" role="img" aria-labelledby="ka-title ka-desc">` +
    el('title', { id: 'ka-title' }, escapeXml(title)) +
    el('desc', { id: 'ka-desc' }, escapeXml(description)) +
    el('style', {}, CHART_STYLE) +
    el('rect', { class: 'ka-bg', x: 0, y: 0, width, height }) +
    body +
    '</svg>'
  );
}
