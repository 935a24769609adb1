// 'Share': the server issues a signed link for this user and this tender (or result); anyone
// with it can read the page without an account. The link is copied and shown to copy again;
// 'Stop sharing' revokes every link this user made for the item. A link expires (shown here);
// the profile page lists the user's live links to stop one at a time.
import { CopyOutlined, ShareAltOutlined } from "@ant-design/icons";
import { useCustomMutation } from "@refinedev/core";
import { Button, Input, Modal, Space, Typography } from "antd";
import { useState } from "react";
import type { ShareLink, ShareRevoked } from "../../../common/tenders";
import { formatDateTime } from "../../lib/format";
import { toastSuccess } from "../../lib/toast";
import { tenderPaths, type ShareKind } from "./api";

/** Put text on the clipboard; false when the browser refuses (the link stays on screen to copy by hand). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function ShareButton({ kind, itemId }: { kind: ShareKind; itemId: number }) {
  const [link, setLink] = useState<string | null>(null);
  const [expiresAt, setExpiresAt] = useState<string | null>(null);
  const noun = kind === "tender" ? "tender" : "result";
  // The HTTP layer shows a failure's toast. While a call is on its way its button shows it loading,
  // which antd's Button does not click through: a second click cannot send it again.
  const { mutateAsync: issue, mutation: issuing } = useCustomMutation<ShareLink>();
  const { mutateAsync: stopSharing, mutation: revoking } = useCustomMutation<ShareRevoked>();
  const url = tenderPaths.share(kind, itemId);

  const share = async () => {
    try {
      const { data: issued } = await issue({ url, method: "post", values: {}, errorNotification: false });
      const address = new URL(issued.path, window.location.origin).toString();
      setLink(address);
      setExpiresAt(issued.expires_at);
      if (await copyText(address)) toastSuccess("Link copied");
    } catch {
      // The HTTP layer has shown the error.
    }
  };

  const revoke = async () => {
    try {
      const { data: { revoked } } = await stopSharing({ url, method: "delete", values: {}, errorNotification: false });
      toastSuccess(revoked === 1 ? "1 shared link no longer works" : `${revoked} shared links no longer work`);
      setLink(null);
    } catch {
      // shown by the HTTP layer
    }
  };

  return (
    <>
      <Button icon={<ShareAltOutlined />} loading={issuing.isPending} onClick={() => void share()}>
        Share
      </Button>
      <Modal
        title={`Share this ${noun}`}
        open={link !== null}
        onCancel={() => setLink(null)}
        footer={
          <Space wrap>
            <Button danger loading={revoking.isPending} onClick={() => void revoke()}>
              Stop sharing
            </Button>
            <Button type="primary" onClick={() => setLink(null)}>
              Done
            </Button>
          </Space>
        }
      >
        <Typography.Paragraph>
          Anyone with this link can read this {noun} without signing in{expiresAt ? ` until ${formatDateTime(expiresAt)}` : ""}. 'Stop sharing' turns off every link you made for it; your profile lists your links.
        </Typography.Paragraph>
        <Space.Compact block>
          <Input readOnly value={link ?? ""} aria-label="Shared link" onFocus={(e) => e.target.select()} />
          <Button icon={<CopyOutlined />} onClick={() => link && void copyText(link).then((ok) => ok && toastSuccess("Link copied"))}>
            Copy
          </Button>
        </Space.Compact>
      </Modal>
    </>
  );
}
