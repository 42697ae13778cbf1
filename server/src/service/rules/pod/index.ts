// The core checks of a pod template (ValidatePodTemplateSpec and what it calls), wired to a Job's
// `spec.template`. Each family's `check...` function takes any template and its path, for reuse.
import type { Rule } from '../../types';
import { validateContainerPorts } from './validateContainerPorts';
import { validateContainerRestartPolicy } from './validateContainerRestartPolicy';
import { validateContainers } from './validateContainers';
import { validateEnv } from './validateEnv';
import { validateEnvSources } from './validateEnvSources';
import { validateInitContainerResizePolicy } from './validateInitContainerResizePolicy';
import { validateResizePolicy } from './validateResizePolicy';
import { validatePodTemplateSpec } from './validatePodTemplateSpec';
import { validateResourceRequirements } from './validateResourceRequirements';
import { validateVolumes } from './validateVolumes';
import { validateVolumeMounts } from './validateVolumeMounts';
import { validateVolumeSources } from './validateVolumeSources';
import { validateAffinity } from './validateAffinity';
import { validateTolerations } from './validateTolerations';
import { validateTopologySpread } from './validateTopologySpread';
import { validateDNS } from './validateDNS';
import { validatePodSpecFields } from './validatePodSpecFields';
import { validateResourceClaims } from './validateResourceClaims';
import { validatePodResources } from './validatePodResources';
import { validateProbe } from './validateProbe';
import { validateLifecycle } from './validateLifecycle';
import { validateSecurityContext } from './validateSecurityContext';
import { validateSecurityProfiles } from './validateSecurityProfiles';
import { validateSysctls } from './validateSysctls';
import { validateWindowsOptions } from './validateWindowsOptions';
import { validateOS } from './validateOS';
import { validateImagePullSecrets } from './validateImagePullSecrets';

export const podTemplateRules: readonly Rule[] = [
  validatePodTemplateSpec,
  validateVolumes,
  validateContainers,
  validateContainerPorts,
  validateEnv,
  validateEnvSources,
  validateResourceRequirements,
  validateContainerRestartPolicy,
  validateVolumeSources,
  validateVolumeMounts,
  validateResizePolicy,
  validateInitContainerResizePolicy,
  validateAffinity,
  validateTolerations,
  validateTopologySpread,
  validateDNS,
  validatePodSpecFields,
  validateResourceClaims,
  validatePodResources,
  validateProbe,
  validateLifecycle,
  validateSecurityContext,
  validateSecurityProfiles,
  validateSysctls,
  validateWindowsOptions,
  validateOS,
  validateImagePullSecrets,
];
