// Helm templates and Kustomize patches through the real server, as an editor sees them: diagnostics where
// the text is literal and nowhere else, completion and hover inside a template (Helm hook annotations with
// their values), patches recognised from the kustomization beside them on disk (and again when it changes).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { CompletionItem, CompletionList, Diagnostic, Hover, MarkupContent } from 'vscode-languageserver-protocol';
import { positionOf, rangeOf, TestServer, withCursor } from '../support/lspClient';

const TEMPLATE = `{{- if .Values.migrate.enabled }}
apiVersion: batch/v1
kind: Job
metadata:
  name: {{ include "app.fullname" . }}-migrate
  labels:
    {{- include "app.labels" . | nindent 4 }}
  annotations:
    "helm.sh/hook": pre-install,pre-upgrade
    "helm.sh/hook-delete-policy": before-hook-creation
spec:
  backoffLimit: {{ .Values.migrate.backoffLimit }}
  completionMode: indexed
  template:
    metadata:
      labels:
        {{- include "app.selectorLabels" . | nindent 8 }}
    spec:
      restartPolicy: Never
      {{- with .Values.imagePullSecrets }}
      imagePullSecrets:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      containers:
        - name: {{ .Chart.Name }}-migrate
          image: "{{ .Values.image.repository }}:{{ .Values.image.tag }}"
          resources:
            {{- toYaml .Values.resources | nindent 12 }}
{{- end }}
`;

const summary = (diagnostics: Diagnostic[]) => diagnostics.map((d) => `${d.code} @ ${(d.data as { path?: string }).path} ${d.range.start.line + 1}:${d.range.start.character + 1}`);
const labels = (items: CompletionItem[]) => items.map((item) => item.label);
const text = (hover: Hover | null) => (hover?.contents as MarkupContent | undefined)?.value ?? '';

describe('Helm templates over LSP', () => {
  let server: TestServer;
  let counter = 0;
  before(async () => {
    server = await TestServer.start();
  });
  after(async () => server.stop());
  const uri = () => `file:///chart-${++counter}/templates/job.yaml`;

  async function at(marked: string, method: 'textDocument/completion' | 'textDocument/hover') {
    // `|` is Helm's pipe: the cursor is marked with `§` in templates.
    const { text: content, position } = withCursor(marked, '§');
    const document = uri();
    await server.open(document, content);
    return server.request<CompletionList | Hover | null>(method, { textDocument: { uri: document }, position });
  }

  it('reports the literal mistake of a template, and nothing about what its actions fill in', async () => {
    const diagnostics = await server.open(uri(), TEMPLATE);
    assert.deepEqual(summary(diagnostics), ['schema/enum @ spec.completionMode 13:19']);
    assert.deepEqual(diagnostics[0].range, rangeOf(TEMPLATE, 'indexed'));
  });

  it('offers the pod spec keys inside a template, not those already written', async () => {
    const marked = TEMPLATE.replace('      restartPolicy: Never\n', '      restartPolicy: Never\n      activeDeadl§\n');
    const result = (await at(marked, 'textDocument/completion')) as CompletionList;
    assert.ok(labels(result.items).includes('activeDeadlineSeconds'), labels(result.items).join(', '));
    assert.ok(!labels(result.items).includes('restartPolicy'));
    assert.ok(!labels(result.items).includes('containers'));
  });

  it('offers nothing inside a template action', async () => {
    const result = (await at(TEMPLATE.replace('.Values.migrate.backoffLimit', '.Values.mig§rate.backoffLimit'), 'textDocument/completion')) as CompletionList;
    assert.deepEqual(result.items, []);
  });

  it('offers the Helm hook annotations on the Job, and the hook values after the key', async () => {
    const keys = (await at(TEMPLATE.replace('    "helm.sh/hook-delete-policy": before-hook-creation\n', '    helm§\n'), 'textDocument/completion')) as CompletionList;
    assert.deepEqual(labels(keys.items).filter((label) => label.startsWith('helm.sh/')), ['helm.sh/hook', 'helm.sh/hook-weight', 'helm.sh/hook-delete-policy']);
    const values = (await at(TEMPLATE.replace('"helm.sh/hook": pre-install,pre-upgrade', '"helm.sh/hook": pre-install,§'), 'textDocument/completion')) as CompletionList;
    assert.deepEqual(labels(values.items), ['post-install', 'pre-upgrade', 'post-upgrade', 'pre-delete', 'post-delete', 'pre-rollback', 'post-rollback', 'test']);
    const { position } = withCursor(TEMPLATE.replace('"helm.sh/hook": pre-install,pre-upgrade', '"helm.sh/hook": pre-install,§'), '§');
    assert.deepEqual(values.items[0].textEdit, { range: { start: position, end: position }, newText: 'post-install' });
  });

  it('explains a hook annotation and each of its values, and a field, on hover', async () => {
    const key = text((await at(TEMPLATE.replace('"helm.sh/hook":', '"helm.sh/ho§ok":'), 'textDocument/hover')) as Hover | null);
    assert.ok(key.startsWith('**helm.sh/hook** · annotation read by Helm'), key);
    assert.ok(key.includes('Helm waits for a hook Job to complete'), key);
    const value = text((await at(TEMPLATE.replace('pre-install,pre-upgrade', 'pre-ins§tall,pre-upgrade'), 'textDocument/hover')) as Hover | null);
    assert.ok(value.includes('- `pre-install`: Runs once the templates are rendered') && value.includes('- `pre-upgrade`:'), value);
    const field = text((await at(TEMPLATE.replace('  backoffLimit:', '  backoff§Limit:'), 'textDocument/hover')) as Hover | null);
    assert.ok(field.startsWith('**backoffLimit** · `int32`'), field);
  });
});

