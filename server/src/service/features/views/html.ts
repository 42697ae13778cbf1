// The rendered views as HTML: the Markdown our reports write (headings, paragraphs, quotes, lists, tables, inline
// code, emphasis, links) turned into HTML, and one self-contained page around it with the pictures inline. The page
// loads nothing: a content security policy that allows no script and no remote content, so it opens offline, as
// a CI artifact, and in a VS Code webview.
import { escapeXml } from './svg';

/** A picture of a view: its SVG and the same in words. */
export interface Picture {
  /** Stable id: `timeline`, `calendar`. */
  id: string;
  title: string;
  svg: string;
  text: string;
}

/** What turns a report's Markdown into links: its own links, and code spans that name a field of the manifest. */
export interface LinkOptions {
  linkHref?: (href: string) => string | undefined;
  /** The link of a code span (`spec.backoffLimit`), or undefined to leave it plain. */
  codeLink?: (code: string) => string | undefined;
}

/** Inline Markdown: `code`, **bold**, *italic*, [text](link) (only `#`, http(s) and command links); everything else escaped. */
export function inlineHtml(markdown: string, links: LinkOptions = {}): string {
  const linkHref = links.linkHref ?? safeHref;
  let out = '';
  let rest = markdown;
  const pattern = /`([^`]+)`|\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*|\[([^\]]+)\]\(([^)\s]+)\)/;
  for (let match = pattern.exec(rest); match; match = pattern.exec(rest)) {
    out += escapeXml(rest.slice(0, match.index));
    if (match[1] !== undefined) {
      const href = links.codeLink?.(match[1]);
      out += href ? `<a class="field" href="${escapeXml(href)}"><code>${escapeXml(match[1])}</code></a>` : `<code>${escapeXml(match[1])}</code>`;
    } else if (match[2] !== undefined) out += `<strong>${inlineHtml(match[2], links)}</strong>`;
    else if (match[3] !== undefined) out += `<em>${inlineHtml(match[3], links)}</em>`;
    else {
      const href = linkHref(match[5]);
      out += href ? `<a href="${escapeXml(href)}">${inlineHtml(match[4], { ...links, codeLink: undefined })}</a>` : inlineHtml(match[4], links);
    }
    rest = rest.slice(match.index + match[0].length);
  }
  return out + escapeXml(rest);
}

function safeHref(href: string): string | undefined {
  return /^(#|https?:\/\/|command:)/.test(href) ? href : undefined;
}

function slug(text: string): string {
  return text.toLowerCase().replace(/`/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

function tableRow(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  const body = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '\\' && body[i + 1] === '|') {
      cell += '|';
      i++;
    } else if (body[i] === '|') {
      cells.push(cell.trim());
      cell = '';
    } else cell += body[i];
  }
  cells.push(cell.trim());
  return cells;
}

