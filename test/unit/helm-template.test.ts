// Helm templates read where their text is literal: the masked view (offsets kept, actions blank or `x`),
// what each construct leaves unknown, and the findings a user sees: literal mistakes at their lines,
// nothing about what the actions fill in, no duplicate keys invented by if/else branches.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isMap } from 'yaml';
import { templateView } from '../../server/src/service/document/helmTemplate';
import { YamlDocument } from '../../server/src/service/document/yamlDocument';
import { toServerJson } from '../../server/src/service/document/kubectlYaml';
import { templateUnknowns } from '../../server/src/service/partial/fromTemplate';
import { UNKNOWN_VALUE } from '../../server/src/service/partial/unknowns';
import { checkedResources, complete, DEFAULT_SETTINGS, FileModel, validateText } from '../../server/src/service/index';
import type { JsonObject } from '../../server/src/service/types';

const HEAD = 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: migrate\n';
const POD = '  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: main\n        image: busybox\n';

const findings = (text: string) => validateText(text, DEFAULT_SETTINGS).map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.code}`);

/** What a template leaves unknown about its first object: open mappings and lists, unknown and maybe fields. */
function unknownsOf(text: string): { open: string[]; unknown: string[]; maybe: string[]; object: JsonObject } {
  const doc = new YamlDocument(text);
  const view = doc.template!;
  assert.ok(isMap(doc.document.contents), 'the masked text parses');
  const object = toServerJson(doc.document, doc.document.contents) as JsonObject;
  const unknowns = templateUnknowns(view, doc.document.contents, object, doc.lines);
  const out = { open: [] as string[], unknown: [] as string[], maybe: [] as string[], object };
  const visit = (node: typeof unknowns.root, path: string) => {
    if (node.open) out.open.push(path || '.');
    if (node.unknown) out.unknown.push(path);
    if (node.maybe) out.maybe.push(path);
    for (const [segment, child] of node.children ?? []) visit(child, path ? `${path}.${segment}` : String(segment));
  };
  visit(unknowns.root, '');
  return out;
}

describe('the masked view of a template', () => {
  it('keeps every offset: standalone actions blank, inline outputs a run of x, inline control actions blank', () => {
    const text = `{{- if .Values.enabled }}\nname: {{ .Values.name }}-job\nargs: ['a'{{ if .Values.b }}, 'b'{{ end }}]\n  {{- toYaml .Values.x | nindent 2 }}\n{{- end }}\n`;
    const view = templateView(text)!;
    assert.equal(view.text.length, text.length);
    assert.deepEqual(view.text.split('\n').map((line) => line.length), text.split('\n').map((line) => line.length));
    assert.equal(view.text.split('\n')[0].trim(), '');
    assert.equal(view.text.split('\n')[1], `name: ${'x'.repeat('{{ .Values.name }}'.length)}-job`);
    assert.equal(view.text.split('\n')[2], `args: ['a'${' '.repeat('{{ if .Values.b }}'.length)}, 'b'${' '.repeat('{{ end }}'.length)}]`);
    assert.deepEqual(view.actions.map((action) => [action.kind, action.standalone]), [
      ['control', true], ['output', false], ['control', false], ['control', false], ['output', true], ['control', true],
    ]);
    assert.deepEqual(view.actions[4].columns, [2]);
  });

  it('reads past strings, raw strings and comments that hold braces, and blanks define bodies', () => {
    const text = `{{/* a {{ comment }} */}}\nkey: {{ printf "}}" }}\nraw: {{ \`}}\` }}\n{{- define "x" }}\nkind: Job\n{{- end }}\n`;
    const view = templateView(text)!;
    assert.deepEqual(view.actions.map((action) => text.slice(action.start, action.end)), [
      '{{/* a {{ comment }} */}}', '{{ printf "}}" }}', '{{ `}}` }}', '{{- define "x" }}', '{{- end }}',
    ]);
    assert.equal(view.text.split('\n')[4].trim(), '', 'a define body is rendered elsewhere');
    assert.equal(view.broken, false);
  });

  it('says an unclosed action makes the view broken, and then nothing is judged', () => {
    assert.equal(templateView('kind: Job\nname: {{ .Values.x\n')!.broken, true);
    assert.deepEqual(findings(`${HEAD}spec:\n  completionMode: indexed\n  backoffLimit: {{ .Values.x\n`), []);
  });

  it('gives a leading action line of a block scalar a `#`, so the scalar still parses', () => {
    const text = `${HEAD}spec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: main\n        image: busybox\n        args:\n        - |\n          {{- range .Values.tenants }}\n          echo {{ . }}\n          {{- end }}\n`;
    assert.equal(new YamlDocument(text).broken, false);
    assert.deepEqual(findings(text), []);
  });
});

