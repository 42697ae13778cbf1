// kubeassist.schemaDiagnostics: auto, decided by the VS Code client beside Red Hat YAML. The decision is a
// pure function of the setting, the document (URI, language, text) and Red Hat YAML's state.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decideSchemaDiagnostics, globsMatch, type RedHatYamlState } from '../../client/src/schemaDecision';

const JOB = `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  completionMode: indexed
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: pi
        image: perl
`;
const CSIDRIVER = `apiVersion: storage.k8s.io/v1
kind: CSIDriver
metadata:
  name: hostpath.csi.k8s.io
spec:
  attachRequired: false
`;
const K8S_URL = 'https://raw.githubusercontent.com/yannh/kubernetes-json-schema/master/v1.32.1-standalone-strict/all.json';
const MODELINE = `# yaml-language-server: $schema=${K8S_URL}\n`;
const WORKFLOW_SCHEMA = 'https://json.schemastore.org/github-workflow.json';

const redHat = (schemas: unknown = {}, validate = true): RedHatYamlState => ({ present: true, validate, schemas });
const file = (path: string, text: string, languageId = 'yaml') => ({ uri: `file://${path}`, languageId, text });
const auto = (document: ReturnType<typeof file>, state: RedHatYamlState | undefined) => decideSchemaDiagnostics('auto', document, state);

