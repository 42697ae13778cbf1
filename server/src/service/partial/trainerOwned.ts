// What a Kubeflow Trainer runtime leaves to the Trainer (kubeflow/trainer v2.3.0): each TrainJob that names the
// runtime gets a JobSet built from `spec.template`, and the Trainer writes parts of it, so the runtime's text
// does not settle them. They are unknowns, as a Helm template's are, and nothing that depends on them is judged:
// - every replicatedJob's `parallelism` and `completions` (SyncParallelCount sets both from the PodSet's count:
//   `mlPolicy.numNodes`, a TrainJob's `numNodes`, or the template's parallelism);
// - a container's `image` where the runtime leaves it out (the TrainJob's trainer image, the plugins' images);
// - the `resources` of the `node` container (merged with the TrainJob's `resourcesPerNode`);
// - the lists the Trainer adds to: each container's `env`, `ports`, `volumeMounts`, the Pod's `volumes` and
//   `initContainers` (pkg/runtime/framework/plugins/jobset Build, builder.go).
// The JobSet's name is the TrainJob's: rules/job/wrapped.ts knows it is not the runtime's.
import { WRAPPING_KINDS, jobSpecLocations } from '../kube/jobSpec';
import { jsonAt, type JsonObject, type KindName } from '../types';
import { Unknowns } from './unknowns';

const TRAINER_KINDS: ReadonlySet<KindName> = new Set(WRAPPING_KINDS.filter((kind) => kind !== 'JobSet'));

/** The trainer's own container in a runtime's replicatedJobs (constants.Node). */
const NODE_CONTAINER = 'node';

/** `unknowns` (or new ones) with the Trainer's parts of a runtime marked; undefined for another kind without any. */
export function withTrainerOwned(kind: KindName, object: JsonObject, unknowns: Unknowns | undefined): Unknowns | undefined {
  if (!TRAINER_KINDS.has(kind)) return unknowns;
  const marked = unknowns ?? new Unknowns();
  for (const location of jobSpecLocations(kind, object)) {
    const spec = location.path;
    marked.markUnknown([...spec, 'parallelism']);
    marked.markUnknown([...spec, 'completions']);
    const podSpec = [...spec, 'template', 'spec'];
    marked.markOpen([...podSpec, 'volumes']);
    marked.markOpen([...podSpec, 'initContainers']);
    for (const list of ['containers', 'initContainers'] as const) {
      const containers = jsonAt(object, [...podSpec, list]);
      if (!Array.isArray(containers)) continue;
      containers.forEach((container, index) => {
        const at = [...podSpec, list, index];
        for (const field of ['env', 'ports', 'volumeMounts']) marked.markOpen([...at, field]);
        const written = container !== null && typeof container === 'object' && !Array.isArray(container) ? container : {};
        if (written.image === undefined) marked.markUnknown([...at, 'image']);
        if (written.name === NODE_CONTAINER) marked.markUnknown([...at, 'resources']);
      });
    }
  }
  return marked;
}
