import type { ThemeConfig } from "antd";

export const BRAND_NAVY = "#0f2a3d";

/**
 * Text colours that read at WCAG 2.1 AA (4.5:1 for text, 3:1 for large text and UI parts) on the
 * app's backgrounds (white cards, the #f4f6f9 page, antd's tinted tag and alert backgrounds), each
 * the nearest darker shade of what antd drew before (issue 21). tests/unit/contrast.test.ts
 * checks every one of them with the WCAG formula.
 */
export const A11Y_COLOURS = {
  /** Secondary text (owner names, states, dates, helper texts): antd's #8c8c8c (3.36:1) → #666. */
  textSecondary: "rgba(0, 0, 0, 0.6)",
  /** Placeholders that say what to type. */
  textPlaceholder: "rgba(0, 0, 0, 0.54)",
  /** Days that still mean something though greyed: the calendar's other-month days. */
  textMuted: "rgba(0, 0, 0, 0.55)",
  /** Text in the status colours (Typography type="success|warning|danger", deltas, the closing hint). */
  successText: "#237804",
  warningText: "#ad4e00",
  errorText: "#cf1322",
  infoText: "#0958d9",
} as const;

/**
 * The text colour of antd's preset tag colours (a tag's text is its palette's 7th shade on its 1st):
 * the shades below 4.5:1 move one or two steps darker; the others (blue, purple, magenta, red,
 * geekblue) already pass. One place for every <Tag color="…"> in the app (status tags "Live",
 * "Under Construction", "Corrigendum"…).
 */
export const TAG_TEXT_COLOURS = {
  cyan7: "#006d75",
  green7: "#237804",
  orange7: "#ad4e00",
  yellow7: "#876800",
  volcano7: "#ad2102",
  lime7: "#3f6600",
  gold7: "#874d00",
} as const;

export const PAGE_BG = "#f4f6f9";

export const theme: ThemeConfig = {
  token: {
    colorPrimary: "#1b6fb5",
    colorLink: "#1b6fb5",
    borderRadius: 8,
    fontFamily: "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    colorTextTertiary: A11Y_COLOURS.textSecondary,
    colorTextDescription: A11Y_COLOURS.textSecondary,
    colorTextPlaceholder: A11Y_COLOURS.textPlaceholder,
    colorSuccessText: A11Y_COLOURS.successText,
    colorWarningText: A11Y_COLOURS.warningText,
    colorErrorText: A11Y_COLOURS.errorText,
    colorInfoText: A11Y_COLOURS.infoText,
  },
  components: {
    Layout: { siderBg: BRAND_NAVY, headerBg: "#ffffff", headerPadding: "0 16px", headerHeight: 56, bodyBg: PAGE_BG },
    Menu: { darkItemBg: BRAND_NAVY, darkSubMenuItemBg: "#0b2030", darkItemSelectedBg: "#1b6fb5" },
    // Preset colours' text (above) and the status tags' (success, processing, error, warning),
    // whose text is the status colour itself on its light background.
    Tag: {
      ...TAG_TEXT_COLOURS,
      colorSuccess: A11Y_COLOURS.successText,
      colorInfo: A11Y_COLOURS.infoText,
      colorError: A11Y_COLOURS.errorText,
      colorWarning: A11Y_COLOURS.warningText,
    },
    // Other-month days are antd's disabled grey (1.83:1); they are still days one can pick.
    Calendar: { colorTextDisabled: A11Y_COLOURS.textMuted },
    DatePicker: { colorTextDisabled: A11Y_COLOURS.textMuted },
    // Danger buttons ("Remove", "Delete"): their text, and white on their fill, in a red that reads.
    Button: { colorError: A11Y_COLOURS.errorText },
    // A list's and an antd table's "No data" are antd's disabled grey too.
    List: { colorTextDisabled: A11Y_COLOURS.textMuted },
    Table: { colorTextDisabled: A11Y_COLOURS.textMuted },
    // A field's error message is text: antd's #ff4d4f is 3.9:1 on white.
    Form: { colorError: A11Y_COLOURS.errorText },
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
