// Text inserted by completion: a field with the right shape for its type, and whole new documents.
// Each new-document snippet is a manifest that passes validation as inserted (tested).
import type { JsonSchema } from '../schema/schemas';

export interface Layout {
  /** Column of the key being inserted. */
  column: number;
  /** Spaces per nesting level. */
  unit: number;
  /** Whether list items are indented under their key. */
  indentedSequences: boolean;
}

function escapeSnippet(text: string): string {
  return text.replace(/[$}\\]/g, (c) => `\\${c}`);
}

/** Special shapes that teach the valid structure of a policy in one go. */
function policySnippet(name: string, layout: Layout): string | undefined {
  const spaces = (column: number) => ' '.repeat(column);
  const sequenceStep = layout.indentedSequences ? layout.unit : 0;
  const rulesColumn = layout.column + layout.unit;
  const itemColumn = rulesColumn + sequenceStep; // the `- ` of each rule
  const inItem = itemColumn + 2; // keys of a rule after its first line
  switch (name) {
    case 'podFailurePolicy':
      return [
        'podFailurePolicy:',
        `${spaces(rulesColumn)}rules:`,
        `${spaces(itemColumn)}- action: \${1|FailJob,Ignore,Count,FailIndex|}`,
        `${spaces(inItem)}onExitCodes:`,
        `${spaces(inItem + layout.unit)}operator: \${2|In,NotIn|}`,
        `${spaces(inItem + layout.unit)}values: [\${3:42}]`,
      ].join('\n');
    case 'successPolicy':
      return ['successPolicy:', `${spaces(rulesColumn)}rules:`, `${spaces(itemColumn)}- succeededIndexes: "\${1:0-2}"`].join('\n');
    case 'tokenRequests':
      return ['tokenRequests:', `${spaces(layout.column + sequenceStep)}- audience: \${1:example.com}`].join('\n');
    default:
      return undefined;
  }
}

/** Whether completing `name` inserts a policy's valid shape (more than a plain schema key). */
export function hasPolicyShape(name: string): boolean {
  return policySnippet(name, { column: 0, unit: 2, indentedSequences: false }) !== undefined;
}

/** A choice of values in a snippet: for a handful of values, not for a long list (stop signals). */
const MAX_CHOICES = 12;

/** The insert text (snippet syntax) for `name` of type `schema` at `layout`; `values`: what the field takes. */
export function fieldSnippet(name: string, schema: JsonSchema | undefined, layout: Layout, values: readonly string[] = []): string {
  const special = policySnippet(name, layout);
  if (special) return special;
  const nested = ' '.repeat(layout.column + layout.unit);
  const item = ' '.repeat(layout.column + (layout.indentedSequences ? layout.unit : 0));
  const types = schema ? ([] as unknown[]).concat(schema.type ?? []) : [];
  if (values.length && values.length <= MAX_CHOICES) return `${name}: \${1|${values.map((v) => escapeSnippet(v).replace(/[,|]/g, '\\$&')).join(',')}|}`;
  if (types.includes('boolean')) return `${name}: \${1|true,false|}`;
  if (types.includes('array')) return `${name}:\n${item}- $1`;
  if (types.includes('object') || schema?.properties) return `${name}:\n${nested}$1`;
  return `${name}: $1`;
}

export interface DocumentSnippet {
  label: string;
  description: string;
  body: string;
}

export const DOCUMENT_SNIPPETS: readonly DocumentSnippet[] = [
  {
    label: 'Job',
    description: 'A minimal Job: one Pod that runs to completion',
    body: `apiVersion: batch/v1
kind: Job
metadata:
  name: \${1:example}
spec:
  backoffLimit: \${2:4}
  ttlSecondsAfterFinished: \${3:3600}
  template:
    spec:
      restartPolicy: \${4|Never,OnFailure|}
      containers:
      - name: \${5:main}
        image: \${6:busybox:1.36}
        command: ["sh", "-c", "\${7:echo hello}"]
`,
  },
  {
    label: 'Job (Indexed, per-index backoff)',
    description: 'An Indexed Job whose indexes retry independently',
    body: `apiVersion: batch/v1
kind: Job
metadata:
  name: \${1:example}
spec:
  completionMode: Indexed
  completions: \${2:10}
  parallelism: \${3:3}
  backoffLimitPerIndex: \${4:1}
  maxFailedIndexes: \${5:2}
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: \${6:worker}
        image: \${7:busybox:1.36}
        command: ["sh", "-c", "echo index \\$JOB_COMPLETION_INDEX"]
`,
  },
  {
    label: 'Job (pod failure policy)',
    description: 'A Job that fails fast on a known exit code and ignores disruptions',
    body: `apiVersion: batch/v1
kind: Job
metadata:
  name: \${1:example}
spec:
  backoffLimit: \${2:6}
  podFailurePolicy:
    rules:
    - action: FailJob
      onExitCodes:
        containerName: \${3:main}
        operator: In
        values: [\${4:42}]
    - action: Ignore
      onPodConditions:
      - type: DisruptionTarget
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: \${3:main}
        image: \${5:busybox:1.36}
`,
  },
  {
    label: 'CronJob',
    description: 'A CronJob: a Job on a schedule, in a time zone, without overlapping runs',
    body: `apiVersion: batch/v1
kind: CronJob
metadata:
  name: \${1:example}
spec:
  schedule: "\${2:0 3 * * *}"
  timeZone: \${3:Etc/UTC}
  concurrencyPolicy: \${4|Forbid,Replace,Allow|}
  startingDeadlineSeconds: \${5:300}
  jobTemplate:
    spec:
      backoffLimit: \${6:2}
      activeDeadlineSeconds: \${7:3000}
      template:
        spec:
          restartPolicy: \${8|Never,OnFailure|}
          containers:
          - name: \${9:main}
            image: \${10:busybox:1.36}
            command: ["sh", "-c", "\${11:date}"]
`,
  },
  {
    label: 'CSIDriver',
    description: 'A CSIDriver object for a CSI volume driver',
    body: `apiVersion: storage.k8s.io/v1
kind: CSIDriver
metadata:
  name: \${1:csi.example.com}
spec:
  attachRequired: \${2|true,false|}
  podInfoOnMount: \${3|false,true|}
  fsGroupPolicy: \${4|ReadWriteOnceWithFSType,File,None|}
  volumeLifecycleModes:
  - \${5|Persistent,Ephemeral|}
`,
  },
];

/** A snippet body with its placeholders replaced by their defaults: what the user gets by pressing Tab through. */
export function expandSnippet(body: string): string {
  return body
    .replace(/\$\{\d+\|([^|]*?)(?:,[^|]*)?\|\}/g, (_m, first: string) => first.replace(/\\(.)/g, '$1'))
    .replace(/\$\{\d+:([^}]*)\}/g, '$1')
    .replace(/\$\d+/g, '')
    .replace(/\\\$/g, '$');
}