describe('what a template leaves unknown', () => {
  it('a templated value is unknown (and carries no value the checks could read), a literal one is not', () => {
    const { unknown, object } = unknownsOf(`${HEAD}spec:\n  backoffLimit: {{ .Values.backoffLimit }}\n  parallelism: 2\n${POD}`);
    assert.deepEqual(unknown, ['spec.backoffLimit']);
    assert.equal((object.spec as JsonObject).backoffLimit, UNKNOWN_VALUE);
    assert.equal((object.spec as JsonObject).parallelism, 2);
  });

  it('a standalone output opens the mapping it indents to, or is the value of the key above it', () => {
    const text = `${HEAD}  labels:\n    {{- include "app.labels" . | nindent 4 }}\n    app.kubernetes.io/component: migrate\n  annotations:\n    {{- toYaml .Values.annotations | nindent 4 }}\nspec:\n${POD}        resources:\n          {{- toYaml .Values.resources | nindent 10 }}\n`;
    const { open, unknown } = unknownsOf(text);
    assert.deepEqual(open, ['metadata.labels']);
    assert.deepEqual(unknown, ['metadata.annotations', 'spec.template.spec.containers.0.resources']);
  });

  it('`key: {{ … | nindent N }}` followed by more entries writes into that key\'s mapping (open)', () => {
    const { open, unknown } = unknownsOf(`${HEAD}  labels: {{- include "app.labels" . | nindent 4 }}\n    app.kubernetes.io/component: migrate\nspec:\n${POD}`);
    assert.deepEqual(open, ['metadata.labels']);
    assert.deepEqual(unknown, []);
  });

  it('an output at the column of a list adds items (open list), or fields of the mapping it is in; in an item, it opens the item', () => {
    const text = `${HEAD}spec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: main\n        image: busybox\n        {{- include "app.extraContainerFields" . | nindent 8 }}\n      {{- include "app.sidecars" . | nindent 6 }}\n`;
    // At column 6 the output may add pod spec fields or containers: both are open.
    assert.deepEqual(unknownsOf(text).open, ['spec.template.spec', 'spec.template.spec.containers', 'spec.template.spec.containers.0']);
  });

  it('fields and items in an if/with/range branch may be absent; a range repeats its items; if/else alternatives are maybes', () => {
    const text = `{{- if .Values.enabled }}\n${HEAD}spec:\n  {{- with .Values.ttl }}\n  ttlSecondsAfterFinished: {{ . }}\n  {{- end }}\n  template:\n    spec:\n      {{- if .Values.never }}\n      restartPolicy: Never\n      {{- else }}\n      restartPolicy: OnFailure\n      {{- end }}\n      containers:\n      - name: main\n        image: busybox\n        env:\n        {{- range .Values.env }}\n        - name: {{ .name }}\n        {{- end }}\n{{- end }}\n`;
    const { open, maybe } = unknownsOf(text);
    assert.deepEqual(maybe, ['spec.ttlSecondsAfterFinished', 'spec.template.spec.restartPolicy', 'spec.template.spec.containers.0.env.0']);
    assert.deepEqual(open, ['spec.template.spec.containers.0.env']);
  });

  it('a templated key opens its mapping and leaves the object', () => {
    const { open, object } = unknownsOf(`${HEAD}  annotations:\n    {{ .Values.key }}: value\n    literal: value\nspec:\n${POD}`);
    assert.deepEqual(open, ['metadata.annotations']);
    assert.deepEqual((object.metadata as JsonObject).annotations, { literal: 'value' });
  });
});

