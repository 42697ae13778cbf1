// Kueue's keys on a Job, a JobSet and the Jobs they make (sigs.k8s.io/kueue v0.19.2: pkg/controller/constants,
// pkg/controller/jobs/job job_controller.go), and how its webhooks read their values: Go's strconv.Atoi and
// strconv.ParseBool. Its checks are rules/kueue/; what each key does, catalogue/ecosystemKeys.ts.

/** The Kueue release whose webhooks KubeAssist mirrors (README: "Custom resources"). */
export const KUEUE_RELEASE = 'v0.19.2';

export const KUEUE_KEYS = {
  queueName: 'kueue.x-k8s.io/queue-name',
  priorityClass: 'kueue.x-k8s.io/priority-class',
  maxExecTimeSeconds: 'kueue.x-k8s.io/max-exec-time-seconds',
  prebuiltWorkloadName: 'kueue.x-k8s.io/prebuilt-workload-name',
  jobMinParallelism: 'kueue.x-k8s.io/job-min-parallelism',
  jobCompletionsEqualParallelism: 'kueue.x-k8s.io/job-completions-equal-parallelism',
} as const;

const INT64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n };

/** strconv.Atoi on a 64-bit platform: an optional sign and decimal digits within int64; undefined where Go returns an error. */
export function goAtoi(value: string): bigint | undefined {
  if (!/^[+-]?\d+$/.test(value)) return undefined;
  const number = BigInt(value);
  return number >= INT64.min && number <= INT64.max ? number : undefined;
}

/** Go's error text of strconv.Atoi for a value it refuses. */
export function goAtoiError(value: string): string {
  return `strconv.Atoi: parsing ${JSON.stringify(value)}: ${/^[+-]?\d+$/.test(value) ? 'value out of range' : 'invalid syntax'}`;
}

/** Go's int32(v) conversion: the low 32 bits, as a signed number. */
export function goInt32(value: bigint): number {
  return Number(BigInt.asIntN(32, value));
}

const TRUE = new Set(['1', 't', 'T', 'TRUE', 'true', 'True']);
const FALSE = new Set(['0', 'f', 'F', 'FALSE', 'false', 'False']);

/** strconv.ParseBool; undefined where Go returns an error. */
export function goParseBool(value: string): boolean | undefined {
  return TRUE.has(value) ? true : FALSE.has(value) ? false : undefined;
}
