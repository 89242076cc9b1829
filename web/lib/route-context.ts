/**
 * The route parameters the API client needs (the shared-base header, SPEC 7), kept outside React
 * so the client does not depend on the router. The root route guard updates them.
 */
export type RouteParams = Readonly<Record<string, string | undefined>>;

let current: RouteParams = {};

export function setRouteParams(params: RouteParams): void {
  current = params;
}

export function getRouteParams(): RouteParams {
  return current;
}

/** On a shared base (projectType "base") the base id travels as xc-shared-base-id. */
export function sharedBaseIdFrom(params: RouteParams): string | null {
  if (params.projectType !== "base") return null;
  return params.baseId ?? params.projectId ?? null;
}
