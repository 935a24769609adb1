// The social sign-in buttons as a lazy chunk of their own: the providers' libraries never load
// with the login form's code, and not at all in the signed-in app.
import { lazy } from "react";

export const SocialSignInLazy = lazy(() => import("./SocialSignIn"));
