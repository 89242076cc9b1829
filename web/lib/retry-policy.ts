/** SPEC 7: reads failing with these statuses are retried once; writes only when asked. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function isWriteMethod(method: string): boolean {
  return WRITE_METHODS.has(method.toUpperCase());
}

/** Whether a failed attempt (the first one: attempt 0) may be sent again. */
export function shouldRetry(method: string, status: number, attempt: number, retryWrites = false): boolean {
  if (attempt > 0 || !RETRYABLE_STATUSES.has(status)) return false;
  return retryWrites || !isWriteMethod(method);
}
