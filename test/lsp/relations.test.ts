// The workspace index and the relation checks through the real server (dist/server.js): a workspace folder on
// disk, indexed in the background with progress; each upstream report of issue 23 shows its finding on the
// consumer with the other end as related information; go to definition, find references and hover on the
// names objects give each other; a watched file change and the settings reach the checks.
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, it } from 'node:test';
import type { Diagnostic, Hover, Location, MarkupContent } from 'vscode-languageserver-protocol';
import { RELATION_CASES, writeCase, type RelationCase } from '../support/relationCases';
import { positionOf, rangeOf, TestServer } from '../support/lspClient';

const SEVERITIES = ['', 'error', 'warning', 'information', 'hint'];
const folders: string[] = [];
after(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function underlined(text: string, diagnostic: Diagnostic): string {
  const line = text.split('\n')[diagnostic.range.start.line];
  return line.slice(diagnostic.range.start.character, diagnostic.range.end.character);
}

/** A server on the case's folder, the case's file opened, once the index has been built (progress `end`). */
async function open(testCase: RelationCase, settings: { relations?: Record<string, unknown> } = {}): Promise<{ server: TestServer; root: string; uri: string; text: string; diagnostics: Diagnostic[] }> {
  const root = writeCase(testCase);
  folders.push(root);
  const relations: Record<string, unknown> = { ...testCase.relations, ...settings.relations };
  const server = await TestServer.start({ workspaceFolders: [pathToFileURL(root).href], workDoneProgress: true, settings: { relations } });
  if (relations.enable !== false) await indexed(server);
  const uri = pathToFileURL(join(root, testCase.file)).href;
  const text = readFileSync(join(root, testCase.file), 'utf8');
  const diagnostics = await server.open(uri, text);
  return { server, root, uri, text, diagnostics };
}

async function indexed(server: TestServer): Promise<void> {
  const deadline = Date.now() + 20000;
  while (!server.progress.some((report) => report.value.kind === 'end')) {
    if (Date.now() > deadline) throw new Error('the index was not built within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the upstream reports through the real server', () => {
  for (const testCase of RELATION_CASES) {
    it(testCase.report, async () => {
      const { server, root, text, diagnostics } = await open(testCase);
      try {
        const found = diagnostics.filter((diagnostic) => String(diagnostic.code).startsWith('relations/'));
        assert.deepEqual(
          found.map((diagnostic) => ({ code: diagnostic.code, severity: SEVERITIES[diagnostic.severity ?? 0], underlines: underlined(text, diagnostic) })),
          testCase.expect.map(({ code, severity, underlines }) => ({ code, severity, underlines })),
        );
        testCase.expect.forEach((expected, i) => {
          assert.equal(found[i].source, 'kubeassist');
          if (expected.related) assert.ok(found[i].relatedInformation?.some((information) => information.location.uri === pathToFileURL(join(root, expected.related as string)).href), JSON.stringify(found[i].relatedInformation));
        });
      } finally {
        await server.stop();
      }
    });
  }
});

describe('the index in the editor', () => {
  const mastodon = RELATION_CASES.find((testCase) => testCase.report.startsWith('mastodon/chart#74')) as RelationCase;

  it('reports progress while it builds (begin, report, end) and logs what it indexed', async () => {
    const { server } = await open(mastodon);
    try {
      const kinds = server.progress.map((report) => report.value.kind);
      assert.equal(kinds[0], 'begin');
      assert.equal(kinds[kinds.length - 1], 'end');
      assert.equal(server.progress[0].value.title, 'KubeAssist: indexing Kubernetes manifests');
      assert.ok(server.logs.some((line) => /indexed 3 of 3 YAML files of the workspace/.test(line)), server.logs.join('\n'));
    } finally {
      await server.stop();
    }
  });

  it('offers the fix that makes the ConfigMap a hook of a lower weight, as an edit of its own file', async () => {
    const { server, root, uri, diagnostics } = await open(mastodon);
    try {
      const diagnostic = diagnostics.find((candidate) => candidate.code === 'relations/helm-hook-order') as Diagnostic;
      const actions = await server.request<{ title: string; edit?: { changes: Record<string, { range: unknown; newText: string }[]> } }[]>('textDocument/codeAction', { textDocument: { uri }, range: diagnostic.range, context: { diagnostics: [diagnostic] } });
      const fix = actions.find((action) => action.title.startsWith('Make ConfigMap'));
      assert.equal(fix?.title, 'Make ConfigMap `{{ include "mastodon.fullname" . }}-env` a `pre-install,pre-upgrade` hook of weight -3');
      const other = pathToFileURL(join(root, 'mastodon/templates/configmap-env.yaml')).href;
      // After the name's line: the labels below end in lines an action writes.
      assert.deepEqual(fix?.edit?.changes[other], [{ range: { start: { line: 3, character: 47 }, end: { line: 3, character: 47 } }, newText: '\n  annotations:\n    helm.sh/hook: pre-install,pre-upgrade\n    helm.sh/hook-weight: "-3"' }]);
    } finally {
      await server.stop();
    }
  });

  it('goes to the definition from a reference, finds the references of a definition, and hovers on both ends', async () => {
    const { server, root, uri, text } = await open(mastodon);
    try {
      const at = positionOf(text, '-env', -5);
      const definition = await server.request<Location[]>('textDocument/definition', { textDocument: { uri }, position: at });
      const configmap = pathToFileURL(join(root, 'mastodon/templates/configmap-env.yaml')).href;
      const configText = readFileSync(join(root, 'mastodon/templates/configmap-env.yaml'), 'utf8');
      assert.deepEqual(definition, [{ uri: configmap, range: rangeOf(configText, '{{ include "mastodon.fullname" . }}-env') }]);

      const hover = await server.request<Hover>('textDocument/hover', { textDocument: { uri }, position: at });
      const markdown = (hover.contents as MarkupContent).value;
      assert.match(markdown, /^\*\*ConfigMap `\{\{ include "mastodon\.fullname" \. \}\}-env`\*\* is defined in the workspace:\n- \[`templates\/configmap-env\.yaml:4`\]/);

      await server.open(configmap, configText);
      const references = await server.request<Location[]>('textDocument/references', { textDocument: { uri: configmap }, position: positionOf(configText, '-env', -3), context: { includeDeclaration: false } });
      assert.deepEqual(references, [{ uri, range: rangeOf(text, '{{ include "mastodon.fullname" . }}-env') }]);
      const withDeclaration = await server.request<Location[]>('textDocument/references', { textDocument: { uri: configmap }, position: positionOf(configText, '-env', -3), context: { includeDeclaration: true } });
      assert.equal(withDeclaration.length, 2);
    } finally {
      await server.stop();
    }
  });

  it('hovers on a reference no object of the workspace answers, and says so', async () => {
    const account = RELATION_CASES.find((testCase) => testCase.report.startsWith('kubernetes/kubernetes#100726')) as RelationCase;
    const { server, uri, text } = await open(account);
    try {
      const hover = await server.request<Hover>('textDocument/hover', { textDocument: { uri }, position: positionOf(text, 'idontexist', 2) });
      assert.match((hover.contents as MarkupContent).value, /^\*\*ServiceAccount `idontexist`\*\*: no ServiceAccount of this name in this namespace in the workspace \(3 files indexed\)\. It must exist in the cluster before the Pods start\./);
      const definition = await server.request<Location[]>('textDocument/definition', { textDocument: { uri }, position: positionOf(text, 'idontexist', 2) });
      assert.deepEqual(definition, []);
    } finally {
      await server.stop();
    }
  });

  it('finds the users of a CSIDriver (find references from its name)', async () => {
    const nfs = RELATION_CASES.find((testCase) => testCase.report.startsWith('kubernetes-csi/csi-driver-nfs#716')) as RelationCase;
    const { server, root } = await open(nfs);
    try {
      const driver = pathToFileURL(join(root, 'nfs/csi-nfs-driverinfo.yaml')).href;
      const text = readFileSync(join(root, 'nfs/csi-nfs-driverinfo.yaml'), 'utf8');
      await server.open(driver, text);
      const references = await server.request<Location[]>('textDocument/references', { textDocument: { uri: driver }, position: positionOf(text, 'nfs.csi.k8s.io', 3), context: { includeDeclaration: false } });
      assert.deepEqual(references.map((location) => location.uri), [pathToFileURL(join(root, 'nfs/pod.yaml')).href]);
    } finally {
      await server.stop();
    }
  });

  it('goes to the definition from a claimName (the claim) and from a StorageClass provisioner (the CSIDriver)', async () => {
    const seaweedfs = RELATION_CASES.find((testCase) => testCase.report.startsWith('seaweedfs/')) as RelationCase;
    const { server, root, uri, text } = await open(seaweedfs);
    try {
      const claim = await server.request<Location[]>('textDocument/definition', { textDocument: { uri }, position: positionOf(text, 'claimName: t1', 12) });
      const volumes = readFileSync(join(root, 'seaweedfs/volume.yaml'), 'utf8');
      assert.deepEqual(claim, [{ uri: pathToFileURL(join(root, 'seaweedfs/volume.yaml')).href, range: rangeOf(volumes, 't1', 3) }]); // the claim's name (after the volume's handle and path)
    } finally {
      await server.stop();
    }
    const zfs = RELATION_CASES.find((testCase) => testCase.report.startsWith('openebs/zfs-localpv')) as RelationCase;
    const second = await open(zfs);
    try {
      const classUri = pathToFileURL(join(second.root, 'zfs/storageclass.yaml')).href;
      const classText = readFileSync(join(second.root, 'zfs/storageclass.yaml'), 'utf8');
      await second.server.open(classUri, classText);
      const driver = await second.server.request<Location[]>('textDocument/definition', { textDocument: { uri: classUri }, position: positionOf(classText, 'provisioner: zfs', 14) });
      const driverText = readFileSync(join(second.root, 'zfs/driver.yaml'), 'utf8');
      assert.deepEqual(driver, [{ uri: pathToFileURL(join(second.root, 'zfs/driver.yaml')).href, range: rangeOf(driverText, 'zfs.csi.openebs.io') }]);
      const hover = await second.server.request<Hover>('textDocument/hover', { textDocument: { uri: classUri }, position: positionOf(classText, 'provisioner: zfs', 14) });
      assert.match((hover.contents as MarkupContent).value, /^\*\*CSIDriver `zfs\.csi\.openebs\.io`\*\* is defined in the workspace:\n- \[`zfs\/driver\.yaml:4`\]/);
    } finally {
      await second.server.stop();
    }
  });

  it('checks again when a watched file changes on the disk: the ConfigMap made a hook of a lower weight', async () => {
    const { server, root, uri } = await open(mastodon);
    try {
      const path = join(root, 'mastodon/templates/configmap-env.yaml');
      writeFileSync(path, readFileSync(path, 'utf8').replace('  labels:', '  annotations:\n    helm.sh/hook: pre-install,pre-upgrade\n    helm.sh/hook-weight: "-3"\n  labels:'));
      const since = server.published.length;
      await server.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(path).href, type: 2 }] });
      await server.diagnosticsWhere(uri, (diagnostics) => !diagnostics.some((diagnostic) => diagnostic.code === 'relations/helm-hook-order'), since);
    } finally {
      await server.stop();
    }
  });

  it('an open editor\'s text wins over the disk, for the other files\' checks too', async () => {
    const { server, root, uri } = await open(mastodon);
    try {
      const path = join(root, 'mastodon/templates/configmap-env.yaml');
      const configmap = pathToFileURL(path).href;
      const text = readFileSync(path, 'utf8');
      await server.open(configmap, text);
      const since = server.published.length;
      await server.change(configmap, [{ text: text.replace('  labels:', '  annotations:\n    helm.sh/hook: pre-install\n    helm.sh/hook-weight: "-9"\n  labels:') }]);
      await server.diagnosticsWhere(uri, (diagnostics) => !diagnostics.some((diagnostic) => diagnostic.code === 'relations/helm-hook-order'), since);
    } finally {
      await server.stop();
    }
  });

  it('a ConfigMap renamed in an open file moves the finding to the Job that names the new name, exactly as a fresh open of the edited text reports', async () => {
    const configMap = (name: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n  A: b\n`;
    const hookJob = (name: string, reads: string) =>
      `apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: ${name}\n  annotations:\n    helm.sh/hook: pre-install\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: m\n        image: busybox\n        envFrom:\n        - configMapRef:\n            name: ${reads}\n`;
    const bundle = [configMap('env'), hookJob('a', 'env'), hookJob('b', 'env2'), configMap('other'), hookJob('c', 'other')].join('---\n');
    const testCase: RelationCase = { report: 'a rename', files: { 'chart/Chart.yaml': 'apiVersion: v2\nname: c\nversion: 1.0.0\n', 'chart/templates/bundle.yaml': bundle }, file: 'chart/templates/bundle.yaml', expect: [] };
    const { server, uri, text, diagnostics } = await open(testCase);
    try {
      const findings = (diagnostics: Diagnostic[], text: string) => diagnostics.filter((diagnostic) => diagnostic.code === 'relations/helm-hook-order').map((diagnostic) => `${underlined(text, diagnostic)} -> line ${diagnostic.relatedInformation?.[0].location.range.start.line}`);
      const other = text.split('\n').indexOf('  name: other');
      assert.deepEqual(findings(diagnostics, text), ['env -> line 3', `other -> line ${other}`]);
      const renamed = text.replace('  name: env\n', '  name: env2\n');
      const edited = await server.change(uri, [{ range: { start: { line: 3, character: 11 }, end: { line: 3, character: 11 } }, text: '2' }]);
      assert.deepEqual(findings(edited, renamed), ['env2 -> line 3', `other -> line ${other}`]);
      await server.close(uri);
      assert.deepEqual(await server.open(uri, renamed), edited);
    } finally {
      await server.stop();
    }
  });

  it('kubeassist.relations.enable false: no index, no relation finding, no definition', async () => {
    const { server, uri, text, diagnostics } = await open(mastodon, { relations: { enable: false } });
    try {
      assert.deepEqual(diagnostics.filter((diagnostic) => String(diagnostic.code).startsWith('relations/')), []);
      assert.equal(await server.request('textDocument/definition', { textDocument: { uri }, position: positionOf(text, '-env', -5) }), null);
    } finally {
      await server.stop();
    }
  });
});
