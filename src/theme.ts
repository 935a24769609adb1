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
