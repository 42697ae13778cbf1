// What the API server checks on a Pod template (ValidatePodTemplateSpec and what it calls, pkg/apis/core/validation/
// validation.go; GetWarningsForPodTemplate, pkg/api/pod/warnings.go) that KubeAssist does not check yet, and why.
// `npm run gen:docs` lists them in docs/rules.md; remove an entry when a rule covers it.

export interface PodTemplateGap {
  /** The Kubernetes function (and what it judges). */
  mirrors: string;
  /** The fields it reads. */
  fields: string;
  /** Refused (an error) or only warned about. */
  outcome: 'refused' | 'warning';
  /** Why we do not check it. */
  why: string;
}

export const POD_TEMPLATE_GAPS: readonly PodTemplateGap[] = [
  {
    mirrors: 'validateEnvVarValueFrom: the `fileKeyRef` source (EnvFiles: alpha 1.34, beta 1.35)',
    fields: '`env[].valueFrom.fileKeyRef` (`volumeName`, `path`, `key`)',
    outcome: 'refused',
    why: 'Counted as a source from 1.35 (and dropped in 1.34, with its warning), but its own rules (the volume it names, the path, the key) are new and not read release by release yet.',
  },
  {
    mirrors: 'ValidatePodSpecificAnnotations: `kubernetes.io/config.mirror` needs `spec.nodeName`',
    fields: '`metadata.annotations[kubernetes.io/config.mirror]`',
    outcome: 'refused',
    why: 'Only the kubelet writes this annotation, on the mirror Pods of static Pods; a Job template that carries it is a copy of a mirror Pod, which no author writes.',
  },
  {
    mirrors: 'ValidatePodSpecificAnnotations: ValidateTolerationsInPodAnnotations',
    fields: '`metadata.annotations[scheduler.alpha.kubernetes.io/tolerations]`',
    outcome: 'refused',
    why: 'Tolerations written as JSON in an annotation predate the `tolerations` field (Kubernetes 1.6); reading that JSON as the server does is left out until a real manifest needs it.',
  },
  {
    mirrors: 'GetWarningsForPodTemplate, besides the imagePullSecrets warnings',
    fields: 'deprecated node labels in `nodeSelector` and affinity terms, deprecated volume types, repeated env names and ports, negative `terminationGracePeriodSeconds`, ...',
    outcome: 'warning',
    why: 'The API server accepts the Job and prints a warning; these warnings are not modelled yet (the pod-template warnings KubeAssist gives are listed above with the mirror `GetWarningsForPodTemplate`).',
  },
];
