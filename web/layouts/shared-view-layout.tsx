import { Outlet } from "react-router-dom";
import { Brand } from "../components/shell/brand";

/** Shared views and forms: no app shell, only the brand (SPEC 2). */
export function SharedViewLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-gray-50">
      <header className="border-b border-gray-200 bg-white px-4 py-3">
        <Brand />
      </header>
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-8">
        <Outlet />
      </main>
    </div>
  );
}
