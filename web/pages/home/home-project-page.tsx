import { Navigate, useParams } from "react-router-dom";

/** "/:projectId" inside the home shell: the project itself lives at /nc/:projectId. */
export function HomeProjectPage() {
  const { projectId = "" } = useParams();
  return <Navigate to={`/nc/${encodeURIComponent(projectId)}`} replace />;
}
