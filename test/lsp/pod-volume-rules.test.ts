// The volume families end to end, through the built server: one case each for validateVolumes,
// validateVolumeSources and validateVolumeMounts, with the exact range, severity and message.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { rangeOf, TestServer } from '../support/lspClient';

const JOB = `apiVersion: batch/v1
kind: Job
metadata:
  name: report
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: report
        image: registry.example.com/report:1.0
        volumeMounts:
        - name: settings
          mountPath: /etc/report
          subPath: /report.yaml
        - name: scratch
          mountPath: /scratch
      volumes:
      - name: scratch
      - name: settings
        configMap:
          name: report-settings
          defaultMode: 644
`;

const line = (diagnostics: Diagnostic[], code: string) => {
  const found = diagnostics.find((d) => d.code === code);
  assert.ok(found, `no ${code} in ${diagnostics.map((d) => d.code).join(', ')}`);
  return found;
};

describe('volume rules over LSP', () => {
  let server: TestServer;
  let diagnostics: Diagnostic[];
  before(async () => {
    server = await TestServer.start();
    diagnostics = await server.open('file:///pod-volumes.yaml', JOB);
  });
  after(async () => server.stop());

  it('reports exactly the three findings, each at the node it is about', () => {
    assert.deepEqual(diagnostics.map((d) => [d.code, d.severity, (d.data as { path: string }).path]), [
      ['pod/volume-mount-sub-path-absolute', 1, 'spec.template.spec.containers[0].volumeMounts[0].subPath'],
      ['pod/volume-source-implicit-empty-dir', 2, 'spec.template.spec.volumes[0]'],
      ['pod/volume-file-mode-out-of-range', 1, 'spec.template.spec.volumes[1].configMap.defaultMode'],
    ]);
    assert.ok(diagnostics.every((d) => d.source === 'kubeassist'));
  });

  it('validateVolumes: a volume without a source, a warning on the whole entry', () => {
    const found = line(diagnostics, 'pod/volume-source-implicit-empty-dir');
    // The entry of a block list runs to the start of the next line (the item's node ends after its line break).
    assert.deepEqual(found.range, { start: rangeOf(JOB, 'name: scratch', 2).start, end: { line: rangeOf(JOB, 'name: scratch', 2).start.line + 1, character: 0 } });
    assert.equal(found.message, 'This volume names no source, so the API server makes it an empty directory (`emptyDir: {}`) that lives as long as the Pod. The API marks this implicit default as deprecated, to be removed in a future release: write `emptyDir: {}` if that is what you want, or name the source (`configMap`, `secret`, `persistentVolumeClaim`, ...). A source written as `emptyDir:` with nothing after it is null and counts as absent.');
  });

  it('validateVolumeSources: a decimal-looking file mode, on the value, with the server\'s line', () => {
    const found = line(diagnostics, 'pod/volume-file-mode-out-of-range');
    assert.deepEqual(found.range, rangeOf(JOB, '644'));
    assert.equal(found.message, '`644` is read as the decimal number 644, but it looks like the octal mode 0644: in YAML write `0644` (a leading zero makes it octal), in JSON write its decimal value 420. The API server answers `spec.template.spec.volumes[1].configMap.defaultMode: Invalid value: 644: must be a number between 0 and 0777 (octal), both inclusive`.');
    assert.equal(found.codeDescription?.href, 'https://kubernetes.io/docs/concepts/storage/volumes/');
  });

  it('validateVolumeMounts: an absolute subPath, on the value, quoting the path the server prints', () => {
    const found = line(diagnostics, 'pod/volume-mount-sub-path-absolute');
    assert.deepEqual(found.range, rangeOf(JOB, '/report.yaml'));
    assert.equal(found.message, '`/report.yaml` starts with `/`, but `subPath` names a place inside the volume and must be relative to it: drop the leading `/`. The API server answers `spec.template.spec.containers[0].volumeMounts.subPath: Invalid value: "/report.yaml": must be a relative path`.');
  });
});
