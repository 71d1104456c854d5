// The pricing settings fields (general settings, presets, pricing rules): the report's Settings tab and
// the inventory form hold the same ones.
export { clearChangedErrors, replaceSettings, SettingsFields } from './components/settings-fields';
export type { SettingsScope } from './components/settings-scope';
