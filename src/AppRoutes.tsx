// The route table of spec section 2. The signed-in pages' routes come from the resource list
// (resources/routes.tsx), each behind its resource's access rule.
import { Suspense } from "react";
import { Navigate, Route, Routes } from "react-router";
import { FullPageSpinner } from "./components/auth/FullPageSpinner";
import { RequireIdentity, SignedOutOnly, useIdentityState } from "./components/auth/guards";
import { AppLayout, FocusLayout, GatedAppLayout } from "./components/layout/lazyShells";
import { PublicLayout } from "./components/layout/PublicLayout";
import { Pages } from "./pages";
import { renderResourceRoutes } from "./resources/routes";

function OnboardingRoute() {
  return (
    <RequireIdentity>
      {(user) => (
        <Suspense fallback={<FullPageSpinner />}>
          <FocusLayout user={user}>
            <Pages.Onboarding />
          </FocusLayout>
        </Suspense>
      )}
    </RequireIdentity>
  );
}

/** Unknown paths: the 404 page in whichever shell fits the visitor. */
function NotFoundRoute() {
  const state = useIdentityState();
  if (state.status === "loading") return <FullPageSpinner />;
  if (state.status === "signed-in") {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <AppLayout user={state.user}>
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

/** A page outside the shells, in its own chunk. */
const standalone = (Page: React.ComponentType) => (
  <Suspense fallback={<FullPageSpinner />}>
    <Page />
  </Suspense>
);

export function AppRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="/dashboard" replace />} />
      {/* Microsoft's sign-in popup returns here (lib/identityMicrosoft MICROSOFT_REDIRECT_PATH), signed in or not. */}
      <Route path="/auth/microsoft" element={standalone(Pages.MicrosoftRedirect)} />
      {/* The verification mail's link (issue 13), signed in or not. */}
      <Route path="/verify-email" element={standalone(Pages.VerifyEmail)} />
      {/* The team invitation mail's link (issue 20), signed in or not. */}
      <Route path="/team/join" element={standalone(Pages.JoinTeam)} />

      <Route element={standalone(SignedOutOnly)}>
        <Route path="/login" element={<Pages.Login />} />
        <Route path="/signup" element={<Pages.Signup />} />
        <Route path="/forgot-password" element={<Pages.ForgotPassword />} />
      </Route>

      <Route path="/onboarding" element={<OnboardingRoute />} />
      <Route element={standalone(GatedAppLayout)}>{renderResourceRoutes()}</Route>

      <Route path="*" element={<NotFoundRoute />} />
    </Routes>
  );
}
