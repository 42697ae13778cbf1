// What the kubelet does to a Pod of a Job with restartPolicy OnFailure whose container fails: it restarts the
// container in the same Pod after a crash-loop back-off (pkg/kubelet/kuberuntime doBackOff with the kubelet's
// flowcontrol.Backoff: 10 s doubling to MaxContainerBackOff, 300 s; an entry older than twice the maximum is reset).
// The first restart follows at once: doBackOff only waits once the container has a back-off entry.
export const CONTAINER_BACKOFF_INITIAL = 10;
export const CONTAINER_BACKOFF_MAX = 300;

export class ContainerRestartBackoff {
  private backoff: number | undefined;
  private lastUpdate = 0;

  /** The time the container is restarted after exiting at `exitedAt`; records the restart (flowcontrol.Backoff.Next). */
  restartAt(exitedAt: number): number {
    const expired = this.backoff !== undefined && exitedAt - this.lastUpdate > 2 * CONTAINER_BACKOFF_MAX;
    const wait = this.backoff === undefined || expired ? 0 : this.backoff;
    const restart = exitedAt + wait;
    this.backoff = this.backoff === undefined || expired ? CONTAINER_BACKOFF_INITIAL : Math.min(2 * this.backoff, CONTAINER_BACKOFF_MAX);
    this.lastUpdate = restart;
    return restart;
  }
}
