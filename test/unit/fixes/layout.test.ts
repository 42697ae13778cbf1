// The user's layout survives a fix: 2 or 4 spaces, compact or indented lists, flow style, CRLF, comments
// next to the edited line, the right document of a multi-document file, an item of a `kind: List`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { codeActions, FileModel, resolveCodeAction } from '../../../server/src/service/index';
import { actionsFor, checkCase, edit, settingsFor, URI, type FixCase } from './harness';
import { VALID_JOB } from './fixtures';

const JOB4 = `apiVersion: batch/v1
kind: Job
metadata:
    name: pi # the digits of pi
spec:
    completions: 3
    podFailurePolicy:
        rules:
            - action: FailJob
              onExitCodes:
                  operator: In
                  values: [42]
    template:
        spec:
            restartPolicy: Never
            containers:
                - name: pi
                  image: perl:5.34
`;

const JOB2 = VALID_JOB;

const FLOW = '{"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": "pi"}, "spec": {"completions": 3, '
  + '"podFailurePolicy": {"rules": [{"action": "FailIndex", "onExitCodes": {"operator": "In", "values": [42]}}]}, '
  + '"template": {"spec": {"restartPolicy": "Never", "containers": [{"name": "pi", "image": "perl"}]}}}}\n';

const crlf = (text: string) => text.replace(/\n/g, '\r\n');
const asListItem = (text: string) => `apiVersion: v1\nkind: List\nitems:\n${text.replace(/^/gm, '    ').replace(/^    apiVersion/m, '  - apiVersion').replace(/ +$/, '')}`;

