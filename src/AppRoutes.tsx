// The route table of spec section 2.
import { CanAccess } from "@refinedev/core";
import { Suspense } from "react";
import { Navigate, Outlet, Route, Routes } from "react-router";
import { isStaffEmail } from "../common/constants";
import { FullPageSpinner } from "./components/auth/FullPageSpinner";
import { showsStaffArea } from "./access/gate";
import { RequireAuth, SignedOutOnly } from "./components/auth/guards";
import { AppLayout, FocusLayout, GatedAppLayout } from "./components/layout/lazyShells";
import { PublicLayout } from "./components/layout/PublicLayout";
import { useSession } from "./hooks/useSession";
import { getRememberedEmail } from "./lib/token";
import { Pages } from "./pages";

function StaffOnly() {
  return (
    <CanAccess
      resource="update-projects"
      action="list"
      // Not staff: the area does not exist for them, as when its routes are not registered.
      fallback={<Pages.NotFound />}
    >
      <Outlet />
    </CanAccess>
  );
}

function OnboardingRoute() {
  const { session } = useSession();
  if (!session) return <FullPageSpinner />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <FocusLayout user={session.user}>
        <Pages.Onboarding />
      </FocusLayout>
    </Suspense>
  );
}

/** Unknown paths: the 404 page in whichever shell fits the visitor. */
function NotFoundRoute() {
  const state = useSession();
  if (state.status === "loading") return <FullPageSpinner />;
  if (state.status === "signed-in") {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <AppLayout user={state.session.user} isStaff={showsStaffArea(state.session.user.is_staff)}>
          <Pages.NotFound />
        </AppLayout>
      </Suspense>
    );
  }
  return (
    <PublicLayout>
      <Pages.NotFound />
    </PublicLayout>
  );
}

export function AppRoutes() {
  // Re-rendered when the session changes, so staff routes appear right after a staff sign-in.
  useSession();
  const staffRoutes = isStaffEmail(getRememberedEmail());

  return (
    <Routes>
      <Route index element={<Navigate to="/dashboard" replace />} />
      {/* Microsoft's sign-in popup returns here (lib/identityMicrosoft MICROSOFT_REDIRECT_PATH), signed in or not. */}
      <Route
        path="/auth/microsoft"
        element={
          <Suspense fallback={<FullPageSpinner />}>
            <Pages.MicrosoftRedirect />
          </Suspense>
        }
      />

      {/* The verification mail's link (issue 13), signed in or not. */}
      <Route
        path="/verify-email"
        element={
          <Suspense fallback={<FullPageSpinner />}>
            <Pages.VerifyEmail />
          </Suspense>
        }
      />

      <Route
        element={
          <Suspense fallback={<FullPageSpinner />}>
            <SignedOutOnly />
          </Suspense>
        }
      >
        <Route path="/login" element={<Pages.Login />} />
        <Route path="/signup" element={<Pages.Signup />} />
        <Route path="/forgot-password" element={<Pages.ForgotPassword />} />
      </Route>

      <Route element={<RequireAuth />}>
        <Route path="/onboarding" element={<OnboardingRoute />} />
        <Route
          element={
            <Suspense fallback={<FullPageSpinner />}>
              <GatedAppLayout />
            </Suspense>
          }
        >
          <Route path="/dashboard" element={<Pages.Dashboard />} />
          <Route path="/reminders" element={<Pages.Reminders />} />
          <Route path="/project-calendar" element={<Pages.ProjectCalendar />} />
          <Route path="/my-feed" element={<Pages.MyFeed />} />
          <Route path="/quick-searches" element={<Pages.QuickSearches />} />
          <Route path="/email-alerts" element={<Pages.EmailAlerts />} />
          <Route path="/profile" element={<Pages.Profile />} />

          <Route path="/ai-leads" element={<Pages.AiLeads />} />
          <Route path="/private-industrial-leads" element={<Pages.IndustrialLeads />} />
          <Route path="/private-construction-leads" element={<Pages.ConstructionLeads />} />
          <Route path="/private-industrial-leads-new" element={<Pages.IndustrialLeadsNew />} />
          <Route path="/private-construction-leads-new" element={<Pages.ConstructionLeadsNew />} />
          <Route path="/private-leads/detail/:id" element={<Pages.LeadDetail />} />
          <Route path="/private-construction-leads/detail/:id" element={<Pages.LeadDetail />} />
          <Route path="/private-industrial-leads/detail/:id" element={<Pages.LeadDetail />} />
          <Route path="/private-leads/detail/:id/qa-tool" element={<Pages.QaTool />} />
          <Route path="/project-detail-new/:id" element={<Pages.LeadDetail />} />

          <Route path="/live-tenders" element={<Pages.Tenders />} />
          <Route path="/tender/detail/:id" element={<Pages.TenderDetail />} />
          <Route path="/tender/ai-detail/:id" element={<Pages.TenderAiDetail />} />
          <Route path="/results" element={<Pages.Results />} />
          <Route path="/result/detail/:id" element={<Pages.ResultDetail />} />

          <Route path="/your-competitors" element={<Pages.Competitors />} />
          <Route path="/builders" element={<Pages.Builders />} />
          <Route path="/builder/detail/:id" element={<Pages.BuilderDetail />} />
          <Route path="/builder/contacts/:id" element={<Pages.BuilderContacts />} />
          <Route path="/unlocked-companies" element={<Pages.UnlockedCompanies />} />
          <Route path="/company-financial-data/:id" element={<Pages.CompanyFinancialData />} />

          <Route path="/impersonate/:id" element={<Pages.Impersonate />} />

          {staffRoutes && (
            <Route element={<StaffOnly />}>
              <Route path="/update-projects" element={<Pages.UpdateProjects />} />
              <Route path="/update-projects/detail/:id" element={<Pages.UpdateProjectDetail />} />
            </Route>
          )}
        </Route>
      </Route>

      <Route path="*" element={<NotFoundRoute />} />
    </Routes>
  );
}
