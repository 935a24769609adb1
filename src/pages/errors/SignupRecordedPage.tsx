import { useGetIdentity } from "@refinedev/core";
import { SIGNUP_RECORDED_STATUS } from "../../../common/constants";
import { EmailVerificationNotice } from "../../components/auth/EmailVerificationNotice";
import type { Identity } from "../../providers/session";
import { ErrorPage } from "./ErrorPage";

export const SIGNUP_RECORDED_TEXT = "Thank you for signing up! We have received your details and will contact you soon.";

export function SignupRecordedPage() {
  const { data: user } = useGetIdentity<Identity | null>();
  const notice = user && <EmailVerificationNotice user={user} />;
  return <ErrorPage status={SIGNUP_RECORDED_STATUS} title="Your signup has been recorded" text={SIGNUP_RECORDED_TEXT} extra={notice || undefined} />;
}

export default SignupRecordedPage;