describe('Kustomize patches over LSP', () => {
  let server: TestServer;
  let folder: string;
  const registrations: unknown[] = [];
  before(async () => {
    folder = mkdtempSync(join(tmpdir(), 'kubeassist-patches-'));
    server = await TestServer.start({ capabilities: { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } } });
    server.connection.onRequest('client/registerCapability', (params: unknown) => {
      registrations.push(params);
      return null;
    });
  });
  after(async () => {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  function overlay(name: string, kustomization: string | undefined, files: Record<string, string>): Record<string, string> {
    const dir = join(folder, name);
    mkdirSync(dir, { recursive: true });
    if (kustomization !== undefined) writeFileSync(join(dir, 'kustomization.yaml'), kustomization);
    const uris: Record<string, string> = {};
    for (const [file, content] of Object.entries(files)) {
      writeFileSync(join(dir, file), content);
      uris[file] = pathToFileURL(join(dir, file)).href;
    }
    return uris;
  }

  const PATCH = 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: migrate\nspec:\n  backoffLimit: 2\n';

  it('checks a patch with only backoffLimit as a patch: clean', async () => {
    const uris = overlay('backoff', 'resources:\n- ../base\npatches:\n- path: backoff.yaml\n', { 'backoff.yaml': PATCH });
    assert.deepEqual(await server.open(uris['backoff.yaml'], PATCH), []);
  });

  it('still reports a wrong enum value in a patch', async () => {
    const content = `${PATCH}  completionMode: indexed\n`;
    const uris = overlay('enum', 'patchesStrategicMerge:\n- job-patch.yaml\n', { 'job-patch.yaml': content });
    const diagnostics = await server.open(uris['job-patch.yaml'], content);
    assert.deepEqual(summary(diagnostics), ['schema/enum @ spec.completionMode 7:19']);
  });

  it('says on hover which kustomization uses the patch, and offers the strategic-merge directives', async () => {
    const uris = overlay('hover', 'patches:\n- path: job.yaml\n  target:\n    kind: Job\n', { 'job.yaml': PATCH });
    await server.open(uris['job.yaml'], PATCH);
    const hover = await server.request<Hover | null>('textDocument/hover', { textDocument: { uri: uris['job.yaml'] }, position: positionOf(PATCH, 'backoffLimit', 3) });
    const value = text(hover);
    assert.ok(value.startsWith('**backoffLimit** · `int32`'), value);
    assert.ok(value.includes('**Kustomize strategic-merge patch**, used by:\n- `kustomization.yaml` (`patches`; target kind: Job)'), value);
    const { text: marked, position } = withCursor(`${PATCH}  template:\n    spec:\n      |\n`);
    await server.change(uris['job.yaml'], [{ text: marked }]);
    const result = await server.request<CompletionList>('textDocument/completion', { textDocument: { uri: uris['job.yaml'] }, position });
    const directives = labels(result.items).filter((label) => label.startsWith('$'));
    // Keyed lists of the pod spec merge item by item; tolerations (atomic) are replaced whole: no order for them.
    assert.ok(directives.includes('$patch') && directives.includes('$retainKeys') && directives.includes('$setElementOrder/containers'), directives.join(', '));
    assert.ok(!directives.includes('$setElementOrder/tolerations'), directives.join(', '));
    const patchItem = result.items.find((item) => item.label === '$patch');
    assert.deepEqual(patchItem?.textEdit, { range: { start: position, end: position }, newText: '\\$patch: ${1|merge,replace,delete|}' });
  });

  it('flags a JSON 6902 path that leads to no field of the target kind, and completes the path', async () => {
    const operations = '- op: replace\n  path: /spec/backofLimit\n  value: 3\n';
    const uris = overlay('json6902', 'patchesJson6902:\n- target:\n    group: batch\n    version: v1\n    kind: Job\n    name: migrate\n  path: ops.yaml\n', { 'ops.yaml': operations });
    const diagnostics = await server.open(uris['ops.yaml'], operations);
    assert.deepEqual(diagnostics.map((d) => `${d.code} ${d.range.start.line + 1}:${d.range.start.character + 1}-${d.range.end.line + 1}:${d.range.end.character + 1}`), ['kustomize/json6902-path 2:9-2:26']);
    const message = String(diagnostics[0].message);
    assert.ok(message.includes('`backofLimit` is not a field of `spec` (did you mean `backoffLimit`?)'), message);
    const { text: marked, position } = withCursor('- op: replace\n  path: /spec/backoffL|\n');
    await server.change(uris['ops.yaml'], [{ text: marked }]);
    const result = await server.request<CompletionList>('textDocument/completion', { textDocument: { uri: uris['ops.yaml'] }, position });
    const item = result.items.find((candidate) => candidate.label === 'backoffLimit');
    assert.deepEqual(item?.textEdit, { range: { start: { line: position.line, character: position.character - 'backoffL'.length }, end: position }, newText: 'backoffLimit' });
  });

  it('re-checks an open file when a kustomization appears beside it (watched files) or is edited', async () => {
    const uris = overlay('late', undefined, { 'job.yaml': PATCH });
    const before = await server.open(uris['job.yaml'], PATCH);
    assert.deepEqual(summary(before), ['schema/required @ spec.template 5:1'], 'a plain Job without a template');
    assert.ok(registrations.length > 0, 'the server asked to watch kustomization files');
    const kustomization = join(folder, 'late', 'kustomization.yaml');
    writeFileSync(kustomization, 'patches:\n- path: job.yaml\n');
    const after = server.nextDiagnostics(uris['job.yaml']);
    await server.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(kustomization).href, type: 1 }] });
    assert.deepEqual(await after, []);
    // Opened and edited in the editor (not yet saved): the patch follows the text being typed.
    const again = server.nextDiagnostics(uris['job.yaml']);
    await server.open(pathToFileURL(kustomization).href, 'resources:\n- job.yaml\n');
    assert.deepEqual(summary(await again), ['schema/required @ spec.template 5:1']);
  });
});