describe('findings in templates', () => {
  it('reports literal mistakes where they are written, whatever the actions around them', () => {
    const text = `{{- if .Values.enabled }}\n${HEAD}  labels:\n    {{- include "app.labels" . | nindent 4 }}\nspec:\n  completionMode: indexed\n  backofLimit: 3\n  template:\n    spec:\n      restartPolicy: Always\n      containers:\n      - name: {{ .Chart.Name }}\n        image: {{ .Values.image }}\n{{- end }}\n`;
    assert.deepEqual(findings(text), [
      '9:19 schema/enum',
      '10:3 schema/unknown-field',
      '13:22 job/restart-policy/never-or-on-failure-required',
    ]);
  });

  it('reports a missing required field only where no action and no branch could write it', () => {
    // `containers` written by an include: no finding. A container without a name in a closed mapping: found.
    assert.deepEqual(findings(`${HEAD}spec:\n  template:\n    spec:\n      restartPolicy: Never\n      {{- include "app.containers" . | nindent 6 }}\n`), []);
    assert.deepEqual(findings(`${HEAD}spec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - image: {{ .Values.image }}\n`), ['10:9 schema/required']);
  });

  it('keeps rules that read a templated value silent, and those that read only literal fields reporting', () => {
    // FailIndex needs backoffLimitPerIndex: both literal (absent) -> found; backoffLimitPerIndex templated -> silent.
    const policy = '  podFailurePolicy:\n    rules:\n    - action: FailIndex\n      onExitCodes:\n        operator: In\n        values: [42]\n';
    assert.deepEqual(findings(`${HEAD}spec:\n${policy}${POD}`), ['8:15 job/pod-failure-policy/fail-index-needs-backoff-limit-per-index']);
    assert.deepEqual(findings(`${HEAD}spec:\n  backoffLimitPerIndex: {{ .Values.perIndex }}\n${policy}${POD}`), []);
    assert.deepEqual(findings(`${HEAD}spec:\n  {{- with .Values.perIndex }}\n  backoffLimitPerIndex: {{ . }}\n  {{- end }}\n${policy}${POD}`), []);
  });

  it('invents no duplicate key from if/else branches, but reports one written twice in the same branch', () => {
    const branches = `${HEAD}spec:\n  template:\n    spec:\n      {{- if .Values.a }}\n      restartPolicy: Never\n      {{- else }}\n      restartPolicy: OnFailure\n      {{- end }}\n      containers:\n      - name: main\n        image: busybox\n`;
    assert.deepEqual(findings(branches), []);
    const twice = branches.replace('      restartPolicy: Never\n', '      restartPolicy: Never\n      restartPolicy: Never\n');
    assert.deepEqual(findings(twice), ['10:7 yaml/duplicate-key']);
  });

  it('checks a Job whose apiVersion a helper or a capability branch picks as batch/v1', () => {
    const helper = `apiVersion: {{ include "common.capabilities.job.apiVersion" . }}\nkind: Job\nmetadata:\n  name: x\nspec:\n  completionMode: indexed\n${POD}`;
    assert.deepEqual(findings(helper), ['6:19 schema/enum']);
    const branches = `{{- if .Capabilities.APIVersions.Has "batch/v1/Job" }}\napiVersion: batch/v1\n{{- else }}\napiVersion: batch/v1beta1\n{{- end }}\nkind: Job\nmetadata:\n  name: x\nspec:\n${POD}`;
    assert.deepEqual(findings(branches), [], 'no retired-version error for the branch a current cluster never takes');
  });

  it('offers the quick fixes that change a literal value in its line, none that adds lines among actions', () => {
    const text = `${HEAD}spec:\n  completionMode: indexed\n  backoffLimit: {{ .Values.x }}\n${POD}`;
    const [diagnostic] = validateText(text, DEFAULT_SETTINGS);
    const fixes = (diagnostic.data as { fixes?: { title: string }[] }).fixes ?? [];
    assert.deepEqual(fixes.map((fix) => fix.title), ['Change to `Indexed`']);
    // A missing restartPolicy: the fixes add a line, which in a template could land in an `if` branch.
    const missing = `${HEAD}spec:\n  template:\n    spec:\n      {{- if .Values.sa }}\n      serviceAccountName: {{ .Values.sa }}\n      {{- end }}\n      containers:\n      - name: main\n        image: busybox\n`;
    const [restart] = validateText(missing, DEFAULT_SETTINGS);
    assert.equal(restart.code, 'job/restart-policy/never-or-on-failure-required');
    assert.equal((restart.data as { fixes?: unknown[] }).fixes, undefined);
    const plain = validateText(missing.replace(/ *\{\{-? (if|end)[^}]*\}\}\n/g, '').replace('{{ .Values.sa }}', 'runner'), DEFAULT_SETTINGS);
    assert.ok(((plain[0].data as { fixes?: unknown[] }).fixes ?? []).length > 0, 'the same finding in a plain file has fixes');
  });

  it('names an object by the literal parts of its metadata only: a name or namespace an action writes is unknown', () => {
    const text = 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: {{ include "app.fullname" . }}-migrate\n  namespace: jobs\n---\n'
      + 'apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: report\n  namespace: {{ .Release.Namespace }}\n';
    const named = checkedResources(new FileModel(), text).map(({ kind, name, namespace }) => ({ kind, name, namespace }));
    assert.deepEqual(named, [{ kind: 'Job', name: undefined, namespace: 'jobs' }, { kind: 'CronJob', name: 'report', namespace: undefined }]);
  });
});

