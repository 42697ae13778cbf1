// Quick fixes of the CSIDriver rules: each applied to a fixture, checked again, and compared byte for byte.
import { describe, it } from 'node:test';
import { checkCase, edit, type FixCase } from './harness';

const CSI = `apiVersion: storage.k8s.io/v1
kind: CSIDriver
metadata:
  name: csi.example.com
spec:
  attachRequired: true
  podInfoOnMount: false
`;

const cases: FixCase[] = [
  {
    name: 'serviceAccountTokenInSecrets without tokenRequests: remove the line',
    text: `${CSI}  serviceAccountTokenInSecrets: true\n`,
    code: 'csidriver/service-account-token-in-secrets/without-token-requests',
    title: 'Remove `serviceAccountTokenInSecrets`',
    expected: CSI,
  },
  {
    // No list in the file says how this one indents its items: the default, as completion does, is indented.
    name: 'serviceAccountTokenInSecrets without tokenRequests: add a tokenRequests entry before it',
    text: `${CSI}  serviceAccountTokenInSecrets: true\n`,
    code: 'csidriver/service-account-token-in-secrets/without-token-requests',
    title: 'Add a `tokenRequests` entry',
    expected: `${CSI}  tokenRequests:\n    - audience: example.com\n  serviceAccountTokenInSecrets: true\n`,
  },
  {
    name: 'the same in a file whose lists sit at their key\'s column: the new list does too',
    text: `${CSI}  volumeLifecycleModes:\n  - Persistent\n  serviceAccountTokenInSecrets: true\n`,
    code: 'csidriver/service-account-token-in-secrets/without-token-requests',
    title: 'Add a `tokenRequests` entry',
    expected: `${CSI}  volumeLifecycleModes:\n  - Persistent\n  tokenRequests:\n  - audience: example.com\n  serviceAccountTokenInSecrets: true\n`,
  },
  {
    name: 'serviceAccountTokenInSecrets with an empty flow tokenRequests: the entry goes inside the brackets',
    text: `${CSI}  tokenRequests: []\n  serviceAccountTokenInSecrets: false\n`,
    code: 'csidriver/service-account-token-in-secrets/without-token-requests',
    title: 'Add a `tokenRequests` entry',
    expected: `${CSI}  tokenRequests: [{audience: example.com}]\n  serviceAccountTokenInSecrets: false\n`,
  },
  {
    name: 'a duplicate audience: the later entry goes, with its expiration, and nothing else',
    text: `${CSI}  tokenRequests:\n  - audience: vault\n    expirationSeconds: 3600\n  - audience: gcp\n  - audience: vault # again\n    expirationSeconds: 600\n`,
    code: 'csidriver/token-requests/duplicate-audience',
    expected: `${CSI}  tokenRequests:\n  - audience: vault\n    expirationSeconds: 3600\n  - audience: gcp\n`,
    remaining: ['csidriver/warnings-on-create/tokens-in-volume-context @ spec.tokenRequests'],
  },
  {
    name: 'a repeated volume lifecycle mode in a block list: its line goes',
    text: `${CSI}  volumeLifecycleModes:\n  - Persistent\n  - Ephemeral\n  - Persistent\n`,
    code: 'csidriver/volume-lifecycle-modes/duplicate',
    expected: `${CSI}  volumeLifecycleModes:\n  - Persistent\n  - Ephemeral\n`,
  },
  {
    name: 'a repeated volume lifecycle mode in a flow list: the item and its comma go',
    text: `${CSI}  volumeLifecycleModes: [Persistent, Persistent, Ephemeral]\n`,
    code: 'csidriver/volume-lifecycle-modes/duplicate',
    expected: `${CSI}  volumeLifecycleModes: [Persistent, Ephemeral]\n`,
  },
  {
    name: 'nodeAllocatableUpdatePeriodSeconds below 10 becomes 10',
    text: `${CSI}  nodeAllocatableUpdatePeriodSeconds: 5\n`,
    code: 'csidriver/node-allocatable-update-period/too-short',
    expected: `${CSI}  nodeAllocatableUpdatePeriodSeconds: 10\n`,
  },
  {
    name: 'a too short token expiration becomes 600',
    text: `${CSI}  serviceAccountTokenInSecrets: true\n  tokenRequests:\n  - audience: vault\n    expirationSeconds: 60\n`,
    code: 'csidriver/token-requests/expiration-too-short',
    expected: `${CSI}  serviceAccountTokenInSecrets: true\n  tokenRequests:\n  - audience: vault\n    expirationSeconds: 600\n`,
  },
  {
    name: 'a too long token expiration becomes 2^32',
    text: `${CSI}  serviceAccountTokenInSecrets: true\n  tokenRequests:\n  - audience: vault\n    expirationSeconds: 5000000000\n`,
    code: 'csidriver/token-requests/expiration-too-long',
    expected: `${CSI}  serviceAccountTokenInSecrets: true\n  tokenRequests:\n  - audience: vault\n    expirationSeconds: 4294967296\n`,
  },
  {
    name: 'a namespace on the cluster-scoped CSIDriver: the line goes',
    text: edit(CSI, '  name: csi.example.com\n', '  name: csi.example.com\n  namespace: kube-system\n'),
    code: 'csidriver/namespace/ignored',
    expected: CSI,
  },
  {
    name: 'tokens in the volume context: say serviceAccountTokenInSecrets: true after tokenRequests',
    text: `${CSI}  tokenRequests:\n  - audience: vault\n  requiresRepublish: true\n`,
    code: 'csidriver/warnings-on-create/tokens-in-volume-context',
    title: 'Add `serviceAccountTokenInSecrets: true`',
    expected: `${CSI}  tokenRequests:\n  - audience: vault\n  serviceAccountTokenInSecrets: true\n  requiresRepublish: true\n`,
  },
  {
    name: 'a CSIDriver of storage.k8s.io/v1beta1 becomes storage.k8s.io/v1',
    text: edit(CSI, 'storage.k8s.io/v1\n', 'storage.k8s.io/v1beta1\n'),
    code: 'kind/api-version',
    expected: CSI,
  },
  {
    name: 'fsGroupPolicy in the wrong case becomes the allowed value',
    text: `${CSI}  fsGroupPolicy: file\n`,
    code: 'schema/enum',
    expected: `${CSI}  fsGroupPolicy: File\n`,
  },
];

describe('CSIDriver quick fixes', () => {
  for (const c of cases) it(c.name, () => checkCase(c));
});
