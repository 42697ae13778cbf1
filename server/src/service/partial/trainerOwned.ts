// What a Kubeflow Trainer runtime leaves to the Trainer (kubeflow/trainer v2.3.0): each TrainJob that names the
// runtime gets a JobSet built from `spec.template`, and the Trainer writes parts of it, so the runtime's text
// does not settle them. They are unknowns, as a Helm template's are, and nothing that depends on them is judged:
// - every replicatedJob's `parallelism` and `completions` (SyncParallelCount sets both from the PodSet's count:
//   `mlPolicy.numNodes`, a TrainJob's `numNodes`, or the template's parallelism);
// - a container's `image` where the runtime leaves it out (the TrainJob's trainer image, the plugins' images);
// - the `resources` of the `node` container (merged with the TrainJob's `resourcesPerNode`);
// - the lists the Trainer adds to: each container's `env`, `envFrom`, `ports`, `volumeMounts`, the Pod's `volumes`
//   and `initContainers` (pkg/runtime/framework/plugins/jobset Build, builder.go). They *grow*: every item the
//   runtime writes is sent to the API server as written and gets every rule; only what needs the whole list
//   (a name looked up in it: NEEDS_WHOLE_LIST) waits for the Trainer. A TrainJob's `env` may replace a written
//   variable of the same name (apply.UpsertEnvVars), but the runtime serves TrainJobs that do not, so a bad
//   item written is a bad runtime.
// The JobSet's name is the TrainJob's: rules/job/wrapped.ts knows it is not the runtime's.
import { WRAPPING_KINDS, jobSpecLocations } from '../kube/jobSpec';
import { jsonAt, type JsonObject, type KindName } from '../types';
import { Unknowns } from './unknowns';

const TRAINER_KINDS: ReadonlySet<KindName> = new Set(WRAPPING_KINDS.filter((kind) => kind !== 'JobSet'));

/** The trainer's own container in a runtime's replicatedJobs (constants.Node). */
const NODE_CONTAINER = 'node';

/**
 * The codes whose findings hold only for a whole list: a name looked up among the volumes, the volume mounts or
 * the containers and init containers, which the Trainer may still add (PartialObject.check drops them where a
 * list grows). Every other rule judges one written item, or items against each other, and the Trainer's items
 * can only add findings to those.
 */
export const NEEDS_WHOLE_LIST: ReadonlySet<string> = new Set([
  'pod/volume-mount-not-found', // ValidateVolumeMounts: the volume may be one the Trainer adds
  'pod/volume-device-not-found', // ValidateVolumeDevices: the same
  'jobset/volume-claim/not-mounted', // JobSet's webhook: a mount the Trainer adds may use the claim
  'job/pod-failure-policy/unknown-container-name', // an init container the Trainer adds may be the one named
  'pod/security-context-apparmor-annotation-container-not-found', // ValidateAppArmorPodAnnotations: the same
]);

/** `unknowns` (or new ones) with the Trainer's parts of a runtime marked; undefined for another kind without any. */
export function withTrainerOwned(kind: KindName, object: JsonObject, unknowns: Unknowns | undefined): Unknowns | undefined {
  if (!TRAINER_KINDS.has(kind)) return unknowns;
  const marked = unknowns ?? new Unknowns();
  for (const location of jobSpecLocations(kind, object)) {
    const spec = location.path;
    marked.markUnknown([...spec, 'parallelism']);
    marked.markUnknown([...spec, 'completions']);
    const podSpec = [...spec, 'template', 'spec'];
    marked.markGrowing([...podSpec, 'volumes']);
    marked.markGrowing([...podSpec, 'initContainers']);
    for (const list of ['containers', 'initContainers'] as const) {
      const containers = jsonAt(object, [...podSpec, list]);
      if (!Array.isArray(containers)) continue;
      containers.forEach((container, index) => {
        const at = [...podSpec, list, index];
        for (const field of ['env', 'envFrom', 'ports', 'volumeMounts']) marked.markGrowing([...at, field]);
        const written = container !== null && typeof container === 'object' && !Array.isArray(container) ? container : {};
        if (written.image === undefined) marked.markUnknown([...at, 'image']);
        if (written.name === NODE_CONTAINER) marked.markUnknown([...at, 'resources']);
      });
    }
  }
  return marked;
}
