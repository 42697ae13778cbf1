// The generator stops, with a message that says what to do, when the documents change in a way that needs a
// person: upstream starts listing enum values we have not checked, or a release folder is missing.
import { strict as assert } from 'node:assert';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { generateSchemas } from '../../scripts/gen-schemas';
import { sharedPath, skipUnlessShared } from '../support/shared';

const skip = skipUnlessShared('schema generator guards', 'openapi');

describe('gen-schemas guards', { skip }, () => {
  let copy = '';
  const batch135 = () => join(copy, '1.35', 'batch-v1.json');
  let original = '';

  before(() => {
    copy = mkdtempSync(join(tmpdir(), 'kubeassist-openapi-'));
    cpSync(sharedPath('openapi'), copy, { recursive: true });
    original = readFileSync(batch135(), 'utf8');
  });
  after(() => rmSync(copy, { recursive: true, force: true }));

  /** Appends upstream's generated enum list to one property description of the 1.35 batch document. */
  function withEnumList(type: string, field: string, values: string[]): void {
    type Document = { components: { schemas: Record<string, { properties: Record<string, { description?: string }> }> } };
    const document = JSON.parse(original) as Document;
    const property = document.components.schemas[type].properties[field];
    const list = values.map((value) => ` - \`"${value}"\` is one value.`).join('\n');
    property.description = `${property.description ?? ''}\n\nPossible enum values:\n${list}`;
    writeFileSync(batch135(), JSON.stringify(document));
  }

  test('an enum list on a field we have not decided about stops the generator', () => {
    withEnumList('io.k8s.api.core.v1.PodSpec', 'schedulerName', ['default-scheduler']);
    assert.throws(
      () => generateSchemas(copy),
      /spec\.template\.spec\.schedulerName: upstream lists enum values .* add io\.k8s\.api\.core\.v1\.PodSpec\.schedulerName to CURATED_ENUMS, scripts\/podEnums\.ts or OPEN_ENUM_FIELDS/,
    );
  });

  test('a list that agrees with ours is accepted; a new value stops the generator', () => {
    withEnumList('io.k8s.api.core.v1.PodSpec', 'restartPolicy', ['Always', 'Never', 'OnFailure']);
    assert.doesNotThrow(() => generateSchemas(copy));
    withEnumList('io.k8s.api.core.v1.PodSpec', 'restartPolicy', ['Always', 'Never', 'OnFailure', 'Sometimes']);
    assert.throws(() => generateSchemas(copy), /upstream now lists Sometimes; update scripts\/podEnums\.ts/);
    withEnumList('io.k8s.api.batch.v1.JobSpec', 'completionMode', ['Indexed', 'NonIndexed', 'Sometimes']);
    assert.throws(() => generateSchemas(copy), /upstream now lists Sometimes; update CURATED_ENUMS/);
  });

  test('the Pod API table knows the constants the server refuses: a list naming them is accepted', () => {
    // Lt and Gt are Go constants of TolerationOperator that no release accepts with default gates.
    withEnumList('io.k8s.api.core.v1.Toleration', 'operator', ['Equal', 'Exists', 'Gt', 'Lt']);
    assert.doesNotThrow(() => generateSchemas(copy));
    withEnumList('io.k8s.api.core.v1.Toleration', 'operator', ['Equal', 'Exists', 'Within']);
    assert.throws(() => generateSchemas(copy), /tolerations\[\]\.operator: upstream now lists Within; update scripts\/podEnums\.ts/);
  });

  test('a list upstream starts writing only in a later release does not make its values look new', () => {
    withEnumList('io.k8s.api.core.v1.PodSpec', 'restartPolicy', ['Always', 'Never', 'OnFailure']);
    assert.deepEqual(generateSchemas(copy), generateSchemas(sharedPath('openapi')));
  });

  test('a missing release folder is named', () => {
    writeFileSync(batch135(), original);
    rmSync(join(copy, '1.27'), { recursive: true });
    assert.throws(
      () => generateSchemas(copy),
      /missing OpenAPI document .*1\.27.*batch-v1\.json \(expected releases 1\.23 to 1\.\d+; a release without documents needs scripts\/releases\/1\.27\.json\)/,
    );
  });
});
