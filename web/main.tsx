import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router-dom";
import { App } from "./app/app";
import { appRoutes } from "./app/routes";
import { initI18n } from "./lib/i18n";
import { completeSocialSignIn } from "./lib/social-bootstrap";
import "./styles.css";

async function boot() {
  await initI18n();
  // Strips an OAuth return's query string before the router reads the URL (SPEC 4).
  const socialSignIn = completeSocialSignIn();
  const router = createBrowserRouter(appRoutes(socialSignIn));
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App router={router} socialSignIn={socialSignIn} />
    </StrictMode>,
  );
}

void boot();