/** Our reports' Markdown as HTML (block by block; headings get ids for the page's links). */
export function markdownHtml(markdown: string, links: LinkOptions = {}): string {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  const inline = (text: string) => inlineHtml(text, links);
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (!line.trim()) i++;
    else if (heading) {
      const level = heading[1].length;
      out.push(`<h${level} id="${slug(heading[2])}">${inline(heading[2])}</h${level}>`);
      i++;
    } else if (line.startsWith('>')) {
      const quoted: string[] = [];
      while (i < lines.length && lines[i].startsWith('>')) quoted.push(lines[i++].replace(/^>\s?/, ''));
      out.push(`<blockquote>${inline(quoted.join(' '))}</blockquote>`);
    } else if (/^\s*[-*]\s/.test(line)) {
      const items: string[] = [];
      while (i < lines.length && (/^\s*[-*]\s/.test(lines[i]) || (/^\s{2,}\S/.test(lines[i]) && items.length))) {
        if (/^\s*[-*]\s/.test(lines[i])) items.push(lines[i].replace(/^\s*[-*]\s+/, ''));
        else items[items.length - 1] += ` ${lines[i].trim()}`;
        i++;
      }
      out.push(`<ul>${items.map((item) => `<li>${inline(item)}</li>`).join('')}</ul>`);
    } else if (line.trimStart().startsWith('|') && i + 1 < lines.length && /^\s*\|?\s*:?-{3,}/.test(lines[i + 1])) {
      const head = tableRow(line);
      const aligns = tableRow(lines[i + 1]).map((cell) => (cell.endsWith(':') ? ' style="text-align:right"' : ''));
      i += 2;
      const rows: string[][] = [];
      while (i < lines.length && lines[i].trimStart().startsWith('|')) rows.push(tableRow(lines[i++]));
      out.push(
        `<table><thead><tr>${head.map((cell, c) => `<th${aligns[c] ?? ''}>${inline(cell)}</th>`).join('')}</tr></thead>` +
          `<tbody>${rows.map((row) => `<tr>${row.map((cell, c) => `<td${aligns[c] ?? ''}>${inline(cell)}</td>`).join('')}</tr>`).join('')}</tbody></table>`,
      );
    } else {
      const paragraph: string[] = [];
      while (i < lines.length && lines[i].trim() && !/^(#{1,6}\s|>|\s*[-*]\s|\s*\|)/.test(lines[i])) paragraph.push(lines[i++].trim());
      if (!paragraph.length) paragraph.push(lines[i++].trim());
      out.push(`<p>${inline(paragraph.join(' '))}</p>`);
    }
  }
  return out.join('\n');
}

/** The page's style: the VS Code theme's colours in a webview, the viewer's colour scheme elsewhere. */
export const PAGE_STYLE = `
:root { color-scheme: light dark; }
body { font-family: var(--vscode-font-family, system-ui, -apple-system, "Segoe UI", sans-serif); font-size: var(--vscode-font-size, 14px);
  color: var(--vscode-foreground, CanvasText); background: var(--vscode-editor-background, Canvas); margin: 0 auto; padding: 16px 24px; max-width: 940px; line-height: 1.5; }
h1, h2, h3 { line-height: 1.25; margin: 1.2em 0 0.5em; }
h1 { font-size: 1.6em; } h2 { font-size: 1.3em; border-bottom: 1px solid var(--vscode-panel-border, #8884); padding-bottom: 0.2em; } h3 { font-size: 1.1em; }
code { font-family: var(--vscode-editor-font-family, ui-monospace, "SFMono-Regular", Menlo, monospace); font-size: 0.92em;
  background: var(--vscode-textCodeBlock-background, #8882); padding: 0.05em 0.3em; border-radius: 3px; }
blockquote { margin: 0.8em 0; padding: 0.4em 0.9em; border-left: 4px solid var(--vscode-textBlockQuote-border, #888a); background: var(--vscode-textBlockQuote-background, #8881); font-weight: 600; }
table { border-collapse: collapse; margin: 0.6em 0; } th, td { border: 1px solid var(--vscode-panel-border, #8886); padding: 0.2em 0.6em; text-align: left; vertical-align: top; }
a { color: var(--vscode-textLink-foreground, LinkText); } a:focus { outline: 1px solid var(--vscode-focusBorder, Highlight); }
figure { margin: 1em 0; overflow-x: auto; } figcaption { font-size: 0.9em; color: var(--vscode-descriptionForeground, GrayText); margin-top: 0.3em; }
figure svg { max-width: 100%; height: auto; }
`;

/** The content security policy of a page: no script, nothing remote; styles and pictures inline only. */
export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src 'none'; script-src 'none'";

/** A picture in a page: the SVG inline, its text alternative as the figure's caption. */
export function figureHtml(picture: Picture): string {
  return `<figure id="picture-${escapeXml(picture.id)}" aria-label="${escapeXml(picture.title)}">${picture.svg}<figcaption>${escapeXml(picture.text)}</figcaption></figure>`;
}

/** One self-contained page: the report's Markdown rendered, the pictures placed after its verdict (the first quote, else the first paragraph). */
export function htmlPage(title: string, markdown: string, pictures: readonly Picture[], options: { csp?: string; style?: string; links?: LinkOptions; header?: string } = {}): string {
  const body = (options.header ?? '') + markdownHtml(markdown, options.links);
  const figures = pictures.map(figureHtml).join('\n');
  // After the verdict: the first quote (explain, simulate), else the first paragraph (diagnose's bold verdict).
  const quote = body.indexOf('</blockquote>');
  const paragraph = body.indexOf('</p>');
  const at = quote >= 0 ? quote + '</blockquote>'.length : paragraph >= 0 ? paragraph + '</p>'.length : -1;
  const content = figures ? (at >= 0 ? `${body.slice(0, at)}\n${figures}${body.slice(at)}` : `${figures}\n${body}`) : body;
  return (
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n' +
    `<meta http-equiv="Content-Security-Policy" content="${escapeXml(options.csp ?? PAGE_CSP)}">\n` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
    `<title>${escapeXml(title)}</title>\n<style>${PAGE_STYLE}${options.style ?? ''}</style>\n</head>\n<body>\n<main>\n${content}\n</main>\n</body>\n</html>\n`
  );
}
