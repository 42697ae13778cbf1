// The generated schemas/ files: fresh (equal to what scripts/gen-schemas.ts produces now) and right about
// the things a user notices first when a manifest is checked against them.
import { strict as assert } from 'node:assert';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { HAND_WRITTEN_SCHEMAS, SCHEMAS_DIR, generateSchemas } from '../../scripts/gen-schemas';
import { parseKubectlYaml, toServerJson } from '../../server/src/service/document/kubectlYaml';
import { sharedPath, skipUnlessShared } from '../support/shared';

function readSchemaFile(name: string): unknown {
  return JSON.parse(readFileSync(join(SCHEMAS_DIR, name), 'utf8')) as unknown;
}

const ajv = new Ajv({ allErrors: true, strict: false });
const validators: Record<'Job' | 'CronJob' | 'CSIDriver', ValidateFunction> = {
  Job: ajv.compile(readSchemaFile('job.schema.json') as object),
  CronJob: ajv.compile(readSchemaFile('cronjob.schema.json') as object),
  CSIDriver: ajv.compile(readSchemaFile('csidriver.schema.json') as object),
};

/** Validates a manifest read the way kubectl reads it; returns the errors as `keyword @ instancePath`. */
function check(yamlText: string): string[] {
  const document = parseKubectlYaml(yamlText);
  assert.equal(document.errors.length, 0, `fixture is not valid YAML: ${document.errors[0]?.message}`);
  const object = toServerJson(document) as { kind?: string };
  const validate = validators[object.kind as 'Job' | 'CronJob' | 'CSIDriver'];
  assert.ok(validate, `fixture kind ${object.kind} has no schema`);
  validate(object);
  return (validate.errors ?? []).map((error: ErrorObject) => `${error.keyword} @ ${error.instancePath}`);
}

const MINIMAL_JOB = `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  backoffLimit: 4
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: pi
        image: perl:5.34.0
        command: ["perl", "-Mbignum=bpi", "-wle", "print bpi(2000)"]
`;

const MINIMAL_CSIDRIVER = `apiVersion: storage.k8s.io/v1
kind: CSIDriver
metadata:
  name: hostpath.csi.k8s.io
spec:
  attachRequired: false
  podInfoOnMount: true
  fsGroupPolicy: File
  volumeLifecycleModes: [Persistent, Ephemeral]
`;

describe('schemas/ is up to date with scripts/gen-schemas.ts', { skip: skipUnlessShared('generated schemas are fresh', 'openapi') }, () => {
  test('every file under schemas/ equals what generateSchemas produces', () => {
    const generated = generateSchemas(sharedPath('openapi'));
    const committed = readdirSync(SCHEMAS_DIR).sort();
    for (const [name, content] of generated) {
      assert.ok(committed.includes(name), `schemas/${name} is missing: run \`npm run gen:schemas\``);
      assert.ok(readFileSync(join(SCHEMAS_DIR, name), 'utf8') === content, `schemas/${name} is stale: run \`npm run gen:schemas\``);
    }
    for (const name of committed.filter((file) => !HAND_WRITTEN_SCHEMAS.has(file))) {
      assert.ok(generated.has(name), `schemas/${name} is not produced by the generator any more: run \`npm run gen:schemas\``);
    }
  });

  test('generateSchemas is deterministic', () => {
    assert.deepEqual([...generateSchemas(sharedPath('openapi'))], [...generateSchemas(sharedPath('openapi'))]);
  });
});

