// Every request handler runs through `guarded`: a thrown error is logged and answered with a neutral
// result, never fatal to the server.
type Logger = (message: string) => void;

export function guarded<A extends unknown[], R>(log: Logger, name: string, fallback: R, handler: (...args: A) => R): (...args: A) => R {
  return (...args: A): R => {
    try {
      return handler(...args);
    } catch (error) {
      log(`kubeassist: ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return fallback;
    }
  };
}
