import { ErrorPage } from "./ErrorPage";

export function SubscriptionExpiredPage() {
  return (
    <ErrorPage
      status={403}
      title="User Subscription Expired"
      text="Your subscription has ended. Contact us to renew it and get back to your leads."
    />
  );
}

export default SubscriptionExpiredPage;
