import { theme, type ThemeConfig } from 'antd';
import type { ThemeMode } from './theme';

const SEED = { colorPrimary: '#1668dc', borderRadius: 6 };
/** Primary-coloured text in the dark theme: #1668dc reads at 2.9:1 on #141414; this seed (the dark
 * algorithm maps a link seed to #5c99dc) reads at 5:1 or more on dark backgrounds and greyed rows. */
const DARK_PRIMARY_TEXT = '#69b1ff';

/**
 * A hovered or pressed link (and the table's plain buttons, index.css `.cm-btn`) is derived from the link
 * colour: #67abf5 on white (2.4:1) in light, #3a5b7e on #141414 (2.6:1) in dark. A darker blue in light
 * (6.2:1) and a lighter one in dark keep the text readable under the pointer.
 */
const LINK_STATES = {
  light: { colorLinkHover: '#0958d9', colorLinkActive: '#094bb5' },
  dark: { colorLinkHover: '#91caff', colorLinkActive: DARK_PRIMARY_TEXT },
} as const;

const PRESETS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
] as const;

/**
 * Tag text uses each preset's 7th shade on its 1st; several (cyan, gold, green, purple…) miss WCAG AA's
 * 4.5:1, so tags write their text with the 9th shade of the same palette (darker in light, lighter in
 * dark). Both spellings: components read `green7`, the CSS variable (--ant-green-7) comes from `green-7`.
 */
function tagText(algorithm: typeof theme.defaultAlgorithm) {
  const palette = theme.getDesignToken({ algorithm, token: SEED }) as unknown as Record<string, string>;
  return Object.fromEntries(
    PRESETS.flatMap((c) => [
      [`${c}7`, palette[`${c}9`]],
      [`${c}-7`, palette[`${c}9`]],
    ]),
  );
}

/**
 * Status tags (`<Tag color="success">`: Done, Connected; error, warning, processing) write their text in
 * the status colour on its pale background: #52c41a on #f6ffed reads at 2.2:1. As the preset tags, they
 * take the 9th shade of the matching palette (darker in light, lighter in dark).
 */
function statusTagText(algorithm: typeof theme.defaultAlgorithm) {
  const palette = theme.getDesignToken({ algorithm, token: SEED }) as unknown as Record<string, string>;
  return {
    colorSuccess: palette.green9,
    colorError: palette.red9,
    colorWarning: palette.gold9,
    colorInfo: palette.blue9,
  };
}

/**
 * A danger button writes #ff4d4f on white (3.3:1) in light, and #dc4446 on #141414 (4.4:1) with white on
 * it when filled (4.2:1) in dark. Light: the 7th red (5.6:1 either way), darker on hover. Dark: no red
 * holds 4.5:1 both on the dark page and under white text, so a filled one writes dark text on a light red.
 */
function dangerButton(mode: ThemeMode) {
  const palette = theme.getDesignToken({
    algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: SEED,
  }) as unknown as Record<string, string>;
  return mode === 'dark'
    ? {
        colorError: palette.red8,
        colorErrorHover: palette.red9,
        colorErrorActive: palette.red7,
        dangerColor: 'rgba(0, 0, 0, 0.88)',
      }
    : { colorError: palette.red7, colorErrorHover: palette.red8, colorErrorActive: palette.red9 };
}

/**
 * A gold ribbon ("Best seller") writes white on the 6th gold shade (1.9:1); the light palette's 9th reads
 * at 6.8:1, in either theme.
 */
const RIBBON_GOLD = (
  theme.getDesignToken({ algorithm: theme.defaultAlgorithm, token: SEED }) as unknown as Record<
    string,
    string
  >
).gold9;

/**
 * Warning and error texts (the results' "Not for FBM", a low order limit) are antd's 6th shades: gold
 * #faad14 reads at 1.7:1 on a greyed row, red #ff4d4f at 3.3:1 on white, and the dark red at 3.6:1 on a
 * greyed dark row. Darker shades in light, a lighter red in dark, hold 4.5:1 on either ground.
 */
function statusText(mode: ThemeMode) {
  const palette = theme.getDesignToken({
    algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: SEED,
  }) as unknown as Record<string, string>;
  return mode === 'dark'
    ? { colorErrorText: palette.red8 }
    : { colorWarningText: palette.gold9, colorErrorText: palette.red7 };
}

/**
 * The app's theme, with the secondary, tertiary and placeholder texts darkened (light) or lightened (dark)
 * to reach 4.5:1 on their backgrounds: antd's defaults (45 % opacity) read at about 3:1.
 */
export function themeConfig(mode: ThemeMode, { reducedMotion = false } = {}): ThemeConfig {
  const config = colours(mode);
  // antd's `motion: false` switches off every component animation (menus, dialogs, drawers, waves).
  return reducedMotion ? { ...config, token: { ...config.token, motion: false } } : config;
}

function colours(mode: ThemeMode): ThemeConfig {
  if (mode === 'dark') {
    return {
      algorithm: theme.darkAlgorithm,
      token: {
        ...SEED,
        colorTextDescription: 'rgba(255, 255, 255, 0.62)',
        colorTextTertiary: 'rgba(255, 255, 255, 0.62)',
        colorTextPlaceholder: 'rgba(255, 255, 255, 0.55)',
        colorLink: DARK_PRIMARY_TEXT,
        ...LINK_STATES.dark,
        colorPrimaryText: DARK_PRIMARY_TEXT,
        ...statusText('dark'),
        ...tagText(theme.darkAlgorithm),
      },
      // White text on buttons needs the darker blue; text in the primary colour needs the lighter one.
      components: {
        Menu: { itemSelectedColor: DARK_PRIMARY_TEXT },
        Tabs: { itemSelectedColor: DARK_PRIMARY_TEXT, itemActiveColor: DARK_PRIMARY_TEXT },
        Pagination: { itemActiveColor: DARK_PRIMARY_TEXT },
        // A checked button-style radio writes its label in the primary colour on the dark background.
        Radio: { colorPrimary: DARK_PRIMARY_TEXT },
        // An empty table's "No data" is written in the disabled colour; it is text a seller reads.
        Table: { colorTextDisabled: 'rgba(255, 255, 255, 0.62)' },
        Badge: { gold6: RIBBON_GOLD },
        Tag: statusTagText(theme.darkAlgorithm),
        Button: dangerButton('dark'),
      },
    };
  }
  return {
    algorithm: theme.defaultAlgorithm,
    token: {
      ...SEED,
      colorTextDescription: 'rgba(0, 0, 0, 0.62)',
      colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
      colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
      // Links follow colorInfo (#1677ff, 4.1:1 on white) unless told otherwise.
      colorLink: SEED.colorPrimary,
      ...LINK_STATES.light,
      ...statusText('light'),
      ...tagText(theme.defaultAlgorithm),
    },
    // An empty table's "No data" is written in the disabled colour (1.8:1); it is text a seller reads.
    components: {
      Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.62)' },
      Badge: { gold6: RIBBON_GOLD },
      Tag: statusTagText(theme.defaultAlgorithm),
      Button: dangerButton('light'),
    },
  };
}
