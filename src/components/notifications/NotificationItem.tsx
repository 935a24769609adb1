// One notification, as the bell's panel and the notifications page show it: the item's title
// linking to its page, each change as the sentence describeChange makes (the same words as the
// item's "Changes" timeline and the e-mails), when it was found (IST), and why the user follows
// the item. An unread one says so in words ("Unread" tag) and in weight, not by colour alone.
// An assignment (issue 20) says who gave it, the note and the due date (IST) instead of changes.
// Opening the item marks the notification read.
import { Alert, Button, Tag, Typography } from "antd";
import { Link } from "react-router";
import { describeAssignment } from "../../../common/assignments";
import { describeChange } from "../../../common/changes";
import type { ChangeItemType } from "../../../common/changes";
import type { FollowReason, NotificationView } from "../../../common/notifications";
import { formatDateTime } from "../../lib/format";
import { notificationLink } from "./api";

const ITEM_LABELS: Record<NotificationView["item_type"], string> = { tender: "Tender", project: "Lead", company: "Company" };

const REASON_TEXT: Record<FollowReason, string> = {
  reminder: "you set a reminder on it",
  shortlisted: "you shortlisted it",
  shared: "you shared it",
  alert: "it matches one of your alerts",
  viewed: "you viewed it",
};

/** Why the user hears about this item: the strongest reason (the API lists them strongest first). */
export function followReasonText(reasons: FollowReason[]): string | null {
  const first = reasons[0];
  return first ? `You follow it because ${REASON_TEXT[first] ?? first}.` : null;
}

interface Props {
  notification: NotificationView;
  /** The item's link was followed (mark it read, close the panel). */
  onOpen: (n: NotificationView) => void;
  /** Given: an unread one gets a "Mark read" button (the full page). */
  onMarkRead?: (n: NotificationView) => void;
  markingRead?: boolean;
}

export function NotificationItem({ notification: n, onOpen, onMarkRead, markingRead }: Props) {
  const unread = n.read_at === null;
  const reason = followReasonText(n.reasons);
  return (
    <li className={`notification-item${unread ? " notification-unread" : ""}`} data-notification-id={n.id} data-unread={unread}>
      <div className="notification-head">
        {unread && (
          <Tag color="blue" className="notification-unread-tag">
            Unread
          </Tag>
        )}
        <Tag bordered={false}>{ITEM_LABELS[n.item_type] ?? n.item_type}</Tag>
        <Link to={notificationLink(n)} className="notification-title" onClick={() => onOpen(n)}>
          {n.item_title}
        </Link>
      </div>
      <ul className="notification-changes">
        {n.assignment ? (
          <li className="notification-assignment">{describeAssignment(n.assignment, formatDateTime)}</li>
        ) : (
          n.changes.map((change, i) => <li key={`${change.field}-${i}`}>{describeChange(n.item_type as ChangeItemType, change)}</li>)
        )}
      </ul>
      <div className="notification-foot">
        <Typography.Text type="secondary" className="notification-when">
          {formatDateTime(n.created_at)}
        </Typography.Text>
        {reason && (
          <Typography.Text type="secondary" className="notification-reason">
            {reason}
          </Typography.Text>
        )}
        {unread && onMarkRead && (
          <Button size="small" type="link" className="notification-mark-read" loading={markingRead} onClick={() => onMarkRead(n)} aria-label={`Mark read: ${n.item_title}`}>
            Mark read
          </Button>
        )}
      </div>
    </li>
  );
}

/** The list could not be loaded (the drawer and the page say it alike): a way to try again. */
export function NotificationsLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      message="Notifications could not be loaded."
      action={
        <Button size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}
