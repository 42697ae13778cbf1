// What the language server's workspace index reads, and what it leaves alone: node_modules, vendor and hidden
// folders, files over 2 MiB, the globs of kubeassist.relations.exclude, the files .kubeassist.yaml ignores, symbolic
// links out of the workspace, and anything but a regular file (a named pipe). Seen as a user sees it: a Job names a
// ConfigMap in each place, and go to definition finds only those the index holds.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, it } from 'node:test';
import type { Location } from 'vscode-languageserver-protocol';
import { positionOf, TestServer } from '../support/lspClient';

const folders: string[] = [];
after(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const configMap = (name: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n  a: b\n`;
const PLACES = ['plain', 'node-modules', 'vendored', 'hidden', 'huge', 'excluded', 'ignored', 'outside', 'linked-inside'];

function workspace(): { root: string; job: string } {
  const root = mkdtempSync(join(tmpdir(), 'kubeassist-index-'));
  const outside = mkdtempSync(join(tmpdir(), 'kubeassist-outside-'));
  folders.push(root, outside);
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('app/plain.yaml', configMap('plain'));
  write('node_modules/pkg/cm.yaml', configMap('node-modules'));
  write('vendor/lib/cm.yaml', configMap('vendored'));
  write('.hidden/cm.yaml', configMap('hidden'));
  write('big/huge.yaml', configMap('huge') + `# ${'x'.repeat(2 * 1024 * 1024)}\n`);
  write('examples/cm.yaml', configMap('excluded'));
  write('generated/cm.yaml', configMap('ignored'));
  write('.kubeassist.yaml', 'ignore:\n  - generated/\n');
  writeFileSync(join(outside, 'cm.yaml'), configMap('outside'));
  symlinkSync(outside, join(root, 'link-out'));
  symlinkSync(join(root, 'app'), join(root, 'link-in'));
  write('shared/linked.yaml', configMap('linked-inside'));
  symlinkSync(join(root, 'shared', 'linked.yaml'), join(root, 'app', 'alias.yaml'));
  // A named pipe called like a manifest: reading it would block for ever.
  spawnSync('mkfifo', [join(root, 'app', 'pipe.yaml')]);
  const job = `apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: j\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: c\n        image: b\n        envFrom:\n${PLACES.map((place) => `        - configMapRef:\n            name: ${place}\n`).join('')}`;
  write('app/job.yaml', job);
  return { root, job };
}

/** The places whose ConfigMap go to definition finds from the Job (those the index holds). */
async function found(server: TestServer, uri: string, job: string): Promise<string[]> {
  const places: string[] = [];
  for (const place of PLACES) {
    const locations = await server.request<Location[] | null>('textDocument/definition', { textDocument: { uri }, position: positionOf(job, `name: ${place}\n`, 7) });
    if (locations?.length) places.push(place);
  }
  return places;
}

/** Asks until the index holds what is wanted (it reads again in the background, while the server is idle). */
async function foundWhen(server: TestServer, uri: string, job: string, wanted: string[]): Promise<string[]> {
  let places: string[] = [];
  for (let i = 0; i < 100; i++) {
    places = await found(server, uri, job);
    if (JSON.stringify(places) === JSON.stringify(wanted)) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return places;
}

/** A server over a fresh workspace (`examples/` excluded) once its first index is built, with the Job open. */
async function indexed(): Promise<{ root: string; server: TestServer; uri: string; job: string }> {
  const { root, job } = workspace();
  const server = await TestServer.start({ workspaceFolders: [pathToFileURL(root).href], workDoneProgress: true, settings: { relations: { exclude: ['examples/'] } } });
  for (let i = 0; i < 500 && !server.progress.some((report) => report.value.kind === 'end'); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  const uri = pathToFileURL(join(root, 'app/job.yaml')).href;
  await server.open(uri, job);
  return { root, server, uri, job };
}

describe('the workspace index of the language server', () => {
  it('reads the workspace\'s YAML files and leaves out what it must', async () => {
    const { server, uri, job } = await indexed();
    try {
      assert.deepEqual(await found(server, uri, job), ['plain', 'linked-inside']);
    } finally {
      await server.stop();
    }
  });

  it('follows kubeassist.relations.exclude when it changes: files now left out are forgotten, files no longer left out are read', async () => {
    const { server, uri, job } = await indexed();
    try {
      assert.deepEqual(await found(server, uri, job), ['plain', 'linked-inside']);
      await server.changeSettings({ relations: { exclude: ['app/plain.yaml'] } });
      assert.deepEqual(await foundWhen(server, uri, job, ['excluded', 'linked-inside']), ['excluded', 'linked-inside']);
    } finally {
      await server.stop();
    }
  });

  it('reads every file again when the relation checks are turned back on (no watcher spoke for the files meanwhile)', async () => {
    const { root, server, uri, job } = await indexed();
    try {
      assert.deepEqual(await found(server, uri, job), ['plain', 'linked-inside']);
      await server.changeSettings({ relations: { enable: false, exclude: ['examples/'] } });
      assert.deepEqual(await found(server, uri, job), []);
      writeFileSync(join(root, 'app/plain.yaml'), configMap('renamed'));
      await server.changeSettings({ relations: { exclude: ['examples/'] } });
      assert.deepEqual(await foundWhen(server, uri, job, ['linked-inside']), ['linked-inside']);
    } finally {
      await server.stop();
    }
  });
});
