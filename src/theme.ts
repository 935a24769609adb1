import type { ThemeConfig } from "antd";

export const BRAND_NAVY = "#0f2a3d";

export const theme: ThemeConfig = {
  token: {
    colorPrimary: "#1b6fb5",
    colorLink: "#1b6fb5",
    borderRadius: 8,
    fontFamily: "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { siderBg: BRAND_NAVY, headerBg: "#ffffff", headerPadding: "0 16px", headerHeight: 56, bodyBg: "#f4f6f9" },
    Menu: { darkItemBg: BRAND_NAVY, darkSubMenuItemBg: "#0b2030", darkItemSelectedBg: "#1b6fb5" },
  },
};

/**
 * The theme for this visitor: antd's opening, closing and wave animations are off for people whose
 * system asks for reduced motion (WCAG 2.3.3: motion can make people with vestibular disorders ill).
 */
const stillTheme: ThemeConfig = { ...theme, token: { ...theme.token, motion: false } };
export const themeFor = (reducedMotion: boolean): ThemeConfig => (reducedMotion ? stillTheme : theme);

/**
 * The side menu's theme inside either of the above: no motion, since when the sider widens antd
 * would also animate every group open from zero height (components/layout/SideMenu).
 */
export const stillMenuTheme: ThemeConfig = { token: { motion: false } };