describe('schemaDiagnostics auto beside Red Hat YAML', () => {
  it('reports schema errors itself when Red Hat YAML is absent', () => {
    assert.equal(auto(file('/w/job.yaml', JOB), undefined), 'on');
    assert.equal(auto(file('/w/job.yaml', JOB), { present: false, validate: true, schemas: { kubernetes: '*.yaml' } }), 'on');
  });

  it('reports them when Red Hat YAML has no Kubernetes schema for the file', () => {
    assert.equal(auto(file('/w/job.yaml', JOB), redHat()), 'on');
    assert.equal(auto(file('/w/job.yaml', JOB), redHat({ [WORKFLOW_SCHEMA]: '*.yaml' })), 'on');
    assert.equal(auto(file('/w/app/job.yaml', JOB), redHat({ kubernetes: 'k8s/**/*.yaml' })), 'on');
  });

  it('leaves them to Red Hat YAML when yaml.schemas maps `kubernetes` to the file', () => {
    assert.equal(auto(file('/w/job.yaml', JOB), redHat({ kubernetes: '*.yaml' })), 'off');
    assert.equal(auto(file('/w/k8s/batch/job.yaml', JOB), redHat({ kubernetes: 'k8s/**/*.yaml' })), 'off');
    assert.equal(auto(file('/w/k8s/driver.yml', CSIDRIVER), redHat({ kubernetes: ['/k8s/*.{yaml,yml}'] })), 'off');
  });

  it('leaves them to Red Hat YAML when yaml.schemas maps a Kubernetes schema URL to the file', () => {
    assert.equal(auto(file('/w/deploy/job.yaml', JOB), redHat({ [K8S_URL]: ['deploy/*.yaml'] })), 'off');
  });

  it('follows Red Hat YAML\'s exclusions (`!`): the last matching pattern wins', () => {
    const schemas = { kubernetes: ['*.yaml', '!values.yaml'] };
    assert.equal(auto(file('/w/values.yaml', JOB), redHat(schemas)), 'on');
    assert.equal(auto(file('/w/job.yaml', JOB), redHat(schemas)), 'off');
  });

  it('leaves them to Red Hat YAML when a modeline selects a Kubernetes schema', () => {
    assert.equal(auto(file('/w/job.yaml', MODELINE + JOB), redHat()), 'off');
    assert.equal(auto(file('/w/job.yaml', '# $schema: kubernetes\n' + JOB), redHat()), 'off');
  });

  it('reports them when a modeline selects another schema, even where yaml.schemas maps kubernetes', () => {
    assert.equal(auto(file('/w/job.yaml', `# yaml-language-server: $schema=${WORKFLOW_SCHEMA}\n` + JOB), redHat({ kubernetes: '*.yaml' })), 'on');
  });

  it('leaves them only when every Job and CSIDriver of the file is covered (modelines are per YAML document)', () => {
    assert.equal(auto(file('/w/two.yaml', `${MODELINE}${JOB}---\n${CSIDRIVER}`), redHat()), 'on');
    assert.equal(auto(file('/w/two.yaml', `${MODELINE}${JOB}---\n${MODELINE}${CSIDRIVER}`), redHat()), 'off');
    assert.equal(auto(file('/w/two.yaml', `${MODELINE}---\n${JOB}`), redHat()), 'off', 'a modeline before the first ---');
    // Documents are split as the engine splits them: `...` ends one, `---` may carry a tag or a comment.
    assert.equal(auto(file('/w/two.yaml', `${MODELINE}${JOB}...\n${CSIDRIVER}`), redHat()), 'on', 'a CSIDriver after `...`');
    assert.equal(auto(file('/w/two.yaml', `${MODELINE}${JOB}--- !!map\n${CSIDRIVER}`), redHat()), 'on', 'a CSIDriver after `--- !!map`');
    assert.equal(auto(file('/w/two.yaml', `${MODELINE}${JOB}--- # driver\n${MODELINE}${CSIDRIVER}`), redHat()), 'off', 'both covered');
  });

  it('counts a CronJob as ours too', () => {
    const cronJob = 'apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: nightly\nspec:\n  schedule: "@daily"\n';
    assert.equal(auto(file('/w/two.yaml', `${MODELINE}${JOB}---\n${cronJob}`), redHat()), 'on', 'the CronJob is not covered');
    assert.equal(auto(file('/w/two.yaml', `${MODELINE}${JOB}---\n${MODELINE}${cronJob}`), redHat()), 'off');
  });

  it('reports them when Red Hat YAML does not validate (yaml.validate: false)', () => {
    assert.equal(auto(file('/w/job.yaml', JOB), redHat({ kubernetes: '*.yaml' }, false)), 'on');
  });

  it('decides by content (apiVersion + kind), not by file name', () => {
    const deployment = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n';
    assert.equal(auto(file('/w/job.yaml', deployment), redHat({ kubernetes: '*.yaml' })), 'on', 'nothing of ours in job.yaml');
    assert.equal(auto(file('/w/pipeline.yaml', JOB), redHat({ kubernetes: '*.yaml' })), 'off', 'a Job in any file name');
    assert.equal(auto(file('/w/job.yaml', JOB.replace('batch/v1', 'example.com/v1')), redHat({ kubernetes: '*.yaml' })), 'on', 'a custom Job kind');
    assert.equal(auto(file('/w/job.yaml', JOB.replace('kind: Job', 'kind: "Job"')), redHat({ kubernetes: '*.yaml' })), 'off', 'quoted kind');
  });

  it('reports the schema findings of Helm templates itself: Red Hat YAML cannot read them', () => {
    assert.equal(auto(file('/w/templates/job.yaml', JOB, 'helm'), redHat({ kubernetes: '**' })), 'on');
    assert.equal(auto(file('/w/templates/job.yaml', JOB.replace('name: pi', 'name: {{ .Release.Name }}')), redHat({ kubernetes: '**' })), 'on');
  });

  it('`on` and `off` are not decided', () => {
    assert.equal(decideSchemaDiagnostics('on', file('/w/job.yaml', JOB), redHat({ kubernetes: '*.yaml' })), 'on');
    assert.equal(decideSchemaDiagnostics('off', file('/w/job.yaml', JOB), undefined), 'off');
  });
});

describe('Red Hat YAML glob patterns', () => {
  it('match at any folder depth, with *, **, ?, {} and []', () => {
    assert.ok(globsMatch(['*.yaml'], '/w/a/b/job.yaml'));
    assert.ok(!globsMatch(['*.yaml'], '/w/a/job.yml'));
    assert.ok(globsMatch(['manifests/**'], '/w/manifests/a/b.yaml'));
    assert.ok(globsMatch(['/manifests/*.yaml'], '/w/manifests/b.yaml'));
    assert.ok(!globsMatch(['manifests/*.yaml'], '/w/manifests/a/b.yaml'));
    assert.ok(globsMatch(['job-?.yaml'], '/w/job-1.yaml'));
    assert.ok(globsMatch(['job-[0-9].{yaml,yml}'], '/w/job-7.yml'));
    assert.ok(globsMatch(['**/*.k8s.yaml'], '/w/x.k8s.yaml'));
    assert.ok(!globsMatch(['*.k8s.yaml'], '/w/xk8s.yaml'), 'a dot is literal');
  });
});