describe('job.schema.json and csidriver.schema.json', () => {
  test('a minimal Job and a minimal CSIDriver pass', () => {
    assert.deepEqual(check(MINIMAL_JOB), []);
    assert.deepEqual(check(MINIMAL_CSIDRIVER), []);
  });

  test('completionMode is case-sensitive: `indexed` is an enum error', () => {
    const errors = check(MINIMAL_JOB.replace('  backoffLimit: 4\n', '  completionMode: indexed\n  completions: 3\n'));
    assert.deepEqual(errors, ['enum @ /spec/completionMode']);
  });

  test('backoffLimit written as the string "6" is a type error (the server does not convert it)', () => {
    assert.deepEqual(check(MINIMAL_JOB.replace('backoffLimit: 4', 'backoffLimit: "6"')), ['type @ /spec/backoffLimit']);
  });

  test('a misspelt field is an unknown field, as with strict field validation', () => {
    const document = MINIMAL_JOB.replace('backoffLimit: 4', 'backofLimit: 4');
    assert.deepEqual(check(document), ['additionalProperties @ /spec']);
    const validate = validators.Job;
    validate(toServerJson(parseKubectlYaml(document)));
    assert.equal(validate.errors?.[0]?.params.additionalProperty, 'backofLimit');
  });

  test('a container without name is missing a required field', () => {
    const errors = check(MINIMAL_JOB.replace('      - name: pi\n        image:', '      - image:'));
    assert.deepEqual(errors, ['required @ /spec/template/spec/containers/0']);
  });

  test('volume defaultMode 420 (and the octal 0644 that YAML 1.1 reads as 420) passes', () => {
    const volume = (mode: string) => `      volumes:\n      - name: config\n        secret:\n          secretName: app\n          defaultMode: ${mode}\n`;
    const withVolume = (mode: string) => MINIMAL_JOB.replace('      containers:', `${volume(mode)}      containers:`);
    assert.deepEqual(check(withVolume('420')), []);
    assert.deepEqual(check(withVolume('0644')), []);
  });

  test('resource quantities may be numbers or strings: cpu: 1 and cpu: "500m" pass', () => {
    const resources = (cpu: string) => `        resources:\n          requests:\n            cpu: ${cpu}\n            memory: 64Mi\n`;
    const withResources = (cpu: string) => MINIMAL_JOB.replace('        command:', `${resources(cpu)}        command:`);
    assert.deepEqual(check(withResources('1')), []);
    assert.deepEqual(check(withResources('"500m"')), []);
    assert.deepEqual(check(withResources('0.5')), []);
    assert.deepEqual(check(withResources('true')), ['type @ /spec/template/spec/containers/0/resources/requests/cpu']);
  });

  test('int-or-string ports accept both forms', () => {
    const withProbe = (port: string) =>
      MINIMAL_JOB.replace('        command:', `        livenessProbe:\n          httpGet:\n            port: ${port}\n        command:`);
    assert.deepEqual(check(withProbe('8080')), []);
    assert.deepEqual(check(withProbe('http')), []);
  });

  test('fields the server defaults before validating may be omitted', () => {
    const podFailurePolicy = MINIMAL_JOB.replace(
      '  template:',
      '  podFailurePolicy:\n    rules:\n    - action: Ignore\n      onPodConditions:\n      - type: DisruptionTarget\n  template:',
    );
    assert.deepEqual(check(podFailurePolicy), []);
    assert.deepEqual(check('apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata:\n  name: example.csi.k8s.io\n'), []);
  });

  test('enums from the specs reject other values; open fields stay open', () => {
    assert.deepEqual(check(MINIMAL_JOB.replace('restartPolicy: Never', 'restartPolicy: never')), ['enum @ /spec/template/spec/restartPolicy']);
    assert.deepEqual(check(MINIMAL_CSIDRIVER.replace('fsGroupPolicy: File', 'fsGroupPolicy: file')), ['enum @ /spec/fsGroupPolicy']);
    assert.deepEqual(check(MINIMAL_CSIDRIVER.replace('[Persistent, Ephemeral]', '[Persistent, Inline]')), ['enum @ /spec/volumeLifecycleModes/1']);
    const customCondition = MINIMAL_JOB.replace(
      '  template:',
      '  podFailurePolicy:\n    rules:\n    - action: FailJob\n      onPodConditions:\n      - type: example.com/Custom\n        status: "False"\n  template:',
    );
    assert.deepEqual(check(customCondition), []);
  });

  test('apiVersion and kind admit only the right value', () => {
    assert.deepEqual(check(MINIMAL_CSIDRIVER.replace('storage.k8s.io/v1', 'storage.k8s.io/v1beta1')), ['enum @ /apiVersion']);
  });

  test('the schemas carry no upstream prose', () => {
    const prose: string[] = [];
    const walk = (value: unknown, path: string): void => {
      if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${path}/${i}`));
      else if (value && typeof value === 'object') {
        for (const [key, item] of Object.entries(value)) {
          const isPropertyName = path.endsWith('/properties') || path.endsWith('/definitions');
          if (!isPropertyName && ['description', 'title', 'examples', 'example', 'default'].includes(key)) prose.push(`${path}/${key}`);
          walk(item, `${path}/${key}`);
        }
      }
    };
    walk(readSchemaFile('job.schema.json'), '');
    walk(readSchemaFile('cronjob.schema.json'), '');
    walk(readSchemaFile('csidriver.schema.json'), '');
    assert.deepEqual(prose, []);
  });

  test('a CronJob reaches the Job spec through its job template, with its own required fields and enum', () => {
    const cronJob = `apiVersion: batch/v1
kind: CronJob
metadata:
  name: report
spec:
  schedule: "0 3 * * *"
  concurrencyPolicy: Forbid
  jobTemplate:
    spec:
      completionMode: Indexed
      completions: 2
      template:
        spec:
          restartPolicy: Never
          containers:
          - name: main
            image: busybox:1.36
`;
    assert.deepEqual(check(cronJob), []);
    assert.deepEqual(check(cronJob.replace('Forbid', 'forbid')), ['enum @ /spec/concurrencyPolicy']);
    assert.deepEqual(check(cronJob.replace('Indexed', 'indexed')), ['enum @ /spec/jobTemplate/spec/completionMode']);
    assert.deepEqual(check(cronJob.replace('  schedule: "0 3 * * *"\n', '')), ['required @ /spec']);
    assert.deepEqual(check(cronJob.replace('    spec:\n      completionMode', '    spec:\n      completionModes')), ['additionalProperties @ /spec/jobTemplate/spec']);
  });

  test('int64 bounds are written digit for digit', () => {
    const text = readFileSync(join(SCHEMAS_DIR, 'job.schema.json'), 'utf8');
    assert.match(text, /"minimum": -9223372036854775808,\n\s*"maximum": 9223372036854775807,/);
    assert.match(text, /"minimum": -2147483648,\n\s*"maximum": 2147483647,/);
  });
});

describe('field-versions.json', () => {
  type Availability = { since?: string; until?: string; type?: string; values?: Record<string, string> };
  const versions = readSchemaFile('field-versions.json') as Record<string, Record<string, Availability>>;

  test('Job fields added after 1.23 carry their first release', () => {
    assert.deepEqual(versions.Job['spec.managedBy'], { since: '1.30' });
    assert.deepEqual(versions.Job['spec.successPolicy'], { since: '1.30' });
    assert.deepEqual(versions.Job['spec.successPolicy.rules[].succeededIndexes'], { since: '1.30' });
    assert.deepEqual(versions.Job['spec.podFailurePolicy'], { since: '1.25' });
    assert.deepEqual(versions.Job['spec.template.spec.containers[].resizePolicy'], { since: '1.27' });
  });

  test('enum values newer than their field are listed', () => {
    assert.deepEqual(versions.Job['spec.podFailurePolicy.rules[].action'], { since: '1.25', values: { FailIndex: '1.28' } });
  });

  test('removed fields carry their last release and type', () => {
    assert.deepEqual(versions.Job['spec.template.spec.resourceClaims[].source'], { since: '1.26', until: '1.30', type: 'object' });
    assert.deepEqual(versions.Job['metadata.clusterName'], { until: '1.24', type: 'string' });
    assert.deepEqual(versions.Job['spec.template.spec.workloadRef'], { since: '1.35', until: '1.35', type: 'object' });
  });

  test('fields of the releases derived from scripts/releases/ carry 1.36 or 1.37', () => {
    assert.deepEqual(versions.Job['spec.template.spec.schedulingGroup.podGroupName'], { since: '1.36' });
    assert.deepEqual(versions.CSIDriver['spec.preventPodSchedulingIfMissing'], { since: '1.36' });
    assert.deepEqual(versions.Job['spec.scheduling.schedulingPolicy.gang.minCount'], { since: '1.37' });
    assert.deepEqual(versions.Job['spec.template.spec.initContainers[].lifecycle.preStop.httpGet.protocol'], { since: '1.37' });
    assert.deepEqual(versions.Job['spec.template.spec.volumes[].projected.sources[].podCertificate.user'], { since: '1.37' });
  });

  test('CSIDriver fields added after 1.23 carry their first release', () => {
    assert.deepEqual(versions.CSIDriver['spec.serviceAccountTokenInSecrets'], { since: '1.35' });
    assert.deepEqual(versions.CSIDriver['spec.nodeAllocatableUpdatePeriodSeconds'], { since: '1.33' });
    assert.deepEqual(versions.CSIDriver['spec.seLinuxMount'], { since: '1.25' });
  });

  test('CronJob fields carry their first release, and its job template the Job\'s', () => {
    assert.deepEqual(versions.CronJob['spec.timeZone'], { since: '1.24' });
    assert.deepEqual(versions.CronJob['spec.jobTemplate.spec.podFailurePolicy'], versions.Job['spec.podFailurePolicy']);
    assert.deepEqual(versions.CronJob['spec.jobTemplate.spec.scheduling.schedulingPolicy.gang.minCount'], { since: '1.37' });
    assert.equal(versions.CronJob['spec.schedule'], undefined);
  });

  test('fields present in every release are not listed', () => {
    assert.equal(versions.Job['spec.backoffLimit'], undefined);
    assert.equal(versions.CSIDriver['spec.attachRequired'], undefined);
  });
});

describe('fields.json', () => {
  const fields = readSchemaFile('fields.json') as Record<string, Record<string, string>>;

  test('lists every field with a short type and a ! when required', () => {
    assert.equal(fields.Job['spec.template'], 'object!');
    assert.equal(fields.Job['spec.template.spec.containers'], '[]object!');
    assert.equal(fields.Job['spec.template.spec.containers[].name'], 'string!');
    assert.equal(fields.Job['spec.backoffLimit'], 'int32');
    assert.equal(fields.Job['spec.activeDeadlineSeconds'], 'int64');
    assert.equal(fields.Job['metadata.labels'], 'map[string]string');
    assert.equal(fields.Job['spec.template.spec.containers[].resources.limits'], 'map[string]quantity');
    assert.equal(fields.Job['spec.template.spec.containers[].ports[].containerPort'], 'int32!');
    assert.equal(fields.Job['spec.template.spec.containers[].livenessProbe.httpGet.port'], 'int-or-string!');
    assert.equal(fields.Job['spec.podFailurePolicy.rules[].onPodConditions[].status'], 'string');
    assert.equal(fields.CSIDriver.spec, 'object');
    assert.equal(fields.CSIDriver['spec.volumeLifecycleModes'], '[]string');
    assert.equal(fields.CSIDriver['spec.tokenRequests[].audience'], 'string!');
  });

  test('every field of field-versions.json that exists in the newest release is in fields.json', () => {
    const versions = readSchemaFile('field-versions.json') as Record<string, Record<string, { until?: string }>>;
    for (const kind of ['Job', 'CronJob', 'CSIDriver']) {
      for (const [path, availability] of Object.entries(versions[kind])) {
        if (!availability.until) assert.ok(fields[kind][path], `${kind} ${path} is missing from fields.json`);
      }
    }
  });
});
