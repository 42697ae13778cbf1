// The live, read-only Kubernetes client of the front doors (`kubeassist diagnose --live`, the editor's
// "Diagnose a Job in the cluster…"): the user's kubeconfig, GET only, bounded.
export { readLiveObjects, type LiveRead, type LiveReadOptions, type LiveTarget } from './read';
export { LiveReadError, kubeconfigPaths, listContexts, loadKubeconfig, type Kubeconfig } from './kubeconfig';
export { forgetExecCredentials } from './exec';
export { liveTexts, type LiveText } from './inputs';