const cases: FixCase[] = [
  {
    name: '4 spaces and indented lists: a new pod spec field lines up with its siblings',
    text: edit(JOB4, '            restartPolicy: Never\n', ''),
    code: 'job/restart-policy/never-or-on-failure-required',
    expected: `${edit(JOB4, '            restartPolicy: Never\n', '')}            restartPolicy: Never\n`,
  },
  {
    name: '4 spaces: a missing container name goes on the item\'s dash line, the old first key below it at the item column',
    text: edit(JOB4, '                - name: pi\n                  image: perl:5.34\n', '                - image: perl:5.34\n'),
    code: 'schema/required',
    title: 'Add `name`',
    expected: edit(JOB4, '                - name: pi\n                  image: perl:5.34\n', '                - name: main\n                  image: perl:5.34\n'),
  },
  {
    name: '4 spaces: FailIndex adds backoffLimitPerIndex, completionMode and keeps the comment on the name line',
    text: edit(JOB4, 'action: FailJob', 'action: FailIndex'),
    code: 'job/pod-failure-policy/fail-index-needs-backoff-limit-per-index',
    expected: edit(edit(JOB4, 'action: FailJob', 'action: FailIndex'), '    completions: 3\n', '    completions: 3\n    backoffLimitPerIndex: 1\n    completionMode: Indexed\n'),
  },
  {
    name: 'CRLF: a replaced value keeps the line endings',
    text: crlf(edit(JOB2, '  completions: 3\n', '  completions: 3\n  completionMode: indexed\n')),
    code: 'schema/enum',
    expected: crlf(edit(JOB2, '  completions: 3\n', '  completions: 3\n  completionMode: Indexed\n')),
  },
  {
    name: 'CRLF: an inserted line ends with CRLF too',
    text: crlf(edit(JOB2, '      restartPolicy: Never\n', '')),
    code: 'job/restart-policy/never-or-on-failure-required',
    expected: crlf(`${edit(JOB2, '      restartPolicy: Never\n', '')}      restartPolicy: Never\n`),
  },
  {
    name: 'CRLF: a removed line leaves no blank line and no stray CR',
    text: crlf(edit(JOB2, '  completions: 3\n', '  completions: 3\n  retries: 4 # old field\n')),
    code: 'schema/unknown-field',
    title: 'Remove the field `retries`',
    expected: crlf(JOB2),
  },
  {
    name: 'CRLF: a disable comment ends with CRLF',
    text: crlf(edit(JOB2, '- name: pi', '- name: no')),
    code: 'yaml/yaml11-scalar',
    title: 'Disable `yaml/yaml11-scalar` for this line',
    expected: crlf(edit(JOB2, '      - name: pi', '      # kubeassist-disable-next-line yaml/yaml11-scalar\n      - name: no')),
  },
  {
    name: 'flow style: a value keeps its double quotes',
    text: FLOW,
    code: 'job/pod-failure-policy/fail-index-needs-backoff-limit-per-index',
    title: 'Change to `FailJob`',
    expected: FLOW.replace('"FailIndex"', '"FailJob"'),
  },
  {
    name: 'flow style: new fields go into the flow mapping after their sibling, JSON-quoted like it',
    text: FLOW,
    code: 'job/pod-failure-policy/fail-index-needs-backoff-limit-per-index',
    expected: FLOW.replace('"completions": 3', '"completions": 3, "backoffLimitPerIndex": 1, "completionMode": "Indexed"'),
  },
  {
    name: 'a comment on the line of an inserted sibling stays on its line',
    text: edit(JOB2, '  completions: 3\n', '  completions: 3 # three digits\n  backoffLimitPerIndex: 1\n'),
    code: 'job/backoff-limit-per-index/backoff-limit-per-index-requires-indexed',
    expected: edit(JOB2, '  completions: 3\n', '  completions: 3 # three digits\n  completionMode: Indexed\n  backoffLimitPerIndex: 1\n'),
  },
  {
    name: 'the second document of a file: only its text changes',
    text: `${JOB2}---\n${edit(JOB2, '  completions: 3\n', '  completions: 3\n  completionMode: indexed\n')}`,
    code: 'schema/enum',
    expected: `${JOB2}---\n${edit(JOB2, '  completions: 3\n', '  completions: 3\n  completionMode: Indexed\n')}`,
  },
  {
    name: 'the second document of a file: an insertion lands in it, not in the first',
    text: `${JOB2}---\n${edit(JOB2, '      restartPolicy: Never\n', '')}`,
    code: 'job/restart-policy/never-or-on-failure-required',
    expected: `${JOB2}---\n${edit(JOB2, '      restartPolicy: Never\n', '')}      restartPolicy: Never\n`,
  },
  {
    name: 'the second document of a file: a disable comment goes above the line in that document',
    text: `${JOB2}---\n${edit(JOB2, '- name: pi', '- name: no')}`,
    code: 'yaml/yaml11-scalar',
    title: 'Disable `yaml/yaml11-scalar` for this line',
    expected: `${JOB2}---\n${edit(JOB2, '      - name: pi', '      # kubeassist-disable-next-line yaml/yaml11-scalar\n      - name: no')}`,
  },
  {
    name: 'an item of a kind: List: the fix edits the item at its own indentation',
    text: asListItem(edit(JOB2, '      restartPolicy: Never\n', '      restartPolicy: OnFailure\n      terminationGracePeriodSeconds: 5\n')
      .replace('  template:\n', '  podFailurePolicy:\n    rules:\n    - action: Ignore\n      onPodConditions:\n      - type: DisruptionTarget\n  template:\n')),
    code: 'job/pod-failure-policy/restart-policy-must-be-never',
    expected: asListItem(edit(JOB2, '      restartPolicy: Never\n', '      restartPolicy: Never\n      terminationGracePeriodSeconds: 5\n')
      .replace('  template:\n', '  podFailurePolicy:\n    rules:\n    - action: Ignore\n      onPodConditions:\n      - type: DisruptionTarget\n  template:\n')),
  },
  {
    name: 'an item of a kind: List: an inserted field is indented like the item\'s fields',
    text: asListItem(edit(JOB2, '  completions: 3\n', '  completions: 3\n  backoffLimitPerIndex: 1\n')),
    code: 'job/backoff-limit-per-index/backoff-limit-per-index-requires-indexed',
    expected: asListItem(edit(JOB2, '  completions: 3\n', '  completions: 3\n  completionMode: Indexed\n  backoffLimitPerIndex: 1\n')),
  },
];

describe('quick fixes keep the layout', () => {
  for (const c of cases) it(c.name, () => checkCase(c));

  it('the List fixture is an item of a List', () => {
    assert.match(asListItem(JOB2), /^items:\n  - apiVersion: batch\/v1\n    kind: Job\n/m);
  });

  it('builds a skeleton as a snippet for a client that supports snippet edits, at codeAction/resolve', () => {
    const text = edit(JOB2, '        image: perl:5.34\n', '        command: [perl]\n');
    const { diagnostic } = actionsFor(text, 'pod/container-image-required');
    const model = new FileModel();
    const client = { snippets: true, resolve: true };
    const [action] = codeActions(model, text, { uri: URI, version: 4 }, { range: diagnostic.range, context: { diagnostics: [diagnostic] } }, settingsFor(), client);
    assert.equal(action.title, 'Add an image');
    assert.equal(action.edit, undefined);
    const resolved = resolveCodeAction(model, text, { uri: URI, version: 4 }, action, settingsFor(), client);
    assert.deepEqual(resolved.edit, {
      documentChanges: [{
        textDocument: { uri: URI, version: 4 },
        edits: [{ range: { start: { line: 11, character: 0 }, end: { line: 11, character: 0 } }, snippet: { kind: 'snippet', value: '        image: ${1:busybox:1.36}\n' } }],
      }],
    });
  });
});
