// The signed-in top bar: menu toggle, credits, Quick Searches and Reminders (inside the
// avatar menu under 770px), the notifications bell, and the avatar menu (name, e-mail, Profile,
// Logout, Cancel Impersonation when impersonating).
import { MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined, DownOutlined } from "@ant-design/icons";
import { Avatar, Button, Dropdown, Layout, Space, Typography, type MenuProps } from "antd";
import { useLogout } from "@refinedev/core";
import { Link, useNavigate } from "react-router";
import type { UserInfo } from "../../../common/api";
import { NARROW_TOPBAR_QUERY, useMediaQuery } from "../../hooks/useMediaQuery";
import { displayCredits } from "../../lib/format";
import { useAppAbility } from "../../access/ability";
import type { LogoutParams } from "../../providers/authProvider";
import { useMenuButton } from "../../hooks/useMenuButton";
import { NotificationBellSlot } from "../notifications/NotificationBellSlot";

export function creditsText(user: Pick<UserInfo, "remaining_credits" | "total_credits">): string {
  return `Credits: ${displayCredits(user.remaining_credits)} remaining out of total ${user.total_credits ?? 0}`;
}

export function displayName(user: Pick<UserInfo, "first_name">): string {
  return user.first_name?.trim() || "User";
}

interface Props {
  user: UserInfo;
  menuCollapsed?: boolean;
  onToggleMenu?: () => void;
  /** false on pages with no side menu (onboarding, blocked accounts). */
  showMenuToggle?: boolean;
  showCredits?: boolean;
  /** Quick Searches and Reminders; hidden where the product is not open yet. */
  showShortcuts?: boolean;
}

export function TopBar({ user, menuCollapsed, onToggleMenu, showMenuToggle = true, showCredits = true, showShortcuts = true }: Props) {
  const narrow = useMediaQuery(NARROW_TOPBAR_QUERY);
  const navigate = useNavigate();
  const { mutate: logout } = useLogout<LogoutParams>();
  const ability = useAppAbility();

  const items: MenuProps["items"] = [
    {
      key: "who",
      disabled: true,
      className: "account-menu-who",
      label: (
        <div>
          <Typography.Text strong>{displayName(user)}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{user.email}</Typography.Text>
        </div>
      ),
    },
    { type: "divider" },
    ...(narrow && showShortcuts
      ? [
          { key: "/quick-searches", label: "Quick Searches" },
          { key: "/reminders", label: "Reminders" },
        ]
      : []),
    { key: "/profile", label: "Profile" },
    ...(ability.can("read", "Team") ? [{ key: "/team", label: "Team" }, { key: "/assignments", label: "Assigned to me" }] : []),
    ...(ability.can("cancel", "Impersonation") ? [{ key: "cancel-impersonation", label: "Cancel Impersonation" }] : []),
    { key: "logout", label: "Logout", danger: true },
  ];

  // The account menu says whether it is open and takes focus when it opens. Every item leads
  // elsewhere (a page, or signing out), where focus goes to the new page's title.
  const menu = useMenuButton();
  const onClick: MenuProps["onClick"] = ({ key }) => {
    if (key === "logout") logout();
    else if (key === "cancel-impersonation") logout({ cancelImpersonation: true });
    else if (key.startsWith("/")) navigate(key);
  };

  return (
    <Layout.Header className="top-bar">
      <Space size={narrow ? 8 : 16} className="top-bar-left">
        {showMenuToggle && (
          <Button
            type="text"
            aria-label={menuCollapsed ? "Open menu" : "Close menu"}
            icon={menuCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={onToggleMenu}
          />
        )}
        {showCredits && <span className="credits-text">{creditsText(user)}</span>}
      </Space>
      <Space size={narrow ? 4 : 16} className="top-bar-right">
        {!narrow && showShortcuts && (
          <>
            <Link to="/quick-searches">Quick Searches</Link>
            <Link to="/reminders">Reminders</Link>
          </>
        )}
        {/* Where the product is open (not onboarding): changes to what the user follows. */}
        {showShortcuts && <NotificationBellSlot />}
        <Dropdown menu={{ items, onClick }} trigger={["click"]} placement="bottomRight" {...menu.dropdown}>
          <Button type="text" aria-label="Account menu" className="account-button" {...menu.button}>
            <Avatar size="small" icon={<UserOutlined />} style={{ backgroundColor: "#1f6f5c" }} />
            {!narrow && <span className="account-name">{displayName(user)}</span>}
            <DownOutlined style={{ fontSize: 10 }} />
          </Button>
        </Dropdown>
      </Space>
    </Layout.Header>
  );
}
