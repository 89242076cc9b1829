import { Outlet, useParams } from "react-router-dom";
import { TopBar } from "../components/shell/top-bar";

/** The signed-in area: top bar over the page. A project uses the whole width, as a spreadsheet should. */
export function DefaultLayout() {
  const inProject = Boolean(useParams().projectType);
  return (
    // A project is a workspace: exactly the window's height, its panes scroll inside.
    <div
      className={inProject ? "flex h-dvh flex-col overflow-hidden bg-gray-50" : "flex min-h-screen flex-col bg-gray-50"}
    >
      <TopBar wide={inProject} />
      <main className={inProject ? "flex min-h-0 w-full flex-1 flex-col" : "mx-auto w-full max-w-7xl flex-1 px-4 py-8"}>
        <Outlet />
      </main>
    </div>
  );
}
