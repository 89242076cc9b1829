/**
 * The route table (SPEC 2). `handle` is the route meta read by the guard: access ("auth" by
 * default, "guest" for sign-in style pages, "public" for shared pages), allowedRoles and title.
 */
import type { ComponentType } from "react";
import { Navigate, type RouteObject } from "react-router-dom";
import { FullPageSpinner } from "../components/ui/spinner";
import { BaseLayout } from "../layouts/base-layout";
import { DefaultLayout } from "../layouts/default-layout";
import { GeneralLayout } from "../layouts/general-layout";
import { SharedViewLayout } from "../layouts/shared-view-layout";
import { AccountPage } from "../pages/account/account-page";
import { AppsPage } from "../pages/apps/apps-page";
import { ForgotPasswordPage } from "../pages/auth/forgot-password-page";
import { ResetPasswordPage } from "../pages/auth/reset-password-page";
import { SigninPage } from "../pages/auth/signin-page";
import { SignupPage } from "../pages/auth/signup-page";
import { ConfigMissingPage } from "../pages/errors/config-missing-page";
import { NotFoundPage } from "../pages/errors/not-found-page";
import { RouteErrorPage } from "../pages/errors/route-error-page";
import { CreateExternalPage } from "../pages/home/create-external-page";
import { HomeProjectPage } from "../pages/home/home-project-page";
import { HomeShell } from "../pages/home/home-shell";
import { ProfilePage } from "../pages/home/profile-page";
import { BasePage } from "../pages/project/base-page";
import { SharedViewPage } from "../pages/shared/shared-view-page";
import type { RouteMeta } from "./route-access";
import { RouteGuard } from "./route-guard";

const meta = (m: RouteMeta): RouteMeta => m;

export const NOT_FOUND_PATH = "/error/404";

/**
 * A route `lazy` taking one page from a module loaded on first visit: the signed-in areas (project
 * list, project, user management) are chunks of their own, so sign-in stays small.
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return async () => ({ Component: (await load())[name] });
}
const projectPages = () => import("../pages/project/project-pages");
const projectListPage = () => import("../pages/home/project-list-page");

export function appRoutes(ready: Promise<unknown>): RouteObject[] {
  return [
    {
      element: <RouteGuard ready={ready} />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <FullPageSpinner />,
      children: [
        {
          element: <GeneralLayout />,
          handle: meta({ access: "guest" }),
          children: [
            { path: "signin", element: <SigninPage />, handle: meta({ title: "title.signin" }) },
            { path: "signup/:token?", element: <SignupPage />, handle: meta({ title: "title.signup" }) },
            {
              path: "forgot-password",
              element: <ForgotPasswordPage />,
              handle: meta({ title: "title.forgotPassword" }),
            },
            {
              path: "reset-password/:token",
              element: <ResetPasswordPage />,
              handle: meta({ title: "title.resetPassword" }),
            },
          ],
        },
        {
          element: <GeneralLayout />,
          handle: meta({ access: "public" }),
          children: [
            { path: "error/404", element: <NotFoundPage />, handle: meta({ title: "title.notFound" }) },
            { path: "project/0", element: <ConfigMissingPage />, handle: meta({ title: "title.configMissing" }) },
          ],
        },
        {
          element: <SharedViewLayout />,
          handle: meta({ access: "public", title: "title.sharedView" }),
          children: [
            {
              path: ":projectType/form/:viewId",
              handle: meta({ title: "title.sharedForm" }),
              children: [
                { index: true, element: <SharedViewPage kind="form" /> },
                { path: "survey", element: <SharedViewPage kind="survey" /> },
              ],
            },
            { path: ":projectType/gallery/:viewId", element: <SharedViewPage kind="gallery" /> },
            { path: ":projectType/kanban/:viewId", element: <SharedViewPage kind="kanban" /> },
            { path: ":projectType/view/:viewId", element: <SharedViewPage kind="grid" /> },
            {
              path: ":projectType/dashboard/:uuid",
              lazy: page(() => import("../dashboards/public-dashboard-page"), "PublicDashboardPage"),
              handle: meta({ title: "dashboards.publicTitle" }),
            },
          ],
        },
        {
          element: <DefaultLayout />,
          children: [
            {
              path: "/",
              element: <HomeShell />,
              children: [
                {
                  index: true,
                  lazy: page(projectListPage, "ProjectListPage"),
                  handle: meta({ title: "title.myProject" }),
                },
                {
                  path: "create",
                  lazy: page(() => import("../pages/home/create-project-page"), "CreateProjectPage"),
                  handle: meta({ title: "title.createProject" }),
                },
                {
                  path: "create-external",
                  element: <CreateExternalPage />,
                  handle: meta({ title: "title.createExternal" }),
                },
                { path: "user", element: <ProfilePage />, handle: meta({ title: "title.profile" }) },
                { path: ":projectId", element: <HomeProjectPage />, handle: meta({ title: "title.project" }) },
              ],
            },
            {
              path: "projects",
              handle: meta({ title: "title.projects" }),
              children: [
                { index: true, lazy: page(projectListPage, "ProjectListPage") },
                { path: "list", lazy: page(projectListPage, "ProjectListPage") },
              ],
            },
            { path: "apps", element: <AppsPage />, handle: meta({ title: "title.appStore", allowedRoles: ["super"] }) },
            {
              path: "account",
              handle: meta({ title: "title.account" }),
              children: [
                { index: true, element: <AccountPage /> },
                {
                  path: "projects",
                  lazy: page(() => import("../pages/account/account-projects-page"), "AccountProjectsPage"),
                  handle: meta({ title: "title.accountProjects", allowedRoles: ["super"] }),
                },
                {
                  path: "ai-assistant",
                  lazy: page(() => import("../pages/account/ai-assistant-page"), "AiAssistantPage"),
                  handle: meta({ title: "title.aiAssistant" }),
                },
                {
                  path: "users/:nestedPage?",
                  lazy: page(() => import("../pages/account/account-users-page"), "AccountUsersPage"),
                  handle: meta({ title: "title.accountUsers", allowedRoles: ["super"] }),
                },
                {
                  path: "security",
                  lazy: page(() => import("../pages/account/account-security-page"), "AccountSecurityPage"),
                  handle: meta({ title: "title.securityLog", allowedRoles: ["super"] }),
                },
                { path: ":page", element: <AccountPage /> },
              ],
            },
            {
              path: ":projectType/:projectId",
              lazy: page(projectPages, "ProjectShell"),
              handle: meta({ title: "title.project" }),
              children: [
                { index: true, lazy: page(projectPages, "ProjectLanding") },
                { path: "table/:title/:viewTitle?", lazy: page(projectPages, "TableTabPage") },
                { path: "view/:title/:viewTitle?", lazy: page(projectPages, "ViewTabPage") },
                {
                  path: "dashboard/:dashboardId",
                  lazy: page(() => import("../dashboards/dashboard-page"), "DashboardPage"),
                },
                {
                  path: "auth",
                  lazy: page(projectPages, "ProjectAuthPage"),
                  handle: meta({ title: "title.projectAuth" }),
                },
              ],
            },
          ],
        },
        {
          path: ":projectType/base/:baseId",
          element: <BaseLayout />,
          // A shared base is public: the page hands over to the shell at /base/:baseId.
          handle: meta({ access: "public", title: "title.sharedBase" }),
          children: [{ index: true, element: <BasePage /> }],
        },
        { path: "*", element: <Navigate to={NOT_FOUND_PATH} replace />, handle: meta({ access: "public" }) },
      ],
    },
  ];
}
