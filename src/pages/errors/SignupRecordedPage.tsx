import { SIGNUP_RECORDED_STATUS } from "../../../common/constants";
import { ErrorPage } from "./ErrorPage";

export const SIGNUP_RECORDED_TEXT = "Thank you for signing up! We have received your details and will contact you soon.";

export function SignupRecordedPage() {
  return <ErrorPage status={SIGNUP_RECORDED_STATUS} title="Your signup has been recorded" text={SIGNUP_RECORDED_TEXT} />;
}

export default SignupRecordedPage;
