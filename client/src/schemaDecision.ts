// `kubeassist.schemaDiagnostics: auto`: whether Red Hat YAML already checks a document against a
// Kubernetes schema, in which case plain schema findings and plain key completions are left to it.
// Pure (no `vscode` import) so that every case is unit-tested; redHatYaml.ts feeds it the editor's state.

export type SchemaDiagnosticsSetting = 'auto' | 'on' | 'off';

/** What the client knows about the Red Hat YAML extension (redhat.vscode-yaml). */
export interface RedHatYamlState {
  /** Installed and enabled: it activates on the same YAML files we do. */
  present: boolean;
  /** Its `yaml.validate` for the document (default true). */
  validate: boolean;
  /** Its `yaml.schemas` for the document: schema (URL, path or `kubernetes`) -> glob or list of globs. */
  schemas: unknown;
}

export interface DocumentFacts {
  /** The document's URI as a string (`file:///project/job.yaml`). */
  uri: string;
  languageId: string;
  text: string;
}

/** The engine's per-document setting. */
export function decideSchemaDiagnostics(setting: SchemaDiagnosticsSetting, document: DocumentFacts, redHat: RedHatYamlState | undefined): 'on' | 'off' {
  if (setting !== 'auto') return setting;
  if (!redHat?.present || redHat.validate === false) return 'on';
  // Red Hat YAML cannot read a Helm template (its schema errors there are about the template syntax):
  // KubeAssist, which reads templates where their text is literal, reports their schema findings itself.
  if (document.languageId === 'helm' || document.text.includes('{{')) return 'on';
  const ours = yamlDocuments(document.text).filter(isOurKind);
  if (ours.length === 0) return 'on';
  const mappedBySettings = kubernetesSchemaMapped(redHat.schemas, document.uri);
  // A modeline picks the schema of its own YAML document and wins over `yaml.schemas`.
  const covered = (text: string) => {
    const modeline = modelineSchema(text);
    return modeline === undefined ? mappedBySettings : isKubernetesSchema(modeline);
  };
  return ours.every(covered) ? 'off' : 'on';
}

/** `kubernetes` (Red Hat YAML's keyword) or the URL of a Kubernetes JSON Schema. */
function isKubernetesSchema(schema: string): boolean {
  return /kubernetes|k8s/i.test(schema);
}

/** Whether `yaml.schemas` maps a Kubernetes schema to the document (Red Hat YAML's glob rules). */
function kubernetesSchemaMapped(schemas: unknown, uri: string): boolean {
  if (!schemas || typeof schemas !== 'object') return false;
  const path = pathOf(uri);
  for (const [schema, globs] of Object.entries(schemas as Record<string, unknown>)) {
    if (!isKubernetesSchema(schema)) continue;
    const patterns = (Array.isArray(globs) ? globs : [globs]).filter((g): g is string => typeof g === 'string');
    if (globsMatch(patterns, path)) return true;
  }
  return false;
}

/** Red Hat YAML's matching: a leading `/` is dropped, a pattern matches at any folder depth, `!` excludes, the last match wins. */
export function globsMatch(patterns: string[], path: string): boolean {
  let match = false;
  for (let pattern of patterns) {
    const include = !pattern.startsWith('!');
    if (!include) pattern = pattern.slice(1);
    if (pattern.startsWith('/')) pattern = pattern.slice(1);
    if (!pattern) continue;
    if (new RegExp(`(?:^|/)${globToRegExp(pattern)}$`).test(path)) match = include;
  }
  return match;
}

function globToRegExp(glob: string): string {
  let out = '';
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      const slash = glob[i + 2] === '/';
      out += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '{') {
      braces++;
      out += '(?:';
    } else if (c === '}' && braces > 0) {
      braces--;
      out += ')';
    } else if (c === ',' && braces > 0) out += '|';
    else if (c === '[') {
      const end = glob.indexOf(']', i + 1);
      if (end < 0) out += '\\[';
      else {
        out += `[${glob.slice(i + 1, end).replace(/^!/, '^').replace(/\\/g, '\\\\')}]`;
        i = end;
      }
    } else out += c.replace(/[.+^$(){}|\\]/g, '\\$&');
  }
  return out;
}

function pathOf(uri: string): string {
  const match = /^[a-z][a-z0-9+.-]*:\/\/[^/]*(\/.*)$/i.exec(uri);
  const path = match ? match[1] : uri;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * The YAML documents of a file as Red Hat YAML (the YAML spec) sees them, which is what its modelines cover:
 * a `---` or `...` at column 0 ends one, and `%` directives go with the document after them. (kubectl splits
 * at `---` only: the engine's split.ts.) Comments before the first `---` belong to the first document.
 */
function yamlDocuments(text: string): string[] {
  const parts = yamlSpecParts(text);
  if (parts.length > 1 && /^(?:[ \t]*(?:#.*)?\r?\n)*$/.test(parts[0])) parts.splice(0, 2, parts[0] + parts[1]);
  return parts;
}

/** A top-level `apiVersion` + `kind` of ours, read from the text (a Job, CronJob or CSIDriver of any served version). */
function isOurKind(text: string): boolean {
  const kind = /^kind[ \t]*:[ \t]*["']?(Job|CronJob|CSIDriver)["']?[ \t]*(?:#.*)?$/m.exec(text)?.[1];
  const apiVersion = /^apiVersion[ \t]*:[ \t]*["']?([\w./-]+)["']?[ \t]*(?:#.*)?$/m.exec(text)?.[1];
  if (!kind || !apiVersion) return false;
  return kind === 'CSIDriver' ? apiVersion.startsWith('storage.k8s.io/') : apiVersion.startsWith('batch/');
}

/** `# yaml-language-server: $schema=<url>` (or `# $schema: <url>`) in a YAML document. */
function modelineSchema(text: string): string | undefined {
  for (const line of text.split(/\r?\n/)) {
    const comment = /^\s*(#.*)$/.exec(line)?.[1];
    if (!comment || !/^#\s+(?:yaml-language-server\s*:|\$schema:)/.test(comment)) continue;
    const schema = /\$schema(?:=|:\s*)(\S+)/.exec(comment)?.[1];
    if (schema) return schema;
  }
  return undefined;
}

const MARKER = /^(?:---|\.\.\.)(?=[ \t\r\n]|$)/;

function yamlSpecParts(text: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let pendingDirectives = false;
  let offset = 0;
  while (offset <= text.length) {
    const newline = text.indexOf('\n', offset);
    const end = newline === -1 ? text.length : newline + 1;
    if (text[offset] === '%') pendingDirectives = true;
    if (MARKER.test(text.slice(offset, Math.min(end, offset + 4)))) {
      if (text[offset] === '.') {
        parts.push(text.slice(start, end));
        start = end;
      } else if (offset > start && !pendingDirectives) {
        parts.push(text.slice(start, offset));
        start = offset;
      }
      pendingDirectives = false;
    }
    if (newline === -1) break;
    offset = end;
  }
  if (start < text.length || parts.length === 0) parts.push(text.slice(start));
  return parts;
}
