// Structural checks against the generated schema with ajv, compiled once per kind on first use, and the
// translation of ajv's errors into findings on the exact node: the value for type/enum/range errors, the
// key for unknown fields, the parent key for a missing required field. One finding per mistake.
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { jsonAt, type Finding, type FieldPath, type JsonObject, type KindName } from '../types';
import { schemaAt } from './navigate';
import { precompiledValidators } from './precompiled';
import { SCHEMAS } from './schemas';
import { isObject } from '../kube/defaults';
import { droppedOnCreate } from '../kube/featureGates';
import { insideNewerField, removedIn } from './fieldAvailability';
import { describeSchemaError, type ScalarSource } from './messages';

const validators = new Map<KindName, ValidateFunction>();

/** The ajv options, shared with the build-time precompilation in scripts/build.mjs. */
export const AJV_OPTIONS = { allErrors: true, strict: false, validateSchema: false } as const;

export function validatorFor(kind: KindName): ValidateFunction {
  let validate = validators.get(kind) ?? precompiledValidators[kind];
  if (!validate) {
    validate = new Ajv(AJV_OPTIONS).compile(SCHEMAS[kind]);
  }
  validators.set(kind, validate);
  return validate;
}

/**
 * Go decodes an absent struct the same as an empty one: a Job without `spec` is validated as `spec: {}`
 * (so `spec.template` is reported missing), a template without `spec` as an empty pod spec; a CronJob's
 * `jobTemplate` without `spec` as an empty JobSpec. And a CronJob's `concurrencyPolicy: ""` is Go's zero
 * value, which SetDefaults_CronJob turns into `Allow` before validation.
 */
function withEmptyStructs(kind: KindName, object: JsonObject): JsonObject {
  // A custom resource's JSON is checked against its CRD as it is: an absent object is absent there.
  if (kind !== 'Job' && kind !== 'CronJob') return object;
  const spec = object.spec === undefined ? {} : object.spec;
  if (!isObject(spec)) return object;
  if (kind === 'Job') {
    const template = withEmptyPodSpec(spec);
    return template !== spec ? { ...object, spec: template } : object.spec === undefined ? { ...object, spec } : object;
  }
  const cronSpec: JsonObject = spec.concurrencyPolicy === '' ? { ...spec, concurrencyPolicy: 'Allow' } : { ...spec };
  const jobTemplate = cronSpec.jobTemplate;
  if (isObject(jobTemplate) && (jobTemplate.spec === undefined || isObject(jobTemplate.spec))) {
    const jobSpec = jobTemplate.spec === undefined ? {} : jobTemplate.spec;
    cronSpec.jobTemplate = { ...jobTemplate, spec: withEmptyPodSpec(jobSpec as JsonObject) };
  }
  return { ...object, spec: cronSpec };
}

/** A JobSpec whose template is an object without `spec` gets an empty one (the same JobSpec when nothing changes). */
function withEmptyPodSpec(spec: JsonObject): JsonObject {
  const template = spec.template;
  return isObject(template) && template.spec === undefined ? { ...spec, template: { ...template, spec: {} } } : spec;
}

function pathOf(instancePath: string): (string | number)[] {
  if (!instancePath) return [];
  return instancePath
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((segment) => (/^(0|[1-9]\d*)$/.test(segment) ? Number(segment) : segment));
}

/**
 * Required fields and allowed values are the server's validation, which never sees a field the chosen
 * release does not have yet (the field-availability warning covers it) or one a create drops while its
 * gate is off (the feature-gate warning covers it). Types and unknown fields are decoding: always checked.
 */
function validatedByServer(kind: KindName, object: JsonObject, path: FieldPath, minor: number): boolean {
  return !insideNewerField(kind, path, minor) && !droppedOnCreate(kind, object, path, minor);
}

/** Ajv reports a wrong type and a failed enum on the same value; users need one message. */
const PRECEDENCE = ['type', 'enum', 'minimum', 'maximum', 'const'];

export function checkSchema(kind: KindName, object: JsonObject, minor: number, sourceOf: (path: FieldPath) => ScalarSource | undefined): Finding[] {
  const validate = validatorFor(kind);
  const validated = withEmptyStructs(kind, object);
  validate(validated);
  const errors = (validate.errors ?? []) as ErrorObject[];
  const byValue = new Map<string, ErrorObject>();
  const findings: Finding[] = [];
  for (const error of errors) {
    if (error.keyword === 'additionalProperties' || error.keyword === 'required') {
      const path = [...pathOf(error.instancePath), String(error.params.additionalProperty ?? error.params.missingProperty)];
      if (error.keyword === 'required' && !validatedByServer(kind, validated, path, minor)) continue;
      const finding = describeSchemaError(error, path, schemaAt(kind, pathOf(error.instancePath)), undefined);
      const lastRelease = error.keyword === 'additionalProperties' ? removedIn(kind, path) : undefined;
      if (lastRelease && Number(lastRelease.split('.')[1]) >= minor) continue; // the chosen release still has it
      if (lastRelease) finding.message += ` It was removed after Kubernetes ${lastRelease}.`;
      findings.push(finding);
      continue;
    }
    if (!PRECEDENCE.includes(error.keyword) && error.keyword !== 'format' && error.keyword !== 'pattern') continue;
    const previous = byValue.get(error.instancePath);
    if (!previous || PRECEDENCE.indexOf(error.keyword) < PRECEDENCE.indexOf(previous.keyword)) byValue.set(error.instancePath, error);
  }
  for (const error of byValue.values()) {
    const path = pathOf(error.instancePath);
    if (error.keyword === 'enum' && !validatedByServer(kind, validated, path, minor)) continue;
    findings.push(describeSchemaError(error, path, schemaAt(kind, path), sourceOf(path), jsonAt(validated, path)));
  }
  return findings;
}
