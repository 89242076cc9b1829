import { Outlet } from "react-router-dom";

/** The home shell (SPEC 2 "/"): project list, create, create-external, user profile, a project. */
export function HomeShell() {
  return <Outlet />;
}
