// The kubeconfig as kubectl reads it (client-go clientcmd loader.go ClientConfigLoadingRules.Load): which files,
// how several merge, which context, cluster, user and namespace a live read uses, and the sentences when there
// is nothing to use.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { describe, it } from 'node:test';
import { kubeconfigPaths, LiveReadError, listContexts, loadKubeconfig, resolveContext } from '../../server/src/host/kube/kubeconfig';

function folder(): string {
  return mkdtempSync(join(tmpdir(), 'kubeassist-kubeconfig-'));
}

function file(dir: string, name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const FIRST = `apiVersion: v1
kind: Config
current-context: dev
clusters:
- name: shared
  cluster: {server: https://first.example:6443, certificate-authority: certs/ca.crt}
- name: dev
  cluster: {server: https://dev.example:6443}
users:
- name: alice
  user: {token: first-token, client-certificate: alice.crt, client-key: /abs/alice.key}
contexts:
- name: dev
  context: {cluster: dev, user: alice, namespace: team-a}
- name: shared
  context: {cluster: shared, user: alice}
`;

const SECOND = `apiVersion: v1
kind: Config
current-context: prod
clusters:
- name: shared
  cluster: {server: https://second.example:6443, insecure-skip-tls-verify: true}
- name: prod
  cluster: {server: https://prod.example:6443}
users:
- name: alice
  user: {token: second-token}
- name: bob
  user:
    exec:
      apiVersion: client.authentication.k8s.io/v1
      command: ./bin/get-token
      args: [--cluster, prod]
      env: [{name: REGION, value: eu}]
      interactiveMode: Never
      provideClusterInfo: true
contexts:
- name: prod
  context: {cluster: prod, user: bob}
`;

describe('kubeconfig files, as kubectl finds them', () => {
  it('KUBECONFIG lists several files (each once, in order); without it ~/.kube/config; --kubeconfig alone', () => {
    const [one, two, three, home] = ['a/one', 'b/two', 'c/three', 'home'].map((name) => join(tmpdir(), name));
    const env = { KUBECONFIG: [one, '', two, one].join(delimiter), HOME: home };
    assert.deepEqual(kubeconfigPaths({ env }), { paths: [one, two], from: 'KUBECONFIG' });
    assert.deepEqual(kubeconfigPaths({ env: { HOME: home } }), { paths: [join(home, '.kube', 'config')], from: 'home' });
    assert.deepEqual(kubeconfigPaths({ env, kubeconfig: three }), { paths: [three], from: 'flag' });
  });

  it('merges as kubectl does: the first file to name a cluster or user wins it whole, and its current-context wins', () => {
    const dir = folder();
    mkdirSync(join(dir, 'sub'));
    const first = file(dir, 'first', FIRST);
    const second = file(join(dir, 'sub'), 'second', SECOND);
    const config = loadKubeconfig({ env: { KUBECONFIG: [first, join(dir, 'missing'), second].join(delimiter) } });
    assert.deepEqual(config.files, [first, second]);
    assert.equal(config.currentContext, 'dev');
    const shared = config.clusters.get('shared');
    assert.equal(shared?.server, 'https://first.example:6443');
    assert.equal(shared?.insecureSkipTlsVerify, false, 'the second file\'s fields of "shared" are dropped, not merged in');
    assert.equal(shared?.certificateAuthority, join(dir, 'certs', 'ca.crt'), 'relative to the file that names it');
    const alice = config.users.get('alice');
    assert.equal(alice?.token, 'first-token');
    assert.equal(alice?.clientCertificate, join(dir, 'alice.crt'));
    assert.equal(alice?.clientKey, '/abs/alice.key');
    const bob = config.users.get('bob');
    assert.equal(bob?.exec?.command, join(dir, 'sub', 'bin', 'get-token'), 'an exec command with a path is resolved against its file');
    assert.deepEqual(bob?.exec?.args, ['--cluster', 'prod']);
    assert.deepEqual(bob?.exec?.env, [{ name: 'REGION', value: 'eu' }]);
    assert.equal(bob?.exec?.provideClusterInfo, true);
    assert.deepEqual(listContexts(config), [
      { name: 'dev', cluster: 'dev', namespace: 'team-a', current: true },
      { name: 'shared', cluster: 'shared', namespace: undefined, current: false },
      { name: 'prod', cluster: 'prod', namespace: undefined, current: false },
    ]);
  });

  it('an exec command without a path separator is looked up on PATH, not resolved against the file', () => {
    const dir = folder();
    const path = file(dir, 'config', SECOND.replace('./bin/get-token', 'gke-gcloud-auth-plugin'));
    assert.equal(loadKubeconfig({ kubeconfig: path }).users.get('bob')?.exec?.command, 'gke-gcloud-auth-plugin');
  });
});

describe('the context, cluster, user and namespace of a read', () => {
  const dir = folder();
  const first = file(dir, 'first', FIRST);
  const second = file(dir, 'second', SECOND);
  const config = loadKubeconfig({ env: { KUBECONFIG: [first, second].join(delimiter) } });

  it('current-context and its namespace; --context and -n win', () => {
    const current = resolveContext(config);
    assert.deepEqual([current.context, current.namespace, current.cluster.name, current.user.name], ['dev', 'team-a', 'dev', 'alice']);
    const other = resolveContext(config, { context: 'prod' });
    assert.deepEqual([other.context, other.namespace, other.cluster.server, other.user.name], ['prod', 'default', 'https://prod.example:6443', 'bob']);
    assert.equal(resolveContext(config, { context: 'dev', namespace: 'jobs' }).namespace, 'jobs');
  });

  it('an unknown context names the contexts there are', () => {
    assert.throws(() => resolveContext(config, { context: 'staging' }), new LiveReadError(`no context "staging" in the kubeconfig (${first}, ${second}); its contexts: dev, shared, prod`));
  });

  it('a kubeconfig without current-context asks for --context', () => {
    const path = file(folder(), 'config', FIRST.replace('current-context: dev\n', ''));
    assert.throws(() => resolveContext(loadKubeconfig({ kubeconfig: path })), new LiveReadError(`the kubeconfig (${path}) sets no current-context: pass --context NAME; its contexts: dev, shared`));
  });

  it('a context naming a cluster or user that is not there', () => {
    const path = file(folder(), 'config', FIRST.replace('{cluster: dev, user: alice', '{cluster: gone, user: alice').replace('{cluster: shared, user: alice}', '{cluster: shared, user: carol}'));
    const loaded = loadKubeconfig({ kubeconfig: path });
    assert.throws(() => resolveContext(loaded), new LiveReadError(`the context "dev" names the cluster "gone", which the kubeconfig (${path}) does not define`));
    assert.throws(() => resolveContext(loaded, { context: 'shared' }), new LiveReadError(`the context "shared" names the user "carol", which the kubeconfig (${path}) does not define`));
  });
});

describe('no kubeconfig', () => {
  it('KUBECONFIG naming only missing files', () => {
    const missing = join(folder(), 'nope');
    assert.throws(() => loadKubeconfig({ env: { KUBECONFIG: missing } }), new LiveReadError(`no kubeconfig: none of the files KUBECONFIG names exists (${missing})`));
  });

  it('no KUBECONFIG and an empty home folder', () => {
    const home = folder();
    assert.throws(() => loadKubeconfig({ env: { HOME: home } }), new LiveReadError(`no kubeconfig: ${join(home, '.kube', 'config')} does not exist (set KUBECONFIG or pass --kubeconfig FILE)`));
  });

  it('--kubeconfig naming a missing file', () => {
    const missing = join(folder(), 'nope');
    assert.throws(() => loadKubeconfig({ kubeconfig: missing }), new LiveReadError(`the kubeconfig ${missing} (--kubeconfig) does not exist or cannot be read`));
  });

  it('a kubeconfig that is not YAML, or not a mapping', () => {
    const bad = file(folder(), 'config', 'clusters: [\n');
    assert.throws(() => loadKubeconfig({ kubeconfig: bad }), (error: Error) => error instanceof LiveReadError && error.message.startsWith(`the kubeconfig ${bad} is not valid YAML: `));
    const list = file(folder(), 'config', '- a\n- b\n');
    assert.throws(() => loadKubeconfig({ kubeconfig: list }), new LiveReadError(`the kubeconfig ${list} is not a mapping (apiVersion: v1, kind: Config)`));
  });

  it('an empty kubeconfig file has no contexts', () => {
    const empty = file(folder(), 'config', '');
    assert.throws(() => resolveContext(loadKubeconfig({ kubeconfig: empty })), new LiveReadError(`the kubeconfig (${empty}) sets no current-context: pass --context NAME; it has no contexts`));
  });
});
