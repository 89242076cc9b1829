import { Outlet } from "react-router-dom";
import { TopBar } from "../components/shell/top-bar";

/** The signed-in area: top bar over the page. */
export function DefaultLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-gray-50">
      <TopBar />
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-8">
        <Outlet />
      </main>
    </div>
  );
}
