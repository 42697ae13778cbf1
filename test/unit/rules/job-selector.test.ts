// validateGeneratedSelector (generated selector and labels) and ValidateJobSpec's selector checks.
import { jobManifest, runCases } from './job-cases';

const S = 'job/selector';
const labels = (lines: string) => `labels:\n${lines.split('\n').map((line) => `  ${line}`).join('\n')}`;
const manual = (selector: string, templateLabels?: string) => jobManifest({
  spec: `manualSelector: true\n${selector}`,
  ...(templateLabels ? { templateMetadata: labels(templateLabels) } : {}),
});
const selector = (lines: string) => `selector:\n${lines.split('\n').map((line) => `  ${line}`).join('\n')}`;

// In a CronJob, ValidateJobTemplateSpec runs instead of ValidateJob's selector checks: there is no generated
// selector or label at its create; a selector is refused whatever it says, and so is manualSelector: true.
// A label under a generated key is accepted then, but makes each Job the controller creates be refused.
const T = 'spec.jobTemplate.spec';
const FORBIDDEN = ['cronjob/job-template/selector-forbidden', `${T}.selector`, 'error', 'key'] as const;
const MANUAL = ['cronjob/job-template/manual-selector-not-supported', `${T}.manualSelector`] as const;
const refused = { expected: [FORBIDDEN], why: 'a job template may not have a selector (ValidateJobTemplateSpec)' };
const manualRefused = { expected: [FORBIDDEN, MANUAL], why: 'a job template may not have a selector nor manualSelector: true (ValidateJobTemplateSpec)' };
const generatedLabel = (key: string) => ({
  expected: [['cronjob/job-template/generated-label', `${T}.template.metadata.labels[${key}]`, 'warning'] as const],
  why: 'accepted at the CronJob\'s create, but the label can never hold the name or UID of each Job, so each Job is refused',
});

// In a JobSet each Job is named `demo-r-<index>` by the controller, not `demo`; a runtime's Jobs after each
// TrainJob, unknown: what depends on the Job's name differs there.
const J = 'spec.replicatedJobs[0].template.spec';
const NAMED_BY_JOBSET = 'the JobSet controller names the Job `demo-r-0`, not `demo`';
const NAMED_BY_TRAINJOB = { expected: [] as const, why: "a runtime's Jobs are named after each TrainJob: a check of the name cannot be made" };

