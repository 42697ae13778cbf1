// `npm pack` makes the tarball a CI machine installs with `npm install -g ./kubeassist-*.tgz`: the CLI and the
// language server, built by the prepack script, with no dependency to download (the bundles hold them). The
// test packs a copy of the tree, installs the tarball into a temporary prefix offline with an empty npm cache,
// and runs both commands from there with a PATH that holds nothing but Node.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REPO_ROOT } from '../support/shared';

/** The environment of a fresh shell: no npm_* variables of the outer `npm test` (its prefix, cache, user agent). */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!/^(npm_|NPM_|INIT_CWD$|NODE$|NODE_OPTIONS$)/.test(name)) env[name] = value;
  return { ...env, ...extra };
}

describe('the npm package (npm pack, npm install -g)', () => {
  let work: string;
  let tarball: string;
  let prefix: string;
  before(() => {
    work = mkdtempSync(join(tmpdir(), 'kubeassist-npm-'));
    const tree = join(work, 'tree');
    mkdirSync(tree);
    for (const entry of ['client', 'server', 'schemas', 'scripts', 'examples', 'syntaxes', 'docs', 'package.json', 'README.md', 'CHANGELOG.md', 'LICENSE', 'NOTICE', '.npmignore', '.npmrc', '.vscodeignore', 'tsconfig.json']) {
      cpSync(join(REPO_ROOT, entry), join(tree, entry), { recursive: true });
    }
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(tree, 'node_modules'), 'dir');
    // Standard output is the tarball's name and nothing else (no prepack banner): pre-commit installs what it names.
    const pack = spawnSync('npm', ['pack'], { cwd: tree, encoding: 'utf8', env: cleanEnv({ npm_config_cache: join(work, 'pack-cache') }) });
    assert.equal(pack.status, 0, pack.stderr);
    const version = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    assert.equal(pack.stdout, `kubeassist-${version}.tgz\n`);
    tarball = join(tree, pack.stdout.trim());
    prefix = join(work, 'prefix');
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  it('holds the CLI (its loader, bundle and code cache), the language server, the engine, the configuration schema and the documents; nothing else', () => {
    const list = spawnSync('tar', ['-tzf', tarball], { encoding: 'utf8' });
    assert.equal(list.status, 0, list.stderr);
    assert.deepEqual(list.stdout.trim().split('\n').sort(), [
      'package/CHANGELOG.md', 'package/LICENSE', 'package/NOTICE', 'package/README.md',
      'package/dist/cli-main.js', 'package/dist/cli.cache', 'package/dist/cli.js', 'package/dist/engine.cache', 'package/dist/engine.js', 'package/dist/server.js',
      'package/package.json', 'package/schemas/kubeassist-config.schema.json',
    ]);
  });

  it('installs globally offline, with an empty npm cache (no dependency to fetch), and `kubeassist check` runs from the prefix', () => {
    const install = spawnSync('npm', ['install', '-g', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', '--loglevel=error', tarball], {
      cwd: work,
      encoding: 'utf8',
      env: cleanEnv({ npm_config_cache: join(work, 'empty-cache') }),
    });
    assert.equal(install.status, 0, install.stderr + install.stdout);
    const bin = process.platform === 'win32' ? prefix : join(prefix, 'bin');
    const installed = join(prefix, 'lib', 'node_modules', 'kubeassist');
    assert.deepEqual(readdirSync(installed).sort(), ['CHANGELOG.md', 'LICENSE', 'NOTICE', 'README.md', 'dist', 'package.json', 'schemas'], 'no node_modules: the bundles need nothing');
    // A folder of manifests outside any clone, a PATH with nothing but Node.
    const manifests = join(work, 'manifests');
    mkdirSync(manifests);
    cpSync(join(REPO_ROOT, 'examples', 'job-mistakes.yaml'), join(manifests, 'job.yaml'));
    writeFileSync(join(manifests, '.kubeassist.yaml'), 'rules:\n  schema/: warning\n');
    const env = { PATH: dirname(process.execPath), HOME: work };
    const version = spawnSync(join(bin, 'kubeassist'), ['--version'], { cwd: manifests, encoding: 'utf8', env });
    assert.equal(version.stdout, `kubeassist ${(JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version}\n`);
    const check = spawnSync(join(bin, 'kubeassist'), ['check', '.'], { cwd: manifests, encoding: 'utf8', env });
    assert.equal(check.status, 1, check.stderr);
    const lines = check.stdout.trimEnd().split('\n');
    assert.equal(lines[0], 'job.yaml:7:19 warning schema/enum `indexed` is not a valid `completionMode`. Did you mean `Indexed`? Allowed values: `NonIndexed`, `Indexed` (case-sensitive).');
    assert.equal(lines.at(-1), '1 file, 2 objects (2 Job): 7 errors, 3 warnings');
    assert.ok(existsSync(join(bin, 'kubeassist-language-server')));
    // Worker threads run the installed bundle too (reached through the bin link).
    const many = join(work, 'many');
    mkdirSync(many);
    for (let i = 0; i < 450; i++) cpSync(join(REPO_ROOT, 'examples', 'job-mistakes.yaml'), join(many, `job-${i}.yaml`));
    const threads = spawnSync(join(bin, 'kubeassist'), ['check', '--jobs', '2', '.'], { cwd: many, encoding: 'utf8', env });
    assert.equal(threads.stderr, '');
    assert.equal(threads.stdout.trimEnd().split('\n').at(-1), '450 files, 900 objects (900 Job): 4500 errors, 0 warnings');
  });

  it('`kubeassist-language-server --stdio` from the prefix answers initialize', async () => {
    const server = spawn(join(prefix, 'bin', 'kubeassist-language-server'), ['--stdio'], { env: { PATH: dirname(process.execPath) }, stdio: ['pipe', 'pipe', 'pipe'] });
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
    server.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    const answer = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`no answer: ${out}`)), 10000);
      server.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /Content-Length: (\d+)\r\n\r\n/.exec(out);
        if (match && Buffer.byteLength(out.slice(match.index + match[0].length)) >= Number(match[1])) {
          clearTimeout(timer);
          resolve(out.slice(match.index + match[0].length));
        }
      });
    });
    server.kill();
    const result = (JSON.parse(answer) as { result: { serverInfo: { name: string }; capabilities: { hoverProvider: boolean } } }).result;
    assert.equal(result.serverInfo.name, 'kubeassist');
    assert.equal(result.capabilities.hoverProvider, true);
  });
});
