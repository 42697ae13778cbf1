// Quick fixes of the volume families (validateVolumes, validateVolumeSources, validateVolumeMounts): each
// applied to a fixture, checked again (no new finding), and compared byte for byte.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { actionsFor, checkCase, edit, type FixCase, runFixCases } from './harness';
import { VALID_JOB } from './fixtures';

/** The valid Job with a volume `data` (given as its YAML lines after `- name: data`) mounted at /data. */
function withVolume(sourceLines: string, mountLines = ''): string {
  return edit(VALID_JOB, '        image: perl:5.34\n', `        image: perl:5.34\n        volumeMounts:\n        - name: data\n          mountPath: /data\n${mountLines}      volumes:\n      - name: data\n${sourceLines}`);
}

const cases: FixCase[] = [
  {
    name: 'a volume without a source gets `emptyDir: {}`, what the server would make of it',
    text: withVolume(''),
    code: 'pod/volume-source-implicit-empty-dir',
    expected: withVolume('        emptyDir: {}\n'),
  },
  {
    name: 'a second source is removed',
    text: withVolume('        emptyDir: {}\n        configMap:\n          name: settings\n'),
    code: 'pod/volume-source-multiple',
    title: 'Remove `configMap`',
    expected: withVolume('        emptyDir: {}\n'),
  },
  {
    name: 'or the first one, keeping the second',
    text: withVolume('        emptyDir: {}\n        configMap:\n          name: settings\n'),
    code: 'pod/volume-source-multiple',
    title: 'Remove `emptyDir` and keep `configMap`',
    expected: withVolume('        configMap:\n          name: settings\n'),
  },
  {
    name: 'a decimal-looking defaultMode becomes the octal it meant, the comment stays',
    text: withVolume('        secret:\n          secretName: creds\n          defaultMode: 644 # rw-r--r--\n'),
    code: 'pod/volume-file-mode-out-of-range',
    expected: withVolume('        secret:\n          secretName: creds\n          defaultMode: 0644 # rw-r--r--\n'),
  },
  {
    name: 'an absolute item path loses its leading slash',
    text: withVolume('        configMap:\n          name: settings\n          items:\n          - key: app.yaml\n            path: /app.yaml\n'),
    code: 'pod/volume-path-absolute',
    expected: withVolume('        configMap:\n          name: settings\n          items:\n          - key: app.yaml\n            path: app.yaml\n'),
  },
  {
    name: 'a relative hostPath becomes absolute',
    text: withVolume('        hostPath:\n          path: var/log\n'),
    code: 'pod/volume-host-path-relative',
    expected: withVolume('        hostPath:\n          path: /var/log\n'),
  },
  {
    name: 'a hostPath type in the wrong case becomes the type it names',
    text: withVolume('        hostPath:\n          path: /var/log\n          type: directory\n'),
    code: 'pod/volume-host-path-type-unsupported',
    expected: withVolume('        hostPath:\n          path: /var/log\n          type: Directory\n'),
  },
  {
    name: 'an nfs path becomes absolute',
    text: withVolume('        nfs:\n          server: nfs.example.com\n          path: exports/data\n'),
    code: 'pod/volume-nfs-path-not-absolute',
    expected: withVolume('        nfs:\n          server: nfs.example.com\n          path: /exports/data\n'),
  },
  {
    name: 'a token lifetime under ten minutes is raised to 600 seconds',
    text: withVolume('        projected:\n          sources:\n          - serviceAccountToken:\n              path: token\n              expirationSeconds: 300\n'),
    code: 'pod/volume-token-expiration-out-of-range',
    expected: withVolume('        projected:\n          sources:\n          - serviceAccountToken:\n              path: token\n              expirationSeconds: 600\n'),
  },
  {
    name: 'a name in a claim template\'s metadata is removed',
    text: withVolume('        ephemeral:\n          volumeClaimTemplate:\n            metadata:\n              name: scratch\n              labels:\n                app: pi\n            spec:\n              accessModes: [ReadWriteOnce]\n              resources:\n                requests:\n                  storage: 1Gi\n'),
    code: 'pod/volume-claim-template-metadata-forbidden',
    expected: withVolume('        ephemeral:\n          volumeClaimTemplate:\n            metadata:\n              labels:\n                app: pi\n            spec:\n              accessModes: [ReadWriteOnce]\n              resources:\n                requests:\n                  storage: 1Gi\n'),
  },
  {
    name: 'an access mode in the wrong case becomes the mode it names',
    text: withVolume('        ephemeral:\n          volumeClaimTemplate:\n            spec:\n              accessModes: [readWriteOnce]\n              resources:\n                requests:\n                  storage: 1Gi\n'),
    code: 'pod/volume-claim-access-mode-unsupported',
    expected: withVolume('        ephemeral:\n          volumeClaimTemplate:\n            spec:\n              accessModes: [ReadWriteOnce]\n              resources:\n                requests:\n                  storage: 1Gi\n'),
  },
  {
    name: 'a mount of a misspelt volume is renamed to the volume it meant',
    text: edit(withVolume('        emptyDir: {}\n'), '        - name: data\n          mountPath', '        - name: dta\n          mountPath'),
    code: 'pod/volume-mount-not-found',
    expected: withVolume('        emptyDir: {}\n'),
  },
  {
    name: 'recursiveReadOnly without readOnly gets `readOnly: true`',
    text: withVolume('        emptyDir: {}\n', '          recursiveReadOnly: Enabled\n'),
    code: 'pod/volume-mount-recursive-read-only-needs-read-only',
    expected: withVolume('        emptyDir: {}\n', '          readOnly: true\n          recursiveReadOnly: Enabled\n'),
  },
  {
    name: 'or loses recursiveReadOnly',
    text: withVolume('        emptyDir: {}\n', '          recursiveReadOnly: Enabled\n'),
    code: 'pod/volume-mount-recursive-read-only-needs-read-only',
    title: 'Remove `recursiveReadOnly`',
    expected: withVolume('        emptyDir: {}\n'),
  },
  {
    name: 'a propagation mode in the wrong case becomes the mode it names',
    text: withVolume('        emptyDir: {}\n', '          mountPropagation: hostToContainer\n'),
    code: 'pod/volume-mount-propagation-unsupported',
    expected: withVolume('        emptyDir: {}\n', '          mountPropagation: HostToContainer\n'),
  },
  {
    name: 'an absolute subPath loses its leading slash',
    text: withVolume('        emptyDir: {}\n', '          subPath: /logs\n'),
    code: 'pod/volume-mount-sub-path-absolute',
    expected: withVolume('        emptyDir: {}\n', '          subPath: logs\n'),
  },
  {
    name: 'subPath and subPathExpr together: subPath is removed',
    text: withVolume('        emptyDir: {}\n', '          subPath: logs\n          subPathExpr: $(POD_NAME)\n'),
    code: 'pod/volume-mount-sub-path-exclusive',
    title: 'Remove `subPath`',
    expected: withVolume('        emptyDir: {}\n', '          subPathExpr: $(POD_NAME)\n'),
  },
];

describe('volume quick fixes', () => {
  runFixCases(cases);

  it('a decimal-looking mode in a JSON manifest becomes its decimal value, which JSON can write', () => {
    const json = JSON.stringify({ apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'pi' }, spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'pi', image: 'perl:5.34' }], volumes: [{ name: 'data', secret: { secretName: 'creds', defaultMode: 644 } }] } } } });
    checkCase({ name: 'json', text: json, code: 'pod/volume-file-mode-out-of-range', expected: json.replace('"defaultMode":644', '"defaultMode":420') });
  });

  it('a mode out of range that reads as no octal number gets no fix', () => {
    const { actions } = actionsFor(withVolume('        secret:\n          secretName: creds\n          defaultMode: 999\n'), 'pod/volume-file-mode-out-of-range');
    assert.deepEqual(actions.map((action) => action.title), ['Disable `pod/volume-file-mode-out-of-range` for this line']);
  });
});
