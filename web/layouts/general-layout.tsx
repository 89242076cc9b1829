import { Outlet } from "react-router-dom";
import { Brand } from "../components/shell/brand";
import { LanguagePicker } from "../components/shell/language-picker";

/** Sign-in, sign-up, password and error pages: a centred card. */
export function GeneralLayout() {
  return (
    <div className="relative flex min-h-screen flex-col items-center bg-gray-50 px-4 py-12">
      <LanguagePicker className="absolute end-4 top-4" />
      <Brand />
      <main className="mt-8 w-full max-w-md rounded-xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <Outlet />
      </main>
    </div>
  );
}
