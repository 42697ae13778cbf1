// Completion and hover in a `.kubeassist.yaml`: its keys and what they take, from the JSON Schema we ship
// (schemas/kubeassist-config.schema.json), the releases we know, and the rule codes of the code table.
import { parseDocument, type Node } from 'yaml';
import {
  CompletionItemKind, MarkupKind, type CompletionItem, type CompletionList, type Hover, type Position, type Range,
} from 'vscode-languageserver-types';
import configSchema from '../../../../schemas/kubeassist-config.schema.json';
import { allRuleCodes } from '../codes';
import { cursorContext, siblingKeys } from '../document/cursor';
import { LineIndex } from '../document/lines';
import { nestsDeeperThan } from '../document/nesting';
import { pathAtOffset } from '../document/paths';
import { DEFAULT_MAX_FILE_SIZE } from '../settings';
import { MAX_MINOR, MIN_MINOR, releaseLabel, type RuleCode } from '../types';
import { CONFIG_FILE_NAME, CONFIG_KEYS } from './kubeassistConfig';

type KeySchema = { description: string; markdownDescription: string; type: string };
const KEY_SCHEMAS = configSchema.properties as Record<string, KeySchema>;
const SEVERITY_VALUES: readonly string[] = configSchema.properties.rules.additionalProperties.enum.filter((value) => value !== 'info');

/** What a key takes when inserted: a value on its line, a nested mapping, or a list. */
const INSERTED: Record<string, string> = { kubernetesVersion: 'kubernetesVersion: ', rules: 'rules:\n  ', ignore: 'ignore:\n  - ', maxFileSize: 'maxFileSize: ' };

export function completeConfig(text: string, asked: Position): CompletionList {
  const lines = new LineIndex(text);
  const position = lines.clamp(asked);
  if (!position) return { isIncomplete: false, items: [] };
  const cursor = cursorContext(text, position.line, position.character);
  const replace: Range = { start: { line: position.line, character: position.character - cursor.prefix.length }, end: position };
  const afterColon = cursor.on === 'value' && lines.lineText(position.line)[replace.start.character - 1] === ':' ? ' ' : '';
  const [top, second] = cursor.path;
  let items: CompletionItem[] = [];
  if (cursor.on === 'key' && cursor.path.length === 0) {
    const present = siblingKeys(text, position.line, cursor.column);
    items = CONFIG_KEYS.filter((key) => !present.has(key) || key === cursor.prefix).map((key) => ({
      label: key,
      kind: CompletionItemKind.Property,
      detail: KEY_SCHEMAS[key].description,
      documentation: { kind: MarkupKind.Markdown, value: KEY_SCHEMAS[key].markdownDescription },
      textEdit: { range: replace, newText: INSERTED[key] },
    }));
  } else if (cursor.on === 'value' && cursor.path.length === 1 && top === 'kubernetesVersion') {
    items = releases().map((release, index) => ({
      label: `"${release}"`,
      filterText: release,
      kind: CompletionItemKind.Value,
      detail: `Kubernetes ${releaseLabel(Number(release.split('.')[1]))}`,
      sortText: String(index).padStart(3, '0'),
      textEdit: { range: replace, newText: `${afterColon}"${release}"` },
    }));
  } else if (cursor.on === 'value' && cursor.path.length === 1 && top === 'maxFileSize') {
    items = [
      { label: String(DEFAULT_MAX_FILE_SIZE), kind: CompletionItemKind.Value, detail: 'the default', textEdit: { range: replace, newText: `${afterColon}${DEFAULT_MAX_FILE_SIZE}` } },
      { label: '0', kind: CompletionItemKind.Value, detail: 'no limit', textEdit: { range: replace, newText: `${afterColon}0` } },
    ];
  } else if (top === 'rules' && cursor.on === 'key' && cursor.path.length === 1) {
    const present = siblingKeys(text, position.line, cursor.column);
    items = ruleKeys().filter(({ key }) => !present.has(key) || key === cursor.prefix).map(({ key, detail, documentation }) => ({
      label: key,
      kind: key.endsWith('/') ? CompletionItemKind.Module : CompletionItemKind.Property,
      detail,
      documentation: { kind: MarkupKind.Markdown, value: documentation },
      textEdit: { range: replace, newText: `${key}: ` },
    }));
  } else if (top === 'rules' && cursor.on === 'value' && cursor.path.length === 2 && typeof second === 'string') {
    items = SEVERITY_VALUES.map((value, index) => ({
      label: value,
      kind: CompletionItemKind.EnumMember,
      detail: value === 'off' ? `silence ${second}` : `report ${second} as ${value === 'information' ? 'information' : `a ${value}`}`,
      sortText: String(index),
      textEdit: { range: replace, newText: `${afterColon}${value}` },
    }));
  }
  return { isIncomplete: false, items };
}

export function hoverConfig(text: string, asked: Position): Hover | null {
  const lines = new LineIndex(text);
  const position = lines.clamp(asked);
  if (!position || nestsDeeperThan(text)) return null; // the parse and pathAtOffset would recurse as deep
  const document = parseDocument(text);
  if (!document.contents) return null;
  const target = pathAtOffset(document, document.contents as Node, lines.offsetAt(position));
  if (!target || target.on !== 'key') return null;
  const [top, code] = target.path;
  let value: string | undefined;
  if (target.path.length === 1 && typeof top === 'string' && KEY_SCHEMAS[top]) {
    value = `**${top}** (${CONFIG_FILE_NAME})\n\n${KEY_SCHEMAS[top].markdownDescription}`;
  } else if (target.path.length === 2 && top === 'rules' && typeof code === 'string') {
    value = ruleKeys().find(({ key }) => key === code)?.documentation;
  }
  return value ? { contents: { kind: MarkupKind.Markdown, value } } : null;
}

function releases(): string[] {
  const out: string[] = [];
  for (let minor = MAX_MINOR; minor >= MIN_MINOR; minor--) out.push(`1.${minor}`);
  return out;
}

let ruleKeyCache: { key: string; detail: string; documentation: string }[] | undefined;

/** Every rule code, and every prefix ending in `/` that starts several, for `rules:`. */
function ruleKeys(): { key: string; detail: string; documentation: string }[] {
  if (ruleKeyCache) return ruleKeyCache;
  const codes = allRuleCodes();
  const prefixes = new Map<string, RuleCode[]>();
  for (const code of codes) {
    for (let slash = code.code.indexOf('/'); slash > 0; slash = code.code.indexOf('/', slash + 1)) {
      const prefix = code.code.slice(0, slash + 1);
      const covered = prefixes.get(prefix);
      if (covered) covered.push(code);
      else prefixes.set(prefix, [code]);
    }
  }
  ruleKeyCache = [
    ...codes.map((code) => ({
      key: code.code,
      detail: `${code.severity} by default`,
      documentation: `**${code.code}** (${code.severity} by default)\n\n${code.title}${code.mirrors && code.mirrors !== '-' ? `\n\nMirrors: ${code.mirrors}` : ''}`,
    })),
    ...[...prefixes].filter(([, covered]) => covered.length > 1).map(([prefix, covered]) => ({
      key: prefix,
      detail: `${covered.length} codes`,
      documentation: `**${prefix}**: every code that starts with it (${covered.length}), unless a full code is set too:\n\n${covered.map((code) => `- \`${code.code}\``).join('\n')}`,
    })),
  ];
  return ruleKeyCache;
}
