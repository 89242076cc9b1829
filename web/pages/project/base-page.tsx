import { Navigate, useParams } from "react-router-dom";

/**
 * "/:projectType/base/:baseId" (the NocoDB-style shared base address): the shared base itself
 * opens in the project shell at /base/:baseId, where the API client sends xc-shared-base-id.
 */
export function BasePage() {
  const { baseId = "" } = useParams();
  return <Navigate to={`/base/${encodeURIComponent(baseId)}`} replace />;
}
