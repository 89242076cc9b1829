import { Outlet } from "react-router-dom";
import { Brand } from "../components/shell/brand";

/** A shared base opened without the signed-in shell. */
export function BaseLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-gray-50">
      <header className="border-b border-gray-200 bg-white px-4 py-3">
        <Brand />
      </header>
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-8">
        <Outlet />
      </main>
    </div>
  );
}