describe('a template whose masked text the parser refuses, recovered', () => {
  const JOB = `${HEAD}spec:\n  backoffLimit: -1\n  template:\n    spec:\n      restartPolicy: Always\n      containers:\n`;

  it('an `include | nindent` after a list item\'s dash writes that item\'s first fields: the item is open, its literal fields checked', () => {
    const text = `${JOB}        - {{- include "app.container" . | nindent 10 }}\n          imagePullPolicy: always\n          volumeMounts:\n            - name: data\n              mountPath: /data\n`;
    assert.equal(new YamlDocument(text).broken, false);
    assert.deepEqual(findings(text), ['6:17 job/numbers/negative-backoff-limit', '9:22 job/restart-policy/never-or-on-failure-required', '12:28 schema/enum']);
    assert.deepEqual(unknownsOf(text).open, ['spec.template.spec.containers.0']);
  });

  it('an item the masking leaves a scalar with fields below it: those lines are cut out (unknown), the literal parts around them checked', () => {
    const text = `${JOB}        - {{ include "app.container" . | trim }}\n          imagePullPolicy: always\n          volumeMounts:\n            - name: data\n              mountPath: /data\n`;
    const doc = new YamlDocument(text);
    assert.equal(doc.broken, false);
    assert.equal(doc.template!.text.split('\n')[11].trim(), '', 'the item\'s lines below it are blank in the recovered view');
    assert.equal(doc.template!.text.length, text.length, 'offsets kept');
    assert.deepEqual(findings(text), ['6:17 job/numbers/negative-backoff-limit', '9:22 job/restart-policy/never-or-on-failure-required']);
  });

  it('completes on a line the checks had to cut: the cursor reads the template as masked', () => {
    const text = `${JOB}        - {{ include "app.container" . | trim }}\n          imagePullPolicy: \n`;
    const line = text.split('\n').length - 2;
    const labels = complete(new FileModel(), text, { line, character: '          imagePullPolicy: '.length }, DEFAULT_SETTINGS).items.map((item) => item.label);
    assert.deepEqual(labels.filter((label) => ['Always', 'IfNotPresent', 'Never'].includes(label)).sort(), ['Always', 'IfNotPresent', 'Never']);
  });

  it('a mapping whose value an output writes, with literal entries below it: recovered, no finding from the cut lines', () => {
    const text = `apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: {{ include "app.fullname" . }}\n  labels: {{ include "app.labels" . }}\n    extra: label\nspec:\n  backoffLimit: -1\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n        - name: main\n          image: busybox\n          imagePullPolicy: always\n`;
    assert.deepEqual(findings(text), ['8:17 job/numbers/negative-backoff-limit', '15:28 schema/enum']);
  });

  it('literal lines deeper than what an output writes continue its last item: no "containers must be a list", nothing required of them', () => {
    const text = `${JOB}        {{- include "app.container" . | nindent 8 }}\n          volumeMounts:\n            - name: data\n              mountPath: /data\n`;
    assert.deepEqual(findings(text), ['6:17 job/numbers/negative-backoff-limit', '9:22 job/restart-policy/never-or-on-failure-required']);
  });

  it('an output written left of the key above it (a wrong nindent in a branch) continues nothing: the lines below stay literal', () => {
    const text = `${HEAD}spec:\n  template:\n    spec:\n      restartPolicy: Never\n    {{- with .Values.imagePullSecrets }}\n      imagePullSecrets:\n        {{- toYaml . | nindent 4 }}\n    {{- end }}\n      containers:\n        - name: main\n          image: busybox\n          imagePullPolicy: always\n`;
    assert.deepEqual(findings(text), ['16:28 schema/enum']);
  });

  it('a text no cut can make YAML still gets nothing', () => {
    assert.deepEqual(findings(`${HEAD}spec:\n  completionMode: indexed\n  args: [a, {{ .Values.b }}\n  other: [\n`), []);
  });
});