runCases([
  // Generated labels: a user value under a generated key must be the generated value.
  { name: 'a template controller-uid label is refused: the UID is not known before create',
    yaml: jobManifest({ templateMetadata: labels('controller-uid: abc') }),
    expected: [[`${S}/controller-uid-label`, 'spec.template.metadata.labels[controller-uid]']], words: ["Job's UID", 'manualSelector: true'] ,
    inCronJob: generatedLabel('controller-uid') },
  { name: 'a template job-name label with another name is refused',
    yaml: jobManifest({ templateMetadata: labels('job-name: other') }),
    expected: [[`${S}/job-name-label`, 'spec.template.metadata.labels[job-name]']], words: ['`demo`'] ,
    inCronJob: generatedLabel('job-name'), inJobSet: {
      expected: [[`${S}/job-name-label`, `${J}.template.metadata.labels[job-name]`]], why: NAMED_BY_JOBSET, words: ['`demo-r-0`'],
    }, inTrainingRuntime: NAMED_BY_TRAINJOB },
  { name: 'a template job-name label with the Job name is accepted', yaml: jobManifest({ templateMetadata: labels('job-name: demo') }), expected: [] ,
    inCronJob: generatedLabel('job-name'),
    inJobSet: { expected: [[`${S}/job-name-label`, `${J}.template.metadata.labels[job-name]`]], why: NAMED_BY_JOBSET }, inTrainingRuntime: NAMED_BY_TRAINJOB },
  { name: 'a template batch.kubernetes.io/controller-uid label is refused, once',
    yaml: jobManifest({ templateMetadata: labels('batch.kubernetes.io/controller-uid: abc') }),
    expected: [[`${S}/batch-controller-uid-label`, 'spec.template.metadata.labels[batch.kubernetes.io/controller-uid]']] ,
    inCronJob: generatedLabel('batch.kubernetes.io/controller-uid') },
  { name: 'a template batch.kubernetes.io/job-name label with another name is refused',
    yaml: jobManifest({ templateMetadata: labels('batch.kubernetes.io/job-name: other') }),
    expected: [[`${S}/batch-job-name-label`, 'spec.template.metadata.labels[batch.kubernetes.io/job-name]']] ,
    inCronJob: generatedLabel('batch.kubernetes.io/job-name'), inTrainingRuntime: NAMED_BY_TRAINJOB },
  { name: 'before 1.27 the prefixed labels are ordinary labels', minor: 26,
    yaml: jobManifest({ templateMetadata: labels('batch.kubernetes.io/controller-uid: "1234"\nbatch.kubernetes.io/job-name: other') }), expected: [] },
  { name: 'with generateName any job-name label is refused: the name ends in random characters',
    yaml: jobManifest({ name: null, metadata: 'generateName: demo-', templateMetadata: labels('job-name: demo-') }),
    expected: [[`${S}/job-name-label`, 'spec.template.metadata.labels[job-name]']], words: ['generateName'] ,
    inCronJob: generatedLabel('job-name'), inTrainingRuntime: NAMED_BY_TRAINJOB },
  // A user selector without manualSelector.
  { name: 'a selector repeating the generated job-name label is accepted',
    yaml: jobManifest({ spec: selector('matchLabels:\n  batch.kubernetes.io/job-name: demo') }), expected: [] ,
    inCronJob: refused, inJobSet: { expected: [[`${S}/not-auto-generated`, `${J}.selector`]], why: NAMED_BY_JOBSET } },
  { name: 'an empty selector is accepted (the server fills it in)', yaml: jobManifest({ spec: 'selector: {}' }), expected: [] ,
    inCronJob: refused },
  { name: 'a selector on other labels is refused without manualSelector',
    yaml: jobManifest({ spec: selector('matchLabels:\n  app: web'), templateMetadata: labels('app: web') }),
    expected: [[`${S}/not-auto-generated`, 'spec.selector']], words: ['`app: web`', 'manualSelector: true', 'Remove `spec.selector`'] ,
    inCronJob: refused },
  { name: 'a selector with a wrong job name is refused', yaml: jobManifest({ spec: selector('matchLabels:\n  job-name: other') }),
    expected: [[`${S}/not-auto-generated`, 'spec.selector']], words: ['`job-name: other`'] ,
    inCronJob: refused, inTrainingRuntime: NAMED_BY_TRAINJOB },
  { name: 'a selector on a controller uid is refused', yaml: jobManifest({ spec: selector('matchLabels:\n  controller-uid: "1234"') }),
    expected: [[`${S}/not-auto-generated`, 'spec.selector']], words: ['assigned by the server'] ,
    inCronJob: refused },
  { name: 'before 1.27 a selector may only use the legacy keys', minor: 26,
    yaml: jobManifest({ spec: selector('matchLabels:\n  batch.kubernetes.io/job-name: demo') }),
    expected: [[`${S}/not-auto-generated`, 'spec.selector']] ,
    inCronJob: refused },
  { name: 'before 1.27 a selector on the legacy job-name is accepted', minor: 26,
    yaml: jobManifest({ spec: selector('matchLabels:\n  job-name: demo') }), expected: [] ,
    inCronJob: refused, inJobSet: { expected: [[`${S}/not-auto-generated`, `${J}.selector`]], why: NAMED_BY_JOBSET } },
  { name: 'an expression that excludes a template label is refused as a template mismatch',
    yaml: jobManifest({ spec: selector('matchExpressions:\n- {key: tier, operator: DoesNotExist}'), templateMetadata: labels('tier: web') }),
    expected: [[`${S}/template-labels-mismatch`, 'spec.template.metadata.labels']], words: ['`tier` does not exist'] ,
    inCronJob: refused },
  // manualSelector: true
  { name: 'manualSelector without a selector is refused, once', yaml: jobManifest({ spec: 'manualSelector: true' }),
    expected: [[`${S}/required`, 'spec.selector']], words: ['manualSelector: true', 'required'] ,
    inCronJob: { expected: [MANUAL], why: 'manualSelector: true is refused in a job template (ValidateJobTemplateSpec)' } },
  { name: 'a manual selector that matches the template is accepted', yaml: manual(selector('matchLabels:\n  app: web'), 'app: web'), expected: [] ,
    inCronJob: manualRefused },
  { name: 'a manual selector that does not match the template is refused', yaml: manual(selector('matchLabels:\n  app: web'), 'app: api'),
    expected: [[`${S}/template-labels-mismatch`, 'spec.template.metadata.labels']], words: ['`app: web`'] ,
    inCronJob: manualRefused },
  { name: 'a manual selector and a template without labels do not match', yaml: manual(selector('matchLabels:\n  app: web')),
    expected: [[`${S}/template-labels-mismatch`, 'spec.template.metadata.labels']] ,
    inCronJob: manualRefused },
  { name: 'a manual NotIn selector is matched as the server does',
    yaml: manual(selector('matchExpressions:\n- {key: tier, operator: NotIn, values: [db]}'), 'tier: db'),
    expected: [[`${S}/template-labels-mismatch`, 'spec.template.metadata.labels']], words: ['`tier NotIn (db)`'] ,
    inCronJob: manualRefused },
  { name: 'a manual NotIn selector on another value is accepted',
    yaml: manual(selector('matchExpressions:\n- {key: tier, operator: NotIn, values: [db]}'), 'tier: web'), expected: [] ,
    inCronJob: manualRefused },
  // Malformed selectors (the match checks are skipped then, as the server skips them).
  { name: 'In without values is refused', yaml: manual(selector('matchExpressions:\n- {key: tier, operator: In, values: []}'), 'tier: web'),
    expected: [[`${S}/values-required`, 'spec.selector.matchExpressions[0].values']], words: ['at least one value'] ,
    inCronJob: manualRefused },
  { name: 'Exists with values is refused, on the key', yaml: manual(selector('matchExpressions:\n- {key: tier, operator: Exists, values: [web]}'), 'tier: web'),
    expected: [[`${S}/values-forbidden`, 'spec.selector.matchExpressions[0].values', 'error', 'key']], words: ['Remove `values`'] ,
    inCronJob: manualRefused },
  { name: 'an unknown operator is refused', yaml: manual(selector('matchExpressions:\n- {key: tier, operator: in, values: [web]}'), 'tier: web'),
    expected: [[`${S}/invalid-operator`, 'spec.selector.matchExpressions[0].operator']], words: ['case-sensitive'] ,
    inCronJob: manualRefused },
  { name: 'an empty operator is refused', yaml: manual(selector('matchExpressions:\n- {key: tier, operator: ""}'), 'tier: web'),
    expected: [[`${S}/invalid-operator`, 'spec.selector.matchExpressions[0].operator']], words: ['empty'] ,
    inCronJob: manualRefused },
  { name: 'an invalid key is refused', yaml: manual(selector('matchExpressions:\n- {key: "my tier", operator: Exists}'), 'tier: web'),
    expected: [[`${S}/invalid-key`, 'spec.selector.matchExpressions[0].key']], words: ['my tier'] ,
    inCronJob: manualRefused },
  { name: 'an invalid value is refused at its index', yaml: manual(selector('matchExpressions:\n- {key: tier, operator: In, values: [web, -db]}'), 'tier: web'),
    expected: [[`${S}/invalid-value`, 'spec.selector.matchExpressions[0].values[1]']], words: ['-db'] ,
    inCronJob: manualRefused },
  { name: 'an invalid matchLabels key is refused on matchLabels', yaml: manual(selector('matchLabels:\n  a/b/c: web'), 'app: web'),
    expected: [[`${S}/invalid-match-labels`, 'spec.selector.matchLabels']], words: ['a/b/c'] ,
    inCronJob: manualRefused },
  { name: 'a 64-character matchLabels value is refused', yaml: manual(selector(`matchLabels:\n  app: ${'w'.repeat(64)}`), 'app: web'),
    expected: [[`${S}/invalid-match-labels`, 'spec.selector.matchLabels']], words: ['longer than 63'] ,
    inCronJob: manualRefused },
  { name: 'a malformed selector without manualSelector is only reported as malformed',
    yaml: jobManifest({ spec: selector('matchLabels:\n  a/b/c: web') }), expected: [[`${S}/invalid-match-labels`, 'spec.selector.matchLabels']] ,
    inCronJob: refused },
  { name: 'selectors of the wrong type are left to the schema check', yaml: manual('selector:\n  matchLabels: [app]', 'app: web'), expected: [] ,
    inCronJob: manualRefused },
]);
