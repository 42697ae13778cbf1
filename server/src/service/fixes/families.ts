// The one list of quick fixes, bound to finding codes here, above the rules and the update checks they
// repair: a rule never imports its fix. Adding a fix: write `<rule>.fix.ts` beside the rule (a `Fixes`
// record keyed by the rule's codes) and add the record to FIX_FAMILIES. The registry (registry.ts) offers
// them; the code table (codes.ts) says what each does (docs/rules.md, SARIF, hover).
import { recreateFixes } from '../update/recreate.fix';
import { UPDATE_RULES } from '../update/index';
import { CRONJOB_WARNING_FIXES } from '../rules/cronjob/cronJobWarningsOnCreate.fix';
import { JOB_TEMPLATE_SPEC_FIXES } from '../rules/cronjob/validateJobTemplateSpec.fix';
import { ENV_SOURCE_FIXES } from '../rules/pod/validateEnvSources.fix';
import { JOBSET_CREATE_FIXES } from '../rules/jobset/validateJobSetCreate.fix';
import { SCHEDULE_FORMAT_FIXES } from '../rules/cronjob/validateScheduleFormat.fix';
import { TIME_ZONE_FIXES } from '../rules/cronjob/validateTimeZone.fix';
import { CLEAR_NAMESPACE_FIXES } from '../rules/csidriver/clearNamespace.fix';
import { CSI_DRIVER_WARNING_FIXES } from '../rules/csidriver/csiDriverWarningsOnCreate.fix';
import { NODE_ALLOCATABLE_FIXES } from '../rules/csidriver/validateNodeAllocatableUpdatePeriodSeconds.fix';
import { SERVICE_ACCOUNT_TOKEN_IN_SECRETS_FIXES } from '../rules/csidriver/validateServiceAccountTokenInSecrets.fix';
import { TOKEN_REQUEST_FIXES } from '../rules/csidriver/validateTokenRequests.fix';
import { VOLUME_LIFECYCLE_MODE_FIXES } from '../rules/csidriver/validateVolumeLifecycleModes.fix';
import { BACKOFF_LIMIT_PER_INDEX_FIXES } from '../rules/job/validateBackoffLimitPerIndex.fix';
import { COMPLETION_MODE_FIXES } from '../rules/job/validateCompletionMode.fix';
import { JOB_RESTART_POLICY_FIXES } from '../rules/job/validateJobRestartPolicy.fix';
import { JOB_SELECTOR_FIXES } from '../rules/job/validateJobSelector.fix';
import { POD_FAILURE_POLICY_FIXES } from '../rules/job/validatePodFailurePolicy.fix';
import { POD_REPLACEMENT_POLICY_FIXES } from '../rules/job/validatePodReplacementPolicy.fix';
import { SUCCESS_POLICY_FIXES } from '../rules/job/validateSuccessPolicy.fix';
import { AFFINITY_FIXES } from '../rules/pod/validateAffinity.fix';
import { CONTAINER_PORT_FIXES } from '../rules/pod/validateContainerPorts.fix';
import { CONTAINER_RESTART_POLICY_FIXES } from '../rules/pod/validateContainerRestartPolicy.fix';
import { CONTAINER_FIXES } from '../rules/pod/validateContainers.fix';
import { DNS_FIXES } from '../rules/pod/validateDNS.fix';
import { IMAGE_PULL_SECRET_FIXES } from '../rules/pod/validateImagePullSecrets.fix';
import { INIT_CONTAINER_RESIZE_POLICY_FIXES } from '../rules/pod/validateInitContainerResizePolicy.fix';
import { LIFECYCLE_FIXES } from '../rules/pod/validateLifecycle.fix';
import { OS_FIXES } from '../rules/pod/validateOS.fix';
import { POD_SPEC_FIELD_FIXES } from '../rules/pod/validatePodSpecFields.fix';
import { PROBE_FIXES } from '../rules/pod/validateProbe.fix';
import { RESIZE_POLICY_FIXES } from '../rules/pod/validateResizePolicy.fix';
import { SECURITY_CONTEXT_FIXES } from '../rules/pod/validateSecurityContext.fix';
import { SECURITY_PROFILE_FIXES } from '../rules/pod/validateSecurityProfiles.fix';
import { SYSCTL_FIXES } from '../rules/pod/validateSysctls.fix';
import { TOLERATION_FIXES } from '../rules/pod/validateTolerations.fix';
import { TOPOLOGY_SPREAD_FIXES } from '../rules/pod/validateTopologySpread.fix';
import { VOLUME_MOUNT_FIXES } from '../rules/pod/validateVolumeMounts.fix';
import { VOLUME_SOURCE_FIXES } from '../rules/pod/validateVolumeSources.fix';
import { VOLUME_FIXES } from '../rules/pod/validateVolumes.fix';
import type { Fixes } from './types';
import { KIND_CASE_FIXES } from './kindCase.fix';
import { OBSERVED_FIXES } from './observed.fix';
import { RESOURCE_FIXES } from './resources.fix';
import { SCHEMA_FIXES } from './validator.fix';
import { YAML_FIXES } from './yamlDocument.fix';

/** The engine's own fixes (YAML, kind and apiVersion, schema), then each rule family's, then the update checks'. */
export const FIX_FAMILIES: readonly Fixes[] = [
  YAML_FIXES,
  RESOURCE_FIXES,
  KIND_CASE_FIXES,
  OBSERVED_FIXES,
  SCHEMA_FIXES,
  CRONJOB_WARNING_FIXES,
  JOB_TEMPLATE_SPEC_FIXES,
  SCHEDULE_FORMAT_FIXES,
  TIME_ZONE_FIXES,
  CLEAR_NAMESPACE_FIXES,
  CSI_DRIVER_WARNING_FIXES,
  NODE_ALLOCATABLE_FIXES,
  SERVICE_ACCOUNT_TOKEN_IN_SECRETS_FIXES,
  TOKEN_REQUEST_FIXES,
  VOLUME_LIFECYCLE_MODE_FIXES,
  BACKOFF_LIMIT_PER_INDEX_FIXES,
  COMPLETION_MODE_FIXES,
  JOB_RESTART_POLICY_FIXES,
  JOB_SELECTOR_FIXES,
  POD_FAILURE_POLICY_FIXES,
  POD_REPLACEMENT_POLICY_FIXES,
  SUCCESS_POLICY_FIXES,
  AFFINITY_FIXES,
  CONTAINER_PORT_FIXES,
  ENV_SOURCE_FIXES,
  JOBSET_CREATE_FIXES,
  CONTAINER_RESTART_POLICY_FIXES,
  CONTAINER_FIXES,
  DNS_FIXES,
  IMAGE_PULL_SECRET_FIXES,
  INIT_CONTAINER_RESIZE_POLICY_FIXES,
  LIFECYCLE_FIXES,
  OS_FIXES,
  POD_SPEC_FIELD_FIXES,
  PROBE_FIXES,
  RESIZE_POLICY_FIXES,
  SECURITY_CONTEXT_FIXES,
  SECURITY_PROFILE_FIXES,
  SYSCTL_FIXES,
  TOLERATION_FIXES,
  TOPOLOGY_SPREAD_FIXES,
  VOLUME_MOUNT_FIXES,
  VOLUME_SOURCE_FIXES,
  VOLUME_FIXES,
  recreateFixes(UPDATE_RULES.flatMap((rule) => rule.codes.map((code) => code.code))),
];

/** Every fix entry by code. Two families never fix the same code (test/unit/fixes/families.test.ts). */
export const FIXES_BY_CODE: Fixes = Object.assign({}, ...FIX_FAMILIES);
