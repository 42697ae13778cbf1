// Which documents are ours: decided by apiVersion + kind, never by file name.
import { KINDS, type KindName } from '../types';

export type Classification =
  | { status: 'checked'; kind: KindName }
  | {
      status: 'wrong-api-version';
      kind: KindName;
      expected: string;
      removedNote: string;
      /** The last release that still served this apiVersion for the kind (deprecated until then), if any. */
      servedUntil?: number;
    }
  /** A kind of ours in the wrong case (`kind: job`) with an apiVersion of its group: kubectl finds no such kind. */
  | { status: 'wrong-kind-case'; kind: KindName; written: string; apiVersion: string }
  | { status: 'other' };

interface Retired {
  note: string;
  /** The last minor release that served it (a release up to this one only warns). */
  servedUntil?: number;
}

/** API versions of our groups that once served these kinds (or never did), and what users should know about them. */
const RETIRED: Record<string, Partial<Record<KindName, Retired>>> = {
  'batch/v1beta1': {
    Job: { note: '`batch/v1beta1` never served Job (only CronJob, removed in 1.25)' },
    CronJob: { note: '`batch/v1beta1` CronJob was removed in Kubernetes 1.25', servedUntil: 24 },
  },
  'batch/v2alpha1': {
    Job: { note: '`batch/v2alpha1` never served Job (only CronJob, removed in 1.21)' },
    CronJob: { note: '`batch/v2alpha1` CronJob (an alpha version, off by default) was removed in Kubernetes 1.21' },
  },
  'storage.k8s.io/v1beta1': { CSIDriver: { note: '`storage.k8s.io/v1beta1` CSIDriver was removed in Kubernetes 1.22' } },
  // JobSet's API left behind (kubernetes-sigs/jobset): the group was `batch.x-k8s.io` until #66 renamed it before
  // v0.1.0 (April 2023); v0.1.x served `jobset.x-k8s.io/v1alpha1`, and from v0.2.0 (June 2023) the CRD serves only
  // v1alpha2. A cluster that runs a current JobSet has no such resource: kubectl answers "no matches for kind".
  'batch.x-k8s.io/v1alpha1': {
    JobSet: { note: 'the `batch.x-k8s.io` group was JobSet\'s name before its first release (renamed `jobset.x-k8s.io` in April 2023); no JobSet release serves it, so kubectl answers `no matches for kind "JobSet" in version "batch.x-k8s.io/v1alpha1"` on every cluster that runs JobSet' },
  },
  'jobset.x-k8s.io/v1alpha1': {
    JobSet: { note: '`jobset.x-k8s.io/v1alpha1` was served only by JobSet v0.1.x; from v0.2.0 (June 2023) JobSet serves `v1alpha2` alone, so a cluster that runs a current JobSet answers `no matches for kind "JobSet" in version "jobset.x-k8s.io/v1alpha1"`' },
  },
  'csi.storage.k8s.io/v1alpha1': {
    CSIDriver: { note: 'the `csi.storage.k8s.io/v1alpha1` CSIDriver was a pre-1.14 CustomResourceDefinition, no longer served' },
  },
};

function groupOf(apiVersion: string): string {
  return apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.lastIndexOf('/')) : '';
}

export function classify(apiVersion: string, kind: string): Classification {
  for (const [name, info] of Object.entries(KINDS) as [KindName, (typeof KINDS)[KindName]][]) {
    // Kinds are case-sensitive (the RESTMapper looks them up as written): `job` in our group is no kind at all.
    if (kind !== name && kind.toLowerCase() === name.toLowerCase() && groupOf(apiVersion) === info.group) {
      return { status: 'wrong-kind-case', kind: name, written: kind, apiVersion };
    }
    if (kind !== name) continue;
    if (apiVersion === info.apiVersion) return { status: 'checked', kind: name };
    const retired = RETIRED[apiVersion]?.[name];
    if (retired) {
      return { status: 'wrong-api-version', kind: name, expected: info.apiVersion, removedNote: retired.note, ...(retired.servedUntil ? { servedUntil: retired.servedUntil } : {}) };
    }
    if (groupOf(apiVersion) === info.group) {
      return { status: 'wrong-api-version', kind: name, expected: info.apiVersion, removedNote: `\`${apiVersion}\` does not serve ${name}` };
    }
  }
  return { status: 'other' };
}

/**
 * Whether a document's text can hold or name one of our kinds. A `kind:` value spells `Job`, `CronJob` or
 * `CSIDriver` in the text (or, in another case, right after `kind:`: `kind: job` is reported), unless a
 * double-quoted escape writes it (`"J\\x6fb"`); a document with none of these nor a backslash gets no
 * diagnostics, and is not parsed for them.
 */
export function mayNameOurKinds(text: string): boolean {
  return text.includes('\\') || KIND_NAMES.some((name) => text.includes(name)) || KIND_IN_ANOTHER_CASE.test(text);
}

const KIND_NAMES = Object.keys(KINDS);
const KIND_IN_ANOTHER_CASE = /kind["']?\s*:\s*["']?(?:cron)?job\b|kind["']?\s*:\s*["']?csidriver\b/i;

export const REFERENCE_PAGES: Record<KindName, string> = {
  Job: 'https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/job-v1/',
  CronJob: 'https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/cron-job-v1/',
  CSIDriver: 'https://kubernetes.io/docs/reference/kubernetes-api/config-and-storage-resources/csi-driver-v1/',
  JobSet: 'https://jobset.sigs.k8s.io/docs/reference/jobset.v1alpha2/',
  TrainingRuntime: 'https://www.kubeflow.org/docs/components/trainer/operator-guides/runtime/',
  ClusterTrainingRuntime: 'https://www.kubeflow.org/docs/components/trainer/operator-guides/runtime/',
};
